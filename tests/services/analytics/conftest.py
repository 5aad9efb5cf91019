"""A migrated analytics database (SQLite and PostgreSQL) per test, and its units of work."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.analytics.kernel import AnalyticsUnitOfWork
from services.analytics.repositories import repositories

UowFactory = Callable[[], AnalyticsUnitOfWork]


@pytest.fixture
def analytics_url(database_url: str) -> str:
    migrate.upgrade("analytics", database_url)
    return database_url


@pytest.fixture
def uow(analytics_url: str, engine: Engine) -> UowFactory:
    return unit_of_work_factory(make_sessionmaker(engine), repositories)
