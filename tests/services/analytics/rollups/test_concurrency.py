"""Refreshers and writers racing on PostgreSQL (SQLite has one writer at a time): the
state row's lock makes a second refresher wait and then find nothing to do, and a write
committed during a refresh is recomputed by the next read, never lost."""

from __future__ import annotations

import threading
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import Engine, func, select

from services.analytics.rollups.tables import CategoryDayRow
from tests.services.analytics.categories.support import ALICE
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, store

D = date(2026, 1, 15)


@pytest.fixture(autouse=True)
def _postgresql_only(database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite serializes writers: there is no race to lose")


def _in_thread(work: object) -> tuple[threading.Thread, list[object]]:
    outcome: list[object] = []

    def run() -> None:
        outcome.append(work())  # type: ignore[operator]

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_second_refresher_waits_and_then_has_nothing_to_do(
    uow: UowFactory, engine: Engine
) -> None:
    store(uow, ALICE, Tx(D, "-10.00"), Tx(D, "-5.00"))
    first = uow()
    with first:
        assert first.repos.rollups.ensure_fresh(ALICE) is True  # holds the state row

        def second() -> bool:
            with uow() as unit:
                return unit.repos.rollups.ensure_fresh(ALICE)

        thread, outcome = _in_thread(second)
        thread.join(timeout=0.5)
        assert thread.is_alive()  # waiting for the lock
    thread.join(timeout=10)
    assert outcome == [False]
    with engine.connect() as connection:
        rows = connection.scalar(
            select(func.count()).select_from(CategoryDayRow).where(CategoryDayRow.user_id == ALICE)
        )
    assert rows == 1


def test_a_write_during_a_refresh_is_not_lost(uow: UowFactory) -> None:
    store(uow, ALICE, Tx(D, "-10.00"))
    refresher = uow()
    with refresher:
        refresher.repos.rollups.ensure_fresh(ALICE)
        # A writer commits its transaction and marks its day while the refresh holds
        # the state row: its invalidation waits, then widens the range again.
        thread, _ = _in_thread(lambda: store(uow, ALICE, Tx(D, "-1.00")))
        thread.join(timeout=0.5)
        assert thread.is_alive()
    thread.join(timeout=10)
    with uow() as unit:
        assert unit.repos.rollups.ensure_fresh(ALICE) is True
        [total] = unit.repos.rollups.category_totals(ALICE, "EUR", D, D)
    assert total.expenses == Decimal("11.0000")
