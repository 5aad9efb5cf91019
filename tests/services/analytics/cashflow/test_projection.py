"""From daily flows to balances (pure): each period's opening, flows, closing and lowest
balance, its amount-weighted confidence, its balance range, and a snapshot's outlook."""

from __future__ import annotations

import itertools
from datetime import date
from decimal import Decimal

from services.analytics.cashflow.projection import Timeline
from tests.services.analytics.cashflow.support import flow, flows_of, month

TODAY = date(2026, 11, 28)  # a Saturday
UNTIL = date(2027, 3, 31)


def _timeline(today: date = TODAY) -> Timeline:
    planned = flows_of(
        today,
        UNTIL,
        flow(date(2026, 11, 29), "-300.00", "recurring", 0.9),
        flow(date(2026, 11, 30), "2000.00", "recurring", 1.0),
        flow(date(2026, 12, 2), "-1500.00", "planned", 1.0),
        flow(date(2026, 12, 15), "-100.00", "discretionary", 0.5),
        months=(
            month(date(2026, 11, 1), "100", "70", "130"),
            month(date(2026, 12, 1), "100", "40", "160"),
            month(date(2027, 1, 1), "0"),
        ),
    )
    return Timeline(planned, Decimal("1000.00"))


def test_the_current_month_is_predicted_from_tomorrow() -> None:
    november = _timeline().prediction("monthly", date(2026, 11, 1))
    assert (november.period_start, november.period_end, november.predicted_from) == (
        date(2026, 11, 1), date(2026, 11, 30), date(2026, 11, 29),
    )  # fmt: skip
    assert (november.opening_balance, november.expected_income, november.expected_expenses) == (
        Decimal("1000.00"), Decimal("2000.00"), Decimal("300.00"),
    )  # fmt: skip
    assert (november.expected_balance, november.net_flow) == (
        Decimal("2700.00"),
        Decimal("1700.00"),
    )
    assert (november.lowest_balance, november.lowest_balance_on) == (
        Decimal("700.00"),
        date(2026, 11, 29),
    )
    assert (november.recurring_income, november.recurring_expenses) == (
        Decimal("2000.00"),
        Decimal("300.00"),
    )
    assert (november.planned_expenses, november.discretionary_expenses) == (Decimal(0), Decimal(0))
    # (300 · 0.9 + 2000 · 1) / 2300
    assert november.confidence == 0.987
    # November's half-width 30, 2 of its 30 days predicted.
    assert (november.balance_low, november.balance_high) == (Decimal("2698.00"), Decimal("2702.00"))


def test_a_later_month_opens_with_the_balance_before_it() -> None:
    december = _timeline().prediction("monthly", date(2026, 12, 1))
    assert december.predicted_from == date(2026, 12, 1)
    assert (december.opening_balance, december.expected_balance) == (
        Decimal("2700.00"),
        Decimal("1100.00"),
    )
    assert (december.planned_expenses, december.discretionary_expenses) == (
        Decimal("1500.00"), Decimal("100.00"),
    )  # fmt: skip
    assert (december.lowest_balance, december.lowest_balance_on) == (
        Decimal("1100.00"),
        date(2026, 12, 15),
    )
    assert december.confidence == 0.9688  # (1500 · 1 + 100 · 0.5) / 1600
    # sqrt(2² + 60²) = 60.03: the months' uncertainties add up.
    assert (december.balance_low, december.balance_high) == (Decimal("1039.97"), Decimal("1160.03"))


def test_a_period_without_flows_has_confidence_zero() -> None:
    january = _timeline().prediction("monthly", date(2027, 1, 1))
    assert (january.opening_balance, january.expected_balance, january.confidence) == (
        Decimal("1100.00"), Decimal("1100.00"), 0.0,
    )  # fmt: skip
    assert (january.lowest_balance, january.lowest_balance_on) == (
        Decimal("1100.00"),
        date(2027, 1, 1),
    )


def test_weeks_and_quarters_come_from_the_same_days() -> None:
    timeline = _timeline()
    week = timeline.prediction("weekly", date(2026, 11, 23))
    assert (week.predicted_from, week.expected_expenses, week.expected_balance) == (
        date(2026, 11, 29), Decimal("300.00"), Decimal("700.00"),
    )  # fmt: skip
    quarter = timeline.prediction("quarterly", date(2026, 10, 1))
    assert (quarter.expected_income, quarter.expected_expenses, quarter.expected_balance) == (
        Decimal("2000.00"), Decimal("1900.00"), Decimal("1100.00"),
    )  # fmt: skip
    assert (quarter.lowest_balance, quarter.lowest_balance_on) == (
        Decimal("700.00"),
        date(2026, 11, 29),
    )
    assert [p.period_start for p in timeline.predictions("quarterly")] == [
        date(2026, 10, 1), date(2027, 1, 1),
    ]  # fmt: skip
    months = timeline.predictions("monthly")
    assert [p.period_start.month for p in months] == [11, 12, 1, 2, 3]
    assert all(a.expected_balance == b.opening_balance for a, b in itertools.pairwise(months))


def test_on_the_last_day_of_a_period_the_current_one_has_nothing_left() -> None:
    week = _timeline(date(2026, 11, 29)).prediction("weekly", date(2026, 11, 23))  # a Sunday
    assert week.predicted_from == date(2026, 11, 30)
    assert (week.opening_balance, week.expected_balance, week.expected_income) == (
        Decimal("1000.00"), Decimal("1000.00"), Decimal(0),
    )  # fmt: skip
    assert (week.lowest_balance, week.lowest_balance_on, week.confidence) == (
        Decimal("1000.00"), date(2026, 11, 29), 0.0,
    )  # fmt: skip


def test_the_outlook_of_a_snapshot() -> None:
    outlook = _timeline().outlook()
    assert [(p.days, p.day, p.balance, p.income, p.expenses) for p in outlook.projections] == [
        (30, date(2026, 12, 28), Decimal("1100.00"), Decimal("2000.00"), Decimal("1900.00")),
        (60, date(2027, 1, 27), Decimal("1100.00"), Decimal("2000.00"), Decimal("1900.00")),
        (90, date(2027, 2, 26), Decimal("1100.00"), Decimal("2000.00"), Decimal("1900.00")),
    ]
    assert (outlook.lowest_balance, outlook.lowest_on) == (Decimal("700.00"), date(2026, 11, 29))
    assert _timeline().daily(3) == [
        (date(2026, 11, 29), Decimal("700.00")),
        (date(2026, 11, 30), Decimal("2700.00")),
        (date(2026, 12, 1), Decimal("2700.00")),
    ]
    assert _timeline().balance_on(TODAY) == Decimal("1000.00")


def test_the_opening_balance_is_kept_to_the_cent() -> None:
    timeline = Timeline(flows_of(TODAY, UNTIL), Decimal("10.005"))
    assert timeline.prediction("monthly", date(2026, 12, 1)).expected_balance == Decimal("10.00")
