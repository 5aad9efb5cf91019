"""Token bucket: `limit` tokens, refilled continuously at limit/window per second.

A client idle for a whole window may burst the full `limit` at once, then sustains
limit/window requests per second. `limits` has no token bucket, so the Redis version
is one Lua script (read, refill, take, write: atomic, one round trip) using Redis's own
clock, so edges with skewed clocks still agree. State per key: tokens and last refill
time, expiring once the bucket would be full again (a full bucket = no key).
"""

from __future__ import annotations

import threading
import time

import redis.asyncio

from services.runtime.windows import Decision, Rule

_PREFIX = "finplat-edge-bucket"

# KEYS[1] bucket; ARGV capacity, refill per second, cost. Returns allowed, tokens left
# and Redis's now, as strings (Lua numbers would be truncated to integers).
TOKEN_BUCKET_SCRIPT = """
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = capacity
  ts = now
end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
return {allowed, tostring(tokens), tostring(now)}
"""


def _decide(allowed: bool, tokens: float, now: float, rule: Rule) -> Decision:
    rate = rule.limit / rule.window
    return Decision.of(
        allowed,
        rule.limit,
        tokens,
        reset_at=now + (rule.limit - tokens) / rate,  # full again
        now=now,
        retry_at=now + max(0.0, 1 - tokens) / rate,  # one whole token again
    )


class MemoryTokenBucket:
    """In-process buckets (this edge only); full buckets are forgotten now and then."""

    _SWEEP_EVERY = 10_000

    def __init__(self) -> None:
        self._buckets: dict[tuple[str, Rule], tuple[float, float]] = {}
        self._lock = threading.Lock()  # the bench and sync callers may share one
        self._hits = 0

    def hit(self, key: str, rule: Rule) -> Decision:
        now = time.time()
        rate = rule.limit / rule.window
        with self._lock:
            tokens, ts = self._buckets.get((key, rule), (float(rule.limit), now))
            tokens = min(float(rule.limit), tokens + max(0.0, now - ts) * rate)
            allowed = tokens >= 1
            if allowed:
                tokens -= 1
            self._buckets[(key, rule)] = (tokens, now)
            self._hits += 1
            if self._hits % self._SWEEP_EVERY == 0:
                self._sweep(now)
        return _decide(allowed, tokens, now, rule)

    def _sweep(self, now: float) -> None:
        # Amortised O(1) per hit: a bucket that has refilled completely equals no entry.
        full = [
            (key, rule)
            for (key, rule), (tokens, ts) in self._buckets.items()
            if tokens + (now - ts) * rule.limit / rule.window >= rule.limit
        ]
        for entry in full:
            del self._buckets[entry]


class RedisTokenBucket:
    """Buckets shared by every edge through Redis; raises on any Redis failure."""

    def __init__(self, pool: redis.asyncio.ConnectionPool) -> None:
        client = redis.asyncio.Redis(connection_pool=pool)
        self._script = client.register_script(TOKEN_BUCKET_SCRIPT)

    async def hit(self, key: str, rule: Rule) -> Decision:
        bucket = f"{_PREFIX}:{rule.limit}:{rule.window}:{key}"
        allowed, tokens, now = await self._script(
            keys=[bucket], args=[rule.limit, rule.limit / rule.window, 1]
        )
        return _decide(int(allowed) == 1, float(tokens), float(now), rule)
