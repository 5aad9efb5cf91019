"""The project health read (spec 3 "Project health"): the tenant's record of one of
main's projects, its earned value and every health group at an as-of moment. Reads only,
through the other capabilities' repositories in one unit of work."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from services.projectfinance.health.domain.health import Health, health
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.records.domain.earned_value import earned_value
from services.projectfinance.records.domain.figures import figures, work_by_record
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import NotFound


@dataclass(frozen=True)
class ProjectHealth:
    tenant_id: uuid.UUID
    project_id: uuid.UUID
    currency: str
    calculated_at: datetime
    health: Health


def project_health(
    uow: Uow,
    tenant_id: uuid.UUID,
    project_id: uuid.UUID,
    *,
    as_of: datetime | None = None,
    clock: Clock = utcnow,
) -> ProjectHealth:
    """The health of the tenant's record of `project_id` at `as_of` (default: now);
    404 when the tenant has no record for that project."""
    calculated_at = clock()
    moment = calculated_at if as_of is None else as_of
    with uow:
        record = uow.repos.records.by_project(tenant_id, project_id)
        if record is None:
            raise NotFound(f"no project finance record for project {project_id}")
        ids = [record.id]
        phase_work = uow.repos.phases.work(tenant_id, ids)
        centers = uow.repos.cost_centers.work(tenant_id, ids)
        work = work_by_record(ids, phase_work, uow.repos.milestones.work(tenant_id, ids), centers)
        phases = uow.repos.phases.of_record(tenant_id, record.id)
        # The approvals waiting on the record or on anything under it.
        pending = sum(
            1
            for approval in uow.repos.approvals.pending(tenant_id)
            if approval.record_id == record.id
        )
    budget = record.total_budget.amount
    evm = earned_value(budget, phase_work, moment)
    shown = figures(budget, record.revenue_model, work[record.id], moment, evm)
    return ProjectHealth(
        tenant_id=tenant_id,
        project_id=project_id,
        currency=record.currency,
        calculated_at=calculated_at,
        health=health(evm, shown, phases, pending_approvals=pending, as_of=moment),
    )
