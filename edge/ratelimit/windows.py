"""Windows shared by every edge through Redis (the async client on the event loop).

The algorithms — `Rule`, `Decision`, `window_decision`, the in-process `LocalWindow` and
the one-round-trip `WINDOW_SCRIPT` — live in services/runtime/windows.py, shared with
the backends' per-caller quotas; what is edge-specific stays here: `RedisWindow` over
redis.asyncio and the `Grant` it answers (spent in slices by leases.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import redis.asyncio

from services.runtime.windows import WINDOW_SCRIPT, Decision, Rule, Window, window_decision

_PREFIX = "finplat-edge-window"


@dataclass(frozen=True, slots=True)
class Grant:
    """What one script call answered: `granted` requests (this one included) counted."""

    allowed: bool
    granted: int
    weighted: float  # the window's weighted count after the grant
    previous: int
    now: float


class RedisWindow:
    """Counts shared by every edge through Redis; raises on any Redis failure.

    Window numbers come from each edge's clock (NTP-synchronised hosts agree to well
    under a second); both counters of a key share a hash tag, so the script also runs
    on Redis Cluster."""

    def __init__(
        self,
        kind: Window,
        pool: redis.asyncio.ConnectionPool,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._sliding = kind == "sliding_window"
        self._clock = clock
        client = redis.asyncio.Redis(connection_pool=pool)
        self._script = client.register_script(WINDOW_SCRIPT)

    @property
    def sliding(self) -> bool:
        return self._sliding

    def clock(self) -> float:
        return self._clock()

    async def reserve(self, key: str, rule: Rule, wanted: int) -> Grant:
        """Count up to `wanted` requests at once (at least this one, if it fits)."""
        now = self._clock()
        index = int(now // rule.window)
        base = f"{_PREFIX}:{{{rule.window}:{key}}}"
        allowed, granted, weighted, previous = await self._script(
            keys=[f"{base}:{index}", f"{base}:{index - 1}"],
            args=[rule.limit, rule.window, repr(now), 1 if self._sliding else 0, wanted],
        )
        return Grant(
            int(allowed) == 1, int(float(granted)), float(weighted), int(float(previous)), now
        )

    async def hit(self, key: str, rule: Rule) -> Decision:
        grant = await self.reserve(key, rule, 1)
        return window_decision(
            self._sliding, grant.allowed, rule, grant.weighted, grant.previous, grant.now
        )
