"""Automatic IP blocking: too many 401s or 429s from one IP within a window block it.

Counts and blocks live in Redis so every edge instance sees them (a credential-stuffing
run spread over N edges is still one run). Redis going away must not take the gateway
down or unblock attackers mid-attack: while it is unreachable (`Outage` back-off) the
edge counts and blocks in process. A block lifts when its TTL expires, or when an
operator calls `unblock`.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, ParamSpec, TypeVar

import redis

from edge.security.settings import SecuritySettings
from services.runtime.redis_outage import Outage, fail_fast_pool

log = logging.getLogger("edge.security.blocklist")

Kind = Literal["auth", "rate"]
P = ParamSpec("P")
T = TypeVar("T")
_PREFIX = "finplat-ipblock"
_MAX_TRACKED = 100_000  # in-process entries before expired ones are swept


@dataclass(frozen=True, slots=True)
class BlockPolicy:
    auth_failures: int  # 401s within the window that block
    rate_limited: int  # 429s within the window that block
    window_seconds: int
    block_seconds: int
    check_cache_seconds: float  # reuse of a Redis answer per IP

    def threshold(self, kind: Kind) -> int:
        return self.auth_failures if kind == "auth" else self.rate_limited


class _Memory:
    """The in-process fallback: fixed-window counters and blocks with an expiry."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self.counts: dict[tuple[str, Kind], tuple[int, float]] = {}
        self.blocks: dict[str, float] = {}

    def blocked_for(self, ip: str) -> float:
        until = self.blocks.get(ip, 0.0)
        left = until - self._clock()
        if until and left <= 0:
            del self.blocks[ip]
        return max(0.0, left)

    def hit(self, ip: str, kind: Kind, window: int) -> int:
        now = self._clock()
        count, ends = self.counts.get((ip, kind), (0, 0.0))
        if ends <= now:
            count, ends = 0, now + window
        self.counts[(ip, kind)] = (count + 1, ends)
        if len(self.counts) > _MAX_TRACKED:
            self.counts = {k: v for k, v in self.counts.items() if v[1] > now}
        return count + 1

    def block(self, ip: str, seconds: int) -> None:
        now = self._clock()
        self.blocks[ip] = now + seconds
        for kind in ("auth", "rate"):
            self.counts.pop((ip, kind), None)
        if len(self.blocks) > _MAX_TRACKED:
            self.blocks = {k: v for k, v in self.blocks.items() if v > now}

    def unblock(self, ip: str) -> None:
        self.blocks.pop(ip, None)
        for kind in ("auth", "rate"):
            self.counts.pop((ip, kind), None)


class AutoBlocker:
    def __init__(
        self,
        policy: BlockPolicy,
        redis_url: str | None,
        *,
        redis_retry_seconds: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.policy = policy
        self._clock = clock
        self._redis = redis.Redis(connection_pool=fail_fast_pool(redis_url)) if redis_url else None
        self._outage = Outage("IP block list", redis_retry_seconds, log, clock)
        self._memory = _Memory(clock)
        # ip → (answer valid until, blocked until): the per-IP cache of Redis answers.
        self._checked: dict[str, tuple[float, float]] = {}

    @classmethod
    def from_settings(
        cls, settings: SecuritySettings, redis_url: str | None, redis_retry_seconds: float
    ) -> AutoBlocker:
        policy = BlockPolicy(
            auth_failures=settings.edge_autoblock_auth_failures,
            rate_limited=settings.edge_autoblock_rate_limited,
            window_seconds=settings.edge_autoblock_window_seconds,
            block_seconds=settings.edge_autoblock_seconds,
            check_cache_seconds=settings.edge_block_check_cache_seconds,
        )
        return cls(policy, redis_url, redis_retry_seconds=redis_retry_seconds)

    def close(self) -> None:
        if self._redis is not None:
            self._redis.close()

    async def blocked_for(self, ip: str) -> int:
        """Seconds the IP stays blocked (0: not blocked), rounded up for Retry-After."""
        left = self._memory.blocked_for(ip)
        if left <= 0 and self._redis is not None:
            left = await self._shared_blocked_for(ip)
        return math.ceil(left)

    async def record(self, ip: str, kind: Kind) -> bool:
        """Count one refusal of `kind`; True when it blocked the IP."""
        policy = self.policy
        threshold = policy.threshold(kind)
        if threshold <= 0:
            return False
        count = await self._shared(self._redis_hit, ip, kind)
        if count is None:
            count = self._memory.hit(ip, kind, policy.window_seconds)
        if count < threshold:
            return False
        if await self._shared(self._redis_block, ip) is None:
            self._memory.block(ip, policy.block_seconds)
        self._checked.pop(ip, None)  # the next check reads the block back
        log.warning(
            "IP %s blocked for %ss after %s %s refusals", ip, policy.block_seconds, count, kind
        )
        return True

    async def unblock(self, ip: str) -> None:
        """Lift a block now, here and (when reachable) for every edge."""
        self._memory.unblock(ip)
        self._checked.pop(ip, None)
        await self._shared(self._redis_unblock, ip)

    # --- Redis side: None means "unreachable, use the in-process state" ---------------

    async def _shared_blocked_for(self, ip: str) -> float:
        now = self._clock()
        cached = self._checked.get(ip)
        if cached is not None and cached[0] > now:
            return max(0.0, cached[1] - now)
        ttl_ms = await self._shared(self._redis_ttl, ip)
        if ttl_ms is None:
            return 0.0
        left = max(0, ttl_ms) / 1000
        if len(self._checked) > _MAX_TRACKED:
            self._checked.clear()
        self._checked[ip] = (now + self.policy.check_cache_seconds, now + left)
        return left

    async def _shared(
        self, operation: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T | None:
        if self._redis is None or not self._outage.usable():
            return None
        try:
            # The client is synchronous (the shared fail-fast pool): off the event loop.
            return await asyncio.to_thread(operation, *args, **kwargs)
        except (redis.RedisError, OSError) as exc:
            self._outage.failed(exc)
            return None

    def _redis_ttl(self, ip: str) -> int:
        assert self._redis is not None
        return int(self._redis.pttl(f"{_PREFIX}:block:{ip}"))  # -2: no key

    def _redis_hit(self, ip: str, kind: Kind) -> int:
        assert self._redis is not None
        key = f"{_PREFIX}:count:{kind}:{ip}"
        with self._redis.pipeline(transaction=True) as pipe:
            # MULTI/EXEC: the count and its window start together, atomically.
            pipe.incr(key)
            pipe.expire(key, self.policy.window_seconds, nx=True)
            count, _ = pipe.execute()
        return int(count)

    def _redis_block(self, ip: str) -> bool:
        assert self._redis is not None
        with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(f"{_PREFIX}:block:{ip}", b"1", px=self.policy.block_seconds * 1000)
            pipe.delete(f"{_PREFIX}:count:auth:{ip}", f"{_PREFIX}:count:rate:{ip}")
            pipe.execute()
        return True

    def _redis_unblock(self, ip: str) -> bool:
        assert self._redis is not None
        self._redis.delete(
            f"{_PREFIX}:block:{ip}", f"{_PREFIX}:count:auth:{ip}", f"{_PREFIX}:count:rate:{ip}"
        )
        return True
