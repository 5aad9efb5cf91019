"""Persistence of expenses.

Data isolation lives here, through db.scoping: every statement is filtered by the owning
API key, so another key's expense is indistinguishable from a missing one (NotFound
either way, as the expense spec wants) and no handler can forget the filter.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Engine, Row, bindparam, func, select
from sqlalchemy.orm import Session

from db.scoping import owner_is, select_owned
from services.expense.expenses.domain import Expense, ExpenseInput, ListQuery, Page
from services.expense.expenses.tables import ExpenseRow
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


# Hot-path statements are built once with bind parameters: building the WHERE clause
# (operator overloading, coercions) cost more per call than executing the cached SQL.
_OWNED_EXPENSE = select_owned(
    ExpenseRow, bindparam("owner"), ExpenseRow.id == bindparam("expense_id")
)
_EXPENSE_COLUMNS = tuple(ExpenseRow.__table__.columns)
_OWNED_EXPENSE_ROW = select(*_EXPENSE_COLUMNS).where(
    owner_is(ExpenseRow, bindparam("owner")), ExpenseRow.id == bindparam("expense_id")
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
    conditions = [owner_is(ExpenseRow, owner)]
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
