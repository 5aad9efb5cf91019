"""Health of the shared components the edge depends on besides backends (Redis today).

Used by /ready (the edge is not ready while a configured Redis is unreachable: limits
and blocks would silently become per-instance) and by /health/detailed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from services.runtime.redis_outage import fail_fast_async_pool


@dataclass(frozen=True, slots=True)
class ComponentHealth:
    name: str
    configured: bool
    healthy: bool
    latency_ms: float | None = None
    error: str | None = None

    def as_dict(self) -> dict[str, object]:
        status = "not_configured" if not self.configured else "up" if self.healthy else "down"
        body: dict[str, object] = {"status": status}
        if self.latency_ms is not None:
            body["latency_ms"] = round(self.latency_ms, 2)
        if self.error:
            body["error"] = self.error
        return body


class RedisProbe:
    """PING over a client of its own (fail-fast timeouts, like every Redis use on the
    request path), so a probe never waits on a pool busy with rate-limit traffic."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self._client: aioredis.Redis | None = (
            aioredis.Redis(connection_pool=fail_fast_async_pool(url)) if url else None
        )

    async def check(self) -> ComponentHealth:
        if self._client is None:
            return ComponentHealth("redis", configured=False, healthy=True)
        started = time.perf_counter()
        try:
            await self._client.ping()
        except (RedisError, OSError) as exc:
            return ComponentHealth("redis", True, False, error=type(exc).__name__)
        return ComponentHealth("redis", True, True, (time.perf_counter() - started) * 1000)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
