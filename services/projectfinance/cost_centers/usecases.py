"""The cost centers' operations, one function each, over the caller's tenant; each takes
a fresh unit of work and enters it (one transaction per call), and every change writes
its audit entry in that transaction.

Every change first locks the record the cost center is under (`records.ref(lock=True)`,
SELECT … FOR UPDATE on PostgreSQL) and only then reads its cost centers: two allocations
under one record run one after the other, so the second sees the first's share gone and
the record is never allocated beyond its budget.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.cost_centers import domain as rules
from services.projectfinance.cost_centers.domain import (
    CostCenter,
    CostCenterDraft,
    CostCenterPatch,
    Costed,
)
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.record_refs import record_ref
from services.projectfinance.kernel.work import RecordRef
from services.runtime.clock import Clock, utcnow

ENTITY = "cost_center"


def _costed(uow: Uow, tenant_id: uuid.UUID, centers: Sequence[CostCenter]) -> list[Costed]:
    """Each cost center with its actual cost, from the phases charged to it."""
    costs = uow.repos.phases.actual_cost_by_cost_center(tenant_id, [c.id for c in centers])
    return [Costed(c, costs[c.id]) for c in centers]


def _locked(
    uow: Uow, tenant_id: uuid.UUID, cost_center_id: uuid.UUID
) -> tuple[RecordRef, CostCenter]:
    """The cost center and its record, the record locked until the transaction ends
    (404 when the tenant has no such cost center, or it went in the meantime)."""
    record_id = uow.repos.cost_centers.record_of(tenant_id, cost_center_id)
    if record_id is None:
        raise rules.cost_center_not_found(cost_center_id)
    record = uow.repos.records.ref(tenant_id, record_id, lock=True)
    center = uow.repos.cost_centers.get(tenant_id, cost_center_id)
    if record is None or center is None:
        raise rules.cost_center_not_found(cost_center_id)
    return record, center


def _saved(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    now: datetime,
    record: RecordRef,
    action: str,
    before: CostCenter,
    after: CostCenter,
) -> Costed:
    """Store a changed cost center and its audit entry; it with its actual cost."""
    uow.repos.cost_centers.save(after)
    record_change(
        uow,
        tenant_id,
        actor,
        now,
        action=action,
        entity_type=ENTITY,
        entity_id=after.id,
        project_id=record.project_id,
        before=before,
        after=after,
    )
    (costed,) = _costed(uow, tenant_id, [after])
    return costed


def list_cost_centers(uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[Costed]:
    """The record's cost centers by code."""
    with uow:
        record_ref(uow, tenant_id, record_id)
        return _costed(uow, tenant_id, uow.repos.cost_centers.of_record(tenant_id, record_id))


def create_cost_center(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    record_id: uuid.UUID,
    draft: CostCenterDraft,
    clock: Clock = utcnow,
) -> Costed:
    now = clock()
    with uow:
        record = record_ref(uow, tenant_id, record_id, lock=True)
        center = uow.repos.cost_centers.add(record, rules.new_cost_center(draft, record), now)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="create",
            entity_type=ENTITY,
            entity_id=center.id,
            project_id=record.project_id,
            after=center,
        )
        return Costed(center, Decimal(0))


def get_cost_center(uow: Uow, tenant_id: uuid.UUID, cost_center_id: uuid.UUID) -> Costed:
    with uow:
        center = uow.repos.cost_centers.get(tenant_id, cost_center_id)
        if center is None:
            raise rules.cost_center_not_found(cost_center_id)
        (costed,) = _costed(uow, tenant_id, [center])
        return costed


def update_cost_center(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    cost_center_id: uuid.UUID,
    patch: CostCenterPatch,
    clock: Clock = utcnow,
) -> Costed:
    now = clock()
    with uow:
        record, before = _locked(uow, tenant_id, cost_center_id)
        after = rules.updated(before, patch, now)
        return _saved(uow, tenant_id, actor, now, record, "update", before, after)


def delete_cost_center(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, cost_center_id: uuid.UUID, clock: Clock = utcnow
) -> None:
    """Its allocation returns to the record's unallocated budget (a derived sum); the
    phases charged to it stay, charged to no cost center."""
    now = clock()
    with uow:
        record, before = _locked(uow, tenant_id, cost_center_id)
        uow.repos.cost_centers.delete(before)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="delete",
            entity_type=ENTITY,
            entity_id=cost_center_id,
            project_id=record.project_id,
            before=before,
        )


def allocate_budget(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    cost_center_id: uuid.UUID,
    *,
    amount: str,
    currency: str,
    clock: Clock = utcnow,
) -> Costed:
    """Adds `amount` to the cost center's allocation, out of the record's unallocated
    budget."""
    now = clock()
    with uow:
        record, before = _locked(uow, tenant_id, cost_center_id)
        money = rules.allocation_amount(amount, currency, record)
        siblings = uow.repos.cost_centers.work(tenant_id, [record.id])
        after = rules.allocated(before, money, record, siblings, now)
        return _saved(uow, tenant_id, actor, now, record, "allocate_budget", before, after)
