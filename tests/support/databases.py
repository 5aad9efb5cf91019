"""Fixtures that run a test once on each supported database: SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from db.engine import make_engine


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a fresh database on the test PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/test.db"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url)
    yield engine
    engine.dispose()
