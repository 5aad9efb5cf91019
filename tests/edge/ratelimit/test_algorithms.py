"""Each algorithm's semantics, counted in process and in a real Redis."""

from __future__ import annotations

import asyncio
import time

import pytest

from edge.ratelimit import Counter, Rule
from edge.ratelimit.settings import Algorithm
from tests.edge.ratelimit.support import ALGORITHMS, allowed, hits, next_window, unique_key

STORES = ("memory", "redis")


def counter(algorithm: Algorithm, store: str, redis_url: str) -> Counter:
    return Counter(algorithm, redis_url if store == "redis" else None)


@pytest.mark.parametrize("store", STORES)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
async def test_allows_the_limit_then_refuses_with_figures(
    algorithm: Algorithm, store: str, redis_url: str
) -> None:
    c = counter(algorithm, store, redis_url)
    rule = Rule(5, 60)
    key = unique_key()
    decisions = await hits(c, key, rule, 6)
    assert c.shared is (store == "redis")
    assert [d.allowed for d in decisions] == [True] * 5 + [False]
    assert [d.remaining for d in decisions] == [4, 3, 2, 1, 0, 0]
    now = time.time()
    for d in decisions:
        assert d.limit == 5
        assert now - 1 <= d.reset <= now + 61
    assert all(d.retry_after == 0 for d in decisions[:5])
    assert 1 <= decisions[5].retry_after <= 60
    # Other keys are counted apart.
    assert (await c.hit(unique_key(), rule)).remaining == 4
    await c.aclose()


@pytest.mark.parametrize("store", STORES)
async def test_fixed_window_restarts_whole_at_its_boundary(store: str, redis_url: str) -> None:
    c = counter("fixed_window", store, redis_url)
    rule, key = Rule(3, 1), unique_key()
    first = await hits(c, key, rule, 4)
    assert allowed(first) == 3
    await asyncio.sleep(max(0.0, first[-1].reset - time.time()) + 0.1)
    # The whole limit again at once: the boundary burst a sliding window prevents.
    assert allowed(await hits(c, key, rule, 4)) == 3
    await c.aclose()


@pytest.mark.parametrize("store", STORES)
async def test_sliding_window_weighs_the_previous_window(store: str, redis_url: str) -> None:
    window = 2
    c = counter("sliding_window", store, redis_url)
    rule, key = Rule(4, window), unique_key()
    await next_window(window)
    assert allowed(await hits(c, key, rule, 4)) == 4
    # Early in the next window (in process: calendar windows; Redis: from the first hit)
    # ~90% of the old burst still counts.
    await asyncio.sleep(window * 1.1)
    smooth = allowed(await hits(c, key, rule, 4))
    assert 1 <= smooth < 4
    await asyncio.sleep(2 * window)  # both windows gone
    assert allowed(await hits(c, key, rule, 4)) == 4
    await c.aclose()


@pytest.mark.parametrize("store", STORES)
async def test_token_bucket_bursts_then_refills_gradually(store: str, redis_url: str) -> None:
    c = counter("token_bucket", store, redis_url)
    rule, key = Rule(4, 2), unique_key()  # 4 tokens, 2 per second
    burst = await hits(c, key, rule, 5)
    assert allowed(burst) == 4
    # One token comes back after 0.5 s: retry in (the ceiling of) that, not the window.
    assert burst[-1].retry_after == 1
    assert burst[-1].reset >= int(time.time())
    await asyncio.sleep(0.6)
    assert [d.allowed for d in await hits(c, key, rule, 2)] == [True, False]
    await asyncio.sleep(2.5)  # long idle: refilled to capacity, never beyond
    refilled = await hits(c, key, rule, 5)
    assert allowed(refilled) == 4
    assert refilled[0].remaining == 3
    await c.aclose()
