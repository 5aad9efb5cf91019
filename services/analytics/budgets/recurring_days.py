"""The user's recurring transactions summed per day and category (budget_recurring_days),
kept for the detection of recurring patterns they were built from.

A budget that leaves recurring transactions out subtracts them from the roll-ups'
figures. Looking up every pattern's transactions per request would not scale (a long
history holds hundreds of thousands of them), so they are summed once per detection —
INSERT … SELECT … GROUP BY, in SQL — and read by range of days
like a roll-up. Day = the UTC date of booked_at, as the roll-ups count it. PostgreSQL
takes the ids as one array joined to the transactions; SQLite in IN lists.

Concurrency: a rebuild holds the user's state row (SELECT … FOR UPDATE), so a second
request waits and then finds the days current.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import func, literal, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import type_coerce

from db.scoping import delete_owned, owner_is, scoped, update_owned
from db.types import GUID, Amount
from services.analytics.budgets.tables import RecurringDayRow, RecurringStateRow
from services.analytics.rollups import sql
from services.analytics.transactions.tables import TransactionRow
from services.runtime.clock import utcnow

# Ids per IN (…) list: well under every engine's bound on parameters.
_CHUNK = 1000
_DAYS: Any = RecurringDayRow.__table__
_STATE: Any = RecurringStateRow.__table__


class RecurringDays:
    def __init__(self, session: Session) -> None:
        self._session = session
        self._dialect = session.get_bind().dialect.name

    def current(self, user_id: uuid.UUID, version: int) -> bool:
        """Whether the days are those of the patterns detected at `version` (one
        primary-key read, no lock: the common case)."""
        held: int | None = self._session.scalar(
            scoped(
                select(RecurringStateRow.recurring_version).where(
                    owner_is(RecurringStateRow, user_id)
                )
            )
        )
        return held == version

    def rebuild(
        self, user_id: uuid.UUID, version: int, transaction_ids: Collection[uuid.UUID]
    ) -> bool:
        """Make the days those of `transaction_ids`, the patterns detected at `version`,
        unless a concurrent request did while this one waited; True when rebuilt."""
        self._session.execute(
            sql.upsert(self._dialect, _STATE)
            .values(user_id=user_id, recurring_version=-1, updated_at=utcnow())
            .on_conflict_do_nothing(index_elements=[_STATE.c.user_id])
        )
        held = self._session.scalar(
            scoped(
                select(RecurringStateRow.recurring_version)
                .where(owner_is(RecurringStateRow, user_id))
                .with_for_update()
            )
        )
        if held == version:
            return False
        self._session.execute(
            delete_owned(RecurringDayRow, user_id).execution_options(synchronize_session=False)
        )
        ids = list(transaction_ids)
        if self._dialect == "postgresql":
            # One statement: the ids as one array parameter, hash-joined to the user's
            # transactions (300k primary-key lookups in IN lists took over 10 s).
            self._insert_sums(user_id, [ids], joined=True)
        else:
            self._insert_sums(
                user_id, [ids[i : i + _CHUNK] for i in range(0, len(ids), _CHUNK)], joined=False
            )
        self._session.execute(
            update_owned(RecurringStateRow, user_id)
            .values(recurring_version=version, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        return True

    def _insert_sums(
        self, user_id: uuid.UUID, batches: list[list[uuid.UUID]], *, joined: bool
    ) -> None:
        t = TransactionRow
        day = sql.day_of(self._dialect, t.booked_at)
        for batch in batches:
            if not batch:
                continue
            summed = select(t.user_id, t.currency, day, t.category_id, func.sum(t.amount))
            if joined:
                wanted = (
                    func.unnest(literal(batch, postgresql.ARRAY(GUID)))
                    .table_valued("id")
                    .render_derived()
                )
                summed = summed.join_from(t, wanted, t.id == wanted.c.id)
            else:
                summed = summed.where(t.id.in_(batch))
            self._session.execute(
                _DAYS.insert().from_select(
                    ["user_id", "currency", "day", "category_id", "amount"],
                    scoped(
                        summed.where(owner_is(t, user_id)).group_by(
                            t.user_id, t.currency, day, t.category_id
                        )
                    ),
                )
            )

    def totals(
        self, user_id: uuid.UUID, currency: str, first_day: date, last_day: date
    ) -> list[tuple[uuid.UUID | None, Decimal]]:
        """(category, net amount) of the recurring transactions on those days."""
        d = RecurringDayRow
        rows = self._session.execute(
            scoped(
                select(d.category_id, type_coerce(func.sum(d.amount), Amount).label("amount"))
                .where(
                    owner_is(d, user_id), d.currency == currency, d.day.between(first_day, last_day)
                )
                .group_by(d.category_id)
            )
        )
        return [(r.category_id, r.amount or Decimal(0)) for r in rows]
