"""The daily flows (pure): which recurring series and planned expenses count and on which
day, the discretionary forecast spread to the cent, and its confidence."""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal

from services.analytics.cashflow import flows
from services.analytics.cashflow.flows import DiscretionaryMonth
from services.analytics.rollups.domain import MonthTotal
from tests.services.analytics.cashflow.support import TODAY, a_pattern, month
from tests.services.analytics.planned_expenses.support import expense

UNTIL = date(2027, 1, 31)


def test_recurring_flows_come_from_upcomings_patterns_on_their_days() -> None:
    netflix = a_pattern()
    salary = a_pattern(
        merchant_name="Acme", direction="credit", typical_amount=Decimal("3710.00"),
        rrule="FREQ=MONTHLY;BYMONTHDAY=25", next_expected=date(2026, 11, 25), confidence=1.0,
    )  # fmt: skip
    unsure = a_pattern(confidence=0.79)
    stopped = a_pattern(active=False)
    dollars = a_pattern(currency="USD")
    found = flows.recurring_flows([netflix, salary, unsure, stopped, dollars], "EUR", TODAY, UNTIL)
    assert sorted((f.day, f.amount, f.confidence) for f in found) == [
        (date(2026, 11, 8), Decimal("-11.99"), 0.95),
        (date(2026, 11, 25), Decimal("3710.00"), 1.0),
        (date(2026, 12, 8), Decimal("-11.99"), 0.95),
        (date(2026, 12, 25), Decimal("3710.00"), 1.0),
        (date(2027, 1, 8), Decimal("-11.99"), 0.95),
        (date(2027, 1, 25), Decimal("3710.00"), 1.0),
    ]
    assert {f.source for f in found} == {"recurring"}
    assert flows.predicting([netflix, unsure, stopped], TODAY) == [netflix]


def test_a_late_recurring_occurrence_counts_tomorrow() -> None:
    rent = a_pattern(
        typical_amount=Decimal("-1270.00"), rrule="FREQ=MONTHLY;BYMONTHDAY=28",
        next_expected=date(2026, 10, 28), window_days=5,
    )  # fmt: skip
    days = [f.day for f in flows.recurring_flows([rent], "EUR", TODAY, date(2026, 12, 31))]
    assert days == [date(2026, 11, 2), date(2026, 11, 28), date(2026, 12, 28)]


def test_planned_occurrences_fall_on_their_due_dates_overdue_ones_tomorrow() -> None:
    overdue = expense(due=date(2026, 10, 20), amount="50.00")
    today = expense(due=TODAY, amount="5.00")
    monthly = expense(due=date(2026, 11, 15), amount="100.00", rule="FREQ=MONTHLY;COUNT=2")
    later = expense(due=date(2027, 3, 1), amount="999.00")
    paid = expense(due=date(2026, 12, 1), is_paid=True)
    found = flows.planned_flows([overdue, today, monthly, later, paid], TODAY, UNTIL)
    assert sorted((f.day, f.amount) for f in found) == [
        (date(2026, 11, 2), Decimal("-50.00")),
        (date(2026, 11, 2), Decimal("-5.00")),
        (date(2026, 11, 15), Decimal("-100.00")),
        (date(2026, 12, 15), Decimal("-100.00")),
    ]
    assert {(f.source, f.confidence) for f in found} == {("planned", 1.0)}


def test_a_month_is_spread_evenly_to_the_cent() -> None:
    days = flows.spread(Decimal("100.00"), date(2026, 11, 1))
    assert len(days) == 30 and sum(a for _, a in days) == Decimal("100.00")
    assert [a for _, a in days[:11]] == [Decimal("3.34")] * 10 + [Decimal("3.33")]
    assert flows.spread(Decimal("0.00"), date(2027, 2, 1)) == [
        (date(2027, 2, d), Decimal("0.00")) for d in range(1, 29)
    ]


def test_discretionary_flows_count_the_current_month_from_tomorrow() -> None:
    months = [month(date(2026, 11, 1), "300.00"), month(date(2026, 12, 1), "310.00")]
    found = flows.discretionary_flows(months, TODAY, date(2026, 12, 31))
    november = [f for f in found if f.day.month == 11]
    assert len(november) == 29 and november[0].day == date(2026, 11, 2)
    assert sum(f.amount for f in november) == Decimal("-290.00")  # 29 of 30 days at 10.00
    assert sum(f.amount for f in found if f.day.month == 12) == Decimal("-310.00")
    assert {f.source for f in found} == {"discretionary"}


