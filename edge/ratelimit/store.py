"""Where counts live: Redis (shared by every edge) with an in-process fallback.

Redis is on every request's path, so it is called fail-fast (short timeouts, no client
retries) through redis.asyncio rather than the sync client in a worker thread: it never
queues behind the default executor (which token verification already uses), and
tools/bench/ratelimit.py compares the two. On a Redis failure the request
is counted in process instead (per edge, so briefly more lenient) and Redis is left
alone for `retry_seconds` (`Outage`: one log line per outage), then tried again. A
rate limiter must never turn a Redis problem into a 5xx.
"""

from __future__ import annotations

import logging
from typing import Protocol

import redis
import redis.asyncio

from edge.observability.metrics import GatewayMetrics
from edge.ratelimit.bucket import MemoryTokenBucket, RedisTokenBucket
from edge.ratelimit.leases import LeasedWindow
from edge.ratelimit.settings import Algorithm
from edge.ratelimit.windows import RedisWindow
from services.runtime.redis_outage import Outage, fail_fast_async_pool
from services.runtime.windows import Decision, LocalWindow, Rule

_log = logging.getLogger("edge.ratelimit")

# What a lost, stalled or refusing Redis raises through redis-py.
REDIS_FAILURES = (redis.RedisError, OSError)


class LocalCounter(Protocol):
    def hit(self, key: str, rule: Rule) -> Decision: ...


class SharedCounter(Protocol):
    async def hit(self, key: str, rule: Rule) -> Decision: ...


def local_counter(algorithm: Algorithm) -> LocalCounter:
    if algorithm == "token_bucket":
        return MemoryTokenBucket()
    return LocalWindow(algorithm)


def shared_counter(
    algorithm: Algorithm, pool: redis.asyncio.ConnectionPool, lease_max: int = 1
) -> SharedCounter:
    if algorithm == "token_bucket":
        return RedisTokenBucket(pool)
    window = RedisWindow(algorithm, pool)
    return LeasedWindow(window, lease_max) if lease_max > 1 else window


class Counter:
    """Counts one hit of `key` under `rule`: in Redis when reachable, else in process."""

    def __init__(
        self,
        algorithm: Algorithm,
        redis_url: str | None,
        *,
        retry_seconds: float = 5.0,
        lease_max: int = 1,
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.algorithm = algorithm
        self._local = local_counter(algorithm)
        self._pool = fail_fast_async_pool(redis_url) if redis_url else None
        self._shared = shared_counter(algorithm, self._pool, lease_max) if self._pool else None
        self._outage = Outage("rate limits", retry_seconds, _log)
        self._metrics = metrics
        self._shared_up: bool | None = None
        self._report(self._shared is not None)

    @property
    def shared(self) -> bool:
        """Whether the last hit was counted in Redis."""
        return bool(self._shared_up)

    async def hit(self, key: str, rule: Rule) -> Decision:
        if self._shared is not None and self._outage.usable():
            try:
                decision = await self._shared.hit(key, rule)
            except REDIS_FAILURES as exc:
                self._outage.failed(exc)
            else:
                self._report(True)
                return decision
        self._report(False)
        return self._local.hit(key, rule)

    async def aclose(self) -> None:
        if self._pool is not None:
            await self._pool.disconnect()

    def _report(self, up: bool) -> None:
        if up != self._shared_up:  # a gauge write on changes only, not on every request
            self._shared_up = up
            if self._metrics is not None:
                self._metrics.rate_limit_store.set(1 if up else 0)
