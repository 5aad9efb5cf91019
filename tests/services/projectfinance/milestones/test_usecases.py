"""The milestones' use cases on SQLite and PostgreSQL: creation under a record, the
moves as stored, the invoice saga started once, deletion rules, what other capabilities
read (work, record_of, has_billing), the audit entries, and tenant isolation."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine, delete

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.work import MilestoneWork, RecordRef
from services.projectfinance.milestones import usecases
from services.projectfinance.milestones.domain.milestones import (
    Milestone,
    MilestoneDraft,
    MilestonePatch,
)
from services.projectfinance.records.tables import ProjectFinanceRow
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.services.projectfinance.support import NOW, insert_record

DUE = datetime(2026, 6, 30, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def create(
    uow: UowFactory, record: RecordRef, actor: Actor, *, sequence: int = 1, amount: str = "1500"
) -> Milestone:
    return usecases.create_milestone(
        uow(),
        record.tenant_id,
        actor,
        record.id,
        MilestoneDraft(
            name=f"Milestone {sequence}",
            amount=amount,
            currency=record.currency,
            sequence=sequence,
            description="Deliverables",
            due_date=DUE,
        ),
        clock=clock,
    )


def completed(uow: UowFactory, record: RecordRef, actor: Actor) -> Milestone:
    created = create(uow, record, actor)
    usecases.record_progress(uow(), record.tenant_id, actor, created.id, "50", clock=clock)
    return usecases.complete_milestone(uow(), record.tenant_id, actor, created.id, clock=clock)


@pytest.fixture
def record(engine: Engine, tenant: uuid.UUID, uow: UowFactory) -> RecordRef:
    return insert_record(engine, tenant)


def test_a_milestone_is_created_read_and_listed_in_sequence(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    second = create(uow, record, actor, sequence=2)
    first = create(uow, record, actor, sequence=1, amount="99.95")
    read = usecases.get_milestone(uow(), record.tenant_id, first.id)
    assert read == first
    assert read.amount == Money(Decimal("99.95"), "EUR") and read.due_date == DUE
    assert [m.id for m in usecases.list_milestones(uow(), record.tenant_id, record.id)] == [
        first.id,
        second.id,
    ]


def test_the_life_of_a_milestone_as_stored(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    tenant = record.tenant_id
    created = create(uow, record, actor)
    moved = usecases.record_progress(uow(), tenant, actor, created.id, "37.50", clock=clock)
    assert moved.status == "in_progress" and moved.completion_percent == Decimal("37.5")
    done = usecases.complete_milestone(uow(), tenant, actor, created.id, clock=clock)
    assert usecases.get_milestone(uow(), tenant, created.id) == done
    assert done.status == "completed" and done.completion_percent == 100
    assert done.completed_at == NOW
    with pytest.raises(FailedPrecondition):
        usecases.cancel_milestone(uow(), tenant, actor, created.id, clock=clock)
    with pytest.raises(FailedPrecondition):
        usecases.record_progress(uow(), tenant, actor, created.id, "10", clock=clock)
    renamed = usecases.update_milestone(
        uow(), tenant, actor, created.id, MilestonePatch(name="Final"), clock=clock
    )
    assert renamed.name == "Final" and renamed.status == "completed"


def test_a_refused_move_changes_nothing(uow: UowFactory, record: RecordRef, actor: Actor) -> None:
    created = create(uow, record, actor)
    with pytest.raises(FailedPrecondition):
        usecases.complete_milestone(uow(), record.tenant_id, actor, created.id, clock=clock)
    assert usecases.get_milestone(uow(), record.tenant_id, created.id) == created


def test_invoicing_starts_one_saga_and_leaves_the_milestone_completed(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    tenant = record.tenant_id
    done = completed(uow, record, actor)
    first = usecases.invoice_milestone(uow(), tenant, actor, done.id, clock=clock)
    assert first.created
    saga = first.saga
    assert (saga.saga_type, saga.status, saga.correlation_id) == (
        "milestone_invoice",
        "started",
        actor.correlation_id,
    )
    assert saga.amount == done.amount and saga.tenant_id == tenant
    again = usecases.invoice_milestone(uow(), tenant, actor, done.id, clock=clock)
    assert not again.created and again.saga == saga
    assert usecases.get_invoice_saga(uow(), tenant, done.id) == saga
    after = usecases.get_milestone(uow(), tenant, done.id)
    assert after.status == "completed" and after.billed_at is None and after.invoice_id is None
    with pytest.raises(FailedPrecondition, match="saga"):
        usecases.delete_milestone(uow(), tenant, actor, done.id, clock=clock)


def test_only_a_completed_milestone_is_invoiced(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    created = create(uow, record, actor)
    with pytest.raises(FailedPrecondition):
        usecases.invoice_milestone(uow(), record.tenant_id, actor, created.id, clock=clock)
    with pytest.raises(NotFound, match="no invoice saga"):
        usecases.get_invoice_saga(uow(), record.tenant_id, created.id)


def test_deleting_a_milestone(uow: UowFactory, record: RecordRef, actor: Actor) -> None:
    created = create(uow, record, actor)
    usecases.delete_milestone(uow(), record.tenant_id, actor, created.id, clock=clock)
    with pytest.raises(NotFound):
        usecases.get_milestone(uow(), record.tenant_id, created.id)
    with pytest.raises(NotFound):
        usecases.delete_milestone(uow(), record.tenant_id, actor, created.id, clock=clock)


def test_bad_input_and_unknown_records(uow: UowFactory, record: RecordRef, actor: Actor) -> None:
    with pytest.raises(InvalidArgument) as raised:
        usecases.create_milestone(
            uow(),
            record.tenant_id,
            actor,
            record.id,
            MilestoneDraft(name="X", amount="10", currency="USD", sequence=1),
            clock=clock,
        )
    assert [v.field for v in raised.value.violations] == ["amount.currency"]
    with pytest.raises(NotFound):
        create(
            uow, RecordRef(uuid.uuid4(), record.tenant_id, uuid.uuid4(), "EUR", Decimal(1)), actor
        )
    with pytest.raises(NotFound):
        usecases.list_milestones(uow(), record.tenant_id, uuid.uuid4())


def test_another_tenant_sees_nothing_and_changes_nothing(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    done = completed(uow, record, actor)
    other = uuid.uuid4()
    calls: list[Callable[[], object]] = [
        lambda: usecases.get_milestone(uow(), other, done.id),
        lambda: usecases.list_milestones(uow(), other, record.id),
        lambda: usecases.update_milestone(uow(), other, actor, done.id, MilestonePatch(name="x")),
        lambda: usecases.record_progress(uow(), other, actor, done.id, "5"),
        lambda: usecases.complete_milestone(uow(), other, actor, done.id),
        lambda: usecases.cancel_milestone(uow(), other, actor, done.id),
        lambda: usecases.invoice_milestone(uow(), other, actor, done.id),
        lambda: usecases.get_invoice_saga(uow(), other, done.id),
        lambda: usecases.delete_milestone(uow(), other, actor, done.id),
    ]
    for call in calls:
        with pytest.raises(NotFound):
            call()
    with uow() as unit:
        assert unit.repos.milestones.record_of(other, done.id) is None
        assert unit.repos.milestones.work(other, [record.id]) == []
        assert not unit.repos.milestones.has_billing(other, record.id)
    assert usecases.get_milestone(uow(), record.tenant_id, done.id) == done


def test_what_other_capabilities_read(
    uow: UowFactory, engine: Engine, record: RecordRef, actor: Actor
) -> None:
    tenant = record.tenant_id
    pending = create(uow, record, actor, sequence=1, amount="100")
    done = completed(uow, record, actor)
    elsewhere = insert_record(engine, tenant)
    with uow() as unit:
        repo = unit.repos.milestones
        assert repo.record_of(tenant, pending.id) == record.id
        assert repo.record_of(tenant, uuid.uuid4()) is None
        assert sorted(repo.work(tenant, [record.id, elsewhere.id]), key=lambda w: w.amount) == [
            MilestoneWork(record.id, "pending", Decimal("100.0000"), Decimal("0.00")),
            MilestoneWork(record.id, "completed", Decimal("1500.0000"), Decimal("100.00")),
        ]
        assert repo.work(tenant, []) == []
        assert not repo.has_billing(tenant, record.id)
    usecases.invoice_milestone(uow(), tenant, actor, done.id, clock=clock)
    with uow() as unit:
        assert unit.repos.milestones.has_billing(tenant, record.id)
        assert not unit.repos.milestones.has_billing(tenant, elsewhere.id)


def test_every_change_writes_its_audit_entry(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    tenant = record.tenant_id
    done = completed(uow, record, actor)
    saga = usecases.invoice_milestone(uow(), tenant, actor, done.id, clock=clock).saga
    usecases.invoice_milestone(uow(), tenant, actor, done.id, clock=clock)  # a repeat: none
    other = create(uow, record, actor, sequence=2)
    usecases.update_milestone(uow(), tenant, actor, other.id, MilestonePatch(name="Y"), clock=clock)
    usecases.cancel_milestone(uow(), tenant, actor, other.id, clock=clock)
    usecases.delete_milestone(uow(), tenant, actor, other.id, clock=clock)
    with uow() as unit:
        entries = unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1))
    logged = [(e.entity_type, e.action, e.entity_id) for e in entries]
    assert sorted(logged, key=str) == sorted(
        [
            ("milestone", "create", done.id),
            ("milestone", "progress", done.id),
            ("milestone", "complete", done.id),
            ("invoice_saga", "start", saga.id),
            ("milestone", "create", other.id),
            ("milestone", "update", other.id),
            ("milestone", "cancel", other.id),
            ("milestone", "delete", other.id),
        ],
        key=str,
    )
    assert all(e.project_id == record.project_id and e.actor == actor for e in entries)
    complete = next(e for e in entries if e.action == "complete")
    assert complete.before is not None and complete.after is not None
    assert (complete.before["status"], complete.after["status"]) == ("in_progress", "completed")
    deleted = next(e for e in entries if e.action == "delete")
    assert deleted.after is None and deleted.before is not None
    started = next(e for e in entries if e.action == "start")
    assert started.after is not None and started.after["request_id"] == str(saga.request_id)


def test_deleting_the_record_takes_its_milestones_and_sagas(
    uow: UowFactory, engine: Engine, record: RecordRef, actor: Actor
) -> None:
    done = completed(uow, record, actor)
    usecases.invoice_milestone(uow(), record.tenant_id, actor, done.id, clock=clock)
    with engine.begin() as connection:  # the engine turns SQLite's foreign keys on
        connection.execute(delete(ProjectFinanceRow).where(ProjectFinanceRow.id == record.id))
    with uow() as unit:
        assert unit.repos.milestones.record_of(record.tenant_id, done.id) is None
        assert unit.repos.milestones.saga(record.tenant_id, done.id) is None
