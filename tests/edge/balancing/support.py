"""An edge transcoder over real replicas, with its upstream and metrics at hand."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from edge.asgi import Scope
from edge.balancing.settings import BalancingSettings
from edge.balancing.upstream import Upstream
from edge.descriptors import discover_routes
from edge.observability.metrics import GatewayMetrics
from edge.transcoder import Transcoder
from tests.edge.balancing.replicas import Replica

ROUTES = discover_routes()
LIST = "/expense/v1/expenses"
EXPENSE = {"amount": 1.5, "description": "d", "category": "food", "date": "2026-01-31"}
KEY = {"Authorization": "Bearer fp_key"}


@dataclass
class Edge:
    client: httpx.AsyncClient
    upstream: Upstream
    metrics: GatewayMetrics
    scopes: list[Scope] = field(default_factory=list)

    async def who(self, headers: dict[str, str] | None = None) -> int:
        """The number of the replica that answered a GET (0: the call failed)."""
        response = await self.client.get(LIST, headers=headers or KEY)
        return int(response.json()["pagination"]["total"]) if response.status_code == 200 else 0

    def instance(self, replica: Replica) -> dict[str, Any]:
        snapshot: dict[str, Any] = self.upstream.pools.snapshot()["expense"][replica.address]
        return snapshot

    def sample(self, name: str, **labels: str) -> float:
        return self.metrics.registry.get_sample_value(name, labels) or 0.0


@asynccontextmanager
async def edge(replicas: Sequence[Replica], **settings: Any) -> AsyncIterator[Edge]:
    config = BalancingSettings(**settings)
    metrics = GatewayMetrics()
    upstream = Upstream.from_settings(
        {"expense": [r.address for r in replicas]}, config, drain_seconds=5, metrics=metrics
    )
    transcoder = Transcoder(ROUTES, upstream, call_timeout=5, max_body_bytes=65536)
    scopes: list[Scope] = []

    async def app(scope: Scope, receive: Any, send: Any) -> None:
        await transcoder(scope, receive, send)
        scopes.append(scope)

    transcoder.start()
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as client:
            yield Edge(client, upstream, metrics, scopes)
    finally:
        await upstream.close()


async def eventually(check: Callable[[], bool], timeout: float = 15.0) -> None:
    """Poll until `check()` holds (health rounds and reconnects take their time)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.05)