def test_a_months_confidence_from_its_interval() -> None:
    assert month(date(2026, 11, 1), "100", "80", "120").confidence == 0.8
    assert month(date(2026, 11, 1), "100", "0", "300").confidence == 0.0  # never negative
    assert month(date(2026, 11, 1), "0", "0", "50").confidence == 0.0
    assert month(date(2026, 11, 1), "0").confidence == 1.0  # a certain zero
    unknown = dataclasses.replace(month(date(2026, 11, 1), "0"), forecast=False)
    assert unknown.confidence == 0.0
    assert month(date(2026, 11, 1), "100", "80", "130").half_width == Decimal("25")


def test_the_discretionary_history_leaves_the_recurring_expenses_out() -> None:
    history = [
        MonthTotal(month=date(2026, 9, 1), income=Decimal(4000), expenses=Decimal("3000.00")),
        MonthTotal(month=date(2026, 10, 1), expenses=Decimal("100.00")),
    ]
    recurring = {date(2026, 9, 1): Decimal("1800.00"), date(2026, 10, 1): Decimal("250.00")}
    assert [
        (t.month, t.expenses, t.income) for t in flows.discretionary_history(history, recurring)
    ] == [
        (date(2026, 9, 1), Decimal("1200.00"), Decimal(0)),
        (date(2026, 10, 1), Decimal(0), Decimal(0)),
    ]


def test_without_history_there_is_no_discretionary_spending_and_no_confidence() -> None:
    months = flows.discretionary_months([], None, TODAY, date(2027, 1, 31))
    assert [m.month for m in months] == [date(2026, 11, 1), date(2026, 12, 1), date(2027, 1, 1)]
    assert {(m.mean, m.confidence) for m in months} == {(Decimal(0), 0.0)}


def test_a_steady_history_forecasts_its_level() -> None:
    history = [
        MonthTotal(month=date(2025, 11 + n, 1) if n < 2 else date(2026, n - 1, 1),
                   expenses=Decimal("500.00"))
        for n in range(12)
    ]  # fmt: skip
    months = flows.discretionary_months(history, history[0].month, TODAY, date(2027, 4, 30))
    assert len(months) == 6 and months[0].month == date(2026, 11, 1)
    assert all(m.mean == Decimal("500.00") for m in months)
    assert all(m.confidence == 1.0 for m in months)


def test_the_forecast_reads_at_most_five_years() -> None:
    old = [MonthTotal(month=date(2010, 1, 1), expenses=Decimal("99999.00"))]
    recent = [MonthTotal(month=date(2026, 10, 1), expenses=Decimal("100.00"))]
    months = flows.discretionary_months(old + recent, date(2010, 1, 1), TODAY, date(2026, 11, 30))
    assert months[0].mean < Decimal("10000")


def test_covered_share() -> None:
    november = date(2026, 11, 1)
    assert flows.covered_share(november, date(2026, 11, 2), date(2026, 11, 30)) == Decimal(29) / 30
    assert flows.covered_share(november, date(2026, 12, 1), date(2026, 12, 31)) == 0
    assert flows.covered_share(november, date(2026, 10, 1), date(2027, 1, 1)) == 1


def test_all_flows_together_by_day() -> None:
    found = flows.flows(
        today=TODAY,
        until=date(2026, 11, 30),
        patterns=[a_pattern()],
        currency="EUR",
        expenses=[expense(due=date(2026, 11, 3), amount="20.00")],
        months=(DiscretionaryMonth(date(2026, 11, 1), Decimal("30.00"), Decimal(0), Decimal(60)),),
    )
    assert [f.day for f in found.items] == sorted(f.day for f in found.items)
    assert found.tomorrow == date(2026, 11, 2)
    assert {f.source for f in found.items} == {"recurring", "planned", "discretionary"}
    assert sum(f.amount for f in found.items) == Decimal("-11.99") - 20 - 29
