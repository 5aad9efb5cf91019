"""Insights as rules and arithmetic (pure): which days a request covers, what they are
compared with, how amounts, changes and shares are written, and the summaries built
from the roll-ups' totals.

Money is summed exactly (Decimal from NUMERIC roll-ups) and rounded once, for display,
to 0.01 with ROUND_HALF_UP (commercial rounding: 0.005 → 0.01), like percentages.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from services.analytics.rollups.domain import (
    CategoryTotal,
    MerchantTotal,
    Totals,
    add_months,
    month_end,
    month_start,
    total_of,
    week_start,
)
from services.analytics.rollups.tree import CategoryTree
from services.analytics.transactions.domain import amount_text
from services.runtime.calendar_dates import checked_date
from services.runtime.errors import FieldViolation, InvalidArgument, raise_if_any
from services.runtime.paging import check_limit

PeriodKind = Literal["weekly", "monthly", "quarterly", "yearly"]
DateParts = tuple[int, int, int]

DEFAULT_CURRENCY = "EUR"
DEFAULT_LIMIT = 10
MAX_LIMIT = 100
SUMMARY_TOP_CATEGORIES = 5
MAX_YEARS = 10

CENT = Decimal("0.01")
_HUNDRED = Decimal(100)
_ZERO = Decimal(0)
_CURRENCY = re.compile(r"[A-Z]{3}\Z")


# -- text of amounts and changes --------------------------------------------------------


def cents(amount: Decimal) -> Decimal:
    """`amount` rounded for display (never -0.00)."""
    rounded = amount.quantize(CENT, rounding=ROUND_HALF_UP)
    return rounded if rounded else _ZERO.quantize(CENT)


def money(amount: Decimal) -> str:
    """An amount as the transactions print theirs: exact, at least two places ("1234.50",
    "-3.20", "0.00", "123.4567" for a sum of four-place amounts): a total is never
    rounded away from the sum of what the user sees in their transactions."""
    return amount_text(amount)


def percent_of(part: Decimal, whole: Decimal) -> Decimal:
    """part / whole in percent, 2 places; 0 when whole is 0 (a share of nothing)."""
    if whole == 0:
        return cents(_ZERO)
    return cents(part * _HUNDRED / whole)


@dataclass(frozen=True, slots=True)
class Change:
    """How an amount moved from `previous` to `current` (exact; rounded when written)."""

    previous: Decimal
    current: Decimal

    @property
    def difference(self) -> Decimal:
        return self.current - self.previous

    @property
    def percent(self) -> Decimal | None:
        """difference / |previous| * 100, 2 places: 0.00 when both are zero, None when
        only the previous one is (no base to compare with). Never NaN or infinite."""
        if self.previous == 0:
            return cents(_ZERO) if self.current == 0 else None
        return cents(self.difference * _HUNDRED / abs(self.previous))


def savings_rate(totals: Totals) -> Decimal | None:
    """net / income in percent, 2 places; None without income."""
    if totals.income == 0:
        return None
    return cents(totals.net * _HUNDRED / totals.income)


# -- request values ------------------------------------------------------------------------


def limit_of(value: int | None, default: int = DEFAULT_LIMIT) -> int:
    problems: list[FieldViolation] = []
    check_limit(value, problems)
    raise_if_any(problems)
    return default if value is None else value


def currency_of(value: str | None) -> str | None:
    if value is None:
        return None
    if _CURRENCY.match(value) is None:
        raise InvalidArgument.for_field("currency", "must be an ISO 4217 code such as EUR")
    return value


def day_of(parts: DateParts | None, field: str) -> date | None:
    problems: list[FieldViolation] = []
    day = checked_date(parts, field, problems)
    raise_if_any(problems)
    return day


# -- ranges of days ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DayRange:
    """Days `first`..`last`, both included."""

    first: date
    last: date

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.first <= day <= self.last


def shift_months(day: date, months: int) -> date:
    """The same day of the month `months` later (earlier), clamped to that month's end."""
    month = add_months(month_start(day), months)
    return month.replace(day=min(day.day, month_end(month).day))


