"""Fixed and sliding windows, in this process and shared through Redis.

One implementation for the edge's rate limiter (edge/ratelimit: per user, per IP and
global, every edge sharing one count) and the backends' per-caller quotas
(services/runtime/quota.py, every replica sharing one count).

Calendar windows (`now // window`) with a "sliding window counter": the previous
window's count weighted by how much of it still overlaps the last `window` seconds, plus
the current count — O(1) memory per key, unlike a log of timestamps (5000 entries per
user at the edge's default limit). The arithmetic is `limits`' own, kept here in one
place so the in-process fallback and Redis agree (`window_decision`).

Why not `limits` itself: its Redis strategies take two or three round trips per decision
(hit, then window stats), where one Lua script (`WINDOW_SCRIPT`) does it in one; and its
MemoryStorage expires keys with a `threading.Timer` — a thread start on the request path
(a timer thread beside the edge's event loop, thread churn in a loaded backend), the
edge limiter's largest cost when profiled (docs/benchmarks.md).

In process, expiry is lazy: a key's counts roll over when its window has passed, and a
sweep every `SWEEP_EVERY` hits drops keys idle for two windows, so memory is bounded by
the keys active in the last two windows. `LocalWindow` takes no lock: the edge calls it
on its event loop only (the middleware never awaits inside `hit`); callers on many
threads (the quota, under gRPC's sync server) hold their own lock around `hit`.

The script's call and reply (`script_call`, `Grant`) live here too; the clients stay with
their callers: the edge's async one in edge/ratelimit/windows.py, the backends' sync one
in quota.py.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Window = Literal["fixed_window", "sliding_window"]
SWEEP_EVERY = 10_000


@dataclass(frozen=True, slots=True)
class Rule:
    """`limit` requests per `window` seconds."""

    limit: int
    window: int


@dataclass(frozen=True, slots=True)
class Decision:
    """What every algorithm answers: one `Decision` per counted request (and level)."""

    allowed: bool
    limit: int
    remaining: int
    reset: int  # Unix seconds when the quota is replenished (the window restarts)
    retry_after: int  # seconds to wait before retrying; 0 when allowed

    @classmethod
    def of(
        cls,
        allowed: bool,
        limit: int,
        remaining: float,
        reset_at: float,
        now: float,
        retry_at: float | None = None,
    ) -> Decision:
        """From an algorithm's raw figures (Unix times as floats). `retry_at` is when one
        more request fits, if earlier than `reset_at` (a token bucket refills gradually)."""
        # Whole seconds for the headers; a refused caller always waits at least 1 s so
        # that "Retry-After: 0" never invites an immediate retry storm.
        retry = reset_at if retry_at is None else retry_at
        return cls(
            allowed=allowed,
            limit=limit,
            remaining=max(0, min(limit, math.floor(remaining))),
            reset=math.ceil(reset_at),
            retry_after=0 if allowed else max(1, math.ceil(retry - now)),
        )


def window_decision(
    sliding: bool, allowed: bool, rule: Rule, weighted: float, previous: int, now: float
) -> Decision:
    """The decision from a window's counts after this hit (`weighted` includes it)."""
    window_end = (math.floor(now / rule.window) + 1) * rule.window
    remaining = rule.limit - math.floor(weighted)
    reset_at = float(window_end)
    if sliding and not allowed and previous:
        # One more fits once enough of the previous window's weight has decayed.
        excess = math.floor(weighted) + 1 - rule.limit
        reset_at = min(reset_at, now + excess / previous * rule.window)
    return Decision.of(allowed, rule.limit, remaining, reset_at, now)


class _Counts:
    """The current calendar window's number and count, and the previous window's count."""

    __slots__ = ("count", "previous", "window_index")

    def __init__(self, window_index: int) -> None:
        self.window_index = window_index
        self.count = 0
        self.previous = 0

    def roll(self, window_index: int) -> None:
        if window_index == self.window_index:
            return
        # The window just before the current one survives as "previous"; older is gone.
        self.previous = self.count if window_index == self.window_index + 1 else 0
        self.count = 0
        self.window_index = window_index


