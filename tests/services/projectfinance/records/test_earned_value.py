"""Earned value (records/domain/earned_value.py) against hand-computed fixtures, and
every division by zero it defines."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.records.domain.earned_value import (
    INDEX_CAP,
    earned_value,
    performance_index,
)
from tests.services.projectfinance.support import phase_work

RECORD = uuid.uuid4()
JAN_1 = datetime(2026, 1, 1, tzinfo=UTC)


def phase(
    budget: str,
    progress: str,
    actual: str,
    *,
    start: datetime = JAN_1,
    days: int = 10,
    status: str = "in_progress",
) -> PhaseWork:
    end = start + timedelta(days=days)
    return phase_work(RECORD, budget, actual, progress, start=start, end=end, status=status)


def test_a_record_behind_schedule_and_over_cost() -> None:
    # BAC 1000. Phase 1 (Jan 1-11): 400, done, cost 500. Phase 2 (Jan 11-21): 600, 25 %,
    # cost 100. A cancelled phase counts for nothing. As of Jan 16: phase 1 wholly
    # planned (400), phase 2 half (300).
    phases = [
        phase("400", "100", "500", status="completed"),
        phase("600", "25", "100", start=JAN_1 + timedelta(days=10)),
        phase("999", "50", "77", status="cancelled"),
    ]
    evm = earned_value(Decimal(1000), phases, JAN_1 + timedelta(days=15))

    assert evm.earned_value == Decimal(550)  # 400 + 600 * 0.25
    assert evm.planned_value == Decimal(700)  # 400 + 600 * 0.5
    assert evm.actual_cost == Decimal(600)
    assert evm.cost_variance == Decimal(-50)
    assert evm.schedule_variance == Decimal(-150)
    assert evm.cost_performance_index == Decimal("0.9167")  # 550 / 600
    assert evm.schedule_performance_index == Decimal("0.7857")  # 550 / 700
    # BAC / CPI = 1000 / 0.9167
    assert evm.estimate_at_completion.quantize(Decimal("0.0001")) == Decimal("1090.8694")
    # AC + (BAC - EV) / (CPI * SPI) = 600 + 450 / (0.9167 * 0.7857)
    assert evm.composite_estimate_at_completion.quantize(Decimal("0.0001")) == Decimal("1224.7820")
    assert evm.estimate_to_complete == evm.estimate_at_completion - Decimal(600)
    assert evm.variance_at_completion == Decimal(1000) - evm.estimate_at_completion
    assert evm.to_complete_performance_index == Decimal("1.1250")  # 450 / 400


def test_nothing_spent_nothing_earned_nothing_planned_is_on_plan() -> None:
    # AC = 0 and EV = 0: CPI 1; PV = 0 (before the start) and EV = 0: SPI 1.
    evm = earned_value(Decimal(1000), [phase("1000", "0", "0")], JAN_1 - timedelta(days=1))
    assert evm.planned_value == 0
    assert evm.cost_performance_index == Decimal("1.0000")
    assert evm.schedule_performance_index == Decimal("1.0000")
    assert evm.estimate_at_completion == Decimal(1000)
    assert evm.composite_estimate_at_completion == Decimal(1000)
    assert evm.estimate_to_complete == Decimal(1000)
    assert evm.variance_at_completion == 0
    assert evm.to_complete_performance_index == Decimal("1.0000")


def test_value_earned_for_nothing_caps_cpi() -> None:
    # AC = 0, EV = 500: CPI is capped; EAC = 1000 / 9.9999.
    evm = earned_value(Decimal(1000), [phase("1000", "50", "0")], JAN_1 + timedelta(days=5))
    assert evm.cost_performance_index == INDEX_CAP
    assert evm.schedule_performance_index == Decimal("1.0000")  # 500 / 500
    assert evm.estimate_at_completion.quantize(Decimal("0.0001")) == Decimal("100.0010")


def test_work_done_before_any_plan_caps_spi() -> None:
    # PV = 0 (as of before the planned start), EV = 100: SPI is capped.
    evm = earned_value(Decimal(1000), [phase("1000", "10", "100")], JAN_1 - timedelta(days=1))
    assert evm.planned_value == 0
    assert evm.schedule_performance_index == INDEX_CAP
    assert evm.cost_performance_index == Decimal("1.0000")
    assert evm.schedule_variance == Decimal(100)


def test_money_spent_for_nothing_estimates_the_rest_at_plan_cost() -> None:
    # EV = 0, AC = 200: CPI 0, so EAC = AC + (BAC - EV) = 1200 (composite too).
    evm = earned_value(Decimal(1000), [phase("1000", "0", "200")], JAN_1 + timedelta(days=5))
    assert evm.cost_performance_index == Decimal("0.0000")
    assert evm.schedule_performance_index == Decimal("0.0000")
    assert evm.estimate_at_completion == Decimal(1200)
    assert evm.composite_estimate_at_completion == Decimal(1200)
    assert evm.estimate_to_complete == Decimal(1000)
    assert evm.variance_at_completion == Decimal(-200)


def test_tcpi_is_undefined_when_the_budget_is_spent() -> None:
    # BAC = AC: no budget left to earn the remaining value with.
    evm = earned_value(Decimal(1000), [phase("1000", "80", "1000")], JAN_1 + timedelta(days=20))
    assert evm.to_complete_performance_index is None
    assert evm.cost_performance_index == Decimal("0.8000")


def test_a_record_without_phases() -> None:
    evm = earned_value(Decimal(0), [], JAN_1)
    assert (evm.earned_value, evm.planned_value, evm.actual_cost) == (Decimal(0),) * 3
    assert evm.cost_performance_index == evm.schedule_performance_index == Decimal("1.0000")
    assert evm.estimate_at_completion == 0
    assert evm.to_complete_performance_index is None


def test_planned_value_is_clamped_after_the_plan_and_counts_instant_phases() -> None:
    phases = [phase("300", "0", "0"), phase("200", "0", "0", start=JAN_1, days=0)]
    assert earned_value(Decimal(500), phases, JAN_1 + timedelta(days=99)).planned_value == 500
    assert earned_value(Decimal(500), phases, JAN_1).planned_value == 200


@pytest.mark.parametrize(
    ("earned", "base", "index"),
    [
        ("0", "0", "1.0000"),
        ("5", "0", "9.9999"),
        ("0", "5", "0.0000"),
        ("2", "3", "0.6667"),
        ("1000", "1", "9.9999"),
    ],
)
def test_performance_index(earned: str, base: str, index: str) -> None:
    assert performance_index(Decimal(earned), Decimal(base)) == Decimal(index)
