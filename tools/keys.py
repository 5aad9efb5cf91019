"""Programmatic API-key issuance for the end-to-end tests and benchmarks: the same use
cases as `finplat apikey` and the admin RPCs, against a given expense database."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.expense.api_keys import usecases
from services.expense.kernel import ExpenseUnitOfWork
from services.expense.repositories import repositories


def migrate_backend(backend: str, url: str) -> None:
    migrate.upgrade(backend, url)


@contextmanager
def expense_units(url: str) -> Iterator[Callable[[], ExpenseUnitOfWork]]:
    """A unit-of-work factory on the expense database at url, disposed afterwards."""
    engine = make_engine(url)
    try:
        yield unit_of_work_factory(make_sessionmaker(engine), repositories)
    finally:
        engine.dispose()


def issue_api_key(url: str, name: str, roles: Sequence[str] = ()) -> tuple[str, str]:
    """Create a key; returns (id, secret)."""
    with expense_units(url) as uow:
        issued = usecases.create_api_key(uow(), name, list(roles))
    return str(issued.key.id), issued.secret


def revoke_api_key(url: str, key_id: str) -> None:
    with expense_units(url) as uow:
        usecases.revoke_api_key(uow(), uuid.UUID(key_id))
