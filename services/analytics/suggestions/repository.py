"""Persistence of saving suggestions and of each user's last generation, and the reads
of transactions the finding rules need.

Every statement is scoped to the owning user through db.scoping. A suggestion asked for
by id that belongs to another user is 403, a missing one 404 (records.mine_or_raise).

The transaction reads are Core SELECTs of the few columns the rules use (as recurring
detection's are), each bounded by what a rule looks at: the debits of a handful of
merchants, the year's debits that may be fees, the largest debits of one category and
month.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable, Iterator, Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from itertools import islice
from typing import Any

from sqlalchemy import ColumnElement, false, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, select_owned, update_owned
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine, lock_mine
from services.analytics.suggestions.detectors import Spend
from services.analytics.suggestions.domain import (
    OPEN,
    Finding,
    ListQuery,
    Run,
    Status,
    Suggestion,
    money,
)
from services.analytics.suggestions.tables import SuggestionRow, SuggestionRunRow
from services.analytics.transactions.tables import TransactionRow
from services.runtime.paging import Page

_T = TransactionRow.__table__.c
_SPEND = (_T.id, _T.booked_at, _T.amount, _T.currency, _T.description, _T.merchant_name,
          _T.category_id)  # fmt: skip
# Ids per IN (...) list: far below every engine's bound on parameters.
_BATCH = 500
_ZERO = Decimal(0)
_ORDER = (SuggestionRow.potential_saving.desc(), SuggestionRow.created_at.desc(), SuggestionRow.id)


def _suggestion(row: SuggestionRow) -> Suggestion:
    return Suggestion(
        id=row.id,
        user_id=row.user_id,
        status=row.status,  # type: ignore[arg-type]
        finding=Finding(
            fingerprint=row.fingerprint,
            suggestion_type=row.suggestion_type,  # type: ignore[arg-type]
            title=row.title,
            description=row.description,
            potential_saving=money(row.potential_saving),
            currency=row.currency,
            confidence=row.confidence,
            merchant_name=row.merchant_name,
            category_id=row.category_id,
            evidence={str(k): str(v) for k, v in row.evidence.items()},
            transaction_ids=tuple(str(t) for t in row.transaction_ids),
        ),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _figures(finding: Finding) -> dict[str, Any]:
    """The columns a generation writes (everything but identity and status)."""
    return {
        "suggestion_type": finding.suggestion_type,
        "title": finding.title,
        "description": finding.description,
        "potential_saving": finding.potential_saving,
        "currency": finding.currency,
        "confidence": finding.confidence,
        "merchant_name": finding.merchant_name,
        "category_id": finding.category_id,
        "evidence": dict(finding.evidence),
        "transaction_ids": list(finding.transaction_ids),
    }


def _spend(row: Any) -> Spend:
    return Spend(
        id=row.id,
        booked_on=row.booked_at.astimezone(UTC).date(),
        amount=row.amount,
        currency=row.currency,
        description=row.description,
        merchant_name=row.merchant_name,
        category_id=row.category_id,
    )


def _batched(items: Iterable[Any], size: int = _BATCH) -> Iterator[list[Any]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def _day_start(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


class SuggestionRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- suggestions ---------------------------------------------------------------------

    def all_of(self, user_id: uuid.UUID) -> list[Suggestion]:
        return [_suggestion(r) for r in self._session.scalars(select_owned(SuggestionRow, user_id))]

    def require_mine(self, user_id: uuid.UUID, suggestion_id: uuid.UUID) -> Suggestion:
        """The caller's suggestion; 403 for another user's, 404 for none."""
        return _suggestion(self._row(user_id, suggestion_id))

    def page(self, user_id: uuid.UUID, query: ListQuery) -> Page[Suggestion]:
        conditions: list[ColumnElement[bool]] = []
        if query.status is not None:
            conditions.append(SuggestionRow.status == query.status)
        if query.suggestion_type is not None:
            conditions.append(SuggestionRow.suggestion_type == query.suggestion_type)
        if query.min_saving is not None:
            conditions.append(SuggestionRow.potential_saving >= query.min_saving)
        page = owned_page(
            self._session,
            SuggestionRow,
            user_id,
            conditions,
            order=_ORDER,
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items([_suggestion(r) for r in page.items])

    def top(self, user_id: uuid.UUID, limit: int) -> list[Suggestion]:
        rows = self._session.scalars(
            select_owned(SuggestionRow, user_id, SuggestionRow.status.in_(OPEN))
            .order_by(*_ORDER)
            .limit(limit)
        )
        return [_suggestion(r) for r in rows]

    def count_open(self, user_id: uuid.UUID) -> int:
        total = self._session.scalar(
            select_owned(SuggestionRow, user_id, SuggestionRow.status.in_(OPEN)).with_only_columns(
                func.count()
            )
        )
        return int(total or 0)

    def add(self, user_id: uuid.UUID, findings: Sequence[Finding], now: datetime) -> int:
        """Store findings as `new`; returns how many were stored. A finding another
        generation stored meanwhile (same fingerprint) is skipped, not an error:
        INSERT … ON CONFLICT (user_id, fingerprint) DO NOTHING."""
        if not findings:
            return 0
        rows = [
            {
                "id": uuid.uuid4(),
                "user_id": user_id,
                "fingerprint": f.fingerprint,
                "status": "new",
                "created_at": now,
                "updated_at": now,
                **_figures(f),
            }
            for f in findings
        ]
        statement = (
            self._insert(SuggestionRow.__table__)
            .values(rows)
            .on_conflict_do_nothing(
                index_elements=[SuggestionRow.user_id, SuggestionRow.fingerprint]
            )
        )
        # RETURNING counts what was inserted on both engines.
        return len(self._session.execute(statement.returning(SuggestionRow.id)).all())

    def refresh(
        self, user_id: uuid.UUID, changes: Iterable[tuple[uuid.UUID, Finding]], now: datetime
    ) -> None:
        """New figures for stored open suggestions (their status and id stay). A
        suggestion the user moved to a final status meanwhile keeps its figures."""
        for suggestion_id, finding in changes:
            self._session.execute(
                update_owned(
                    SuggestionRow,
                    user_id,
                    SuggestionRow.id == suggestion_id,
                    SuggestionRow.status.in_(OPEN),
                )
                .values(updated_at=now, **_figures(finding))
                .execution_options(synchronize_session=False)
            )

    def remove(self, user_id: uuid.UUID, suggestion_ids: Collection[uuid.UUID]) -> int:
        """Delete open suggestions; returns how many went (one the user just moved to a
        final status stays)."""
        removed = 0
        for batch in _batched(suggestion_ids):
            result = self._session.execute(
                delete_owned(
                    SuggestionRow,
                    user_id,
                    SuggestionRow.id.in_(batch),
                    SuggestionRow.status.in_(OPEN),
                ).execution_options(synchronize_session=False)
            )
            removed += int(result.rowcount)  # type: ignore[attr-defined]
        return removed

    def set_status(
        self, user_id: uuid.UUID, suggestion_id: uuid.UUID, status: Status, now: datetime
    ) -> Suggestion:
        row = self._row(user_id, suggestion_id)
        row.status = status
        row.updated_at = now
        self._session.flush()
        return _suggestion(row)

    def locked(self, user_id: uuid.UUID, suggestion_id: uuid.UUID) -> Suggestion:
        """The caller's suggestion, its row locked until the unit of work ends (a status
        change reads and writes it without another change slipping in between)."""
        return _suggestion(
            lock_mine(self._session, SuggestionRow, user_id, suggestion_id, "suggestion")
        )

    def _row(self, user_id: uuid.UUID, suggestion_id: uuid.UUID) -> SuggestionRow:
        return find_mine(self._session, SuggestionRow, user_id, suggestion_id, "suggestion")

    def _insert(self, table: Any) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it.
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    # -- runs ----------------------------------------------------------------------------

    def last_run(self, user_id: uuid.UUID) -> Run | None:
        row = self._session.scalar(select_owned(SuggestionRunRow, user_id))
        if row is None:
            return None
        return Run(row.data_version, row.generated_on, row.generated_at)

    def record_run(self, user_id: uuid.UUID, run: Run) -> None:
        table: Any = SuggestionRunRow.__table__
        insert = self._insert(table)
        values = {
            "data_version": run.data_version,
            "generated_on": run.generated_on,
            "generated_at": run.generated_at,
        }
        self._session.execute(
            insert.values(user_id=user_id, **values).on_conflict_do_update(
                index_elements=[table.c.user_id], set_=values
            )
        )

    # -- what the rules read -------------------------------------------------------------

    def transactions(self, user_id: uuid.UUID, ids: Collection[uuid.UUID]) -> list[Spend]:
        """The user's transactions among `ids` (a pattern's charges)."""
        found: list[Spend] = []
        for batch in _batched(ids):
            found.extend(self._spends(user_id, _T.id.in_(batch)))
        return found

    def debits_at(self, user_id: uuid.UUID, merchant_names: Collection[str]) -> list[Spend]:
        """Every debit at these merchants, matched by name ignoring case (lower(), as
        the roll-ups and recurring patterns key merchants)."""
        names = sorted(set(merchant_names))
        found: list[Spend] = []
        for batch in _batched(names):
            keys = sorted({n.lower() for n in batch})
            same = or_(_T.merchant_name.in_(batch), func.lower(_T.merchant_name).in_(keys))
            found.extend(self._spends(user_id, same, _T.amount < _ZERO))
        return found

    def debits_mentioning(
        self,
        user_id: uuid.UUID,
        first_day: date,
        words: Collection[str],
        category_ids: Collection[uuid.UUID],
    ) -> list[Spend]:
        """Debits from `first_day` on whose description contains one of `words` (upper
        case, anywhere) or whose category is among `category_ids`: a coarse filter the
        rules refine."""
        matches: list[ColumnElement[bool]] = [
            func.upper(_T.description).contains(word, autoescape=True) for word in words
        ]
        if category_ids:
            matches.append(_T.category_id.in_(list(category_ids)))
        return self._spends(
            user_id,
            _T.amount < _ZERO,
            _T.booked_at >= _day_start(first_day),
            or_(false(), *matches),
        )

    def largest_debits(
        self,
        user_id: uuid.UUID,
        currency: str,
        category_ids: Collection[uuid.UUID],
        first_day: date,
        last_day: date,
        limit: int,
    ) -> list[Spend]:
        """The `limit` largest debits of these categories over the days, inclusive."""
        statement = (
            select(*_SPEND)
            .where(
                owner_is(TransactionRow, user_id),
                _T.amount < _ZERO,
                _T.currency == currency,
                _T.category_id.in_(list(category_ids)),
                _T.booked_at >= _day_start(first_day),
                _T.booked_at < _day_start(last_day + timedelta(days=1)),
            )
            .order_by(_T.amount, _T.id)
            .limit(limit)
        )
        return [_spend(r) for r in self._session.connection().execute(statement)]

    def _spends(self, user_id: uuid.UUID, *where: ColumnElement[bool]) -> list[Spend]:
        statement = select(*_SPEND).where(owner_is(TransactionRow, user_id), *where)
        return [_spend(r) for r in self._session.connection().execute(statement)]
