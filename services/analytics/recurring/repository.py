"""Persistence of recurring patterns, and the lean read of transactions detection needs.

Detection reads a user's whole history — 100k rows must load, be detected and stored
within 2 s — so the read is one Core SELECT on the session's connection (no ORM objects,
no identity map), scoped by owner like every other statement here, of only what the
detector needs, in the cheapest types to decode: the UTC day rather than the timestamp,
ids as text (decoding 100k UUIDs cost more than the query; only the few belonging to a
pattern become UUIDs), and the description only of rows without a merchant name.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, String, case, cast, func, literal_column, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, defer

from db.scoping import delete_owned, owner_is, select_owned
from services.analytics.recurring.domain import LeanTransaction, StoredPattern
from services.analytics.recurring.tables import RecurringPatternRow
from services.analytics.transactions.tables import TransactionRow

_T = TransactionRow.__table__.c
# After the day (per engine), in LeanTransaction's order.
_HISTORY = (
    cast(_T.id, String),
    # psycopg answers Decimal; SQLite's doubles are converted in `history`.
    _T.amount,
    _T.currency,
    _T.merchant_name,
    # The roll-ups' merchant key (SQL lower()), so both name a merchant alike.
    func.lower(_T.merchant_name),
    # Descriptions are most of a row's bytes, and a named merchant's are never read.
    case((func.coalesce(_T.merchant_name, "") == "", _T.description), else_=None),
    cast(_T.category_id, String),
)
# Written as a Core table: an upsert of plain values, no ORM bulk semantics.
_TABLE: Any = RecurringPatternRow.__table__
_COLUMNS = tuple(c.name for c in _TABLE.columns)


def _pattern(row: RecurringPatternRow, with_transactions: bool = True) -> StoredPattern:
    return StoredPattern(
        id=row.id,
        merchant_key=row.merchant_key,
        merchant_name=row.merchant_name,
        category_id=row.category_id,
        currency=row.currency,
        direction=row.direction,  # type: ignore[arg-type]
        cadence=row.cadence,  # type: ignore[arg-type]
        rrule=row.rrule,
        next_expected=row.next_expected,
        window_days=row.window_days,
        typical_amount=row.typical_amount,
        min_amount=row.min_amount,
        max_amount=row.max_amount,
        variation=row.variation,
        occurrences=row.occurrences,
        first_seen=row.first_seen,
        last_seen=row.last_seen,
        active=row.active,
        price_changed_on=row.price_changed_on,
        confidence=row.confidence,
        gap_regularity=row.gap_regularity,
        amount_stability=row.amount_stability,
        count_score=row.count_score,
        recency=row.recency,
        transaction_ids=(
            tuple(uuid.UUID(str(t)) for t in row.transaction_ids) if with_transactions else ()
        ),
        detected_at=row.detected_at,
    )


def _values(user_id: uuid.UUID, p: StoredPattern) -> dict[str, Any]:
    return {
        "id": p.id,
        "user_id": user_id,
        "merchant_key": p.merchant_key,
        "merchant_name": p.merchant_name,
        "category_id": p.category_id,
        "currency": p.currency,
        "direction": p.direction,
        "cadence": p.cadence,
        "rrule": p.rrule,
        "next_expected": p.next_expected,
        "window_days": p.window_days,
        "typical_amount": p.typical_amount,
        "min_amount": p.min_amount,
        "max_amount": p.max_amount,
        "variation": p.variation,
        "occurrences": p.occurrences,
        "first_seen": p.first_seen,
        "last_seen": p.last_seen,
        "active": p.active,
        "price_changed_on": p.price_changed_on,
        "confidence": p.confidence,
        "gap_regularity": p.gap_regularity,
        "amount_stability": p.amount_stability,
        "count_score": p.count_score,
        "recency": p.recency,
        "transaction_ids": [str(t) for t in p.transaction_ids],
        "detected_at": p.detected_at,
    }


class RecurringPatternRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def history(self, user_id: uuid.UUID) -> Sequence[LeanTransaction]:
        """Every transaction of the user, oldest first, as plain tuples."""
        connection = self._session.connection()
        postgres = connection.dialect.name == "postgresql"
        day = (
            cast(func.timezone(literal_column("'UTC'"), _T.booked_at), Date)
            if postgres
            else func.date(_T.booked_at)  # SQLite holds naive UTC text: "YYYY-MM-DD"
        )
        # Ordered, so detection sees the same input, and gives the same patterns, however
        # the rows happen to lie on disk.
        statement = (
            select(day, *_HISTORY)
            .where(owner_is(TransactionRow, user_id))
            .order_by(_T.booked_at, _T.id)
        )
        result = connection.execute(statement)
        try:
            # The driver's own tuples, fetched at once: building a row object per
            # transaction (and the garbage collections it set off) was most of the cost.
            rows: Sequence[Any] = result.cursor.fetchall()
        finally:
            result.close()
        if postgres:
            return rows
        return [
            (date.fromisoformat(day), id_, Decimal(repr(amount)), *rest)
            for day, id_, amount, *rest in rows
        ]

    def all_of(
        self,
        user_id: uuid.UUID,
        *,
        with_transactions: bool = True,
        min_confidence: float | None = None,
    ) -> list[StoredPattern]:
        """The user's stored patterns (at least `min_confidence` sure when given).
        Without their transactions (`transaction_ids` empty) the read skips the largest
        column: a long history's patterns hold tens of thousands of ids, whose parsing
        was most of a chart's time (measured: ~100 ms at 1M transactions); the confidence
        filter skips the hundreds of weak patterns such a history also has."""
        query = select_owned(RecurringPatternRow, user_id)
        if min_confidence is not None:
            query = query.where(RecurringPatternRow.confidence >= min_confidence)
        if not with_transactions:
            query = query.options(defer(RecurringPatternRow.transaction_ids))
        rows = self._session.scalars(query)
        return [_pattern(r, with_transactions) for r in rows]

    def replace(self, user_id: uuid.UUID, patterns: Sequence[StoredPattern]) -> None:
        """The user's patterns become `patterns`.

        Upserted by id rather than deleted and inserted: two requests re-detecting the
        same history at once write the same ids, and the second must update what the
        first inserted instead of failing on the primary key.
        """
        ids = [p.id for p in patterns]
        self._session.execute(
            delete_owned(
                RecurringPatternRow, user_id, RecurringPatternRow.id.not_in(ids)
            ).execution_options(synchronize_session=False)
        )
        if not patterns:
            return
        insert = self._insert()
        proposed: Any = insert.excluded
        table = _TABLE.c
        statement = insert.on_conflict_do_update(
            index_elements=[table.id],
            set_={name: getattr(proposed, name) for name in _COLUMNS if name != "id"},
            # Ids are uuid5 of the owner among others: this never meets another user's
            # row, and must not write one if it ever did.
            where=table.user_id == proposed.user_id,
        )
        self._session.execute(statement, [_values(user_id, p) for p in patterns])

    def _insert(self) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it.
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(_TABLE)
        return sqlite.insert(_TABLE)
