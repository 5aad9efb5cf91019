"""Two units of work writing the same rows at once: the second waits for the first's
rows and must then succeed too (an upsert, not a unique-violation 500)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from services.analytics.repositories import AnalyticsRepositories
from tests.services.analytics.conftest import UowFactory

Write = Callable[[AnalyticsRepositories], None]


def both_writes_succeed(uow: UowFactory, write: Write) -> None:
    """`write` in a unit of work held open while another runs the same `write`."""
    first = uow()
    first.__enter__()
    write(first.repos)
    failures: list[BaseException] = []

    def second() -> None:
        try:
            with uow() as unit:  # waits for the first one's rows, then overwrites them
                write(unit.repos)
        except BaseException as error:
            failures.append(error)

    racer = threading.Thread(target=second)
    racer.start()
    time.sleep(0.3)
    first.__exit__(None, None, None)
    racer.join(30)
    assert not racer.is_alive() and failures == []
