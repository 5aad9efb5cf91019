"""The cash flow's locks in the module's order (PostgreSQL: SQLite serializes writers).

A computation that must detect the recurring patterns again writes the user's roll-up
state row. Another request may hold that row and then want the cash flow's own state row
(a chart calling the cash flow after reading the roll-ups). Taking the cash flow's row
first and the roll-ups' second — the order before the fix — deadlocked with it: PostgreSQL
aborted one of the two (a 500 seen by the dashboard's parallel requests)."""

from __future__ import annotations

import threading
import time
from datetime import date

import pytest
from sqlalchemy import Engine

from services.analytics.cashflow import usecases
from services.analytics.cashflow.domain import PredictionQuery
from tests.services.analytics.cashflow.support import ALICE, NOW, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, store


def test_a_computation_waits_for_the_roll_up_state_row_first(
    uow: UowFactory, engine: Engine
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    store(uow, ALICE, *(Tx(date(2026, month, 8), "-11.99", "Netflix") for month in range(1, 11)))
    # The roll-ups are fresh and the patterns stale: the computation will detect them.
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(ALICE)
    holder = uow()
    holder.__enter__()
    holder.repos.rollups.lock_state(ALICE)
    failures: list[BaseException] = []

    def compute() -> None:
        try:
            usecases.list_predictions(uow(), ALICE, PredictionQuery("monthly", limit=2), clock)
        except BaseException as error:
            failures.append(error)

    racer = threading.Thread(target=compute)
    racer.start()
    time.sleep(0.5)  # the computation is waiting for a lock by now
    try:
        # The holder now wants the cash flow's row: free, since the computation waits
        # for the roll-ups' row before taking it.
        holder.repos.cashflow.lock(ALICE, NOW)
    finally:
        holder.__exit__(None, None, None)
    racer.join(60)
    assert not racer.is_alive() and failures == []
