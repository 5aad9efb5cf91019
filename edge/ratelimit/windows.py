"""Windows shared by every edge through Redis (the async client on the event loop).

The algorithms — `Rule`, `Decision`, `window_decision`, the in-process `LocalWindow` and
the one-round-trip `WINDOW_SCRIPT` — live in services/runtime/windows.py, shared with
the backends' per-caller quotas, with the script's call and reply (`Grant`, spent in
slices by leases.py); what is edge-specific stays here: `RedisWindow` over redis.asyncio.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import redis.asyncio

from services.runtime.windows import WINDOW_SCRIPT, Decision, Grant, Rule, Window, script_call

_PREFIX = "finplat-edge-window"


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
        call = script_call(_PREFIX, key, rule, now, sliding=self._sliding, wanted=wanted)
        return Grant.from_reply(await self._script(keys=call.keys, args=call.args), now)

    async def hit(self, key: str, rule: Rule) -> Decision:
        grant = await self.reserve(key, rule, 1)
        return grant.decision(self._sliding, rule)
