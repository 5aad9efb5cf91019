"""A migrated expense database (PostgreSQL, and the embedded SQLite default) per test."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.expense.api_keys import usecases
from services.expense.expenses.repository import ExpenseReads
from services.expense.kernel import ExpenseUnitOfWork
from services.expense.repositories import repositories

UowFactory = Callable[[], ExpenseUnitOfWork]


@pytest.fixture
def expense_url(database_url: str) -> str:
    """The expense schema on each supported database."""
    migrate.upgrade("expense", database_url)
    return database_url


@pytest.fixture
def uow(expense_url: str, engine: Engine) -> UowFactory:
    return unit_of_work_factory(make_sessionmaker(engine), repositories)


@pytest.fixture
def reads(expense_url: str, engine: Engine) -> ExpenseReads:
    return ExpenseReads(engine)


@pytest.fixture
def key_ids(uow: UowFactory) -> tuple[str, str]:
    """Two client keys (their ids), to own expenses."""
    first = usecases.create_api_key(uow(), "first")
    second = usecases.create_api_key(uow(), "second")
    return str(first.key.id), str(second.key.id)
