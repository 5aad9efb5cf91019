"""Rate-limit cost per request: each algorithm in process and in Redis, against a no-op.

  no-op        the inner ASGI app alone (a scope in, one response out): the baseline
  <algorithm>  the same app behind RateLimitMiddleware, counting in process ("memory")
               or in Redis through redis.asyncio ("redis"), default policy (one level)

µs per request (p50/p99 of sequential calls, one task) and decisions/s (N concurrent
tasks), with the p50 ratio to the baseline. A second table settles how Redis is called:
redis.asyncio against the sync client in a worker thread (asyncio.to_thread), same script.
Starts its own redis-server on a free port unless --redis-url is given. Run:
`python -m tools.bench.ratelimit [--requests N] [--concurrency N] [--redis-url URL]`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis

from edge.asgi import Message
from edge.ratelimit import Counter, Rule
from edge.ratelimit.bucket import TOKEN_BUCKET_SCRIPT, RedisTokenBucket
from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.middleware import RateLimitMiddleware
from edge.ratelimit.policy import RateLimitPolicy
from edge.ratelimit.settings import Algorithm
from edge.ratelimit.store import REDIS_FAILURES
from edge.ratelimit.windows import RedisWindow
from services.runtime.redis_outage import fail_fast_async_pool, fail_fast_pool
from services.runtime.windows import WINDOW_SCRIPT
from tools.redis_server import RedisServer
from tools.stack import free_port

ALGORITHMS: tuple[Algorithm, ...] = ("sliding_window", "token_bucket", "fixed_window")
Call = Callable[[], Awaitable[object]]


async def _inner(scope: Any, receive: Any, send: Callable[[Message], Awaitable[None]]) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


async def _discard(message: Message) -> None:
    return None


async def _receive() -> Message:
    return {"type": "http.request", "body": b""}


def _request(app: Any) -> Call:
    # A fresh client address per run so each target starts with a full quota; a
    # limit far above the request count so every call is a full "allowed" decision.
    scope = {
        "type": "http",
        "path": "/api/v1/things",
        "headers": [],
        "client": (uuid.uuid4().hex, 1),
    }
    return lambda: app(dict(scope), _receive, _discard)


def _gateway(
    algorithm: Algorithm, redis_url: str | None, lease_max: int = 1
) -> tuple[Any, RateLimiter]:
    # Never refused (every call is the allowed path); a lease is then the full 50.
    policy = RateLimitPolicy(default=10**9)
    # A short back-off: a connect that times out during warm-up is retried soon.
    counter = Counter(algorithm, redis_url, retry_seconds=0.25, lease_max=lease_max)
    limiter = RateLimiter(policy, counter)
    return RateLimitMiddleware(_inner, limiter), limiter


async def _latencies(call: Call, requests: int) -> list[float]:
    micros = []
    for _ in range(requests):
        started = time.perf_counter_ns()
        await call()
        micros.append((time.perf_counter_ns() - started) / 1000)
    return sorted(micros)


async def _throughput(call: Call, requests: int, concurrency: int) -> float:
    async def worker() -> None:
        for _ in range(requests // concurrency):
            await call()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return (requests // concurrency * concurrency) / (time.perf_counter() - started)


class _Fallbacks(logging.Handler):
    """Counts the limiter's "Redis unreachable" lines: a row measured on the in-process
    fallback must say so."""

    count = 0

    def emit(self, record: logging.LogRecord) -> None:
        _Fallbacks.count += 1


async def _warm(call: Call, concurrency: int) -> None:
    """Opens the pool's connections before measuring. On a loaded machine several
    connects at once can exceed the fail-fast connect timeout (0.25 s); the limiter then
    (correctly) counts in process for its back-off, which is not what a row measures."""
    for _ in range(200):  # scripts loaded, code paths hot
        await call()
    for _ in range(20):
        before = _Fallbacks.count
        try:
            await _throughput(call, concurrency * 5, concurrency)
        except REDIS_FAILURES:
            pass
        else:
            if _Fallbacks.count == before:
                return
        await asyncio.sleep(0.3)  # past the bench limiters' back-off
    raise SystemExit("could not open the Redis connections: is the machine overloaded?")


async def _row(name: str, call: Call, requests: int, concurrency: int) -> tuple[str, ...]:
    await _warm(call, concurrency)
    before = _Fallbacks.count
    micros = await _latencies(call, requests)
    rate = await _throughput(call, requests, concurrency)
    if _Fallbacks.count != before:
        name += " (fell back)"
    p50, p99 = statistics.median(micros), micros[int(0.99 * (len(micros) - 1))]
    return name, f"{p50:.1f}", f"{p99:.1f}", f"{rate:,.0f}"


async def middleware_table(
    redis_url: str, requests: int, concurrency: int
) -> list[tuple[str, ...]]:
    rows = [await _row("no-op", _request(_inner), requests, concurrency)]
    stores = (("memory", None, 1), ("redis", redis_url, 1), ("redis+lease", redis_url, 50))
    for store, url, lease_max in stores:
        for algorithm in ALGORITHMS:
            if lease_max > 1 and algorithm == "token_bucket":
                continue  # leases cover the windows only
            app, limiter = _gateway(algorithm, url, lease_max)
            rows.append(await _row(f"{store} {algorithm}", _request(app), requests, concurrency))
            await limiter.aclose()
    baseline = float(rows[0][1])
    return [(*row, f"{float(row[1]) / baseline:.1f}") for row in rows]


def _threaded(algorithm: Algorithm, url: str, rule: Rule) -> Callable[[str], object]:
    """The sync-client alternative (the same Lua scripts): what the edge would run in a
    worker thread."""
    client = redis.Redis(connection_pool=fail_fast_pool(url))
    if algorithm == "token_bucket":
        script = client.register_script(TOKEN_BUCKET_SCRIPT)
        return lambda key: script(keys=[key], args=[rule.limit, rule.limit / rule.window, 1])
    window = client.register_script(WINDOW_SCRIPT)
    sliding = 1 if algorithm == "sliding_window" else 0

    def hit(key: str) -> object:
        now = time.time()
        index = int(now // rule.window)
        keys = [f"{{{key}}}:{index}", f"{{{key}}}:{index - 1}"]
        return window(keys=keys, args=[rule.limit, rule.window, repr(now), sliding])

    return hit


async def _compare_clients(
    algorithm: Algorithm, url: str, requests: int, concurrency: int
) -> list[tuple[str, ...]]:
    rule, key = Rule(10**9, 60), uuid.uuid4().hex
    pool = fail_fast_async_pool(url)
    shared = RedisTokenBucket(pool) if algorithm == "token_bucket" else RedisWindow(algorithm, pool)
    hit = _threaded(algorithm, url, rule)
    rows = [
        await _row(f"asyncio {algorithm}", lambda: shared.hit(key, rule), requests, concurrency),
        await _row(
            f"thread {algorithm}", lambda: asyncio.to_thread(hit, key), requests, concurrency
        ),
    ]
    await pool.disconnect()
    return rows


async def client_table(url: str, requests: int, concurrency: int) -> list[tuple[str, ...]]:
    return [
        row
        for algorithm in ALGORITHMS
        for row in await _compare_clients(algorithm, url, requests, concurrency)
    ]


@contextmanager
def running_redis(url: str | None) -> Iterator[str]:
    """`url` itself, or a throw-away redis-server on a free port for the block (shared
    by the gateway-stack benchmark)."""
    if url:
        yield url
        return
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed; pass --redis-url")
    with tempfile.TemporaryDirectory(prefix="finplat-bench-redis-") as workdir:
        server = RedisServer(binary, free_port(), Path(workdir))
        server.start()
        try:
            yield server.url
        finally:
            server.stop()


def _print(title: str, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    print(f"\n{title}")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=5000, help="calls per target")
    parser.add_argument("--concurrency", type=int, default=16, help="tasks for decisions/s")
    parser.add_argument("--redis-url", default=None, help="an existing Redis (default: start one)")
    args = parser.parse_args(argv)
    logging.getLogger("edge.ratelimit").addHandler(_Fallbacks(logging.WARNING))
    logging.getLogger("edge.ratelimit").propagate = False
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, redis-py "
        f"{redis.__version__}; loopback Redis; {args.requests} requests per target"
    )
    with running_redis(args.redis_url) as url:
        middleware = asyncio.run(middleware_table(url, args.requests, args.concurrency))
        client = asyncio.run(client_table(url, args.requests, args.concurrency))
    _print(
        "Per request through RateLimitMiddleware (default policy: one level)",
        ("target", "p50 µs", "p99 µs", "decisions/s", "p50 / no-op"),
        middleware,
    )
    _print(
        f"Redis client, one decision (decisions/s with {args.concurrency} tasks)",
        ("client", "p50 µs", "p99 µs", "decisions/s"),
        client,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
