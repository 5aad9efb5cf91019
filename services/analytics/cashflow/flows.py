"""The money expected to come in and go out on each day from tomorrow to a horizon
(pure): one implementation that the predictions, the snapshots and the low-balance rule
all read.

Three sources, each implemented once elsewhere in the module and only read here:

recurring
    The recurring series `/api/analytics/recurring/upcoming` predicts from: active
    patterns at least as confident as its threshold, in the user's main currency, each
    on its expected days (recurring.domain.expected_dates) with its typical signed
    amount (credits are income, debits expenses), weighted by the pattern's confidence.
    An expected day that is today or already past (the occurrence is late, the series is
    still active) counts tomorrow.
planned
    The unpaid occurrences of the planned expenses (planned_expenses.schedule) on their
    due dates, confidence 1. An occurrence due today or earlier (overdue) counts
    tomorrow. Planned expenses carry no currency: they are in the user's main currency.
discretionary
    The forecast (statistics.forecasting through forecasts.domain, season 12) of the
    monthly spending that is not recurring: each month's expenses minus the recurring
    series' expenses that month. Each future month's mean is spread evenly over its
    days to the cent (the leftover cents on its first days); the current month counts
    only its days from tomorrow. A month's confidence is
    max(0, 1 - (upper80 - lower80) / (2 · mean)); without a complete month of history
    there is no discretionary spending, with confidence 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Literal

from services.analytics.cashflow.domain import money
from services.analytics.cashflow.periods import days_in_month
from services.analytics.forecasts import domain as forecasts
from services.analytics.planned_expenses.domain import PlannedExpense
from services.analytics.planned_expenses.schedule import occurrences
from services.analytics.recurring.domain import (
    UPCOMING_CONFIDENCE,
    StoredPattern,
    expected_dates,
)
from services.analytics.rollups.domain import MonthTotal, add_months, month_start

Source = Literal["recurring", "planned", "discretionary"]

# Months of history the discretionary forecast reads at most: older habits say little
# about next month, and the computation stays bounded on a decades-long history.
HISTORY_MONTHS = 60
_CENT = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class Flow:
    day: date
    amount: Decimal  # signed, cents: positive in, negative out
    source: Source
    confidence: float  # 0-1


@dataclass(frozen=True, slots=True)
class DiscretionaryMonth:
    """A month's forecast discretionary spending (positive) and its 80% interval."""

    month: date  # its first day
    mean: Decimal
    lower80: Decimal
    upper80: Decimal
    # False when there was no history to forecast from (confidence 0).
    forecast: bool = True

    @property
    def half_width(self) -> Decimal:
        return (self.upper80 - self.lower80) / 2

    @property
    def confidence(self) -> float:
        if not self.forecast:
            return 0.0
        spread = self.upper80 - self.lower80
        if self.mean == 0:
            return 1.0 if spread == 0 else 0.0
        return max(0.0, 1.0 - float(spread / (2 * self.mean)))


@dataclass(frozen=True, slots=True)
class Flows:
    """Everything expected from tomorrow to `until`, and the discretionary months it
    was spread from (their intervals give the balance ranges)."""

    today: date
    until: date
    items: tuple[Flow, ...]  # by day
    months: tuple[DiscretionaryMonth, ...]

    @property
    def tomorrow(self) -> date:
        return self.today + timedelta(days=1)


def flows(
    *,
    today: date,
    until: date,
    patterns: Iterable[StoredPattern],
    currency: str,
    expenses: Iterable[PlannedExpense],
    months: Sequence[DiscretionaryMonth],
) -> Flows:
    items = [
        *recurring_flows(patterns, currency, today, until),
        *planned_flows(expenses, today, until),
        *discretionary_flows(months, today, until),
    ]
    items.sort(key=lambda f: f.day)
    return Flows(today, until, tuple(items), tuple(months))


def predicting(patterns: Iterable[StoredPattern], today: date) -> list[StoredPattern]:
    """The patterns that predict transactions: upcoming's set (active, confident)."""
    return [p for p in patterns if p.confidence >= UPCOMING_CONFIDENCE and p.is_active(today)]


def recurring_flows(
    patterns: Iterable[StoredPattern], currency: str, today: date, until: date
) -> list[Flow]:
    tomorrow = today + timedelta(days=1)
    return [
        Flow(max(day, tomorrow), money(p.typical_amount), "recurring", p.confidence)
        for p in predicting(patterns, today)
        if p.currency == currency
        for day in expected_dates(p, until)
    ]


def planned_flows(expenses: Iterable[PlannedExpense], today: date, until: date) -> list[Flow]:
    tomorrow = today + timedelta(days=1)
    return [
        Flow(max(due, tomorrow), -expense.amount, "planned", 1.0)
        for expense in expenses
        for _, due in occurrences(expense, expense.rule(), date.min, until)
    ]


def discretionary_flows(
    months: Iterable[DiscretionaryMonth], today: date, until: date
) -> list[Flow]:
    found: list[Flow] = []
    tomorrow = today + timedelta(days=1)
    for month in months:
        for day, amount in spread(month.mean, month.month):
            if tomorrow <= day <= until and amount:
                found.append(Flow(day, -amount, "discretionary", month.confidence))
    return found


def spread(amount: Decimal, month: date) -> list[tuple[date, Decimal]]:
    """`amount` (cents) over the month's days evenly, to the cent: the days sum to it."""
    days = days_in_month(month)
    cents = int(money(amount) / _CENT)
    share, extra = divmod(cents, days)
    return [
        (month + timedelta(days=n), Decimal(share + (1 if n < extra else 0)) * _CENT)
        for n in range(days)
    ]


def covered_share(month: date, first: date, last: date) -> Decimal:
    """The share of the month's days inside `first` .. `last` (0-1)."""
    start = max(month, first)
    end = min(add_months(month, 1) - timedelta(days=1), last)
    if end < start:
        return Decimal(0)
    return Decimal((end - start).days + 1) / days_in_month(month)


# -- the discretionary forecast ----------------------------------------------------------------


def discretionary_history(
    monthly: Sequence[MonthTotal], recurring: Mapping[date, Decimal]
) -> list[MonthTotal]:
    """Each month's expenses minus the recurring series' expenses that month (never
    below zero), as month totals the forecasts' history reads."""
    return [
        MonthTotal(month=t.month, expenses=max(Decimal(0), t.expenses - recurring.get(t.month, 0)))
        for t in monthly
    ]


def discretionary_months(
    history: Sequence[MonthTotal], first_month: date | None, today: date, until: date
) -> tuple[DiscretionaryMonth, ...]:
    """The forecast of every month from the current one to `until`'s, from the complete
    months of `history` (at most HISTORY_MONTHS of them)."""
    current = month_start(today)
    count = (until.year - current.year) * 12 + until.month - current.month + 1
    oldest = add_months(current, -HISTORY_MONTHS)
    start = None if first_month is None else max(first_month, oldest)
    past = forecasts.history_of(history, start, today, "monthly")
    if not past.values:
        return tuple(
            DiscretionaryMonth(add_months(current, n), Decimal(0), Decimal(0), Decimal(0), False)
            for n in range(count)
        )
    computed = forecasts.compute(past, "monthly", count)
    return tuple(
        DiscretionaryMonth(
            add_months(computed.first_period, n), point.amount, point.lower80, point.upper80
        )
        for n, point in enumerate(computed.points)
    )
