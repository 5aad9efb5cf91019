"""A migrated expense database (PostgreSQL, and the embedded SQLite default) per test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.expense import usecases
from services.expense.repository import repositories
from services.expense.usecases import ExpenseUnitOfWork

UowFactory = Callable[[], ExpenseUnitOfWork]


@pytest.fixture(params=["postgresql", "sqlite"])
def expense_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/expense.db"
    else:
        url = request.getfixturevalue("postgres_url")
    migrate.upgrade("expense", url)
    return url


@pytest.fixture
def engine(expense_url: str) -> Iterator[Engine]:
    engine = make_engine(expense_url)
    yield engine
    engine.dispose()


@pytest.fixture
def uow(engine: Engine) -> UowFactory:
    return unit_of_work_factory(make_sessionmaker(engine), repositories)


@pytest.fixture
def key_ids(uow: UowFactory) -> tuple[str, str]:
    """Two client keys (their ids), to own expenses."""
    first = usecases.create_api_key(uow(), "first")
    second = usecases.create_api_key(uow(), "second")
    return str(first.key.id), str(second.key.id)
