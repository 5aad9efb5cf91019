"""The milestones' operations, one function each, over the caller's tenant; each takes
a fresh unit of work and enters it (one transaction per call). Every change locks the
milestone first (`repository.lock`), checks its move against what the last change
committed, and writes its audit entry in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.record_refs import record_ref
from services.projectfinance.milestones.domain import milestones as rules
from services.projectfinance.milestones.domain import sagas
from services.projectfinance.milestones.domain.milestones import (
    Milestone,
    MilestoneDraft,
    MilestonePatch,
)
from services.projectfinance.milestones.domain.sagas import InvoiceSaga
from services.runtime.clock import Clock, utcnow

MILESTONE = "milestone"
INVOICE_SAGA = "invoice_saga"


@dataclass(frozen=True)
class Invoicing:
    """A milestone's invoice saga and whether this call started it."""

    saga: InvoiceSaga
    created: bool


def _locked(uow: Uow, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> Milestone:
    milestone = uow.repos.milestones.lock(tenant_id, milestone_id)
    if milestone is None:
        raise rules.milestone_not_found(milestone_id)
    return milestone


def _project_of(uow: Uow, milestone: Milestone) -> uuid.UUID:
    """Main's project the milestone's record keeps (the audit log files changes by it)."""
    return record_ref(uow, milestone.tenant_id, milestone.record_id).project_id


def create_milestone(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    record_id: uuid.UUID,
    draft: MilestoneDraft,
    clock: Clock = utcnow,
) -> Milestone:
    now = clock()
    with uow:
        record = record_ref(uow, tenant_id, record_id)
        milestone = rules.new_milestone(draft, record, uuid.uuid4(), now)
        uow.repos.milestones.add(milestone)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="create",
            entity_type=MILESTONE,
            entity_id=milestone.id,
            project_id=record.project_id,
            after=milestone,
        )
        return milestone


def list_milestones(uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[Milestone]:
    with uow:
        record_ref(uow, tenant_id, record_id)
        return uow.repos.milestones.of_record(tenant_id, record_id)


def get_milestone(uow: Uow, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> Milestone:
    with uow:
        milestone = uow.repos.milestones.milestone(tenant_id, milestone_id)
        if milestone is None:
            raise rules.milestone_not_found(milestone_id)
        return milestone


def _change(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    milestone_id: uuid.UUID,
    clock: Clock,
    action: str,
    move: Callable[[Milestone, datetime], Milestone],
) -> Milestone:
    """Lock the milestone, move it, store and audit the move."""
    now = clock()
    with uow:
        before = _locked(uow, tenant_id, milestone_id)
        after = move(before, now)
        uow.repos.milestones.save(after)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action=action,
            entity_type=MILESTONE,
            entity_id=milestone_id,
            project_id=_project_of(uow, before),
            before=before,
            after=after,
        )
        return after


def update_milestone(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    milestone_id: uuid.UUID,
    patch: MilestonePatch,
    clock: Clock = utcnow,
) -> Milestone:
    return _change(
        uow,
        tenant_id,
        actor,
        milestone_id,
        clock,
        rules.UPDATE,
        lambda milestone, now: rules.updated(milestone, patch, now),
    )


def record_progress(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    milestone_id: uuid.UUID,
    completion_percent: str,
    clock: Clock = utcnow,
) -> Milestone:
    return _change(
        uow,
        tenant_id,
        actor,
        milestone_id,
        clock,
        rules.PROGRESS,
        lambda milestone, now: rules.progressed(milestone, completion_percent, now),
    )


def complete_milestone(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, milestone_id: uuid.UUID, clock: Clock = utcnow
) -> Milestone:
    return _change(uow, tenant_id, actor, milestone_id, clock, rules.COMPLETE, rules.completed)


def cancel_milestone(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, milestone_id: uuid.UUID, clock: Clock = utcnow
) -> Milestone:
    return _change(uow, tenant_id, actor, milestone_id, clock, rules.CANCEL, rules.cancelled)


def delete_milestone(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, milestone_id: uuid.UUID, clock: Clock = utcnow
) -> None:
    now = clock()
    with uow:
        milestone = _locked(uow, tenant_id, milestone_id)
        invoicing = uow.repos.milestones.saga(tenant_id, milestone_id) is not None
        rules.check_deletable(milestone, invoicing=invoicing)
        uow.repos.milestones.delete(tenant_id, milestone_id)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action=rules.DELETE,
            entity_type=MILESTONE,
            entity_id=milestone_id,
            project_id=_project_of(uow, milestone),
            before=milestone,
        )


def invoice_milestone(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, milestone_id: uuid.UUID, clock: Clock = utcnow
) -> Invoicing:
    """Start the milestone's invoice saga, or answer the one started already (the
    milestone's lock makes concurrent calls wait for the first)."""
    now = clock()
    with uow:
        milestone = _locked(uow, tenant_id, milestone_id)
        existing = uow.repos.milestones.saga(tenant_id, milestone_id)
        if existing is not None:
            return Invoicing(existing, created=False)
        saga = sagas.started(
            milestone,
            actor.correlation_id,
            now,
            saga_id=uuid.uuid4(),
            request_id=uuid.uuid4(),
        )
        uow.repos.milestones.add_saga(saga)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="start",
            entity_type=INVOICE_SAGA,
            entity_id=saga.id,
            project_id=_project_of(uow, milestone),
            after=saga,
        )
        return Invoicing(saga, created=True)


def get_invoice_saga(uow: Uow, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> InvoiceSaga:
    with uow:
        if uow.repos.milestones.milestone(tenant_id, milestone_id) is None:
            raise rules.milestone_not_found(milestone_id)
        saga = uow.repos.milestones.saga(tenant_id, milestone_id)
        if saga is None:
            raise sagas.saga_not_found(milestone_id)
        return saga
