"""The project health read on each supported database: a record with phases inserted
through the phases' use cases, its figures at an as-of moment checked against hand
computation; pending approvals as mitigation actions; a project without a record and
another tenant's project are 404."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine

from services.projectfinance.approvals import usecases as approvals
from services.projectfinance.approvals.domain.requests import RequestDraft
from services.projectfinance.health import usecases
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.phases import usecases as phases
from services.projectfinance.phases.domain.phase import PhaseDraft, SentMoney
from services.projectfinance.phases.domain.update import PhasePatch
from services.runtime.errors import NotFound
from tests.services.projectfinance.support import NOW, insert_record

JAN_1 = datetime(2026, 1, 1, tzinfo=UTC)
AS_OF = JAN_1 + timedelta(days=15)


def add_phase(
    uow: UowFactory,
    actor: Actor,
    record: RecordRef,
    budget: str,
    *,
    start: datetime,
    sequence: int,
    progress: str,
    actual: str,
    actual_start: datetime,
) -> uuid.UUID:
    tenant = record.tenant_id
    phase = phases.create_phase(
        uow(),
        tenant,
        actor,
        record.id,
        PhaseDraft(
            name=f"Phase {sequence}",
            phase_budget=SentMoney(budget, "EUR"),
            planned_start=start,
            planned_end=start + timedelta(days=10),
            sequence=sequence,
        ),
        clock=lambda: NOW,
    )
    phases.start_phase(uow(), tenant, actor, phase.id, clock=lambda: NOW)
    phases.update_phase(
        uow(),
        tenant,
        actor,
        phase.id,
        PhasePatch(actual_cost=SentMoney(actual, "EUR"), actual_start=actual_start),
        clock=lambda: NOW,
    )
    phases.record_progress(uow(), tenant, actor, phase.id, progress, clock=lambda: NOW)
    return phase.id


@pytest.fixture
def record(engine: Engine, uow: UowFactory, tenant: uuid.UUID, actor: Actor) -> RecordRef:
    # BAC 1000. Phase 1 (Jan 1-11): 400, 100 %, cost 500, started Jan 1. Phase 2
    # (Jan 11-21): 600, 25 %, cost 100. As of Jan 16: EV 550, PV 700, AC 600.
    record = insert_record(engine, tenant, total_budget=Decimal("1000.00"))
    add_phase(
        uow,
        actor,
        record,
        "400",
        start=JAN_1,
        sequence=1,
        progress="100",
        actual="500",
        actual_start=JAN_1,
    )
    add_phase(
        uow,
        actor,
        record,
        "600",
        start=JAN_1 + timedelta(days=10),
        sequence=2,
        progress="25",
        actual="100",
        actual_start=JAN_1 + timedelta(days=10),
    )
    return record


def test_health_of_a_late_record_over_cost(uow: UowFactory, record: RecordRef) -> None:
    shown = usecases.project_health(
        uow(), record.tenant_id, record.project_id, as_of=AS_OF, clock=lambda: NOW
    )
    assert (shown.project_id, shown.tenant_id, shown.currency) == (
        record.project_id,
        record.tenant_id,
        "EUR",
    )
    assert shown.calculated_at == NOW
    health = shown.health
    performance = health.performance
    assert (performance.earned_value, performance.planned_value) == (Decimal(550), Decimal(700))
    assert (performance.cpi, performance.spi) == (Decimal("0.9167"), Decimal("0.7857"))
    assert performance.to_complete_performance == Decimal("1.1250")

    budget = health.budget
    assert budget.actual_cost == 600
    assert budget.committed_budget == 1000
    assert budget.remaining_budget == 400
    assert budget.budget_utilization == Decimal("60.00")
    # SPI < 0.95: the composite EAC = 600 + 450 / (0.9167 * 0.7857).
    assert budget.estimate_at_completion.quantize(Decimal("0.01")) == Decimal("1224.78")
    assert budget.budget_variance_pct == Decimal("-22.48")

    scores = health.scores
    assert (scores.cpi_score, scores.spi_score) == (Decimal("91.67"), Decimal("78.57"))
    assert scores.budget_variance_score == Decimal("77.52")
    # 0.4 * 91.67 + 0.4 * 78.57 + 0.2 * 77.52
    assert scores.composite_score == Decimal("83.60")

    risk = health.risk
    # Phase 2 is not late (ends Jan 21); phase 1 is over budget (500 > 400) with CPI 0.8.
    assert (risk.open_issues, risk.critical_issues, risk.mitigation_actions) == (1, 1, 0)
    assert risk.risk_level == "high"  # min(CPI, SPI) 0.7857: the records' bands
    assert risk.risk_score == Decimal("31.43")  # 100 - 78.57 + 10 * 1
    assert risk.risk_factors["over_budget_phases"] == 1.0

    schedule = health.schedule
    assert schedule.planned_start_date == JAN_1
    assert schedule.planned_end_date == JAN_1 + timedelta(days=20)
    assert (schedule.planned_duration_days, schedule.actual_duration_days) == (20, 15)
    assert schedule.actual_start_date == JAN_1
    assert schedule.actual_end_date is None
    assert schedule.schedule_variance_days == -4  # 20 * (0.7857 - 1), truncated
    assert schedule.completion_percent == Decimal("55.00")
    assert schedule.schedule_variance_pct == Decimal("-21.43")  # -150 / 700
    assert schedule.on_time_delivery_probability == Decimal("24.49")  # (0.7857-0.7)/0.35

    cash = health.cash_flow
    # 600 spent over 15 days: 600 * 30.4375 / 15 a month; 400 left.
    assert cash.burn_rate == Decimal("1217.50")
    assert cash.runway_months == Decimal("0.33")


def test_pending_approvals_are_mitigation_actions(
    uow: UowFactory, record: RecordRef, actor: Actor
) -> None:
    approvals.request_approval(
        uow(),
        record.tenant_id,
        actor,
        RequestDraft(
            description="More budget", entity_type="budget_allocation", entity_id=str(record.id)
        ),
        clock=lambda: NOW,
    )
    shown = usecases.project_health(uow(), record.tenant_id, record.project_id, as_of=AS_OF)
    assert shown.health.risk.mitigation_actions == 1


def test_a_record_without_phases_is_on_plan(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant, total_budget=Decimal("1000.00"))
    health = usecases.project_health(uow(), tenant, record.project_id, clock=lambda: NOW).health
    assert (health.performance.cpi, health.performance.spi) == (Decimal("1.0000"),) * 2
    assert health.cash_flow.burn_rate is None
    assert health.cash_flow.runway_months is None
    assert health.cash_flow.cash_flow_margin is None
    assert health.schedule.planned_start_date is None
    assert health.scores.composite_score == Decimal("100.00")
    assert health.risk.risk_level == "low"


def test_unknown_and_other_tenants_projects_are_not_found(
    uow: UowFactory, record: RecordRef
) -> None:
    with pytest.raises(NotFound):
        usecases.project_health(uow(), record.tenant_id, uuid.uuid4())
    with pytest.raises(NotFound):
        usecases.project_health(uow(), uuid.uuid4(), record.project_id)
