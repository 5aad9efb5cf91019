"""What the roll-ups answer with (pure): money in and out of a group of transactions.

Kept apart from the repository so domain code of other capabilities (insights,
forecasts, suggestions) can name these types without importing SQLAlchemy; the
repository re-exports them.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class Totals:
    """Money in and out of a group of transactions over a range of days.

    `expenses` is positive (the sum of the debits' magnitudes). A zero amount counts as
    a credit (transactions.domain.kind_of): in `income_count`, adding nothing.
    """

    income: Decimal = ZERO
    expenses: Decimal = ZERO
    income_count: int = 0
    expense_count: int = 0

    @property
    def net(self) -> Decimal:
        return self.income - self.expenses

    @property
    def count(self) -> int:
        return self.income_count + self.expense_count

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.income + other.income,
            self.expenses + other.expenses,
            self.income_count + other.income_count,
            self.expense_count + other.expense_count,
        )


def total_of(parts: Iterable[Totals]) -> Totals:
    result = Totals()
    for part in parts:
        result = result + part
    return result


@dataclass(frozen=True, slots=True)
class CategoryTotal(Totals):
    """One transaction category's totals (the category the transaction carries, not its
    parents: CategoryTree sums subcategories into their top level). None: uncategorized."""

    category_id: uuid.UUID | None = None


@dataclass(frozen=True, slots=True)
class MerchantTotal(Totals):
    """One merchant's totals; `merchant_key` is lower(merchant_name), so spellings that
    differ only in case are one merchant, shown by `merchant_name`: the alphabetically
    last of its spellings ("Tesco" over "TESCO"), whichever roll-up it is read from."""

    merchant_key: str = ""
    merchant_name: str = ""


@dataclass(frozen=True, slots=True)
class MonthTotal(Totals):
    """One calendar month's totals; `month` is its first day."""

    month: date = date.min


def totals_of(total: Totals) -> Totals:
    """The plain Totals of any of the above (drops the group's key)."""
    return Totals(total.income, total.expenses, total.income_count, total.expense_count)


# -- calendar helpers the roll-ups and their readers share -----------------------------


def month_start(day: date) -> date:
    return day.replace(day=1)


def month_end(day: date) -> date:
    following = (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    return following - timedelta(days=1)


def add_months(month: date, months: int) -> date:
    """The first day of the month `months` after `month`'s (negative: before)."""
    index = month.year * 12 + month.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def week_start(day: date) -> date:
    """The Monday of `day`'s ISO week."""
    return day - timedelta(days=day.weekday())


@dataclass(frozen=True, slots=True)
class MonthSplit:
    """A range of days as whole calendar months plus the loose days at either end, so a
    long range reads the monthly roll-up and only its edges the daily one."""

    head: tuple[date, date] | None
    months: tuple[date, date] | None  # first days of the first and last whole month
    tail: tuple[date, date] | None


def split_by_months(first_day: date, last_day: date) -> MonthSplit:
    if last_day < first_day:
        return MonthSplit(None, None, None)
    whole_from = first_day if first_day.day == 1 else add_months(month_start(first_day), 1)
    whole_to = month_start(last_day) if last_day == month_end(last_day) else None
    if whole_to is None:
        whole_to = add_months(month_start(last_day), -1)
    if whole_from > whole_to:  # no whole month inside: all days
        return MonthSplit((first_day, last_day), None, None)
    head = (first_day, whole_from - timedelta(days=1)) if first_day < whole_from else None
    after = month_end(whole_to) + timedelta(days=1)
    tail = (after, last_day) if after <= last_day else None
    return MonthSplit(head, (whole_from, whole_to), tail)
