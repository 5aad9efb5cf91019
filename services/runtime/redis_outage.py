"""Redis on a request's path, and what happens when it goes away.

Shared by the quota enforcer, the token caches and the edge's limiter and probes:
fail-fast connection pools (short timeouts, no client retries: a stalled Redis must
not stall worker threads or the event loop) and an
`Outage` that, after a failure, sends callers to their in-process fallback for a
back-off period, logging once per outage rather than once per request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import redis
import redis.asyncio
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.retry import Retry

CONNECT_TIMEOUT = 0.25
TIMEOUT = 0.5


def fail_fast_pool(url: str) -> redis.ConnectionPool:
    return redis.ConnectionPool.from_url(
        url,
        socket_connect_timeout=CONNECT_TIMEOUT,
        socket_timeout=TIMEOUT,
        retry=Retry(NoBackoff(), 0),
    )


def fail_fast_async_pool(url: str) -> redis.asyncio.ConnectionPool:
    """`fail_fast_pool` for redis.asyncio (the edge's event loop)."""
    return redis.asyncio.ConnectionPool.from_url(
        url,
        socket_connect_timeout=CONNECT_TIMEOUT,
        socket_timeout=TIMEOUT,
        retry=AsyncRetry(NoBackoff(), 0),
    )


class Outage:
    """Whether Redis may be tried now; `failed` starts (or extends) a back-off period."""

    def __init__(
        self,
        what: str,
        retry_seconds: float,
        log: logging.Logger,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._what = what
        self._retry_seconds = retry_seconds
        self._log = log
        self._clock = clock
        self._lock = threading.Lock()
        self._down_until = 0.0

    def usable(self) -> bool:
        return self._clock() >= self._down_until

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            if self._clock() >= self._down_until:  # once per outage
                self._log.warning(
                    "%s (Redis) unreachable, in process for %.0fs: %s",
                    self._what,
                    self._retry_seconds,
                    exc,
                )
            self._down_until = self._clock() + self._retry_seconds
