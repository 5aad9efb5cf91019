"""Fixed and sliding windows, counted by the `limits` library (in process and in Redis).

`limits` already implements both correctly and atomically in Redis (INCR+EXPIRE and a
weighted two-window count, as Lua scripts); we only turn its answers into a `Decision`.
The sliding window is its "sliding window counter": the previous window's count weighted
by how much of it still overlaps, plus the current count; O(1) memory per key, unlike a
log of timestamps (5000 entries per user at the default limit).
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Literal

import redis.asyncio
from limits import RateLimitItem, RateLimitItemPerSecond
from limits import strategies as sync_strategies
from limits.aio import strategies as aio_strategies
from limits.aio.storage import RedisStorage as AsyncRedisStorage
from limits.storage import MemoryStorage

from edge.ratelimit.decision import Decision, Rule

Window = Literal["fixed_window", "sliding_window"]
NAMESPACE = "finplat-edge"

_SYNC = {
    "fixed_window": sync_strategies.FixedWindowRateLimiter,
    "sliding_window": sync_strategies.SlidingWindowCounterRateLimiter,
}
_ASYNC = {
    "fixed_window": aio_strategies.FixedWindowRateLimiter,
    "sliding_window": aio_strategies.SlidingWindowCounterRateLimiter,
}


@lru_cache(maxsize=256)
def _item(rule: Rule) -> RateLimitItem:
    # A handful of distinct rules exist (one per family and level): build each once.
    return RateLimitItemPerSecond(rule.limit, rule.window, namespace=NAMESPACE)


class MemoryWindow:
    """In-process counts (this edge only): the fallback, and the store without Redis."""

    def __init__(self, kind: Window) -> None:
        self._limiter = _SYNC[kind](MemoryStorage())

    def hit(self, key: str, rule: Rule) -> Decision:
        item = _item(rule)
        allowed = self._limiter.hit(item, key)
        stats = self._limiter.get_window_stats(item, key)
        return Decision.of(allowed, rule.limit, stats.remaining, stats.reset_time, time.time())


class RedisWindow:
    """Counts shared by every edge through Redis; raises on any Redis failure."""

    def __init__(self, kind: Window, pool: redis.asyncio.ConnectionPool) -> None:
        # wrap_exceptions: every client-side failure surfaces as limits' StorageError.
        # connection_pool is documented, but limits types **options as scalars only.
        storage = AsyncRedisStorage(
            "async+redis://",
            implementation="redispy",
            wrap_exceptions=True,
            connection_pool=pool,  # type: ignore[arg-type]
        )
        self._limiter = _ASYNC[kind](storage)

    async def hit(self, key: str, rule: Rule) -> Decision:
        item = _item(rule)
        allowed = await self._limiter.hit(item, key)
        stats = await self._limiter.get_window_stats(item, key)
        return Decision.of(allowed, rule.limit, stats.remaining, stats.reset_time, time.time())
