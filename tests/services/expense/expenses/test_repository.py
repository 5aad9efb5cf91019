"""Owner scoping of the expense repositories on real databases: another key's expenses
are invisible to every read and write, and an unscoped ORM statement is refused."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from sqlalchemy import Engine, select

from db.scoping import UnscopedQuery
from db.session import make_sessionmaker
from services.expense.expenses.domain import ExpenseInput, ListQuery
from services.expense.expenses.repository import ExpenseReads, ExpenseRepository
from services.expense.expenses.tables import ExpenseRow
from services.runtime.errors import NotFound
from tests.services.expense.conftest import UowFactory

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
LUNCH = ExpenseInput(
    amount=Decimal("12.50"), description="Lunch", category="food", date=date(2026, 3, 1)
)


def test_another_keys_expense_is_not_found_anywhere(
    uow: UowFactory, reads: ExpenseReads, key_ids: tuple[str, str]
) -> None:
    mine, theirs = (uuid.UUID(k) for k in key_ids)
    with uow() as unit:
        created = unit.repos.expenses.add(mine, LUNCH, NOW)

    assert reads.get(mine, created.id) == created
    with pytest.raises(NotFound):
        reads.get(theirs, created.id)
    assert (
        reads.page(
            theirs, ListQuery(limit=10, offset=0, category=None, start_date=None, end_date=None)
        ).total
        == 0
    )
    with pytest.raises(NotFound), uow() as unit:
        unit.repos.expenses.replace(theirs, created.id, LUNCH, NOW)
    with pytest.raises(NotFound), uow() as unit:
        unit.repos.expenses.delete(theirs, created.id)
    assert reads.get(mine, created.id) == created


def test_unscoped_statements_on_expenses_are_refused(expense_url: str, engine: Engine) -> None:
    with make_sessionmaker(engine)() as session:
        with pytest.raises(UnscopedQuery, match="ExpenseRow"):
            session.scalars(select(ExpenseRow)).all()
        with pytest.raises(UnscopedQuery):
            session.get(ExpenseRow, uuid.uuid4())
        # The repository's own statements pass the guard.
        with pytest.raises(NotFound):
            ExpenseRepository(session).delete(uuid.uuid4(), uuid.uuid4())
