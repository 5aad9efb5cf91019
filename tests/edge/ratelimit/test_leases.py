"""Leases on shared windows (edge/ratelimit/leases.py), against a real Redis."""

from __future__ import annotations

import uuid

import redis

from edge.ratelimit.store import Counter
from edge.ratelimit.windows import RedisWindow
from services.runtime.redis_outage import fail_fast_async_pool
from services.runtime.windows import Rule


def _key() -> str:
    return uuid.uuid4().hex


def _redis_counts(redis_url: str, key: str) -> list[int]:
    client = redis.Redis.from_url(redis_url)
    try:
        return sorted(int(v) for k in client.scan_iter(f"*{key}*") if (v := client.get(k)))
    finally:
        client.close()


async def test_a_lease_reserves_one_percent_and_spends_it_locally(redis_url: str) -> None:
    counter = Counter("fixed_window", redis_url, lease_max=50)
    rule, key = Rule(1000, 60), _key()
    first = await counter.hit(key, rule)
    assert _redis_counts(redis_url, key) == [10]  # 1% of 1000 reserved in one call
    decisions = [first] + [await counter.hit(key, rule) for _ in range(9)]
    assert _redis_counts(redis_url, key) == [10]  # spent here: no further Redis call
    assert [d.remaining for d in decisions] == list(range(999, 989, -1))
    await counter.hit(key, rule)
    assert _redis_counts(redis_url, key) == [20]
    await counter.aclose()


async def test_edges_holding_leases_never_exceed_the_limit(redis_url: str) -> None:
    edges = [Counter("sliding_window", redis_url, lease_max=50) for _ in range(3)]
    rule, key = Rule(500, 60), _key()
    allowed = 0
    for n in range(600):
        allowed += (await edges[n % 3].hit(key, rule)).allowed
    # Never above the limit; at most (edges - 1) * lease size (5) early.
    assert 500 - 2 * 5 <= allowed <= 500
    for edge in edges:
        await edge.aclose()


async def test_small_limits_are_counted_per_request(redis_url: str) -> None:
    counter = Counter("sliding_window", redis_url, lease_max=50)
    rule, key = Rule(50, 60), _key()  # the auth family: lease size 1, exact
    decisions = [await counter.hit(key, rule) for _ in range(51)]
    assert [d.allowed for d in decisions] == [True] * 50 + [False]
    assert _redis_counts(redis_url, key) == [50]
    await counter.aclose()


async def test_a_refused_reservation_is_a_refusal(redis_url: str) -> None:
    pool = fail_fast_async_pool(redis_url)
    window = RedisWindow("fixed_window", pool)
    rule, key = Rule(3, 60), _key()
    grant = await window.reserve(key, rule, 10)
    assert (grant.allowed, grant.granted) == (True, 3)  # never past the limit
    refused = await window.reserve(key, rule, 10)
    assert (refused.allowed, refused.granted) == (False, 0)
    await pool.disconnect()
