"""Active health checks against real grpc.health.v1 servers."""

from __future__ import annotations

from collections import Counter

from tests.edge.balancing.replicas import Replica
from tests.edge.balancing.support import edge, eventually

FAST = {
    "edge_health_interval_seconds": 0.05,
    "edge_health_unhealthy_threshold": 2,
    "edge_health_healthy_threshold": 2,
}


async def test_not_serving_leaves_the_pool_and_serving_brings_it_back(
    replicas: list[Replica],
) -> None:
    one = replicas[0]
    async with edge(replicas, **FAST) as e:
        await eventually(lambda: all(e.instance(r)["health"] == "healthy" for r in replicas))
        assert e.sample("finplat_edge_pool_instances", backend="expense", health="healthy") == 3

        await one.set_serving(False)
        await eventually(lambda: e.instance(one)["health"] == "unhealthy")
        assert e.instance(one)["status"] == "NOT_SERVING"
        assert e.sample("finplat_edge_pool_instances", backend="expense", health="unhealthy") == 1
        answered = Counter([await e.who() for _ in range(12)])
        assert answered == {2: 6, 3: 6}

        await one.set_serving(True)
        await eventually(lambda: e.instance(one)["health"] == "healthy")
        answered = Counter([await e.who() for _ in range(12)])
        assert answered == {1: 4, 2: 4, 3: 4}


async def test_a_stopped_instance_is_unreachable_then_recovers(replicas: list[Replica]) -> None:
    one = replicas[0]
    async with edge(replicas, **FAST) as e:
        await eventually(lambda: e.instance(one)["health"] == "healthy")
        await one.stop()
        await eventually(lambda: e.instance(one)["health"] == "unhealthy")
        assert e.instance(one)["status"] == "UNREACHABLE"
        assert e.instance(one)["last_check"] is not None
        await one.start()  # same port
        await eventually(lambda: e.instance(one)["health"] == "healthy")


async def test_all_unhealthy_is_503_service_unavailable(replicas: list[Replica]) -> None:
    async with edge(replicas, **FAST) as e:
        for replica in replicas:
            await replica.set_serving(False)
        await eventually(lambda: all(e.instance(r)["health"] == "unhealthy" for r in replicas))
        calls_before = sum(r.expenses.calls for r in replicas)
        response = await e.client.get("/expense/v1/expenses", headers={"Authorization": "Bearer k"})
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "SERVICE_UNAVAILABLE"
        assert sum(r.expenses.calls for r in replicas) == calls_before
