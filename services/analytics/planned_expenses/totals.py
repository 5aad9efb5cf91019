"""The statistics of a user's planned expenses (pure), exact to the cent.

Unpaid figures are planned amounts, paid ones what was actually paid:

- `unpaid`: the expenses whose current occurrence is unpaid (one occurrence each);
- `paid`: every payment recorded;
- `overdue`: unpaid occurrences before today, a recurring series' missed later dates
  included;
- `upcoming`: unpaid occurrences from today to today + 30 days;
- by category (the expense's current category; payments count under it too);
- `planned_by_month`: unpaid occurrences from today to the end of the 11th month after
  this one, by the month they fall due (12 months, this one first);
- `paid_by_month`: payments by the month of their paid date, the 11 months before this
  one and this one (oldest first).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Final

from services.analytics.fields import FIRST_DAY
from services.analytics.planned_expenses.domain import PlannedExpense
from services.analytics.planned_expenses.schedule import occurrences
from services.analytics.rollups.domain import add_months, month_end, month_start

UPCOMING_DAYS: Final = 30
MONTHS: Final = 12
ZERO: Final = Decimal("0.00")


@dataclass(frozen=True, slots=True)
class Tally:
    """How many, and their total."""

    count: int = 0
    amount: Decimal = ZERO

    def plus(self, amount: Decimal) -> Tally:
        return Tally(self.count + 1, self.amount + amount)


@dataclass(frozen=True, slots=True)
class PaidFact:
    """A payment as the statistics read it."""

    category_id: uuid.UUID | None
    paid_date: date
    actual_amount: Decimal


@dataclass(frozen=True, slots=True)
class CategoryTotals:
    category_id: uuid.UUID | None
    expense_count: int
    unpaid: Tally
    paid: Tally


@dataclass(frozen=True, slots=True)
class MonthTotals:
    # The first day of the month.
    month: date
    total: Tally


@dataclass(frozen=True, slots=True)
class Statistics:
    as_of: date
    expense_count: int
    recurring_count: int
    paid: Tally
    unpaid: Tally
    overdue: Tally
    upcoming: Tally
    by_category: list[CategoryTotals]
    planned_by_month: list[MonthTotals]
    paid_by_month: list[MonthTotals]


def statistics(
    expenses: Sequence[PlannedExpense], payments: Iterable[PaidFact], today: date
) -> Statistics:
    payments = list(payments)
    this_month = month_start(today)
    planned_months = [add_months(this_month, i) for i in range(MONTHS)]
    paid_months = [add_months(this_month, i - MONTHS + 1) for i in range(MONTHS)]
    horizon = today + timedelta(days=UPCOMING_DAYS)
    # Every unpaid occurrence up to the last month planned, each series followed once.
    dated = [
        (due, e.amount)
        for e in expenses
        for _, due in occurrences(e, e.rule(), FIRST_DAY, month_end(planned_months[-1]))
    ]
    return Statistics(
        as_of=today,
        expense_count=len(expenses),
        recurring_count=sum(e.is_recurring for e in expenses),
        paid=_tally(p.actual_amount for p in payments),
        unpaid=_tally(e.amount for e in expenses if not e.is_paid),
        overdue=_tally(amount for due, amount in dated if due < today),
        upcoming=_tally(amount for due, amount in dated if today <= due <= horizon),
        by_category=_by_category(expenses, payments),
        planned_by_month=_months(planned_months, ((d, a) for d, a in dated if d >= today)),
        paid_by_month=_months(paid_months, ((p.paid_date, p.actual_amount) for p in payments)),
    )


def _tally(amounts: Iterable[Decimal]) -> Tally:
    tally = Tally()
    for amount in amounts:
        tally = tally.plus(amount)
    return tally


def _by_category(
    expenses: Sequence[PlannedExpense], payments: Sequence[PaidFact]
) -> list[CategoryTotals]:
    counts: dict[uuid.UUID | None, int] = defaultdict(int)
    unpaid: dict[uuid.UUID | None, Tally] = defaultdict(Tally)
    paid: dict[uuid.UUID | None, Tally] = defaultdict(Tally)
    for expense in expenses:
        counts[expense.category_id] += 1
        if not expense.is_paid:
            unpaid[expense.category_id] = unpaid[expense.category_id].plus(expense.amount)
    for payment in payments:
        paid[payment.category_id] = paid[payment.category_id].plus(payment.actual_amount)
    # Uncategorized first, then by id: a stable order a client can merge with its
    # category list.
    order = sorted(counts, key=lambda c: "" if c is None else c.hex)
    return [CategoryTotals(c, counts[c], unpaid[c], paid[c]) for c in order]


def _months(months: Sequence[date], dated: Iterable[tuple[date, Decimal]]) -> list[MonthTotals]:
    totals: dict[date, Tally] = dict.fromkeys(months, Tally())
    for day, amount in dated:
        month = month_start(day)
        if month in totals:
            totals[month] = totals[month].plus(amount)
    return [MonthTotals(m, totals[m]) for m in months]
