"""Expiring caches: in process, and in a real Redis with fallback while it is down."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from services.runtime.tokens import MemoryTtlCache, RedisTtlCache, TieredTtlCache, make_cache
from tests.runtime.tokens_support import FakeClock, clock_fixture  # noqa: F401
from tests.support.redis import RedisServer, free_port


@pytest.fixture
def namespace() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    try:
        yield client
    finally:
        client.close()


def test_memory_cache_expires_entries(clock: FakeClock) -> None:
    cache = MemoryTtlCache(clock=clock)
    cache.set("a", b"1", 5)
    assert cache.get("a") == b"1"
    clock.advance(4.9)
    assert cache.get("a") == b"1"
    clock.advance(0.1)
    assert cache.get("a") is None
    assert cache.get("never") is None


def test_memory_cache_ignores_non_positive_ttl() -> None:
    cache = MemoryTtlCache()
    cache.set("a", b"1", 0)
    cache.set("b", b"1", -3)
    assert (cache.get("a"), cache.get("b"), len(cache)) == (None, None, 0)


def test_memory_cache_is_bounded() -> None:
    cache = MemoryTtlCache(max_entries=3)
    for key in "abcd":
        cache.set(key, key.encode(), 60)
    assert len(cache) == 3
    assert cache.get("a") is None  # the oldest went first
    cache.set("b", b"again", 60)  # re-storing makes "b" the newest
    cache.set("e", b"e", 60)
    assert [cache.get(k) for k in "bcde"] == [b"again", None, b"d", b"e"]


def test_memory_cache_under_concurrent_writers() -> None:
    cache = MemoryTtlCache(max_entries=500)

    def write(n: int) -> None:
        for i in range(1000):
            cache.set(f"{n}-{i}", b"x", 60)
            cache.get(f"{n}-{i // 2}")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 500


def test_redis_cache_stores_in_redis_with_ttl(
    redis_url: str, redis_client: redis.Redis, namespace: str
) -> None:
    cache = RedisTtlCache(redis_url, namespace=namespace)
    cache.set("a", b"value", 30)
    assert cache.get("a") == b"value"
    assert redis_client.get(f"{namespace}:a") == b"value"
    assert 29_000 < redis_client.pttl(f"{namespace}:a") <= 30_000
    assert RedisTtlCache(redis_url, namespace=namespace).get("a") == b"value"  # shared
    assert RedisTtlCache(redis_url, namespace=f"{namespace}-other").get("a") is None
    cache.set("b", b"value", 0)
    assert cache.get("b") is None
    cache.close()


def test_unreachable_redis_falls_back_fast(caplog: pytest.LogCaptureFixture) -> None:
    cache = RedisTtlCache(f"redis://127.0.0.1:{free_port()}/0", namespace="t", retry_seconds=60)
    started = time.monotonic()
    cache.set("a", b"1", 30)
    for _ in range(100):
        assert cache.get("a") == b"1"
    assert time.monotonic() - started < 2
    assert len([r for r in caplog.records if "unreachable" in r.getMessage()]) == 1


def test_redis_outage_falls_back_then_recovers(
    redis_server: RedisServer, namespace: str, clock: FakeClock
) -> None:
    cache = RedisTtlCache(redis_server.url, namespace=namespace, retry_seconds=5, clock=clock)
    cache.set("before", b"1", 300)
    with redis_server.outage():
        assert cache.get("before") is None  # only Redis had it
        cache.set("during", b"2", 300)
        assert cache.get("during") == b"2"
    # Redis is back (and empty), but this cache waits out its back-off first.
    assert cache.get("during") == b"2"
    clock.advance(5)
    assert cache.get("during") is None
    cache.set("after", b"3", 300)
    client = redis.Redis.from_url(redis_server.url)
    try:
        assert client.get(f"{namespace}:after") == b"3"
    finally:
        client.close()
    cache.close()


def test_make_cache_picks_redis_only_when_configured(redis_url: str) -> None:
    assert isinstance(make_cache(None, namespace="n", retry_seconds=1), MemoryTtlCache)
    assert isinstance(make_cache(redis_url, namespace="n", retry_seconds=1), RedisTtlCache)


def test_tiered_cache_serves_from_memory_and_fills_from_the_shared_one(
    redis_url: str, clock: FakeClock
) -> None:
    namespace = f"t-{uuid.uuid4().hex}"
    shared = RedisTtlCache(redis_url, namespace=namespace)
    writer = TieredTtlCache(shared, front_seconds=5, front=MemoryTtlCache(clock=clock))
    reader = TieredTtlCache(shared, front_seconds=5, front=MemoryTtlCache(clock=clock))
    writer.set("k", b"v", 60)
    # Another replica finds it in Redis and keeps it in its own memory afterwards.
    assert reader.get("k") == b"v"
    redis.Redis.from_url(redis_url).delete(f"{namespace}:k")
    assert reader.get("k") == b"v"
    clock.advance(6)
    assert reader.get("k") is None
