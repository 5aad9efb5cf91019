"""Persistence of expenses and API keys.

Data isolation lives here: every expense query is filtered by the owning API key, so
another key's expense is indistinguishable from a missing one (NotFound either way) and
no handler can forget the filter.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import ColumnElement, Engine, Row, bindparam, func, select, update
from sqlalchemy.orm import Session

from services.expense.apikeys import LAST_USED_RESOLUTION, ApiKey
from services.expense.domain import Expense, ExpenseInput, ListQuery, Page
from services.expense.tables import ApiKeyRow, ExpenseRow
from services.runtime.errors import NotFound


def _expense(row: ExpenseRow | Row[Any]) -> Expense:
    """From an ORM row (writes) or a Core row (ExpenseReads): same column names."""
    return Expense(
        id=row.id,
        amount=row.amount,
        description=row.description,
        category=row.category,
        date=row.date,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class _ApiKeyColumns(Protocol):
    """What _api_key reads: an ORM row and a Core row of api_keys both have it."""

    id: uuid.UUID
    name: str
    prefix: str
    roles: list[str]
    created_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None


def _api_key(row: _ApiKeyColumns) -> ApiKey:
    return ApiKey(
        id=row.id,
        name=row.name,
        prefix=row.prefix,
        roles=tuple(row.roles),
        created_at=row.created_at,
        revoked_at=row.revoked_at,
        last_used_at=row.last_used_at,
    )


# Hot-path statements are built once with bind parameters: building the WHERE clause
# (operator overloading, coercions) cost more per call than executing the cached SQL.
_OWNED_EXPENSE = select(ExpenseRow).where(
    ExpenseRow.id == bindparam("expense_id"), ExpenseRow.api_key_id == bindparam("owner")
)
_EXPENSE_COLUMNS = tuple(ExpenseRow.__table__.columns)
_OWNED_EXPENSE_ROW = select(*_EXPENSE_COLUMNS).where(
    ExpenseRow.id == bindparam("expense_id"), ExpenseRow.api_key_id == bindparam("owner")
)
_API_KEY_BY_HASH = select(*ApiKeyRow.__table__.columns).where(
    ApiKeyRow.secret_hash == bindparam("secret_hash")
)


class ExpenseRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, owner: uuid.UUID, data: ExpenseInput, now: datetime) -> Expense:
        row = ExpenseRow(
            id=uuid.uuid4(),
            api_key_id=owner,
            amount=data.amount,
            description=data.description,
            category=data.category,
            date=data.date,
            created_at=now,
            updated_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _expense(row)

    def replace(
        self, owner: uuid.UUID, expense_id: uuid.UUID, data: ExpenseInput, now: datetime
    ) -> Expense:
        row = self._owned(owner, expense_id)
        row.amount = data.amount
        row.description = data.description
        row.category = data.category
        row.date = data.date
        row.updated_at = now
        self._session.flush()
        return _expense(row)

    def delete(self, owner: uuid.UUID, expense_id: uuid.UUID) -> None:
        self._session.delete(self._owned(owner, expense_id))
        self._session.flush()

    def _owned(self, owner: uuid.UUID, expense_id: uuid.UUID) -> ExpenseRow:
        row = self._session.scalar(_OWNED_EXPENSE, {"expense_id": expense_id, "owner": owner})
        if row is None:
            raise _not_found(expense_id)
        return row


def _not_found(expense_id: uuid.UUID) -> NotFound:
    # Same answer for "absent" and "someone else's": ids reveal nothing.
    return NotFound(f"expense {expense_id} not found", metadata={"id": str(expense_id)})


def _filters(owner: uuid.UUID, query: ListQuery) -> list[ColumnElement[bool]]:
    conditions = [ExpenseRow.api_key_id == owner]
    if query.category is not None:
        conditions.append(ExpenseRow.category == query.category)
    if query.start_date is not None:
        conditions.append(ExpenseRow.date >= query.start_date)
    if query.end_date is not None:
        conditions.append(ExpenseRow.date <= query.end_date)
    return conditions


class ExpenseReads:
    """The read operations, without an ORM session: Core SELECTs on a pooled connection.

    A read needs neither identity map nor flush nor a unit of work's commit, and those
    were most of a GetExpense call's cost (docs/benchmarks.md). Owner filtering is here
    exactly as in ExpenseRepository: another key's expense is NotFound.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def get(self, owner: uuid.UUID, expense_id: uuid.UUID) -> Expense:
        with self._engine.connect() as conn:
            row = conn.execute(
                _OWNED_EXPENSE_ROW, {"expense_id": expense_id, "owner": owner}
            ).first()
        if row is None:
            raise _not_found(expense_id)
        return _expense(row)

    def page(self, owner: uuid.UUID, query: ListQuery) -> Page[Expense]:
        conditions = _filters(owner, query)
        count = select(func.count()).select_from(ExpenseRow).where(*conditions)
        rows = (
            select(*_EXPENSE_COLUMNS)
            .where(*conditions)
            # Newest day first; within a day the latest recorded first; id makes the order
            # total so pages never repeat or skip rows.
            .order_by(ExpenseRow.date.desc(), ExpenseRow.created_at.desc(), ExpenseRow.id.desc())
            .limit(query.limit)
            .offset(query.offset)
        )
        with self._engine.connect() as conn:
            total = conn.execute(count).scalar()
            items = [_expense(r) for r in conn.execute(rows)]
        return Page(items=items, limit=query.limit, offset=query.offset, total=int(total or 0))


class ApiKeyRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def add(
        self, *, name: str, prefix: str, secret_hash: str, roles: tuple[str, ...], now: datetime
    ) -> ApiKey:
        row = ApiKeyRow(
            id=uuid.uuid4(),
            name=name,
            prefix=prefix,
            secret_hash=secret_hash,
            roles=list(roles),
            created_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _api_key(row)

    def find_by_hash(self, secret_hash: str) -> ApiKey | None:
        row = self._session.scalar(select(ApiKeyRow).where(ApiKeyRow.secret_hash == secret_hash))
        return None if row is None else _api_key(row)

    def list(self, *, include_revoked: bool) -> list[ApiKey]:
        statement = select(ApiKeyRow).order_by(ApiKeyRow.created_at.desc(), ApiKeyRow.id.desc())
        if not include_revoked:
            statement = statement.where(ApiKeyRow.revoked_at.is_(None))
        return [_api_key(r) for r in self._session.scalars(statement)]

    def revoke(self, key_id: uuid.UUID, now: datetime) -> ApiKey:
        row = self._session.get(ApiKeyRow, key_id)
        if row is None:
            raise NotFound(f"API key {key_id} not found", metadata={"id": str(key_id)})
        if row.revoked_at is None:  # revoking twice keeps the first time
            row.revoked_at = now
            self._session.flush()
        return _api_key(row)

    def touch(self, key_id: uuid.UUID, now: datetime) -> None:
        """Record a use, unless one was recorded within LAST_USED_RESOLUTION.

        The condition is in the UPDATE itself so concurrent requests (and replicas)
        write at most once per interval without reading first.
        """
        self._session.execute(
            update(ApiKeyRow)
            .where(
                ApiKeyRow.id == key_id,
                ApiKeyRow.last_used_at.is_(None)
                | (ApiKeyRow.last_used_at <= now - LAST_USED_RESOLUTION),
            )
            .values(last_used_at=now)
        )


@dataclass(frozen=True)
class ExpenseRepositories:
    """What a unit of work of this backend exposes."""

    expenses: ExpenseRepository
    api_keys: ApiKeyRepository


def repositories(session: Session) -> ExpenseRepositories:
    return ExpenseRepositories(ExpenseRepository(session), ApiKeyRepository(session))


class ApiKeyLookup:
    """Finds a key by secret hash on the per-request authentication path, without an ORM
    session: a Core SELECT on a pooled connection costs ~0.1 ms here, where a unit of
    work costs ~0.65 ms (session and transaction set-up, not the query). It reads the
    database every time, so a revoked key fails on its very next request."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def __call__(self, secret_hash: str) -> ApiKey | None:
        with self._engine.connect() as conn:
            row = conn.execute(_API_KEY_BY_HASH, {"secret_hash": secret_hash}).first()
        return None if row is None else _api_key(row)  # type: ignore[arg-type]
