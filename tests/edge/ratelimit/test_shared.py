"""Several edges share one count through Redis; losing Redis degrades to in process."""

from __future__ import annotations

import asyncio
import logging

import pytest

from edge.observability.metrics import GatewayMetrics
from edge.ratelimit import Counter, Rule
from edge.ratelimit.settings import Algorithm
from tests.edge.ratelimit.support import ALGORITHMS, allowed, unique_key
from tests.support.redis import RedisServer

# Two edges share limits through Redis with a fail-fast timeout (then count in-process):
# under a parallel worker's load that timeout can fire. Run alone.
pytestmark = pytest.mark.serial


def store_up(metrics: GatewayMetrics) -> float | None:
    return metrics.registry.get_sample_value("finplat_edge_rate_limit_shared_store_up")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
async def test_two_edges_enforce_one_limit(algorithm: Algorithm, redis_url: str) -> None:
    edges = [Counter(algorithm, redis_url), Counter(algorithm, redis_url)]
    rule, key = Rule(10, 60), unique_key()
    # Interleaved, as a load balancer would spread one client's requests.
    decisions = [await edges[i % 2].hit(key, rule) for i in range(16)]
    assert allowed(decisions) == 10
    assert [d.allowed for d in decisions[10:]] == [False] * 6
    for edge in edges:
        await edge.aclose()


@pytest.mark.parametrize("algorithm", ALGORITHMS)
async def test_redis_outage_falls_back_in_process_then_shares_again(
    algorithm: Algorithm,
    redis_server: RedisServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    metrics = GatewayMetrics()
    edges = [
        Counter(algorithm, redis_server.url, retry_seconds=0.5, metrics=metrics),
        Counter(algorithm, redis_server.url, retry_seconds=0.5),
    ]
    rule, key = Rule(5, 60), unique_key()
    assert (await edges[0].hit(key, rule)).remaining == 4
    assert edges[0].shared and store_up(metrics) == 1

    with caplog.at_level(logging.WARNING, logger="edge.ratelimit"), redis_server.outage():
        # Still limiting, now per edge: each edge has its own 5, and never an exception.
        during = [await edges[0].hit(key, rule) for _ in range(7)]
        assert [d.allowed for d in during] == [True] * 5 + [False] * 2
        assert during[-1].retry_after >= 1
        assert not edges[0].shared and store_up(metrics) == 0
        assert allowed([await edges[1].hit(key, rule) for _ in range(6)]) == 5
    # One log line per outage and edge, not one per request.
    assert len([r for r in caplog.records if "unreachable" in r.getMessage()]) == 2

    await asyncio.sleep(0.6)  # past the back-off
    # Redis came back empty: one shared count again, across both edges.
    after = [await edges[i % 2].hit(key, rule) for i in range(7)]
    assert [d.allowed for d in after] == [True] * 5 + [False] * 2
    assert edges[0].shared and edges[1].shared and store_up(metrics) == 1
    for edge in edges:
        await edge.aclose()
