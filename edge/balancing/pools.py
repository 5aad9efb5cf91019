"""Every backend's pool, fed by static settings and by discovery sources through
`update`; instances no source lists any more are closed once their calls finish."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from edge.balancing.breaker import BreakerPolicy, BreakerState
from edge.balancing.endpoint import Endpoint
from edge.balancing.instance import Instance
from edge.balancing.pool import Pool, close_instances, parse_static
from edge.balancing.retry_budget import RetryBudget
from edge.balancing.strategies import make_strategy
from edge.observability.metrics import GatewayMetrics

STATIC_SOURCE = "static"


class Pools:
    def __init__(
        self,
        *,
        policy: BreakerPolicy,
        strategy: str = "round_robin",
        strategies: Mapping[str, str] | None = None,
        budget: Callable[[], RetryBudget] = lambda: RetryBudget(0.2, 10.0),
        drain_seconds: float = 10.0,
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.policy = policy
        self.strategy = strategy
        self.strategies = dict(strategies or {})
        self._budget = budget
        self.drain_seconds = drain_seconds
        self.metrics = metrics
        self.pools: dict[str, Pool] = {}
        self._closing: set[asyncio.Task[None]] = set()

    def load_static(self, backends: Mapping[str, Sequence[str]]) -> None:
        """`edge_backends`: name → ["host:port", "host:port;weight=3", ...]."""
        for name, entries in backends.items():
            self.update(name, STATIC_SOURCE, parse_static(entries))

    def get(self, backend: str) -> Pool | None:
        return self.pools.get(backend)

    def pool(self, backend: str) -> Pool:
        pool = self.pools.get(backend)
        if pool is None:
            pool = Pool(
                backend,
                make_strategy(self.strategies.get(backend, self.strategy)),
                self.policy,
                self._budget(),
                self._breaker_changed,
            )
            self.pools[backend] = pool
        return pool

    def update(self, backend: str, source: str, endpoints: Sequence[Endpoint]) -> None:
        """What `source` now lists for `backend` (replacing its previous list)."""
        removed = self.pool(backend).set_source(source, endpoints)
        self.report_size(backend)
        if removed:
            self._close_later(removed)

    def configured(self) -> set[str]:
        """Backends with at least one instance."""
        return {name for name, pool in self.pools.items() if pool.instances}

    def first_address(self, backend: str) -> str | None:
        pool = self.pools.get(backend)
        return next(iter(pool.instances), None) if pool else None

    def report_size(self, backend: str) -> None:
        if self.metrics is not None:
            self.metrics.set_pool_size(backend, *self.pools[backend].counts())

    def _breaker_changed(self, instance: Instance, state: BreakerState) -> None:
        if self.metrics is None:
            return
        for name, pool in self.pools.items():
            if pool.instances.get(instance.address) is instance:
                self.metrics.set_breaker_state(name, instance.address, state.value)

    def _close_later(self, instances: list[Instance]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # before start-up: no channel was opened yet
        task = loop.create_task(close_instances(instances, self.drain_seconds))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def snapshot(self) -> dict[str, Any]:
        """Plain data per pool and instance (address, weight, health, breaker, in-flight,
        sources, last check) for /health/detailed and /ready."""
        return {name: pool.snapshot() for name, pool in sorted(self.pools.items())}

    async def close(self) -> None:
        instances = [i for pool in self.pools.values() for i in pool.instances.values()]
        await close_instances(instances, None)
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)
