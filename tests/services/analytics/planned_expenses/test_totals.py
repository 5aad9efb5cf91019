"""The statistics (pure), exact to the cent: paid and unpaid, overdue with a series'
missed dates, the next 30 days, by category and by month."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import date
from decimal import Decimal

from services.analytics.planned_expenses.totals import (
    CategoryTotals,
    MonthTotals,
    PaidFact,
    Tally,
    statistics,
)
from tests.services.analytics.planned_expenses.support import TODAY, expense

FOOD, HOME = uuid.UUID(int=10), uuid.UUID(int=20)


def _tally(count: int, amount: str) -> Tally:
    return Tally(count, Decimal(amount))


def test_nothing_planned() -> None:
    figures = statistics([], [], TODAY)
    assert (figures.expense_count, figures.paid, figures.unpaid, figures.overdue) == (
        0, Tally(), Tally(), Tally()
    )  # fmt: skip
    assert figures.by_category == []
    assert [m.month for m in figures.planned_by_month] == [
        date(2026, 11, 1), date(2026, 12, 1), *(date(2027, m, 1) for m in range(1, 11))
    ]  # fmt: skip
    assert [m.month for m in figures.paid_by_month] == [
        date(2025, 12, 1), *(date(2026, m, 1) for m in range(1, 12))
    ]  # fmt: skip
    assert all(m.total == Tally() for m in figures.planned_by_month + figures.paid_by_month)
    assert str(figures.paid.amount) == "0.00"


def test_every_figure_of_a_small_plan() -> None:
    # Today is 2026-11-10.
    weekly = expense(  # overdue since 10-27: 10-27, 11-03 missed; 11-10 ... upcoming
        due=date(2026, 10, 27), amount="0.10", rule="FREQ=WEEKLY;COUNT=8", category_id=FOOD
    )
    rent = expense(due=date(2026, 12, 1), amount="950.00", category_id=HOME)
    old = expense(due=date(2026, 9, 1), amount="33.33", category_id=HOME)  # overdue
    paid = expense(due=date(2026, 10, 1), amount="20.00", is_paid=True)
    payments = [
        PaidFact(None, date(2026, 10, 2), Decimal("19.99")),
        PaidFact(FOOD, date(2026, 10, 20), Decimal("0.10")),
        PaidFact(FOOD, date(2025, 11, 30), Decimal("0.01")),  # before the 12 months
        PaidFact(HOME, date(2025, 12, 1), Decimal("0.07")),
    ]
    figures = statistics([weekly, rent, old, paid], payments, TODAY)
    assert (figures.expense_count, figures.recurring_count) == (4, 1)
    assert figures.paid == _tally(4, "20.17")
    assert figures.unpaid == _tally(3, "983.43")
    # 33.33 plus the series' two missed weeks.
    assert figures.overdue == _tally(3, "33.53")
    # 11-10, 11-17, 11-24, 12-01, 12-08 (the 6th to 7th of 8) and the rent on 12-01;
    # 12-15 is the 8th and last, after the 30 days.
    assert figures.upcoming == _tally(6, "950.50")
    assert figures.by_category == [
        CategoryTotals(None, 1, Tally(), _tally(1, "19.99")),
        CategoryTotals(FOOD, 1, _tally(1, "0.10"), _tally(2, "0.11")),
        CategoryTotals(HOME, 2, _tally(2, "983.33"), _tally(1, "0.07")),
    ]
    planned = {m.month: m.total for m in figures.planned_by_month}
    assert planned[date(2026, 11, 1)] == _tally(3, "0.30")
    assert planned[date(2026, 12, 1)] == _tally(4, "950.30")
    assert sum(t.count for t in planned.values()) == 7
    paid_months = {m.month: m.total for m in figures.paid_by_month}
    assert paid_months[date(2026, 10, 1)] == _tally(2, "20.09")
    assert paid_months[date(2025, 12, 1)] == _tally(1, "0.07")
    assert date(2025, 11, 1) not in paid_months


def test_cents_add_up_exactly() -> None:
    # 0.1 + 0.2 is not 0.3 in floats; 1000 payments of 0.01 are exactly 10.00.
    payments = [PaidFact(None, TODAY, Decimal("0.01")) for _ in range(1000)]
    payments += [PaidFact(None, TODAY, Decimal("0.10")), PaidFact(None, TODAY, Decimal("0.20"))]
    figures = statistics([], payments, TODAY)
    assert str(figures.paid.amount) == "10.30"
    assert figures.paid_by_month[-1] == MonthTotals(date(2026, 11, 1), _tally(1002, "10.30"))


def test_a_year_of_a_monthly_series_is_planned_month_by_month() -> None:
    monthly = expense(due=date(2026, 11, 30), amount="12.34", rule="FREQ=MONTHLY;BYMONTHDAY=-1")
    figures = statistics([monthly], [], TODAY)
    assert [m.total for m in figures.planned_by_month] == [_tally(1, "12.34")] * 12
    assert figures.upcoming == _tally(1, "12.34")
    assert figures.unpaid == _tally(1, "12.34")


def test_a_paid_series_plans_nothing() -> None:
    done = dataclasses.replace(expense(rule="FREQ=MONTHLY;COUNT=1"), is_paid=True)
    figures = statistics([done], [], TODAY)
    assert figures.unpaid == Tally() and figures.upcoming == Tally()
    assert figures.by_category == [CategoryTotals(None, 1, Tally(), Tally())]
