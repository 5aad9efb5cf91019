"""Phases' operations, one function each, over the caller's tenant; each takes a fresh
unit of work and enters it (one transaction per call). Every change reads its phase
locked, so moves run one at a time and check what the last change committed, and writes
its audit entry in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.record_refs import record_ref
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.phases.domain import moves
from services.projectfinance.phases.domain.phase import Phase, PhaseDraft, new_phase, parse_percent
from services.projectfinance.phases.domain.update import PhasePatch, updated
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import InvalidArgument, NotFound

ENTITY = "phase"


def phase_not_found(phase_id: uuid.UUID) -> NotFound:
    return NotFound(f"phase {phase_id} not found")


def _check_cost_center(
    uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID, cost_center_id: uuid.UUID | None
) -> None:
    """400 unless the cost center (when one is named) is one of the record's."""
    if cost_center_id is None:
        return
    if uow.repos.cost_centers.record_of(tenant_id, cost_center_id) != record_id:
        raise InvalidArgument.for_field(
            "cost_center_id", f"{cost_center_id} names no cost center of this record"
        )


def _audit(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    now: datetime,
    record: RecordRef,
    action: str,
    before: Phase | None,
    after: Phase | None,
) -> None:
    entity = after or before
    assert entity is not None
    record_change(
        uow,
        tenant_id,
        actor,
        now,
        action=action,
        entity_type=ENTITY,
        entity_id=entity.id,
        project_id=record.project_id,
        before=before,
        after=after,
    )


def create_phase(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    record_id: uuid.UUID,
    draft: PhaseDraft,
    clock: Clock = utcnow,
) -> Phase:
    now = clock()
    with uow:
        record = record_ref(uow, tenant_id, record_id)
        new = new_phase(draft, record.currency)
        _check_cost_center(uow, tenant_id, record.id, new.cost_center_id)
        phase = uow.repos.phases.add(tenant_id, record.id, new, now)
        _audit(uow, tenant_id, actor, now, record, "create", None, phase)
        return phase


def list_phases(uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[Phase]:
    with uow:
        record = record_ref(uow, tenant_id, record_id)
        return uow.repos.phases.of_record(tenant_id, record.id)


def get_phase(uow: Uow, tenant_id: uuid.UUID, phase_id: uuid.UUID) -> Phase:
    with uow:
        phase = uow.repos.phases.phase(tenant_id, phase_id)
        if phase is None:
            raise phase_not_found(phase_id)
        return phase


def _locked(uow: Uow, tenant_id: uuid.UUID, phase_id: uuid.UUID) -> tuple[Phase, RecordRef]:
    """The phase, locked until the transaction ends, and its record (404 when the tenant
    has no such phase)."""
    if not uow.repos.phases.lock(tenant_id, phase_id):
        raise phase_not_found(phase_id)
    phase = uow.repos.phases.phase(tenant_id, phase_id)
    assert phase is not None  # locked just now
    record = uow.repos.records.ref(tenant_id, phase.record_id)
    if record is None:  # pragma: no cover - a phase goes with its record (ON DELETE CASCADE)
        raise phase_not_found(phase_id)
    return phase, record


def _change(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    phase_id: uuid.UUID,
    clock: Clock,
    action: str,
    change: Callable[[Phase, RecordRef, datetime], Phase],
) -> Phase:
    """Apply `change` to the locked phase, store it and audit it as `action`."""
    now = clock()
    with uow:
        phase, record = _locked(uow, tenant_id, phase_id)
        stored = uow.repos.phases.save(change(phase, record, now), now)
        _audit(uow, tenant_id, actor, now, record, action, phase, stored)
        return stored


def update_phase(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    phase_id: uuid.UUID,
    patch: PhasePatch,
    clock: Clock = utcnow,
) -> Phase:

    def change(phase: Phase, record: RecordRef, now: datetime) -> Phase:
        changed = updated(phase, patch, record.currency, now)
        if changed.cost_center_id != phase.cost_center_id:
            _check_cost_center(uow, tenant_id, record.id, changed.cost_center_id)
        return changed

    return _change(uow, tenant_id, actor, phase_id, clock, "update", change)


def start_phase(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, phase_id: uuid.UUID, clock: Clock = utcnow
) -> Phase:
    return _change(
        uow, tenant_id, actor, phase_id, clock, "start", lambda p, _r, now: moves.started(p, now)
    )


def record_progress(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    phase_id: uuid.UUID,
    percent: str,
    clock: Clock = utcnow,
) -> Phase:
    value = parse_percent(percent)
    return _change(
        uow,
        tenant_id,
        actor,
        phase_id,
        clock,
        "progress",
        lambda p, _r, _now: moves.progressed(p, value),
    )


def complete_phase(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, phase_id: uuid.UUID, clock: Clock = utcnow
) -> Phase:
    return _change(
        uow,
        tenant_id,
        actor,
        phase_id,
        clock,
        "complete",
        lambda p, _r, now: moves.completed(p, now),
    )


def delete_phase(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, phase_id: uuid.UUID, clock: Clock = utcnow
) -> None:
    now = clock()
    with uow:
        phase, record = _locked(uow, tenant_id, phase_id)
        uow.repos.phases.remove(tenant_id, phase.id)
        _audit(uow, tenant_id, actor, now, record, "delete", phase, None)