class LocalWindow:
    """Counts in this process. Not thread-safe: one thread (or event loop), or a lock."""

    def __init__(self, kind: Window, clock: Callable[[], float] = time.time) -> None:
        self._sliding = kind == "sliding_window"
        self._clock = clock
        self._counts: dict[tuple[str, int], _Counts] = {}
        self._hits = 0

    def hit(self, key: str, rule: Rule) -> Decision:
        now = self._clock()
        window = rule.window
        index = int(now // window)
        counts = self._counts.get((key, window))
        if counts is None:
            counts = self._counts[(key, window)] = _Counts(index)
        else:
            counts.roll(index)
        self._hits += 1
        if self._hits % SWEEP_EVERY == 0:
            self._sweep(now)
        previous = counts.previous if self._sliding else 0
        overlap = ((index + 1) * window - now) / window
        weighted = previous * overlap + counts.count
        allowed = math.floor(weighted) + 1 <= rule.limit
        if allowed:
            counts.count += 1
            weighted += 1
        return window_decision(self._sliding, allowed, rule, weighted, previous, now)

    def _sweep(self, now: float) -> None:
        stale = [k for k, c in self._counts.items() if int(now // k[1]) - c.window_index >= 2]
        for k in stale:
            del self._counts[k]

    def __len__(self) -> int:
        return len(self._counts)


# KEYS[1] the current window's counter, KEYS[2] the previous one's; ARGV limit, window,
# now, sliding (1/0), wanted. One round trip: read both, decide, count. Grants up to
# `wanted` requests at once (an edge's lease, see edge/ratelimit/leases.py; the quota
# always wants 1) but never past the limit. Returns allowed, how many were granted, the
# weighted count after them and the previous window's count (as strings: Lua numbers
# would be truncated to integers on the way back). Callers give both keys one hash tag
# (`prefix:{window:key}:index`) so the script also runs on Redis Cluster.
WINDOW_SCRIPT = """
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local wanted = tonumber(ARGV[5] or '1')
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = 0
if ARGV[4] == '1' then
  previous = tonumber(redis.call('GET', KEYS[2]) or '0')
end
local window_end = (math.floor(now / window) + 1) * window
local weighted = previous * (window_end - now) / window + count
local granted = math.min(wanted, limit - math.floor(weighted))
local allowed = 0
if granted >= 1 then
  if redis.call('INCRBY', KEYS[1], granted) == granted then
    -- The sliding window reads this counter during the next window too.
    redis.call('EXPIRE', KEYS[1], window * 2)
  end
  weighted = weighted + granted
  allowed = 1
else
  granted = 0
end
return {allowed, tostring(granted), tostring(weighted), tostring(previous)}
"""


@dataclass(frozen=True, slots=True)
class ScriptCall:
    """The KEYS and ARGV of one `WINDOW_SCRIPT` call, for the sync or the async client."""

    keys: list[str]
    args: list[Any]


def script_call(
    prefix: str, key: str, rule: Rule, now: float, *, sliding: bool, wanted: int = 1
) -> ScriptCall:
    """Both counters of `key` under one hash tag: the current window's and the previous."""
    index = int(now // rule.window)
    base = f"{prefix}:{{{rule.window}:{key}}}"
    return ScriptCall(
        keys=[f"{base}:{index}", f"{base}:{index - 1}"],
        args=[rule.limit, rule.window, repr(now), 1 if sliding else 0, wanted],
    )


@dataclass(frozen=True, slots=True)
class Grant:
    """What one script call answered: `granted` requests (this one included) counted."""

    allowed: bool
    granted: int
    weighted: float  # the window's weighted count after the grant
    previous: int
    now: float

    @classmethod
    def from_reply(cls, reply: list[Any], now: float) -> Grant:
        allowed, granted, weighted, previous = reply
        return cls(
            int(allowed) == 1, int(float(granted)), float(weighted), int(float(previous)), now
        )

    def decision(self, sliding: bool, rule: Rule) -> Decision:
        return window_decision(sliding, self.allowed, rule, self.weighted, self.previous, self.now)
