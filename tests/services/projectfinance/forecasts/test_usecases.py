"""Forecasts on each supported database: a record's phases and milestone inserted as
their capabilities store them, its forecast simulated, stored and read back equal; the
on-plan record checked by hand through the records' revenue rules; the same day gives
the same figures; a project without a record, another tenant's project or forecast and
another project's forecast are 404; a bad period is a 400 before anything is read."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session

from services.projectfinance.forecasts import usecases
from services.projectfinance.forecasts.domain.forecast import Forecast
from services.projectfinance.forecasts.tables import ForecastMonthRow, ForecastRow
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.records.tables import ProjectFinanceRow
from services.runtime.errors import InvalidArgument, NotFound
from tests.services.projectfinance.support import (
    NOW,
    add_rows,
    insert_record,
    milestone_row,
    phase_row,
)

USER = uuid.uuid4()
JAN_1 = datetime(2026, 1, 1, 9, 30, tzinfo=UTC)  # the forecast starts at midnight


def at(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


def insert_phase(
    engine: Engine,
    record: RecordRef,
    budget: str,
    start: datetime,
    end: datetime,
    progress: str,
    actual: str,
    sequence: int,
) -> None:
    add_rows(
        engine,
        phase_row(
            record,
            budget,
            actual,
            progress,
            start=start,
            end=end,
            actual_start=start,
            sequence=sequence,
            name=f"Phase {sequence}",
        ),
    )


@pytest.fixture
def on_plan(engine: Engine, uow: UowFactory, tenant: uuid.UUID) -> RecordRef:
    # Fixed price, BAC 1200, a milestone of 2400. At Jan 1: phase 1 (Nov 1 - Dec 1) 600,
    # done, cost 600; phase 2 (Dec 2 - Jan 31, half elapsed) 600, 50 %, cost 300. Both
    # on plan (CPI 1, SPI 1, no spread). Recognized 2400 * 900 / 1200 = 1800.
    record = insert_record(engine, tenant, total_budget=Decimal("1200.00"))
    insert_phase(engine, record, "600", at(2025, 11, 1), at(2025, 12, 1), "100", "600", 1)
    insert_phase(engine, record, "600", at(2025, 12, 2), at(2026, 1, 31), "50", "300", 2)
    add_rows(engine, milestone_row(record, "2400"))
    return record


def create(uow: UowFactory, record: RecordRef, period: str = "3m") -> Forecast:
    return usecases.create_forecast(
        uow(), record.tenant_id, USER, record.project_id, period, as_of=JAN_1, clock=lambda: NOW
    )


def cents(amount: str) -> Decimal:
    return Decimal(amount).quantize(Decimal("0.01"))


def test_an_on_plan_record_is_forecast_as_computed_by_hand(
    uow: UowFactory, on_plan: RecordRef
) -> None:
    forecast = create(uow, on_plan)
    assert (forecast.tenant_id, forecast.project_id, forecast.record_id) == (
        on_plan.tenant_id,
        on_plan.project_id,
        on_plan.id,
    )
    assert (forecast.generated_at, forecast.created_by) == (NOW, USER)
    shown = forecast.projection
    assert shown.start == at(2026, 1, 1)
    assert shown.forecast_end_date == at(2026, 4, 1)
    # The 300 left is earned in January (10 a day to Jan 31) at CPI 1, with the 600 of
    # revenue not recognized yet.
    assert [m.projected_cost for m in shown.months] == [cents("300"), cents("0"), cents("0")]
    assert [m.projected_revenue for m in shown.months] == [cents("600"), cents("0"), cents("0")]
    assert [m.cumulative_cost for m in shown.months] == [cents("1200")] * 3
    assert [m.cumulative_revenue for m in shown.months] == [cents("2400")] * 3
    assert shown.completion_probability == Decimal(1)
    assert shown.budget_risk_probability == Decimal(0)
    assert shown.confidence_level == Decimal(1)


def test_a_stored_forecast_reads_back_equal(uow: UowFactory, on_plan: RecordRef) -> None:
    created = create(uow, on_plan, "12")
    read = usecases.get_forecast(uow(), on_plan.tenant_id, on_plan.project_id, created.id)
    assert read == created
    assert read.projection.period == "12m"
    assert len(read.projection.months) == 12


def test_the_same_day_gives_the_same_forecast(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant, total_budget=Decimal("1500.00"))
    insert_phase(engine, record, "400", at(2025, 11, 1), at(2025, 12, 1), "100", "500", 1)
    insert_phase(engine, record, "600", at(2025, 12, 2), at(2026, 5, 31), "30", "100", 2)
    first, again = create(uow, record, "6m"), create(uow, record, "6")
    assert first.id != again.id
    assert first.projection == again.projection
    assert 0 < first.projection.budget_risk_probability < 1


def test_a_record_without_phases_or_cost_is_forecast(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant, total_budget=Decimal("0.00"))
    shown = create(uow, record).projection
    assert shown.projected_cost == 0
    assert shown.completion_probability == 1


def test_a_bad_period_is_a_400_naming_period(uow: UowFactory, on_plan: RecordRef) -> None:
    with pytest.raises(InvalidArgument) as caught:
        create(uow, on_plan, "2m")
    assert [v.field for v in caught.value.violations] == ["period"]


def test_a_project_without_a_record_is_404(uow: UowFactory, tenant: uuid.UUID) -> None:
    with pytest.raises(NotFound):
        usecases.create_forecast(uow(), tenant, USER, uuid.uuid4(), "3m", clock=lambda: NOW)


def test_another_tenants_project_and_forecast_are_404(uow: UowFactory, on_plan: RecordRef) -> None:
    stranger = uuid.uuid4()
    with pytest.raises(NotFound):
        usecases.create_forecast(uow(), stranger, USER, on_plan.project_id, "3m")
    forecast = create(uow, on_plan)
    with pytest.raises(NotFound):
        usecases.get_forecast(uow(), stranger, on_plan.project_id, forecast.id)


def test_a_forecast_is_not_found_under_another_project(uow: UowFactory, on_plan: RecordRef) -> None:
    forecast = create(uow, on_plan)
    with pytest.raises(NotFound):
        usecases.get_forecast(uow(), on_plan.tenant_id, uuid.uuid4(), forecast.id)
    with pytest.raises(NotFound):
        usecases.get_forecast(uow(), on_plan.tenant_id, on_plan.project_id, uuid.uuid4())


def test_a_deleted_record_takes_its_forecasts_along(
    engine: Engine, uow: UowFactory, on_plan: RecordRef
) -> None:
    forecast = create(uow, on_plan)
    with Session(engine) as session, session.begin():
        session.execute(delete(ProjectFinanceRow).where(ProjectFinanceRow.id == on_plan.id))
    with Session(engine) as session:
        left = session.scalar(
            select(func.count())
            .select_from(ForecastMonthRow)
            .where(ForecastMonthRow.forecast_id == forecast.id)
        )
        assert left == 0
        assert session.get(ForecastRow, forecast.id) is None
