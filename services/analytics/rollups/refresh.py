"""Recomputing a user's roll-ups for a range of days from their transactions: one
DELETE and one INSERT … SELECT … GROUP BY per roll-up, all in SQL (never a Python loop
over transactions), in the caller's transaction."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, case, func, insert, literal_column, select
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped
from services.analytics.rollups import sql
from services.analytics.rollups.domain import month_end, month_start
from services.analytics.rollups.tables import CategoryDayRow, MerchantDayRow, MerchantMonthRow
from services.analytics.transactions.tables import TransactionRow

_FIGURES = ("income", "expenses", "income_count", "expense_count")
_Rollup = type[CategoryDayRow] | type[MerchantDayRow] | type[MerchantMonthRow]


def _start_of(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


def _booked_within(first: date | None, last: date | None) -> list[ColumnElement[bool]]:
    # A range on booked_at itself, so ix_transactions_user_id_booked_at serves it.
    bounds = []
    if first is not None:
        bounds.append(TransactionRow.booked_at >= _start_of(first))
    if last is not None:
        bounds.append(TransactionRow.booked_at < _start_of(last + timedelta(days=1)))
    return bounds


def _money_sums(amount: Any) -> list[Any]:
    """income, expenses (positive), income_count, expense_count of signed amounts; a zero
    amount is a credit (transactions.domain.kind_of)."""
    zero: Any = literal_column("0")
    one: Any = literal_column("1")
    return [
        func.sum(case((amount > zero, amount), else_=zero)),
        func.sum(case((amount < zero, -amount), else_=zero)),
        func.sum(case((amount >= zero, one), else_=zero)),
        func.sum(case((amount < zero, one), else_=zero)),
    ]


class Refresh:
    """The recomputation of one user's roll-ups (the caller holds their state row)."""

    def __init__(self, session: Session, user_id: uuid.UUID) -> None:
        self._session = session
        self._user_id = user_id
        self._dialect = session.get_bind().dialect.name

    def days(self, first: date | None, last: date | None) -> None:
        """Rewrite the roll-ups of `first`..`last` (None: unbounded on that side).

        The monthly merchant roll-up is rewritten for the whole months touched, from the
        daily one: every day outside the range is already fresh."""
        first_month = None if first is None else month_start(first)
        last_month = None if last is None else month_start(last)
        self._delete(CategoryDayRow, sql.within(CategoryDayRow.day, first, last))
        self._delete(MerchantDayRow, sql.within(MerchantDayRow.day, first, last))
        self._delete(MerchantMonthRow, sql.within(MerchantMonthRow.month, first_month, last_month))
        self._category_days(first, last)
        self._merchant_days(first, last)
        self._merchant_months(first_month, None if last is None else month_end(last))

    def _delete(self, table: _Rollup, where: list[ColumnElement[bool]]) -> None:
        self._session.execute(
            delete_owned(table, self._user_id, *where).execution_options(synchronize_session=False)
        )

    def _category_days(self, first: date | None, last: date | None) -> None:
        t = TransactionRow
        day = sql.day_of(self._dialect, t.booked_at)
        rows = scoped(
            select(t.user_id, t.currency, day, t.category_id, *_money_sums(t.amount))
            .where(owner_is(t, self._user_id), *_booked_within(first, last))
            .group_by(t.user_id, t.currency, day, t.category_id)
        )
        columns = ("user_id", "currency", "day", "category_id", *_FIGURES)
        self._session.execute(insert(CategoryDayRow).from_select(columns, rows))

    def _merchant_days(self, first: date | None, last: date | None) -> None:
        t = TransactionRow
        day = sql.day_of(self._dialect, t.booked_at)
        key = func.lower(t.merchant_name)
        rows = scoped(
            select(
                t.user_id, t.currency, day, key, func.max(t.merchant_name),
                *_money_sums(t.amount),
            )
            .where(
                owner_is(t, self._user_id),
                t.merchant_name.is_not(None),
                t.merchant_name != literal_column("''"),
                *_booked_within(first, last),
            )
            .group_by(t.user_id, t.currency, day, key)
        )  # fmt: skip
        columns = ("user_id", "currency", "day", "merchant_key", "merchant_name", *_FIGURES)
        self._session.execute(insert(MerchantDayRow).from_select(columns, rows))

    def _merchant_months(self, first: date | None, last: date | None) -> None:
        d = MerchantDayRow
        month = sql.bucket_of(self._dialect, d.day, "month")
        rows = scoped(
            select(
                d.user_id, d.currency, month, d.merchant_key, func.max(d.merchant_name),
                func.sum(d.income), func.sum(d.expenses),
                func.sum(d.income_count), func.sum(d.expense_count),
            )
            .where(owner_is(d, self._user_id), *sql.within(d.day, first, last))
            .group_by(d.user_id, d.currency, month, d.merchant_key)
        )  # fmt: skip
        columns = ("user_id", "currency", "month", "merchant_key", "merchant_name", *_FIGURES)
        self._session.execute(insert(MerchantMonthRow).from_select(columns, rows))

    def main_currency(self) -> str | None:
        """The currency most of the user's transactions are in, counted from the
        roll-ups; ties go to the alphabetically first."""
        c = CategoryDayRow
        counted = func.sum(c.income_count + c.expense_count)
        found: str | None = self._session.scalar(
            scoped(
                select(c.currency)
                .where(owner_is(c, self._user_id))
                .group_by(c.currency)
                .order_by(counted.desc(), c.currency)
                .limit(1)
            )
        )
        return found

    def transaction_count(self) -> int:
        c = CategoryDayRow
        counted = self._session.scalar(
            scoped(
                select(func.coalesce(func.sum(c.income_count + c.expense_count), 0)).where(
                    owner_is(c, self._user_id)
                )
            )
        )
        return int(counted or 0)