def period_start(kind: PeriodKind, today: date) -> date:
    if kind == "weekly":
        return week_start(today)
    if kind == "monthly":
        return month_start(today)
    if kind == "quarterly":
        return date(today.year, (today.month - 1) // 3 * 3 + 1, 1)
    return date(today.year, 1, 1)


def _period_before_start(kind: PeriodKind, start: date) -> tuple[date, date]:
    """First and last day of the calendar period before the one starting on `start`."""
    if kind == "weekly":
        return start - timedelta(days=7), start - timedelta(days=1)
    months = {"monthly": 1, "quarterly": 3, "yearly": 12}[kind]
    return add_months(start, -months), start - timedelta(days=1)


def current_period(kind: PeriodKind, today: date) -> DayRange:
    """The calendar period holding `today`, up to today."""
    return DayRange(period_start(kind, today), today)


def previous_of_current(kind: PeriodKind, current: DayRange) -> DayRange:
    """The same elapsed days of the previous calendar period, clamped to its length
    (March 1-31 is compared with February 1-28; Q2 to date with Q1's same days)."""
    first, last = _period_before_start(kind, current.first)
    return DayRange(first, min(first + timedelta(days=current.days - 1), last))


def days_before(span: DayRange) -> DayRange:
    """The same number of days just before `span`."""
    return DayRange(span.first - timedelta(days=span.days), span.first - timedelta(days=1))


def _at_most_years(start: date, years: int) -> date:
    return shift_months(start, 12 * years)


def explicit_range(start: DateParts | None, end: DateParts | None) -> DayRange | None:
    """startDate..endDate when given (both are needed), else None."""
    first, last = day_of(start, "start_date"), day_of(end, "end_date")
    if first is None and last is None:
        return None
    if first is None:
        raise InvalidArgument.for_field("start_date", "is required with endDate")
    if last is None:
        raise InvalidArgument.for_field("end_date", "is required with startDate")
    return checked_range(first, last)


def checked_range(first: date, last: date) -> DayRange:
    if last < first:
        raise InvalidArgument.for_field("end_date", "must not be before startDate")
    if last > _at_most_years(first, MAX_YEARS):
        raise InvalidArgument.for_field(
            "end_date", f"must be at most {MAX_YEARS} years after startDate"
        )
    return DayRange(first, last)


def summary_ranges(
    kind: PeriodKind, start: DateParts | None, end: DateParts | None, today: date
) -> tuple[DayRange, DayRange]:
    """The days a summary covers and the previous equal period it is compared with."""
    given = explicit_range(start, end)
    if given is not None:
        return given, days_before(given)
    current = current_period(kind, today)
    return current, previous_of_current(kind, current)


# -- calendar periods to compare ---------------------------------------------------------------

CalendarKind = Literal["month", "quarter", "year"]
_PERIOD = re.compile(r"(?P<year>\d{4})(?:-(?P<month>0[1-9]|1[0-2])|-Q(?P<quarter>[1-4]))?\Z")
_PERIOD_FORMS = "must be a month (YYYY-MM), a quarter (YYYY-Qn) or a year (YYYY)"


@dataclass(frozen=True, slots=True)
class CalendarPeriod:
    kind: CalendarKind
    # As asked: "2026-10", "2026-Q3", "2026".
    label: str
    days: DayRange


def _calendar(kind: CalendarKind, first: date) -> CalendarPeriod:
    if kind == "month":
        return CalendarPeriod(
            kind, f"{first.year:04d}-{first.month:02d}", DayRange(first, month_end(first))
        )
    if kind == "quarter":
        last = month_end(add_months(first, 2))
        return CalendarPeriod(
            kind, f"{first.year:04d}-Q{(first.month - 1) // 3 + 1}", DayRange(first, last)
        )
    return CalendarPeriod(kind, f"{first.year:04d}", DayRange(first, date(first.year, 12, 31)))


def parse_period(text: str, field: str) -> CalendarPeriod:
    found = _PERIOD.match(text)
    if found is None or int(found["year"]) < 1:
        raise InvalidArgument.for_field(field, _PERIOD_FORMS)
    year = int(found["year"])
    if found["month"] is not None:
        return _calendar("month", date(year, int(found["month"]), 1))
    if found["quarter"] is not None:
        return _calendar("quarter", date(year, (int(found["quarter"]) - 1) * 3 + 1, 1))
    return _calendar("year", date(year, 1, 1))


def period_before(period: CalendarPeriod) -> CalendarPeriod | None:
    """The calendar period of the same kind just before (None before year 1)."""
    months = {"month": 1, "quarter": 3, "year": 12}[period.kind]
    start = period.days.first
    if start.year == 1 and start.month <= months:
        return None
    return _calendar(period.kind, add_months(start, -months))


def compared_periods(current: str, previous: str | None) -> tuple[CalendarPeriod, CalendarPeriod]:
    """currentPeriod and previousPeriod (default: the period just before), same kind."""
    if not current:
        raise InvalidArgument.for_field("current_period", "is required")
    now = parse_period(current, "current_period")
    if previous:
        then = parse_period(previous, "previous_period")
        if then.kind != now.kind:
            raise InvalidArgument.for_field(
                "previous_period", f"must be a {now.kind} like currentPeriod"
            )
        return now, then
    before = period_before(now)
    if before is None:
        raise InvalidArgument.for_field("current_period", "has no period before it")
    return now, before


# -- totals by top-level category ------------------------------------------------------------


def by_top_level(
    totals: Iterable[CategoryTotal], tree: CategoryTree
) -> dict[uuid.UUID | None, Totals]:
    """Transaction-category totals summed into their top-level categories (None:
    uncategorized, including categories the user no longer has)."""
    grouped: dict[uuid.UUID | None, Totals] = {}
    for total in totals:
        key = tree.top_level(total.category_id)
        grouped[key] = grouped.get(key, Totals()) + total
    return grouped


@dataclass(frozen=True, slots=True)
class CategoryShare:
    category_id: uuid.UUID | None
    name: str
    color: str | None
    amount: Decimal
    share: Decimal
    transaction_count: int


def top_categories(
    groups: Mapping[uuid.UUID | None, Totals], tree: CategoryTree, limit: int
) -> list[CategoryShare]:
    """The top-level categories with the most spending, with their share of all of it."""
    spent = total_of(groups.values()).expenses
    ranked = sorted(
        ((key, totals) for key, totals in groups.items() if totals.expenses > 0),
        key=lambda item: (-item[1].expenses, tree.name(item[0]).casefold(), str(item[0])),
    )
    return [
        CategoryShare(
            category_id=key,
            name=tree.name(key),
            color=tree.color(key),
            amount=totals.expenses,
            share=percent_of(totals.expenses, spent),
            transaction_count=totals.expense_count,
        )
        for key, totals in ranked[:limit]
    ]


@dataclass(frozen=True, slots=True)
class MerchantShare:
    name: str
    amount: Decimal
    share: Decimal
    transaction_count: int


def top_merchants(
    merchants: Iterable[MerchantTotal], total_spent: Decimal, limit: int
) -> list[MerchantShare]:
    """Merchants by spending; shares are of all spending in the period (merchant or
    not), so they add up to what the merchants account for."""
    ranked = sorted(
        (m for m in merchants if m.expenses > 0), key=lambda m: (-m.expenses, m.merchant_key)
    )
    return [
        MerchantShare(
            name=m.merchant_name,
            amount=m.expenses,
            share=percent_of(m.expenses, total_spent),
            transaction_count=m.expense_count,
        )
        for m in ranked[:limit]
    ]


# -- what the use cases answer ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    period: DayRange
    previous_period: DayRange
    currency: str
    current: Totals
    previous: Totals
    top_categories: list[CategoryShare]

    @property
    def savings_rate(self) -> Decimal | None:
        return savings_rate(self.current)

    @property
    def income_change(self) -> Change:
        return Change(self.previous.income, self.current.income)

    @property
    def expenses_change(self) -> Change:
        return Change(self.previous.expenses, self.current.expenses)

    @property
    def net_change(self) -> Change:
        return Change(self.previous.net, self.current.net)


def summary(
    period: DayRange,
    previous_period: DayRange,
    currency: str,
    current: Iterable[CategoryTotal],
    previous: Iterable[CategoryTotal],
    tree: CategoryTree,
) -> Summary:
    groups = by_top_level(current, tree)
    return Summary(
        period=period,
        previous_period=previous_period,
        currency=currency,
        current=total_of(groups.values()),
        previous=total_of(by_top_level(previous, tree).values()),
        top_categories=top_categories(groups, tree, SUMMARY_TOP_CATEGORIES),
    )


@dataclass(frozen=True, slots=True)
class CategoryMove:
    category_id: uuid.UUID | None
    name: str
    change: Change


@dataclass(frozen=True, slots=True)
class Comparison:
    currency: str
    current_period: CalendarPeriod
    previous_period: CalendarPeriod
    current: Totals
    previous: Totals
    categories: list[CategoryMove]

    @property
    def income_change(self) -> Change:
        return Change(self.previous.income, self.current.income)

    @property
    def expenses_change(self) -> Change:
        return Change(self.previous.expenses, self.current.expenses)

    @property
    def net_change(self) -> Change:
        return Change(self.previous.net, self.current.net)


def comparison(
    currency: str,
    periods: tuple[CalendarPeriod, CalendarPeriod],
    current: Iterable[CategoryTotal],
    previous: Iterable[CategoryTotal],
    tree: CategoryTree,
) -> Comparison:
    now, then = by_top_level(current, tree), by_top_level(previous, tree)
    keys = {k for k, t in now.items() if t.expenses > 0} | {
        k for k, t in then.items() if t.expenses > 0
    }
    moves = [
        CategoryMove(
            key,
            tree.name(key),
            Change(then.get(key, Totals()).expenses, now.get(key, Totals()).expenses),
        )
        for key in keys
    ]
    moves.sort(key=lambda m: (-abs(m.change.difference), m.name.casefold(), str(m.category_id)))
    return Comparison(
        currency=currency,
        current_period=periods[0],
        previous_period=periods[1],
        current=total_of(now.values()),
        previous=total_of(then.values()),
        categories=moves,
    )


@dataclass(frozen=True, slots=True)
class TopCategories:
    period: DayRange
    currency: str
    total_expenses: Decimal
    data: list[CategoryShare]


@dataclass(frozen=True, slots=True)
class TopMerchants:
    period: DayRange
    currency: str
    total_expenses: Decimal
    data: list[MerchantShare]
