"""Project forecasts (spec 3 "Project forecast"): a forecast of the tenant's record of
one of main's projects is simulated from its earned value and stored; it is read back
by its id. Reads the other capabilities through their repositories in the same unit of
work. Not audited: a forecast changes none of the record's finances (the audit log
files changes to records and what is under them)."""

from __future__ import annotations

import uuid
from datetime import datetime

from services.projectfinance.forecasts.domain.forecast import (
    Basis,
    Forecast,
    forecast_start,
    month_starts,
    project,
)
from services.projectfinance.forecasts.domain.periods import period_months
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.records.domain.figures import figures, work_by_record
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import NotFound


def _no_record(project_id: uuid.UUID) -> NotFound:
    return NotFound(f"no project finance record for project {project_id}")


def create_forecast(
    uow: Uow,
    tenant_id: uuid.UUID,
    user_id: uuid.UUID,
    project_id: uuid.UUID,
    period: str,
    *,
    as_of: datetime | None = None,
    clock: Clock = utcnow,
) -> Forecast:
    """Simulate and store the forecast of the tenant's record of `project_id` over
    `period`, from the start of `as_of`'s day (default today); 404 without a record."""
    months = period_months(period)
    generated_at = clock()
    start = forecast_start(generated_at if as_of is None else as_of)
    month_starts(start, months)  # a horizon past year 9999 is a 400 before any read
    with uow:
        record = uow.repos.records.by_project(tenant_id, project_id)
        if record is None:
            raise _no_record(project_id)
        ids = [record.id]
        phases = uow.repos.phases.work(tenant_id, ids)
        work = work_by_record(
            ids,
            phases,
            uow.repos.milestones.work(tenant_id, ids),
            uow.repos.cost_centers.work(tenant_id, ids),
        )[record.id]
        budget = record.total_budget.amount
        shown = figures(budget, record.revenue_model, work, start)
        forecast = Forecast(
            id=uuid.uuid4(),
            tenant_id=tenant_id,
            record_id=record.id,
            project_id=project_id,
            generated_at=generated_at,
            created_by=user_id,
            projection=project(
                Basis(
                    record_id=record.id,
                    currency=record.currency,
                    budget=budget,
                    phases=phases,
                    total_revenue=shown.total_revenue,
                    recognized_revenue=shown.recognized_revenue,
                ),
                months,
                start,
            ),
        )
        uow.repos.forecasts.add(forecast)
    return forecast


def get_forecast(
    uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, forecast_id: uuid.UUID
) -> Forecast:
    """The tenant's stored forecast `forecast_id` of `project_id`; 404 when it has none
    (another tenant's forecast, or one of another project, alike)."""
    with uow:
        forecast = uow.repos.forecasts.get(tenant_id, project_id, forecast_id)
    if forecast is None:
        raise NotFound(f"no forecast {forecast_id} for project {project_id}")
    return forecast
