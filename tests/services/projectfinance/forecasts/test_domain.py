"""The forecast's pure parts: the period's spellings, the seed, a zero-variance forecast
checked by hand, reproducibility, the horizon, exact money that adds up, and the edge
cases (AC = 0, PV = 0, no phases, no budget) that must not fail."""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from services.projectfinance.forecasts.domain.forecast import (
    Basis,
    Projection,
    forecast_seed,
    forecast_start,
    month_starts,
    project,
)
from services.projectfinance.forecasts.domain.observed import SIGMA_FLOOR, phase_indices, spread
from services.projectfinance.forecasts.domain.periods import period_months
from services.projectfinance.kernel.work import PhaseWork
from services.runtime.errors import InvalidArgument
from tests.services.projectfinance.support import phase_work

RECORD = uuid.UUID("6f1c2a4e-5b7d-4c3a-9e8f-0a1b2c3d4e5f")
START = datetime(2026, 1, 1, tzinfo=UTC)


def at(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


def phase(
    budget: str, start: datetime, end: datetime, progress: str, actual: str, status: str = "x"
) -> PhaseWork:
    return phase_work(RECORD, budget, actual, progress, start=start, end=end, status=status)


# BAC 1200 at Jan 1: phase A (Nov 1 - Dec 1) 600, done, cost 600: CPI 1, SPI 1. Phase B
# (Dec 2 - Jan 31, 60 days, 30 elapsed) 600, 50 %, cost 300: EV 300 = PV 300 = AC: CPI 1,
# SPI 1. Both phases agree, so the observed spread is 0 and every path is the same.
ON_PLAN = (
    phase("600", at(2025, 11, 1), at(2025, 12, 1), "100", "600", "completed"),
    phase("600", at(2025, 12, 2), at(2026, 1, 31), "50", "300", "in_progress"),
)


def basis(
    phases: tuple[PhaseWork, ...] = ON_PLAN,
    *,
    budget: str = "1200.00",
    total_revenue: str = "2400",
    recognized_revenue: str = "1800",
) -> Basis:
    return Basis(
        record_id=RECORD,
        currency="EUR",
        budget=Decimal(budget),
        phases=phases,
        total_revenue=Decimal(total_revenue),
        recognized_revenue=Decimal(recognized_revenue),
    )


def eur(amount: str) -> Decimal:
    return Decimal(amount).quantize(Decimal("0.01"))


@pytest.mark.parametrize(
    ("period", "months"),
    [("3m", 3), ("6m", 6), ("12m", 12), ("3", 3), ("6", 6), ("12", 12)],
)
def test_every_spelling_of_a_period_is_accepted(period: str, months: int) -> None:
    assert period_months(period) == months


@pytest.mark.parametrize("period", ["", "1m", "24m", "3M", " 3m", "twelve", "12.0"])
def test_a_missing_or_unknown_period_is_a_400_naming_period(period: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        period_months(period)
    assert [v.field for v in caught.value.violations] == ["period"]


def test_the_seed_is_sha256_of_record_and_start_date() -> None:
    digest = hashlib.sha256(f"{RECORD}:2026-01-01".encode()).digest()
    assert forecast_seed(RECORD, START) == int.from_bytes(digest[:8], "big") >> 1
    assert 0 <= forecast_seed(RECORD, START) < 2**63


def test_a_forecast_starts_at_the_beginning_of_its_utc_day() -> None:
    assert forecast_start(datetime(2026, 1, 1, 23, 59, tzinfo=UTC)) == START


def test_zero_variance_on_plan_forecast_is_deterministic_and_checked_by_hand() -> None:
    # Remaining work BAC - EV = 300, the plan's remaining 300 over the 30 days to Jan 31:
    # 10 a day at SPI 1, so it is all earned in January at CPI 1 (cost 300). Revenue
    # not yet recognized 2400 - 1800 = 600, all with that work. EAC = 900 + 300 = BAC.
    shown = project(basis(), 3, START)
    assert [month.month for month in shown.months] == [
        at(2026, 1, 1),
        at(2026, 2, 1),
        at(2026, 3, 1),
    ]
    assert shown.forecast_end_date == at(2026, 4, 1)
    assert [m.projected_cost for m in shown.months] == [eur("300"), eur("0"), eur("0")]
    assert [m.projected_revenue for m in shown.months] == [eur("600"), eur("0"), eur("0")]
    assert [m.projected_profit for m in shown.months] == [eur("300"), eur("0"), eur("0")]
    assert [m.cumulative_cost for m in shown.months] == [eur("1200")] * 3
    assert [m.cumulative_revenue for m in shown.months] == [eur("2400")] * 3
    assert (shown.projected_cost, shown.projected_revenue, shown.projected_profit) == (
        eur("300"),
        eur("600"),
        eur("300"),
    )
    assert shown.completion_probability == Decimal("1.0000")
    assert shown.budget_risk_probability == Decimal("0.0000")
    assert shown.confidence_level == Decimal("1.0000")
    assert (shown.projected_cpi, shown.projected_spi) == (Decimal("1.0000"), Decimal("1.0000"))
    assert shown.period == "3m"


def test_the_remaining_plan_paces_the_work_and_rounded_months_add_up() -> None:
    # BAC 1400 at Jan 1: phase A as above; phase B (Dec 2 - Apr 1, 120 days, 30 elapsed)
    # 800, 25 %, cost 200: EV 200 = PV 200 = AC. Remaining 600 over the 90 days to Apr 1:
    # 6.667 a day. Running totals 206.667, 393.333, 600 round to 206.67, 393.33, 600.00;
    # the months are their steps. The work ends on Apr 1 exactly, the horizon's end.
    slower = (ON_PLAN[0], phase("800", at(2025, 12, 2), at(2026, 4, 1), "25", "200"))
    shown = project(
        basis(slower, budget="1400", total_revenue="0", recognized_revenue="0"), 3, START
    )
    assert [m.projected_cost for m in shown.months] == [eur("206.67"), eur("186.66"), eur("206.67")]
    assert shown.projected_cost == eur("600")
    assert [m.cumulative_cost for m in shown.months] == [
        eur("1006.67"),
        eur("1193.33"),
        eur("1400"),
    ]
    assert shown.completion_probability == Decimal("1.0000")
    assert shown.budget_risk_probability == Decimal("0.0000")


@pytest.mark.parametrize(
    ("months", "end"), [(3, at(2026, 4, 30)), (6, at(2026, 7, 31)), (12, at(2027, 1, 31))]
)
def test_the_horizon_is_honoured_in_calendar_months(months: int, end: datetime) -> None:
    shown = project(basis(), months, at(2026, 1, 31))
    assert len(shown.months) == months
    assert shown.period == f"{months}m"
    assert shown.months[0].month == at(2026, 1, 31)
    assert shown.months[1].month == at(2026, 2, 28)  # clamped to the month's last day
    assert shown.forecast_end_date == end


def test_the_end_date_is_the_start_plus_the_months() -> None:
    assert project(basis(), 3, START).forecast_end_date == at(2026, 4, 1)
    assert project(basis(), 6, START).forecast_end_date == at(2026, 7, 1)
    assert project(basis(), 12, START).forecast_end_date == at(2027, 1, 1)


SPREAD_OUT = (
    phase("400", at(2025, 11, 1), at(2025, 12, 1), "100", "500"),
    phase("600", at(2025, 12, 2), at(2026, 5, 31), "30", "100"),
    phase("500", at(2026, 2, 1), at(2026, 9, 30), "0", "0"),
)


def test_the_same_inputs_give_the_same_forecast() -> None:
    first = project(basis(SPREAD_OUT, budget="1500"), 12, START)
    again = project(basis(SPREAD_OUT, budget="1500"), 12, START)
    assert first == again
    assert 0 < first.budget_risk_probability < 1
    assert first.projected_cost > 0


def test_a_shorter_horizon_shows_the_first_months_of_a_longer_one() -> None:
    short = project(basis(SPREAD_OUT, budget="1500"), 3, START)
    long = project(basis(SPREAD_OUT, budget="1500"), 12, START)
    assert short.months == long.months[:3]
    assert short.budget_risk_probability == long.budget_risk_probability


def test_another_day_draws_other_paths() -> None:
    today = project(basis(SPREAD_OUT, budget="1500"), 12, START)
    tomorrow = project(basis(SPREAD_OUT, budget="1500"), 12, at(2026, 1, 2))
    assert today.months != tomorrow.months


def test_amounts_are_exact_in_minor_units_and_add_up() -> None:
    shown = project(basis(SPREAD_OUT, budget="1500"), 12, START)
    running = Decimal("600.00")  # AC to date
    for month in shown.months:
        for amount in (month.projected_cost, month.projected_revenue, month.cumulative_cost):
            assert amount == amount.quantize(Decimal("0.01"))
        running += month.projected_cost
        assert month.cumulative_cost == running
    assert shown.projected_cost == sum((m.projected_cost for m in shown.months), Decimal(0))
    assert shown.projected_profit == shown.projected_revenue - shown.projected_cost


def test_observed_spread_is_the_sample_deviation_or_the_floor() -> None:
    cpis, spis = phase_indices(SPREAD_OUT, START)
    # Phase C has no cost and was not planned to have begun by Jan 1: no observation.
    assert len(cpis) == 2 and len(spis) == 2
    assert spread([1.0]) == SIGMA_FLOOR
    assert spread([]) == SIGMA_FLOOR
    assert spread([1.0, 1.0]) == 0.0
    assert spread([0.8, 1.2]) == pytest.approx(0.2828427)


def assert_sane(shown: Projection, months: int) -> None:
    assert len(shown.months) == months
    for fraction in (
        shown.budget_risk_probability,
        shown.completion_probability,
        shown.confidence_level,
    ):
        assert Decimal(0) <= fraction <= Decimal(1)


def test_no_actual_cost_does_not_fail() -> None:
    # Work done but no cost entered: CPI is capped, not a division by zero.
    free = (phase("1000", at(2025, 12, 1), at(2026, 3, 1), "40", "0"),)
    assert_sane(project(basis(free, budget="1000", recognized_revenue="0"), 6, START), 6)


def test_no_planned_value_does_not_fail() -> None:
    # Everything planned in the future and nothing done: PV = 0 and EV = 0, SPI 1.
    future = (phase("1000", at(2026, 2, 1), at(2026, 6, 1), "0", "0"),)
    shown = project(basis(future, budget="1000", recognized_revenue="0"), 6, START)
    assert_sane(shown, 6)
    assert shown.projected_cost > 0


def test_no_phases_spread_the_budget_over_the_horizon() -> None:
    shown = project(basis((), budget="1200", total_revenue="0", recognized_revenue="0"), 3, START)
    assert_sane(shown, 3)
    # CPI 1 and SPI 1 at the floor's spread: about the whole budget within the horizon.
    assert Decimal("900") < shown.projected_cost <= Decimal("1200") * 10


def test_no_budget_and_no_work_projects_nothing() -> None:
    shown = project(basis((), budget="0", total_revenue="0", recognized_revenue="0"), 12, START)
    assert shown.projected_cost == Decimal("0.00")
    assert shown.completion_probability == Decimal("1.0000")
    assert shown.budget_risk_probability == Decimal("0.0000")


def test_a_currency_without_minor_units_rounds_to_whole_units() -> None:
    shown = project(
        Basis(RECORD, "JPY", Decimal(150000), SPREAD_OUT, Decimal(0), Decimal(0)), 6, START
    )
    assert all(m.projected_cost == m.projected_cost.to_integral_value() for m in shown.months)


def test_a_phase_without_a_base_measures_no_rate() -> None:
    # Progress recorded with no cost, on a phase planned after Jan 1: its CPI and SPI
    # would only be the cap, so neither is an observation (the floor stands in).
    ahead = (phase("500", at(2026, 2, 1), at(2026, 3, 1), "40", "0"),)
    assert phase_indices(ahead, START) == ([], [])
    assert phase_indices(ON_PLAN, START) == ([1.0, 1.0], [1.0, 1.0])


def test_a_horizon_past_year_9999_is_a_400_naming_as_of() -> None:
    assert month_starts(at(9999, 1, 1), 11)[-1] == at(9999, 12, 1)
    with pytest.raises(InvalidArgument) as caught:
        month_starts(at(9999, 6, 1), 12)
    assert [v.field for v in caught.value.violations] == ["as_of"]
