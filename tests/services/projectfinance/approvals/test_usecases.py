"""The approvals' use cases on each database: a request about each kind of entity (the
tenant's only, in its record's currency, one pending per entity), the moves with their
audit entries, segregation of duties, reads by id, by entity and pending, the thresholds,
and another tenant seeing none of it."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

import pytest
from sqlalchemy import Engine

from services.projectfinance.approvals import usecases
from services.projectfinance.approvals.domain.requests import (
    APPROVED,
    CANCELLED,
    PENDING,
    REJECTED,
    Approval,
)
from services.projectfinance.approvals.domain.thresholds import Threshold, threshold_id
from services.projectfinance.audit.domain import AuditEntry
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from tests.services.projectfinance.approvals.support import (
    Ticking,
    draft,
    insert_milestone,
)
from tests.services.projectfinance.support import (
    NOW,
    insert_cost_center,
    insert_record,
    new_actor,
)


@pytest.fixture
def clock() -> Ticking:
    return Ticking()


@pytest.fixture
def record(engine: Engine, tenant: uuid.UUID) -> RecordRef:
    return insert_record(engine, tenant)


@pytest.fixture
def approver() -> Actor:
    return new_actor()


def entries(uow: UowFactory, tenant: uuid.UUID, entity_id: uuid.UUID) -> list[AuditEntry]:
    with uow() as unit:
        return unit.repos.audit.between(
            tenant, NOW - timedelta(days=1), NOW + timedelta(days=1), entity_ids=[entity_id]
        )


def requested(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, record: RecordRef, clock: Ticking
) -> Approval:
    return usecases.request_approval(uow(), tenant, actor, draft(record.id), clock=clock)


# -- requests ------------------------------------------------------------------------------


def test_a_request_is_pending_and_audited(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, record: RecordRef, clock: Ticking
) -> None:
    approval = usecases.request_approval(
        uow(), tenant, actor, draft(record.id, metadata={"ticket": "FIN-7"}), clock=clock
    )
    assert (approval.status, approval.requester_id, approval.record_id) == (
        PENDING,
        actor.user_id,
        record.id,
    )
    assert (approval.amount_minor, approval.currency, approval.notes) == (750000, "EUR", "")
    assert usecases.get_approval(uow(), tenant, approval.id) == approval
    (entry,) = entries(uow, tenant, approval.id)
    assert (entry.action, entry.entity_type, entry.project_id) == (
        "request",
        "approval",
        record.project_id,
    )
    assert entry.before is None and entry.after is not None
    assert entry.after["status"] == PENDING and entry.after["metadata"] == {"ticket": "FIN-7"}
    assert entry.actor == actor


def test_a_request_without_an_amount_has_none(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, record: RecordRef, clock: Ticking
) -> None:
    approval = usecases.request_approval(
        uow(), tenant, actor, draft(record.id, "scope_change", amount=None), clock=clock
    )
    assert (approval.amount_minor, approval.currency, approval.metadata) == (None, None, {})


def test_milestones_and_cost_centers_are_requested_about_by_their_record(
    uow: UowFactory,
    engine: Engine,
    tenant: uuid.UUID,
    actor: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    milestone = insert_milestone(engine, record)
    cost_center = insert_cost_center(engine, record)
    invoice = usecases.request_approval(
        uow(), tenant, actor, draft(milestone, "milestone_invoice"), clock=clock
    )
    allocation = usecases.request_approval(
        uow(), tenant, actor, draft(cost_center, "cost_center_allocation"), clock=clock
    )
    assert (invoice.entity_id, invoice.record_id) == (milestone, record.id)
    assert (allocation.entity_id, allocation.record_id) == (cost_center, record.id)
    # A record's id is no milestone, and a milestone's no record.
    for entity, kind in ((record.id, "milestone_invoice"), (milestone, "budget_allocation")):
        with pytest.raises(InvalidArgument) as refused:
            usecases.request_approval(uow(), tenant, actor, draft(entity, kind), clock=clock)
        assert [v.field for v in refused.value.violations] == ["entity_id"]


def test_only_the_tenants_entities_are_requested_about(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, clock: Ticking
) -> None:
    theirs = insert_record(engine, uuid.uuid4())
    for entity in (theirs.id, uuid.uuid4()):
        with pytest.raises(InvalidArgument, match="entity_id: the tenant has no record"):
            usecases.request_approval(uow(), tenant, actor, draft(entity), clock=clock)


def test_the_amount_is_in_the_records_currency(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, record: RecordRef, clock: Ticking
) -> None:
    with pytest.raises(InvalidArgument) as refused:
        usecases.request_approval(
            uow(), tenant, actor, draft(record.id, currency="USD"), clock=clock
        )
    assert [v.field for v in refused.value.violations] == ["amount.currency"]


def test_an_entity_has_one_pending_request(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    first = requested(uow, tenant, actor, record, clock)
    with pytest.raises(AlreadyExists, match="pending approval request already"):
        requested(uow, tenant, actor, record, clock)
    # Another entity type about the same record is another request.
    usecases.request_approval(uow(), tenant, actor, draft(record.id, "scope_change"), clock=clock)
    usecases.reject(uow(), tenant, approver, first.id, "not now", clock=clock)
    again = requested(uow, tenant, actor, record, clock)
    assert again.status == PENDING and again.id != first.id


# -- decisions -----------------------------------------------------------------------------


def test_approve_records_the_approver_and_is_audited(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    usecases.approve(uow(), tenant, approver, approval.id, "  fine  ", clock=clock)
    stored = usecases.get_approval(uow(), tenant, approval.id)
    assert (stored.status, stored.approver_id, stored.notes) == (
        APPROVED,
        approver.user_id,
        "fine",
    )
    assert stored.approved_at == clock.now and stored.rejected_at is None
    _, approve = entries(uow, tenant, approval.id)
    assert (approve.action, approve.actor, approve.project_id) == (
        "approve",
        approver,
        record.project_id,
    )
    assert approve.before is not None and approve.after is not None
    assert (approve.before["status"], approve.after["status"]) == (PENDING, APPROVED)
    assert approve.after["approver_id"] == str(approver.user_id)


def test_reject_records_the_reason(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    usecases.reject(uow(), tenant, approver, approval.id, "over budget", clock=clock)
    stored = usecases.get_approval(uow(), tenant, approval.id)
    assert (stored.status, stored.notes, stored.approved_at) == (REJECTED, "over budget", None)
    assert stored.rejected_at == clock.now
    assert [e.action for e in entries(uow, tenant, approval.id)] == ["request", "reject"]


def test_the_requester_cannot_decide_and_nothing_changes(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, record: RecordRef, clock: Ticking
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    with pytest.raises(PermissionDenied, match="segregation of duties"):
        usecases.approve(uow(), tenant, actor, approval.id, "mine", clock=clock)
    with pytest.raises(PermissionDenied):
        usecases.reject(uow(), tenant, actor, approval.id, "mine", clock=clock)
    assert usecases.get_approval(uow(), tenant, approval.id) == approval
    assert [e.action for e in entries(uow, tenant, approval.id)] == ["request"]


def test_cancel_by_the_requester_or_an_approver_only(
    uow: UowFactory,
    engine: Engine,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    with pytest.raises(PermissionDenied, match="only by its requester"):
        usecases.cancel(uow(), tenant, new_actor(), approval.id, may_approve=False, clock=clock)
    cancelled = usecases.cancel(uow(), tenant, actor, approval.id, may_approve=False, clock=clock)
    assert cancelled.status == CANCELLED and cancelled.approver_id is None
    other = requested(uow, tenant, actor, record, clock)
    usecases.cancel(uow(), tenant, approver, other.id, may_approve=True, clock=clock)
    assert usecases.get_approval(uow(), tenant, other.id).status == CANCELLED
    assert [e.action for e in entries(uow, tenant, approval.id)] == ["request", "cancel"]


@pytest.mark.parametrize("first", ["approve", "reject", "cancel"])
def test_a_decided_request_moves_no_more(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
    first: str,
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    moves: dict[str, Callable[[], Approval]] = {
        "approve": lambda: usecases.approve(uow(), tenant, approver, approval.id, "x", clock=clock),
        "reject": lambda: usecases.reject(uow(), tenant, approver, approval.id, "x", clock=clock),
        "cancel": lambda: usecases.cancel(
            uow(), tenant, approver, approval.id, may_approve=True, clock=clock
        ),
    }
    moves[first]()
    decided = usecases.get_approval(uow(), tenant, approval.id)
    for move in moves.values():
        with pytest.raises(FailedPrecondition, match="only a pending request"):
            move()
    assert usecases.get_approval(uow(), tenant, approval.id) == decided
    assert len(entries(uow, tenant, approval.id)) == 2


def test_notes_are_checked_before_anything_is_read(
    uow: UowFactory, tenant: uuid.UUID, approver: Actor, clock: Ticking
) -> None:
    with pytest.raises(InvalidArgument, match="notes: is required"):
        usecases.approve(uow(), tenant, approver, uuid.uuid4(), "  ", clock=clock)


# -- reads ---------------------------------------------------------------------------------


def test_an_entitys_latest_request_whatever_its_status(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    with pytest.raises(NotFound, match="no approval request"):
        usecases.entity_approval(uow(), tenant, "budget_allocation", record.id)
    first = requested(uow, tenant, actor, record, clock)
    usecases.approve(uow(), tenant, approver, first.id, "ok", clock=clock)
    latest = usecases.entity_approval(uow(), tenant, "budget_allocation", record.id)
    assert (latest.id, latest.status) == (first.id, APPROVED)
    second = requested(uow, tenant, actor, record, clock)
    assert usecases.entity_approval(uow(), tenant, "budget_allocation", record.id) == second
    with pytest.raises(NotFound):
        usecases.entity_approval(uow(), tenant, "scope_change", record.id)
    with pytest.raises(InvalidArgument, match="entity_type"):
        usecases.entity_approval(uow(), tenant, "refund", record.id)


def test_pending_requests_oldest_first(
    uow: UowFactory,
    engine: Engine,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    others = [insert_record(engine, tenant) for _ in range(3)]
    made = [requested(uow, tenant, actor, r, clock) for r in (record, *others)]
    usecases.approve(uow(), tenant, approver, made[1].id, "ok", clock=clock)
    usecases.cancel(uow(), tenant, actor, made[2].id, may_approve=False, clock=clock)
    assert [a.id for a in usecases.pending_approvals(uow(), tenant)] == [made[0].id, made[3].id]


def test_another_tenant_sees_nothing_and_moves_nothing(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    approver: Actor,
    record: RecordRef,
    clock: Ticking,
) -> None:
    approval = requested(uow, tenant, actor, record, clock)
    other = uuid.uuid4()
    assert usecases.pending_approvals(uow(), other) == []
    with pytest.raises(NotFound, match=str(approval.id)):
        usecases.get_approval(uow(), other, approval.id)
    with pytest.raises(NotFound):
        usecases.entity_approval(uow(), other, "budget_allocation", record.id)
    with pytest.raises(NotFound):
        usecases.approve(uow(), other, approver, approval.id, "ok", clock=clock)
    with pytest.raises(NotFound):
        usecases.reject(uow(), other, approver, approval.id, "no", clock=clock)
    with pytest.raises(NotFound):
        usecases.cancel(uow(), other, approver, approval.id, may_approve=True, clock=clock)
    assert usecases.get_approval(uow(), tenant, approval.id).status == PENDING


# -- thresholds ----------------------------------------------------------------------------


def test_thresholds_start_at_the_defaults_and_are_set_per_tenant(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, clock: Ticking
) -> None:
    assert all(t.is_default for t in usecases.list_thresholds(uow(), tenant))
    assert usecases.approval_required(uow(), tenant, "budget_allocation", 499999) is False
    assert usecases.approval_required(uow(), tenant, "budget_allocation", 500000) is True
    assert usecases.approval_required(uow(), tenant, "budget_allocation", None) is True
    assert usecases.approval_required(uow(), tenant, "scope_change", 0) is True

    set_to = usecases.set_threshold(uow(), tenant, actor, "budget_allocation", 1000, clock=clock)
    assert set_to == Threshold("budget_allocation", 1000, is_default=False)
    usecases.set_threshold(uow(), tenant, actor, "budget_allocation", 2000, clock=clock)
    listed = {t.entity_type: t for t in usecases.list_thresholds(uow(), tenant)}
    assert listed["budget_allocation"] == Threshold("budget_allocation", 2000, False)
    assert listed["scope_change"] == Threshold("scope_change", 0, True)
    assert usecases.approval_required(uow(), tenant, "budget_allocation", 1999) is False
    # Another tenant keeps the defaults.
    assert usecases.approval_required(uow(), uuid.uuid4(), "budget_allocation", 1999) is False
    assert all(t.is_default for t in usecases.list_thresholds(uow(), uuid.uuid4()))

    first, second = entries(uow, tenant, threshold_id(tenant, "budget_allocation"))
    assert (first.action, first.entity_type, first.project_id) == (
        "update",
        "approval_threshold",
        None,
    )
    assert first.before == {
        "entity_type": "budget_allocation",
        "amount_minor": 500000,
        "is_default": True,
    }
    assert second.before is not None and second.after is not None
    assert (second.before["amount_minor"], second.after["amount_minor"]) == (1000, 2000)


def test_threshold_input_is_refused_naming_the_field(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, clock: Ticking
) -> None:
    with pytest.raises(InvalidArgument, match="amount_minor: is required"):
        usecases.set_threshold(uow(), tenant, actor, "scope_change", None, clock=clock)
    with pytest.raises(InvalidArgument, match="amount_minor"):
        usecases.set_threshold(uow(), tenant, actor, "scope_change", -1, clock=clock)
    with pytest.raises(InvalidArgument, match="entity_type"):
        usecases.set_threshold(uow(), tenant, actor, "refund", 1, clock=clock)
    with pytest.raises(InvalidArgument, match="amount_minor"):
        usecases.approval_required(uow(), tenant, "scope_change", -1)
    with pytest.raises(InvalidArgument, match="entity_type"):
        usecases.approval_required(uow(), tenant, "nope", 1)
