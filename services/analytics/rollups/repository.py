"""Per-user roll-ups of transactions, kept fresh lazily, and the staleness marker.

Writes of transactions never touch the roll-ups: in their own unit of work they call
`invalidate(user, first_day, last_day)`, which bumps the user's `derived_state.version`
and widens the dirty range of days. The first read after that (`ensure_fresh`) recomputes
exactly those days from the transactions — one DELETE and one INSERT … SELECT … GROUP BY
per roll-up, all in SQL — and clears the range. Reads then touch only roll-up rows: a
year of spending is a few thousand category-day rows whatever the number of transactions
behind them, and the merchant totals of whole months come from the monthly roll-up.

Day = the UTC date of `booked_at`; merchant_key = SQL lower(merchant_name) (transactions
without a merchant name are in the category roll-up only). A zero amount counts as a
credit (transactions.domain.kind_of): in `income_count`, adding nothing.

Concurrency: the refresh locks the user's state row (SELECT … FOR UPDATE on PostgreSQL;
SQLite has one writer at a time anyway) and re-reads the range under the lock, so two
refreshers never both insert; a writer's `invalidate` (an upsert of that row) waits for a
refresher holding it and then widens the range again, so a write committed during a
refresh is recomputed by the next read, never lost.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Date,
    Row,
    case,
    func,
    literal,
    select,
    union_all,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import type_coerce

from db.scoping import owner_is, scoped, update_owned
from db.types import Amount
from services.analytics.rollups import sql
from services.analytics.rollups.domain import (
    CategoryTotal,
    MerchantTotal,
    MonthTotal,
    Totals,
    month_end,
    month_start,
    split_by_months,
)
from services.analytics.rollups.refresh import Refresh
from services.analytics.rollups.sql import Bucket
from services.analytics.rollups.tables import (
    CategoryDayRow,
    DerivedStateRow,
    MerchantDayRow,
    MerchantMonthRow,
)
from services.analytics.transactions.tables import TransactionRow
from services.runtime.clock import utcnow

__all__ = [
    "Bucket",
    "CategoryTotal",
    "MerchantTotal",
    "MonthTotal",
    "RollupRepository",
    "Totals",
]

# The dirty range meaning "every day": a user's first state row, before anything was
# rolled up.
ALL_DAYS = (date.min, date.max)


def _totals(row: Row[Any]) -> Totals:
    return Totals(
        income=row.income or Decimal(0),
        expenses=row.expenses or Decimal(0),
        income_count=int(row.income_count or 0),
        expense_count=int(row.expense_count or 0),
    )


class RollupRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- SQL that differs between the engines ------------------------------------------

    @property
    def _dialect(self) -> str:
        return self._session.get_bind().dialect.name

    def _upsert(self) -> postgresql.Insert | sqlite.Insert:
        return sql.upsert(self._dialect, DerivedStateRow)

    # -- the staleness marker ----------------------------------------------------------

    def invalidate(self, user_id: uuid.UUID, first_day: date, last_day: date) -> None:
        """Mark the days `first_day`..`last_day` stale and bump the user's version, in the
        caller's unit of work (call it from every write that changes transactions)."""
        self._bump(user_id, min(first_day, last_day), max(first_day, last_day))

    def _bump(self, user_id: uuid.UUID, first: date | None, last: date | None) -> None:
        """Version + 1 and the dirty range widened by `first`..`last` (None: only the
        version). One INSERT … ON CONFLICT DO UPDATE: concurrent writers neither fail on
        the primary key nor lose each other's range or increment."""
        state = DerivedStateRow.__table__.c
        upsert = self._upsert()
        proposed: Any = upsert.excluded
        self._session.execute(
            upsert.values(self._new_state(user_id, version=1)).on_conflict_do_update(
                index_elements=[state.user_id],
                set_={
                    "version": state.version + 1,
                    "dirty_from": case(
                        (state.dirty_from.is_(None), literal(first, Date)),
                        (literal(first, Date) < state.dirty_from, literal(first, Date)),
                        else_=state.dirty_from,
                    ),
                    "dirty_to": case(
                        (state.dirty_to.is_(None), literal(last, Date)),
                        (literal(last, Date) > state.dirty_to, literal(last, Date)),
                        else_=state.dirty_to,
                    ),
                    "updated_at": proposed.updated_at,
                },
            )
        )

    def invalidate_document(
        self,
        user_id: uuid.UUID,
        document_id: uuid.UUID,
        *,
        also: tuple[date, date] | None = None,
    ) -> None:
        """Mark the days of the document's stored transactions stale, and the days `also`
        (those of the rows it replaced: `document_days` before the write). Call it
        before deleting them, or after writing new ones: the upsert locks the state row
        until commit, so a long import takes it last. Nothing when both are empty."""
        span = self._span(user_id, TransactionRow.document_id == document_id)
        if span is not None and also is not None:
            span = (min(span[0], also[0]), max(span[1], also[1]))
        span = span or also
        if span is not None:
            self._bump(user_id, *span)

    def document_days(self, user_id: uuid.UUID, document_id: uuid.UUID) -> tuple[date, date] | None:
        """The first and last day of the document's stored transactions (None: none)."""
        return self._span(user_id, TransactionRow.document_id == document_id)

    def invalidate_category(self, user_id: uuid.UUID, category_id: uuid.UUID) -> None:
        """Mark the days of the category's transactions stale (before they change). The
        version grows even when it has none: its subcategories move to the top level,
        which changes every per-category figure derived from the roll-ups."""
        span = self._span(user_id, TransactionRow.category_id == category_id)
        self._bump(user_id, *(span or (None, None)))

    def _span(self, user_id: uuid.UUID, condition: ColumnElement[bool]) -> tuple[date, date] | None:
        """The first and last day of the user's transactions matching `condition`."""
        t = TransactionRow
        span = self._session.execute(
            scoped(
                select(
                    func.min(t.booked_at).label("first"), func.max(t.booked_at).label("last")
                ).where(owner_is(t, user_id), condition)
            )
        ).one()
        if span.first is None:
            return None
        return span.first.astimezone(UTC).date(), span.last.astimezone(UTC).date()

    def version(self, user_id: uuid.UUID) -> int:
        """How many changes the user's transactions have had (0: none recorded)."""
        found = self._session.scalar(
            scoped(select(DerivedStateRow.version).where(owner_is(DerivedStateRow, user_id)))
        )
        return int(found or 0)

    def recurring_version(self, user_id: uuid.UUID) -> int:
        """The version the stored recurring patterns were detected at (-1: never)."""
        found = self._session.scalar(
            scoped(
                select(DerivedStateRow.recurring_version).where(owner_is(DerivedStateRow, user_id))
            )
        )
        return -1 if found is None else int(found)

    def lock_state(self, user_id: uuid.UUID) -> None:
        """Hold the user's state row until the unit of work ends (it exists once
        `ensure_fresh` ran). A computation that may detect the recurring patterns again
        (which writes this row) and then locks rows of its own takes this one first: per
        user, the state row is always locked before any other capability's, so two
        requests never wait on each other in a circle."""
        self._session.execute(
            scoped(
                select(DerivedStateRow.user_id)
                .where(owner_is(DerivedStateRow, user_id))
                .with_for_update()
            )
        )

    def set_recurring_version(self, user_id: uuid.UUID, version: int) -> None:
        upsert = self._upsert()
        self._session.execute(
            upsert.values(
                self._new_state(user_id, version=0, recurring_version=version)
            ).on_conflict_do_update(
                index_elements=[DerivedStateRow.__table__.c.user_id],
                set_={"recurring_version": version, "updated_at": upsert.excluded.updated_at},
            )
        )

    # -- recomputation -----------------------------------------------------------------

    def _new_state(
        self, user_id: uuid.UUID, *, version: int, recurring_version: int = -1
    ) -> dict[str, Any]:
        """A user's first state row: every day stale. Transactions stored before the
        roll-ups existed (or by a write that marked nothing) are then rolled up by the
        next read, never silently missing."""
        return {
            "user_id": user_id,
            "version": version,
            "dirty_from": ALL_DAYS[0],
            "dirty_to": ALL_DAYS[1],
            "recurring_version": recurring_version,
            "main_currency": None,
            "updated_at": utcnow(),
        }

    def ensure_fresh(self, user_id: uuid.UUID) -> bool:
        """Recompute the user's stale days, if any; True when something was recomputed
        (the caller may then commit, to release the state row's lock early).

        The common case — nothing stale — is one primary-key read without a lock. A user
        without a state row yet gets one, all stale (`_new_state`).
        """
        state = DerivedStateRow
        unlocked = self._session.execute(
            scoped(select(state.dirty_from).where(owner_is(state, user_id)))
        ).first()
        if unlocked is None:
            self._session.execute(
                self._upsert()
                .values(self._new_state(user_id, version=0))
                .on_conflict_do_nothing(index_elements=[state.__table__.c.user_id])
            )
        elif unlocked.dirty_from is None:
            return False
        locked = self._session.execute(
            scoped(
                select(state.dirty_from, state.dirty_to)
                .where(owner_is(state, user_id))
                .with_for_update()
            )
        ).one()
        if locked.dirty_from is None:  # another refresher did it while we waited
            return False
        self._recompute(user_id, locked.dirty_from, locked.dirty_to)
        self._mark_clean(user_id, bump=False)
        return True

    def rebuild(self, user_id: uuid.UUID) -> int:
        """Recompute all of the user's roll-ups and bump their version (whatever was
        derived from the old ones — forecasts, suggestions, recurring patterns — is then
        behind and recomputed). Returns the number of transactions rolled up."""
        self._session.execute(
            self._upsert()
            .values(self._new_state(user_id, version=0))
            .on_conflict_do_nothing(index_elements=[DerivedStateRow.__table__.c.user_id])
        )
        self._session.execute(
            scoped(
                select(DerivedStateRow.user_id)
                .where(owner_is(DerivedStateRow, user_id))
                .with_for_update()
            )
        )
        self._recompute(user_id, None, None)
        self._mark_clean(user_id, bump=True)
        return Refresh(self._session, user_id).transaction_count()

    def _mark_clean(self, user_id: uuid.UUID, *, bump: bool) -> None:
        """Nothing stale any more; the main currency is recomputed with the roll-ups, so
        reads find it in the state row instead of aggregating every day."""
        changes: dict[str, Any] = {
            "dirty_from": None,
            "dirty_to": None,
            "main_currency": Refresh(self._session, user_id).main_currency(),
            "updated_at": utcnow(),
        }
        if bump:
            changes["version"] = DerivedStateRow.version + 1
        self._session.execute(
            update_owned(DerivedStateRow, user_id)
            .values(**changes)
            .execution_options(synchronize_session=False)
        )

    def _recompute(self, user_id: uuid.UUID, first: date | None, last: date | None) -> None:
        """Rewrite the roll-ups of `first`..`last`; None or an end of ALL_DAYS: no bound."""
        Refresh(self._session, user_id).days(
            None if first is None or first <= ALL_DAYS[0] else first,
            None if last is None or last >= ALL_DAYS[1] else last,
        )

    # -- reads (call ensure_fresh first in the same unit of work) -----------------------

    @staticmethod
    def _sums(table: Any) -> list[Any]:
        """The four figures summed over a group, labelled as Totals' fields; money read
        back through Amount so both engines answer exact Decimals."""
        return [
            type_coerce(func.sum(table.income), Amount).label("income"),
            type_coerce(func.sum(table.expenses), Amount).label("expenses"),
            func.sum(table.income_count).label("income_count"),
            func.sum(table.expense_count).label("expense_count"),
        ]

    def main_currency(self, user_id: uuid.UUID) -> str | None:
        """The currency most of the user's transactions are in (None: no transactions);
        ties go to the alphabetically first. Kept in the state row while the roll-ups are
        fresh; counted from them otherwise."""
        state = self._session.execute(
            scoped(
                select(DerivedStateRow.main_currency, DerivedStateRow.dirty_from).where(
                    owner_is(DerivedStateRow, user_id)
                )
            )
        ).first()
        if state is not None and state.dirty_from is None:
            kept: str | None = state.main_currency
            return kept
        return Refresh(self._session, user_id).main_currency()

    def category_totals(
        self, user_id: uuid.UUID, currency: str, first_day: date, last_day: date
    ) -> list[CategoryTotal]:
        """Totals per transaction category (leaf: parents are the caller's sum), days
        inclusive; only categories with transactions."""
        c = CategoryDayRow
        rows = self._session.execute(
            scoped(
                select(c.category_id, *self._sums(c))
                .where(
                    owner_is(c, user_id), c.currency == currency, c.day.between(first_day, last_day)
                )
                .group_by(c.category_id)
            )
        )
        return [CategoryTotal(category_id=r.category_id, **_fields(_totals(r))) for r in rows]

    def merchant_totals(
        self, user_id: uuid.UUID, currency: str, first_day: date, last_day: date
    ) -> list[MerchantTotal]:
        """Totals per merchant, days inclusive. The whole months inside the range are read
        from the monthly roll-up, only the loose days at its ends from the daily one. The
        name shown is the alphabetically last of the spellings (upper case sorts first)."""
        d, m = MerchantDayRow, MerchantMonthRow
        split = split_by_months(first_day, last_day)
        parts: list[Any] = []
        for edge in (split.head, split.tail):
            if edge is not None:
                parts.append(
                    select(d.merchant_key, d.merchant_name, *self._raw(d)).where(
                        owner_is(d, user_id), d.currency == currency, d.day.between(*edge)
                    )
                )
        if split.months is not None:
            parts.append(
                select(m.merchant_key, m.merchant_name, *self._raw(m)).where(
                    owner_is(m, user_id), m.currency == currency, m.month.between(*split.months)
                )
            )
        if not parts:
            return []
        united = union_all(*parts).subquery()
        rows = self._session.execute(
            scoped(
                select(
                    united.c.merchant_key,
                    func.max(united.c.merchant_name).label("merchant_name"),
                    *self._sums(united.c),
                ).group_by(united.c.merchant_key)
            )
        )
        return [
            MerchantTotal(
                merchant_key=r.merchant_key, merchant_name=r.merchant_name, **_fields(_totals(r))
            )
            for r in rows
        ]

    @staticmethod
    def _raw(table: Any) -> list[Any]:
        return [table.income, table.expenses, table.income_count, table.expense_count]

    def monthly_totals(
        self,
        user_id: uuid.UUID,
        currency: str,
        *,
        category_ids: Collection[uuid.UUID | None] | None = None,
        merchant_key: str | None = None,
        first_month: date | None = None,
        last_month: date | None = None,
    ) -> list[MonthTotal]:
        """Totals per calendar month, only months with transactions, ascending. Filtered
        by transaction categories (None inside: uncategorized) or by one merchant key
        (from the monthly merchant roll-up), not both."""
        if merchant_key is not None:
            if category_ids is not None:
                raise ValueError("filter by categories or by a merchant, not both")
            m = MerchantMonthRow
            within = sql.within(
                m.month,
                None if first_month is None else month_start(first_month),
                None if last_month is None else month_start(last_month),
            )
            rows = self._session.execute(
                scoped(
                    select(m.month.label("bucket"), *self._sums(m))
                    .where(
                        owner_is(m, user_id),
                        m.currency == currency,
                        m.merchant_key == merchant_key,
                        *within,
                    )
                    .group_by(m.month)
                    .order_by(m.month)
                )
            )
            return [MonthTotal(month=r.bucket, **_fields(_totals(r))) for r in rows]
        first = None if first_month is None else month_start(first_month)
        last = None if last_month is None else month_end(last_month)
        return [
            MonthTotal(month=bucket, **_fields(totals))
            for bucket, totals in self._bucketed(
                user_id, currency, "month", first, last, category_ids
            )
        ]

    def daily_totals(
        self,
        user_id: uuid.UUID,
        currency: str,
        first_day: date,
        last_day: date,
        *,
        category_ids: Collection[uuid.UUID | None] | None = None,
    ) -> list[tuple[date, Totals]]:
        """Totals per day with transactions, ascending (weekly buckets are summed by the
        caller, or read with `bucket_totals`)."""
        c = CategoryDayRow
        rows = self._session.execute(
            scoped(
                select(c.day.label("bucket"), *self._sums(c))
                .where(
                    owner_is(c, user_id),
                    c.currency == currency,
                    c.day.between(first_day, last_day),
                    *sql.category_filter(c.category_id, category_ids),
                )
                .group_by(c.day)
                .order_by(c.day)
            )
        )
        return [(r.bucket, _totals(r)) for r in rows]

    def bucket_totals(
        self,
        user_id: uuid.UUID,
        currency: str,
        bucket: Bucket,
        first_day: date,
        last_day: date,
        *,
        category_ids: Collection[uuid.UUID | None] | None = None,
    ) -> list[tuple[date, Totals]]:
        """Totals per ISO week (keyed by its Monday) or calendar month (its first day),
        over the days `first_day`..`last_day`; only buckets with transactions."""
        return self._bucketed(user_id, currency, bucket, first_day, last_day, category_ids)

    def _bucketed(
        self,
        user_id: uuid.UUID,
        currency: str,
        bucket: Bucket,
        first_day: date | None,
        last_day: date | None,
        category_ids: Collection[uuid.UUID | None] | None,
    ) -> list[tuple[date, Totals]]:
        c = CategoryDayRow
        key = sql.bucket_of(self._dialect, c.day, bucket).label("bucket")
        within = sql.within(c.day, first_day, last_day)
        rows = self._session.execute(
            scoped(
                select(key, *self._sums(c))
                .where(
                    owner_is(c, user_id),
                    c.currency == currency,
                    *within,
                    *sql.category_filter(c.category_id, category_ids),
                )
                .group_by(key)
                .order_by(key)
            )
        )
        return [(_as_date(r.bucket), _totals(r)) for r in rows]

    def category_buckets(
        self, user_id: uuid.UUID, currency: str, bucket: Bucket, first_day: date, last_day: date
    ) -> list[tuple[uuid.UUID | None, date, Totals]]:
        """(transaction category, bucket, totals) over the days, for every category at
        once: category series are built from one read (about categories times buckets rows)."""
        c = CategoryDayRow
        key = sql.bucket_of(self._dialect, c.day, bucket).label("bucket")
        rows = self._session.execute(
            scoped(
                select(c.category_id, key, *self._sums(c))
                .where(
                    owner_is(c, user_id), c.currency == currency, c.day.between(first_day, last_day)
                )
                .group_by(c.category_id, key)
            )
        )
        return [(r.category_id, _as_date(r.bucket), _totals(r)) for r in rows]

    def merchant_monthly(
        self,
        user_id: uuid.UUID,
        currency: str,
        first_month: date,
        last_month: date,
        *,
        min_months: int = 1,
        top: int | None = None,
    ) -> list[tuple[str, str, date, Decimal]]:
        """(merchant_key, merchant_name, month, expenses) for merchant trends, by key then
        month. With `min_months`/`top`: only merchants with spending in at least that many
        of the months, the `top` biggest spenders among them (chosen in SQL, so a user
        with thousands of merchants transfers only those rows)."""
        return self.merchant_buckets(
            user_id, currency, "month", month_start(first_month), month_end(last_month),
            min_buckets=min_months, top=top,
        )  # fmt: skip

    def merchant_buckets(
        self,
        user_id: uuid.UUID,
        currency: str,
        bucket: Bucket,
        first_day: date,
        last_day: date,
        *,
        min_buckets: int = 1,
        top: int | None = None,
    ) -> list[tuple[str, str, date, Decimal]]:
        """(merchant_key, merchant_name, bucket, expenses) per merchant and ISO week or
        calendar month, by key then bucket. Months are rows of the monthly roll-up as
        they are (the days are widened to whole months); weeks are summed from the daily
        one. With `min_buckets`/`top`: only merchants with spending in that many buckets,
        the `top` biggest spenders among them."""
        if bucket == "month":
            m = MerchantMonthRow
            scope = [
                owner_is(m, user_id),
                m.currency == currency,
                m.month.between(month_start(first_day), month_start(last_day)),
            ]
            rows: Any = select(
                m.merchant_key.label("merchant_key"),
                m.merchant_name.label("merchant_name"),
                m.month.label("bucket"),
                m.expenses.label("expenses"),
            ).where(*scope)
            # One row per merchant and month already: spending months are counted as
            # they are, without grouping them again.
            spent: Any = select(m.merchant_key, m.expenses).where(*scope, m.expenses > Decimal(0))
            order = [m.merchant_key, m.month]
        else:
            d = MerchantDayRow
            week = sql.bucket_of(self._dialect, d.day, "week")
            scope = [
                owner_is(d, user_id),
                d.currency == currency,
                d.day.between(first_day, last_day),
            ]
            rows = (
                select(
                    d.merchant_key.label("merchant_key"),
                    func.max(d.merchant_name).label("merchant_name"),
                    week.label("bucket"),
                    type_coerce(func.sum(d.expenses), Amount).label("expenses"),
                )
                .where(*scope)
                .group_by(d.merchant_key, week)
            )
            spent = (
                select(d.merchant_key, func.sum(d.expenses).label("expenses"))
                .where(*scope, d.expenses > Decimal(0))
                .group_by(d.merchant_key, week)
            )
            order = [d.merchant_key, week]
        if min_buckets > 1 or top is not None:
            per_bucket = spent.subquery()
            eligible = (
                select(per_bucket.c.merchant_key)
                .group_by(per_bucket.c.merchant_key)
                .having(func.count() >= min_buckets)
                .order_by(func.sum(per_bucket.c.expenses).desc(), per_bucket.c.merchant_key)
            )
            if top is not None:
                eligible = eligible.limit(top)
            rows = rows.where(order[0].in_(eligible.scalar_subquery()))
        return [
            (r.merchant_key, r.merchant_name, _as_date(r.bucket), r.expenses or Decimal(0))
            for r in self._session.execute(scoped(rows.order_by(*order)))
        ]

    def merchant_name(self, user_id: uuid.UUID, currency: str, merchant_key: str) -> str | None:
        """The merchant's display name (None: the user never paid it in that currency).
        Like every name the roll-ups show, the alphabetically last of its spellings."""
        m = MerchantMonthRow
        found: str | None = self._session.scalar(
            scoped(
                select(func.max(m.merchant_name)).where(
                    owner_is(m, user_id), m.currency == currency, m.merchant_key == merchant_key
                )
            )
        )
        return found

    def merchant_key_for(self, merchant_name: str) -> str:
        """The key of a merchant name as the roll-ups compute it (SQL lower(), which
        differs between engines beyond ASCII), for callers given a name."""
        key = self._session.scalar(select(func.lower(literal(merchant_name))))
        return str(key)


def _fields(totals: Totals) -> dict[str, Any]:
    return {
        "income": totals.income,
        "expenses": totals.expenses,
        "income_count": totals.income_count,
        "expense_count": totals.expense_count,
    }


def _as_date(value: date | datetime | str) -> date:
    """A bucket key as a date (PostgreSQL's date_trunc answers timestamps when cast
    loosely, SQLite text)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(value)
