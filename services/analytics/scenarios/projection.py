"""A scenario's monthly projection (pure): when each item occurs, what each occurrence
amounts to after growth, and the months' totals and summary.

Money is counted in whole cents as Python integers from the item's amount on: sums,
differences and growth are exact whatever their size, and a `Decimal` context's
28-digit precision never rounds a total. Each occurrence is rounded to the cent once,
half up; nothing else rounds except the average, half away from zero.

Occurrences (docs/scenarios.md): on startDate, then every 7 days (weekly), 14 days
(biweekly), or each 1, 3 or 12 months (monthly, quarterly, yearly) on startDate's day,
the month's last day when it has fewer days (each date counted from startDate, so
January 31 gives February 28, then March 31); once: on startDate only. Never after
endDate nor after the horizon's last day; dates before baseMonth are not counted.

Growth: an occurrence k full years after startDate amounts to amount * (1 + growthRate)^k.
A year is full on startDate's anniversary (February 28 for a February 29 start in a
common year), so growth steps once a year, not every occurrence.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Final, Protocol

from services.analytics.scenarios.domain import Frequency, ItemType

Cents = int

_STEP_DAYS: Final[dict[str, int]] = {"weekly": 7, "biweekly": 14}
_STEP_MONTHS: Final[dict[str, int]] = {"monthly": 1, "quarterly": 3, "yearly": 12}
# growthRate has at most 4 places: (1 + growthRate) * 10^4 is a whole number.
_RATE_SCALE: Final = 10_000


class Flow(Protocol):
    """An item as the projection reads it (domain.ScenarioItem, domain.ItemValues)."""

    @property
    def amount(self) -> Decimal: ...
    @property
    def item_type(self) -> ItemType: ...
    @property
    def frequency(self) -> Frequency: ...
    @property
    def start_date(self) -> date: ...
    @property
    def end_date(self) -> date | None: ...
    @property
    def growth_rate(self) -> Decimal: ...


@dataclass(frozen=True, slots=True)
class MonthFigures:
    month: date
    income: Cents
    expenses: Cents
    # Sum of the nets up to and including this month, from 0.
    balance: Cents

    @property
    def net(self) -> Cents:
        return self.income - self.expenses


@dataclass(frozen=True, slots=True)
class Summary:
    total_income: Cents
    total_expenses: Cents
    total_net: Cents
    ending_balance: Cents
    average_monthly_net: Cents
    lowest_balance: Cents
    # The first month with the lowest balance.
    lowest_balance_month: date
    # Months whose net is below zero.
    months_negative: int
    # Months whose cumulative balance is below zero.
    months_below_zero: int


@dataclass(frozen=True, slots=True)
class Projection:
    months: tuple[MonthFigures, ...]
    summary: Summary


# -- calendar --------------------------------------------------------------------------


def add_months(day: date, months: int) -> date:
    """`day` moved by whole months, on the same day or the target month's last day."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def month_index(day: date) -> int:
    return day.year * 12 + day.month - 1


def horizon_end(base_month: date, duration: int) -> date:
    """The last day of the scenario's last month."""
    return add_months(base_month, duration) - timedelta(days=1)


# -- occurrences -----------------------------------------------------------------------


def occurrences(item: Flow, first: date, last: date) -> Iterator[date]:
    """The item's dates from `first` to `last` (inclusive) and not after its endDate, in
    order. Skips straight to `first`: an item that started decades earlier costs no
    more than one that starts now."""
    start = item.start_date
    stop = last if item.end_date is None else min(last, item.end_date)
    if item.frequency == "once":
        if first <= start <= stop:
            yield start
        return
    if item.frequency in _STEP_DAYS:
        step = _STEP_DAYS[item.frequency]
        skipped = max(0, -(-(first - start).days // step))  # steps before `first`, rounded up
        day = start + timedelta(days=skipped * step)
        while day <= stop:
            yield day
            day += timedelta(days=step)
        return
    step = _STEP_MONTHS[item.frequency]
    # Each date from startDate itself (never from the previous, clamped one). A month
    # index at or after `first`'s holds only days on or after it (`first` is a month's
    # first day, or the item starts later).
    behind = month_index(first) - month_index(start)
    n = max(0, -(-behind // step))
    while (day := add_months(start, n * step)) <= stop:
        if day >= first:
            yield day
        n += 1


def full_years(start: date, day: date) -> int:
    """Anniversaries of `start` from the day after it up to `day` inclusive."""
    anniversary = (start.month, min(start.day, calendar.monthrange(day.year, start.month)[1]))
    return day.year - start.year - ((day.month, day.day) < anniversary)


class _Grown:
    """An item's occurrence amounts by full years since its start, in cents, computed
    once per year count: amount * (1 + rate)^k, exactly, then rounded half up."""

    def __init__(self, item: Flow) -> None:
        self._cents = int(item.amount.scaleb(2))
        self._base = int((1 + item.growth_rate).scaleb(4))
        self._by_years: dict[int, Cents] = {}

    def at(self, years: int) -> Cents:
        found = self._by_years.get(years)
        if found is None:
            found = self._by_years[years] = _half_up(
                self._cents * self._base**years, _RATE_SCALE**years
            )
        return found


def _half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole, halves away from zero."""
    quotient = (2 * abs(numerator) + denominator) // (2 * denominator)
    return quotient if numerator >= 0 else -quotient


def occurrence_amounts(item: Flow, first: date, last: date) -> Iterator[tuple[date, Cents]]:
    """Each occurrence from `first` to `last` with its amount in cents after growth."""
    grown = _Grown(item)
    for day in occurrences(item, first, last):
        yield day, grown.at(full_years(item.start_date, day))


# -- the projection --------------------------------------------------------------------


def project(base_month: date, duration: int, items: Iterable[Flow]) -> Projection:
    """Months base_month … base_month + duration - 1 with their income, expenses and
    cumulative balance, and the summary."""
    last = horizon_end(base_month, duration)
    offset = month_index(base_month)
    income = [0] * duration
    expenses = [0] * duration
    for item in items:
        totals = income if item.item_type == "income" else expenses
        for day, cents in occurrence_amounts(item, base_month, last):
            totals[month_index(day) - offset] += cents
    months: list[MonthFigures] = []
    balance = 0
    for index in range(duration):
        balance += income[index] - expenses[index]
        months.append(
            MonthFigures(add_months(base_month, index), income[index], expenses[index], balance)
        )
    return Projection(tuple(months), summarize(months))


def summarize(months: Sequence[MonthFigures]) -> Summary:
    """The totals of a non-empty run of months."""
    total_income = sum(m.income for m in months)
    total_expenses = sum(m.expenses for m in months)
    # min() keeps the first of equal balances: the earliest lowest month.
    lowest = min(months, key=lambda m: m.balance)
    return Summary(
        total_income=total_income,
        total_expenses=total_expenses,
        total_net=total_income - total_expenses,
        ending_balance=months[-1].balance,
        average_monthly_net=_half_up(total_income - total_expenses, len(months)),
        lowest_balance=lowest.balance,
        lowest_balance_month=lowest.month,
        months_negative=sum(1 for m in months if m.net < 0),
        months_below_zero=sum(1 for m in months if m.balance < 0),
    )


def money_text(cents: Cents) -> str:
    """Cents as a decimal string with two places ("-12.50", "0.00"), exact at any size."""
    return format(Decimal(f"{cents}E-2"), "f")
