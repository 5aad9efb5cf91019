"""A record's derived figures (records.domain.figures): every formula with exact
decimals, and the edges — no work, a zero budget, only cancelled work, an overrun, no
earned value, progress beyond the budget, phases not started or long finished."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from services.projectfinance.kernel.work import CostCenterWork, MilestoneWork, PhaseWork
from services.projectfinance.records.domain.figures import (
    Figures,
    Work,
    figures,
    health_status,
    planned_share,
    risk_level,
    work_by_record,
)
from tests.services.projectfinance.support import phase_work

RECORD = uuid.uuid4()
ZERO, ONE = Decimal(0), Decimal(1)
NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
MARCH_1 = datetime(2026, 3, 1, tzinfo=UTC)
MARCH_21 = datetime(2026, 3, 21, tzinfo=UTC)
LAST_YEAR = datetime(2025, 1, 1, tzinfo=UTC)
NEXT_YEAR = datetime(2027, 1, 1, tzinfo=UTC)


def phase(
    budget: str,
    actual: str = "0",
    progress: str = "0",
    *,
    start: datetime = LAST_YEAR,
    end: datetime = LAST_YEAR + timedelta(days=30),
    status: str = "in_progress",
    record_id: uuid.UUID = RECORD,
) -> PhaseWork:
    return phase_work(record_id, budget, actual, progress, start=start, end=end, status=status)


def milestone(amount: str, status: str, record_id: uuid.UUID = RECORD) -> MilestoneWork:
    return MilestoneWork(record_id, status, Decimal(amount), Decimal(0))


def center(allocated: str, *, active: bool = True, record_id: uuid.UUID = RECORD) -> CostCenterWork:
    return CostCenterWork(uuid.uuid4(), record_id, Decimal(allocated), active)


def of(
    budget: str,
    model: str = "fixed_price",
    *,
    phases: Sequence[PhaseWork] = (),
    milestones: Sequence[MilestoneWork] = (),
    cost_centers: Sequence[CostCenterWork] = (),
) -> Figures:
    return figures(Decimal(budget), model, Work(phases, milestones, cost_centers), NOW)


def test_a_record_without_work_is_on_plan() -> None:
    f = of("10000.00")
    assert (f.actual_cost, f.committed_budget, f.allocated_budget) == (ZERO, ZERO, ZERO)
    assert (f.earned_value, f.planned_value) == (ZERO, ZERO)
    assert (f.cost_performance_index, f.schedule_performance_index) == (ONE, ONE)
    assert (f.estimate_at_completion, f.estimate_to_complete) == (Decimal("10000.00"),) * 2
    assert (f.budget_variance, f.budget_variance_percent) == (ZERO, ZERO)
    assert (f.total_revenue, f.recognized_revenue) == (ZERO, ZERO)
    assert f.financial_health_score == Decimal("100.00")
    assert (f.health_status, f.risk_level) == ("healthy", "low")


def test_a_zero_budget_has_no_variance_percent_and_recognizes_nothing_by_value() -> None:
    f = of("0", "fixed_price", milestones=[milestone("500", "completed")])
    assert (f.estimate_at_completion, f.budget_variance, f.budget_variance_percent) == (
        ZERO,
        ZERO,
        ZERO,
    )
    assert (f.total_revenue, f.recognized_revenue) == (Decimal(500), ZERO)
    assert f.financial_health_score == Decimal("100.00")


def test_cancelled_work_counts_for_nothing() -> None:
    f = of(
        "1000",
        "milestone",
        phases=[phase("800", "900", "100", status="cancelled")],
        milestones=[milestone("300", "cancelled")],
    )
    assert f == of("1000", "milestone")


def test_costs_budgets_and_earned_value_of_a_project_under_way() -> None:
    # 14.5 of phase A's 20 planned days have passed at NOW (share 0.725); B has not
    # started; C is cancelled.
    f = of(
        "10000",
        phases=[
            phase("4000", "3000", "50", start=MARCH_1, end=MARCH_21),
            phase("6000", start=datetime(2026, 4, 1, tzinfo=UTC), end=NEXT_YEAR, status="planned"),
            phase("1000", "500", "100", status="cancelled"),
        ],
        cost_centers=[center("2500.50"), center("1000", active=False)],
    )
    assert f.actual_cost == Decimal(3000)  # Σ actual_cost
    assert f.committed_budget == Decimal(10000)  # Σ phase_budget
    assert f.allocated_budget == Decimal("3500.50")  # Σ allocated_budget
    assert f.earned_value == Decimal(2000)  # 4000 * 50 %
    assert f.planned_value == Decimal(2900)  # 4000 * 0.725 + 6000 * 0
    assert f.cost_performance_index == Decimal("0.6667")  # 2000 / 3000
    assert f.schedule_performance_index == Decimal("0.6897")  # 2000 / 2900
    # EAC = AC + (BAC - EV) / CPI = 3000 + 8000 / 0.6667
    assert f.estimate_at_completion == Decimal(3000) + Decimal(8000) / Decimal("0.6667")
    assert f.estimate_at_completion.quantize(Decimal("0.01")) == Decimal("14999.40")
    assert f.estimate_to_complete == f.estimate_at_completion - Decimal(3000)
    assert f.budget_variance == Decimal(10000) - f.estimate_at_completion
    assert f.budget_variance_percent == Decimal("-49.9940")
    # 100 * (0.4 * 0.6667 + 0.4 * 0.6897 + 0.2 * (1 - 0.499940)) = 64.2572
    assert f.financial_health_score == Decimal("64.26")
    assert (f.health_status, f.risk_level) == ("at_risk", "critical")


def test_an_overrun_clamps_the_variance_share_of_the_score_at_zero() -> None:
    f = of("1000", phases=[phase("1000", "1500", "50")])
    assert (f.cost_performance_index, f.schedule_performance_index) == (
        Decimal("0.3333"),
        Decimal("0.5000"),
    )
    assert f.estimate_at_completion == Decimal(1500) + Decimal(500) / Decimal("0.3333")
    assert f.budget_variance < 0
    assert f.budget_variance_percent == Decimal("-200.0150")
    # 100 * (0.4 * 0.3333 + 0.4 * 0.5 + 0.2 * clamp(1 - 2.00015, 0, 1) = 0) = 33.332
    assert f.financial_health_score == Decimal("33.33")
    assert (f.health_status, f.risk_level) == ("critical", "critical")


def test_cost_without_earned_value_estimates_the_whole_budget_still_to_spend() -> None:
    f = of("1000", phases=[phase("1000", "100", "0")])
    assert f.cost_performance_index == 0
    assert f.estimate_at_completion == Decimal(1100)  # AC + (BAC - EV): CPI is 0
    assert f.estimate_to_complete == Decimal(1000)


def test_the_estimate_never_falls_below_the_actual_cost() -> None:
    # Progress beyond the budget: AC + (BAC - EV) / CPI = 100 - 500 / 10 = 50 < AC.
    f = of("500", phases=[phase("1000", "100", "100")])
    assert f.cost_performance_index == 10
    assert (f.estimate_at_completion, f.estimate_to_complete) == (Decimal(100), ZERO)
    assert f.budget_variance == Decimal(400)
    assert f.budget_variance_percent == Decimal(80)
    # Indices above 1 count as 1; the variance share is capped at 1 too.
    assert f.financial_health_score == Decimal("100.00")


def test_ahead_of_schedule_spi_above_one_without_extra_score() -> None:
    # Planned to start next year, already 10 % done: PV 0 → SPI 1 by definition.
    f = of("1000", phases=[phase("1000", "100", "10", start=NEXT_YEAR, end=NEXT_YEAR)])
    assert (f.planned_value, f.schedule_performance_index) == (ZERO, ONE)
    g = of("1000", phases=[phase("1000", "100", "50", start=MARCH_1, end=MARCH_21)])
    assert g.schedule_performance_index == Decimal("0.6897")  # 500 / 725


@pytest.mark.parametrize(
    ("earned", "expected"),
    [("6666.5", "0.6666"), ("6667.5", "0.6668"), ("6666.6", "0.6667")],
)
def test_indices_are_rounded_half_to_even_to_four_places(earned: str, expected: str) -> None:
    # progress 50 % of twice `earned`; actual cost 10000: CPI = earned / 10000.
    budget = str(Decimal(earned) * 2)
    f = of("100000", phases=[phase(budget, "10000", "50")])
    assert f.earned_value == Decimal(earned)
    assert f.cost_performance_index == Decimal(expected)


@pytest.mark.parametrize(
    ("start", "end", "share"),
    [
        (MARCH_1, MARCH_21, Decimal("0.725")),
        (NOW, NOW + timedelta(days=1), Decimal(0)),  # starts now: nothing yet
        (NEXT_YEAR, NEXT_YEAR + timedelta(days=1), Decimal(0)),  # not started
        (LAST_YEAR, LAST_YEAR + timedelta(days=1), Decimal(1)),  # over
        (NOW - timedelta(hours=1), NOW + timedelta(hours=3), Decimal("0.25")),
        (NOW, NOW, Decimal(1)),  # a moment, reached
        (NOW + timedelta(microseconds=1),) * 2 + (Decimal(0),),  # a moment, not yet
    ],
)
def test_planned_share_of_a_phase(start: datetime, end: datetime, share: Decimal) -> None:
    assert planned_share(phase("1", start=start, end=end), NOW) == share


MILESTONES = [
    milestone("100", "pending"),
    milestone("200", "in_progress"),
    milestone("300", "completed"),
    milestone("400", "billed"),
    milestone("1000", "cancelled"),
]


@pytest.mark.parametrize(
    ("model", "phase_budget", "actual", "progress", "recognized"),
    [
        ("milestone", "1000", "0", "0", Decimal(700)),  # completed + billed
        ("time_and_materials", "1000", "0", "0", Decimal(400)),  # billed
        ("fixed_price", "1000", "0", "25", Decimal(250)),  # 1000 * EV 250 / BAC 1000
        ("fixed_price", "2000", "0", "100", Decimal(1000)),  # EV 2000 > BAC: capped at 1
        # AC 500, CPI 1, EAC = 500 + (1000 - 500) / 1 = 1000: 1000 * AC 500 / EAC 1000
        ("cost_plus", "1000", "500", "50", Decimal(500)),
        # EV = BAC: EAC = AC + 0, so all of the revenue
        ("cost_plus", "1000", "3000", "100", Decimal(1000)),
    ],
)
def test_recognized_revenue_by_revenue_model(
    model: str, phase_budget: str, actual: str, progress: str, recognized: Decimal
) -> None:
    f = of("1000", model, phases=[phase(phase_budget, actual, progress)], milestones=MILESTONES)
    assert f.total_revenue == Decimal(1000)  # cancelled aside
    assert f.recognized_revenue == recognized


def test_cost_plus_recognizes_nothing_while_nothing_is_estimated() -> None:
    f = of("0", "cost_plus", milestones=[milestone("100", "billed")])
    assert (f.estimate_at_completion, f.recognized_revenue) == (ZERO, ZERO)


@pytest.mark.parametrize(
    ("score", "status"),
    [("100", "healthy"), ("80.00", "healthy"), ("79.99", "at_risk"), ("60", "at_risk"),
     ("59.99", "critical"), ("0", "critical")],
)  # fmt: skip
def test_health_status_bands(score: str, status: str) -> None:
    assert health_status(Decimal(score)) == status


@pytest.mark.parametrize(
    ("cpi", "spi", "level"),
    [("1.2", "0.95", "low"), ("0.9499", "1", "medium"), ("1", "0.85", "medium"),
     ("0.8499", "2", "high"), ("0.70", "0.70", "high"), ("0.6999", "1", "critical")],
)  # fmt: skip
def test_risk_level_bands_from_the_lower_index(cpi: str, spi: str, level: str) -> None:
    assert risk_level(Decimal(cpi), Decimal(spi)) == level


def test_work_is_filed_by_record_and_foreign_work_left_out() -> None:
    other, stranger = uuid.uuid4(), uuid.uuid4()
    work = work_by_record(
        [RECORD, other],
        [phase("1"), phase("2", record_id=stranger)],
        [milestone("3", "billed", record_id=other)],
        [center("4", record_id=other)],
    )
    assert set(work) == {RECORD, other}
    assert [p.phase_budget for p in work[RECORD].phases] == [Decimal(1)]
    assert (work[RECORD].milestones, work[RECORD].cost_centers) == ((), ())
    assert [m.amount for m in work[other].milestones] == [Decimal(3)]
    assert [c.allocated_budget for c in work[other].cost_centers] == [Decimal(4)]
