"""Three real grpc.aio expense replicas per test (fresh state, own ports)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.edge.balancing.replicas import Replica


@pytest.fixture
async def replicas() -> AsyncIterator[list[Replica]]:
    started = [Replica(n) for n in (1, 2, 3)]
    for replica in started:
        await replica.start()
    yield started
    for replica in started:
        await replica.stop()
