"""Small expiring byte caches for verified tokens and session answers.

In process by default; in Redis when configured, so that every replica reuses one
verification. Redis is an optimisation here, never a dependency: when it fails the cache
answers from process memory and tries Redis again after `retry_seconds` (like the quota
enforcer). Whoever can write to that Redis can plant cache entries, so it must be as
trusted as the services themselves (loopback or a private network with auth).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

import redis

from services.runtime.redis_outage import Outage, fail_fast_pool

_log = logging.getLogger("finplat.runtime.tokens")


class TtlCache(Protocol):
    def get(self, key: str) -> bytes | None:
        """The value stored under `key`, or None when absent or expired."""
        ...

    def set(self, key: str, value: bytes, ttl_seconds: float) -> None:
        """Store `value` for `ttl_seconds` (nothing is stored when ttl_seconds <= 0)."""
        ...


class MemoryTtlCache:
    """A thread-safe in-process cache: entries expire, and the oldest go first when full."""

    def __init__(
        self, max_entries: int = 100_000, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._max_entries = max_entries
        self._clock = clock
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[float, bytes]] = OrderedDict()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            expires_at, value = entry
            if self._clock() >= expires_at:
                del self._entries[key]
                return None
            return value

    def set(self, key: str, value: bytes, ttl_seconds: float) -> None:
        if ttl_seconds <= 0:
            return
        with self._lock:
            self._entries[key] = (self._clock() + ttl_seconds, value)
            self._entries.move_to_end(key)
            # Bounded memory: drop the least recently stored entries (expired ones among
            # them are dropped lazily by `get`).
            while len(self._entries) > self._max_entries:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


class RedisTtlCache:
    """A cache shared by every process using the same Redis; process memory while it is down."""

    def __init__(
        self,
        url: str,
        *,
        namespace: str,
        retry_seconds: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._namespace = namespace
        self._client = redis.Redis(connection_pool=fail_fast_pool(url))
        self._fallback = MemoryTtlCache(clock=clock)
        self._outage = Outage(f"{namespace} cache", retry_seconds, _log, clock)

    def get(self, key: str) -> bytes | None:
        if self._outage.usable():
            try:
                value = self._client.get(self._name(key))
            except (redis.RedisError, OSError) as exc:
                self._outage.failed(exc)
            else:
                return value if isinstance(value, bytes) else None
        return self._fallback.get(key)

    def set(self, key: str, value: bytes, ttl_seconds: float) -> None:
        if ttl_seconds <= 0:
            return
        if self._outage.usable():
            try:
                self._client.set(self._name(key), value, px=max(1, round(ttl_seconds * 1000)))
                return
            except (redis.RedisError, OSError) as exc:
                self._outage.failed(exc)
        self._fallback.set(key, value, ttl_seconds)

    def close(self) -> None:
        self._client.close()

    def _name(self, key: str) -> str:
        return f"{self._namespace}:{key}"


def make_cache(redis_url: str | None, *, namespace: str, retry_seconds: float) -> TtlCache:
    """The Redis-backed cache when a Redis URL is configured, else a process-local one."""
    if redis_url:
        return RedisTtlCache(redis_url, namespace=namespace, retry_seconds=retry_seconds)
    return MemoryTtlCache()


class TieredTtlCache:
    """Process memory in front of a shared cache.

    Measured (tools/bench/token_verify): a Redis round trip costs about as much as
    verifying an RS256 signature again, so for verified tokens the shared cache only pays
    when this process has not seen the token yet (another edge instance verified it).
    Hits are served from memory for at most `front_seconds`.
    """

    def __init__(self, back: TtlCache, *, front_seconds: float, front: TtlCache | None = None):
        self._back = back
        self._front = front if front is not None else MemoryTtlCache()
        self._front_seconds = front_seconds

    def get(self, key: str) -> bytes | None:
        value = self._front.get(key)
        if value is None:
            value = self._back.get(key)
            if value is not None:
                self._front.set(key, value, self._front_seconds)
        return value

    def set(self, key: str, value: bytes, ttl_seconds: float) -> None:
        self._front.set(key, value, min(ttl_seconds, self._front_seconds))
        self._back.set(key, value, ttl_seconds)
