"""Leases: an edge reserves a small slice of a shared window in one Redis call and spends
it locally, so most requests skip the round trip.

With Redis, the Lua script costs one round trip per decision, the largest part of the
limiter's cost on the edge (docs/benchmarks.md). A lease asks the script for up to
`size` requests at once; they are counted in Redis immediately, so the limit is never
exceeded, however many edges there are. The price is the other way round: slots an
edge reserved but did not spend before the window ended are lost, so a client spread
over E edges may be refused up to (E - 1) * size requests early. The size is at most 1%
of the limit (and `max_size`): exact for small limits such as the 50 auth calls per
minute (size 1), 50 at the default 5000 per minute. Remaining counts in the headers
are exact on the edge that holds the lease.

Leases cover the window algorithms; the token bucket refills continuously and is asked
per request.
"""

from __future__ import annotations

from dataclasses import dataclass

from edge.ratelimit.windows import RedisWindow
from services.runtime.windows import Decision, Rule, window_decision

# A lease is at most this share of the limit.
LEASE_SHARE = 100
SWEEP_EVERY = 10_000


@dataclass(slots=True)
class _Lease:
    window_index: int
    left: int  # reserved in Redis, not yet spent here
    weighted: float  # the window's weighted count when reserved (the whole lease included)
    previous: int


class LeasedWindow:
    def __init__(self, shared: RedisWindow, max_size: int) -> None:
        self._shared = shared
        self._max_size = max_size
        self._leases: dict[tuple[str, int], _Lease] = {}
        self._hits = 0

    def size(self, rule: Rule) -> int:
        return max(1, min(self._max_size, rule.limit // LEASE_SHARE))

    async def hit(self, key: str, rule: Rule) -> Decision:
        sliding = self._shared.sliding
        self._hits += 1
        if self._hits % SWEEP_EVERY == 0:
            self._sweep()
        lease = self._leases.get((key, rule.window))
        if lease is not None and lease.left > 0:
            now = self._shared.clock()
            if int(now // rule.window) == lease.window_index:
                lease.left -= 1
                spent = lease.weighted - lease.left  # the count as of this request
                return window_decision(sliding, True, rule, spent, lease.previous, now)
        grant = await self._shared.reserve(key, rule, self.size(rule))
        if not grant.allowed:
            return window_decision(sliding, False, rule, grant.weighted, grant.previous, grant.now)
        left = grant.granted - 1
        if left > 0:
            index = int(grant.now // rule.window)
            self._leases[(key, rule.window)] = _Lease(index, left, grant.weighted, grant.previous)
        else:
            self._leases.pop((key, rule.window), None)
        spent = grant.weighted - left
        return window_decision(sliding, True, rule, spent, grant.previous, grant.now)

    def _sweep(self) -> None:
        now = self._shared.clock()
        stale = [k for k, lease in self._leases.items() if int(now // k[1]) != lease.window_index]
        for k in stale:
            del self._leases[k]
