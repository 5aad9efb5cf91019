"""Calls raced from threads against a real PostgreSQL, for the concurrency tests of every
backend's tenant-owned families (main's ledger, projects and invoices; project finance).

A concurrency module races on PostgreSQL only (SQLite has one writer at a time), with a
pooled connection per thread; it binds the fixtures here as its own `database_url` and
`engine`:

    database_url = races.postgres_only
    engine = races.pooled_engine
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

import pytest
from sqlalchemy import Engine

from db.engine import make_engine

# Threads of a race: more than the pool's default 5 connections, as a busy server has.
THREADS: Final = 8

T = TypeVar("T")


@pytest.fixture
def postgres_only(postgres_url: str) -> str:
    return postgres_url


@pytest.fixture
def pooled_engine(postgres_url: str) -> Iterator[Engine]:
    engine = make_engine(postgres_url, pool_size=THREADS)
    yield engine
    engine.dispose()


def together(call: Callable[[int], T], count: int = THREADS) -> list[T | Exception]:
    """`call(i)` from `count` threads released at once; each result or exception."""
    start = threading.Barrier(count)

    def run(index: int) -> T | Exception:
        start.wait()
        try:
            return call(index)
        except Exception as error:  # the outcome under test
            return error

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))
