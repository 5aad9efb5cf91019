"""The approvals' operations, one function each, over the caller's tenant; each takes a
fresh unit of work and enters it (one transaction per call). Every change writes its
audit entry in the same transaction.

A decision locks the request first (`repository.lock`) and then reads it, so the checks
(pending? who asks?) see what the last decision committed.
"""

from __future__ import annotations

import uuid

from services.projectfinance.approvals.domain import decisions, thresholds
from services.projectfinance.approvals.domain.entities import MILESTONE, RECORD, TARGET
from services.projectfinance.approvals.domain.requests import (
    Approval,
    RequestDraft,
    already_pending,
    approval_not_found,
    check_record_currency,
    checked_notes,
    checked_request,
    entity_unknown,
    new_approval,
    no_approval_for,
)
from services.projectfinance.approvals.domain.thresholds import Threshold
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.work import RecordRef
from services.runtime.clock import Clock, utcnow

APPROVAL = "approval"
THRESHOLD = "approval_threshold"


# -- requests ----------------------------------------------------------------------------


def _record_of(
    uow: Uow, tenant_id: uuid.UUID, entity_type: str, entity_id: uuid.UUID
) -> RecordRef | None:
    """The tenant's record the entity is or belongs to; None when the tenant has no such
    entity."""
    target = TARGET[entity_type]
    if target == RECORD:
        record_id: uuid.UUID | None = entity_id
    elif target == MILESTONE:
        record_id = uow.repos.milestones.record_of(tenant_id, entity_id)
    else:
        record_id = uow.repos.cost_centers.record_of(tenant_id, entity_id)
    return None if record_id is None else uow.repos.records.ref(tenant_id, record_id)


def request_approval(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, draft: RequestDraft, clock: Clock = utcnow
) -> Approval:
    request = checked_request(draft)
    now = clock()
    with uow:
        record = _record_of(uow, tenant_id, request.entity_type, request.entity_id)
        if record is None:
            raise entity_unknown(request.entity_type, request.entity_id)
        check_record_currency(request, record.currency)
        approval = new_approval(
            request, tenant_id=tenant_id, record_id=record.id, requester_id=actor.user_id, now=now
        )
        if not uow.repos.approvals.add(approval):
            raise already_pending(request.entity_type, request.entity_id)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="request",
            entity_type=APPROVAL,
            entity_id=approval.id,
            project_id=record.project_id,
            after=approval,
        )
        return approval


def get_approval(uow: Uow, tenant_id: uuid.UUID, approval_id: uuid.UUID) -> Approval:
    with uow:
        approval = uow.repos.approvals.get(tenant_id, approval_id)
    if approval is None:
        raise approval_not_found(approval_id)
    return approval


def entity_approval(
    uow: Uow, tenant_id: uuid.UUID, entity_type: str, entity_id: uuid.UUID
) -> Approval:
    """The entity's latest request, whatever its status."""
    kind = thresholds.checked_entity_type(entity_type)
    with uow:
        approval = uow.repos.approvals.latest_for(tenant_id, kind, entity_id)
    if approval is None:
        raise no_approval_for(kind, entity_id)
    return approval


def pending_approvals(uow: Uow, tenant_id: uuid.UUID) -> list[Approval]:
    with uow:
        return uow.repos.approvals.pending(tenant_id)


# -- decisions ---------------------------------------------------------------------------


def _locked(uow: Uow, tenant_id: uuid.UUID, approval_id: uuid.UUID) -> Approval:
    approval = uow.repos.approvals.lock(tenant_id, approval_id)
    if approval is None:
        raise approval_not_found(approval_id)
    return approval


def _moved(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, action: str, before: Approval, after: Approval
) -> Approval:
    """Store a decision and its audit entry."""
    uow.repos.approvals.save_move(after)
    record = uow.repos.records.ref(tenant_id, after.record_id)
    record_change(
        uow,
        tenant_id,
        actor,
        after.updated_at,
        action=action,
        entity_type=APPROVAL,
        entity_id=after.id,
        project_id=None if record is None else record.project_id,
        before=before,
        after=after,
    )
    return after


def _decide(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    approval_id: uuid.UUID,
    notes: str,
    *,
    approve: bool,
    clock: Clock,
) -> Approval:
    clean = checked_notes(notes)
    now = clock()
    with uow:
        before = _locked(uow, tenant_id, approval_id)
        after = decisions.decided(before, approve=approve, by=actor.user_id, notes=clean, now=now)
        return _moved(uow, tenant_id, actor, "approve" if approve else "reject", before, after)


def approve(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    approval_id: uuid.UUID,
    notes: str,
    clock: Clock = utcnow,
) -> Approval:
    return _decide(uow, tenant_id, actor, approval_id, notes, approve=True, clock=clock)


def reject(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    approval_id: uuid.UUID,
    notes: str,
    clock: Clock = utcnow,
) -> Approval:
    return _decide(uow, tenant_id, actor, approval_id, notes, approve=False, clock=clock)


def cancel(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    approval_id: uuid.UUID,
    *,
    may_approve: bool,
    clock: Clock = utcnow,
) -> Approval:
    """Cancel a pending request: its requester, or a caller who `may_approve`."""
    now = clock()
    with uow:
        before = _locked(uow, tenant_id, approval_id)
        after = decisions.cancelled(before, by=actor.user_id, may_approve=may_approve, now=now)
        return _moved(uow, tenant_id, actor, "cancel", before, after)


# -- thresholds --------------------------------------------------------------------------


def approval_required(
    uow: Uow, tenant_id: uuid.UUID, entity_type: str, amount_minor: int | None
) -> bool:
    kind = thresholds.checked_entity_type(entity_type)
    amount = thresholds.checked_amount_minor(amount_minor)
    with uow:
        own = uow.repos.approvals.own_thresholds(tenant_id)
    return thresholds.approval_required(thresholds.threshold_of(own, kind), amount)


def list_thresholds(uow: Uow, tenant_id: uuid.UUID) -> list[Threshold]:
    with uow:
        return thresholds.thresholds(uow.repos.approvals.own_thresholds(tenant_id))


def set_threshold(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    entity_type: str,
    amount_minor: int | None,
    clock: Clock = utcnow,
) -> Threshold:
    kind = thresholds.checked_entity_type(entity_type)
    amount = thresholds.checked_threshold(amount_minor)
    now = clock()
    with uow:
        before = thresholds.threshold_of(uow.repos.approvals.own_thresholds(tenant_id), kind)
        uow.repos.approvals.set_threshold(tenant_id, kind, amount, by=actor.user_id, now=now)
        after = Threshold(kind, amount, is_default=False)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="update",
            entity_type=THRESHOLD,
            entity_id=thresholds.threshold_id(tenant_id, kind),
            project_id=None,
            before=before,
            after=after,
        )
        return after
