"""Sticky sessions, pool membership from several sources, and /ready over real replicas."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx

from edge.app import create_app
from edge.balancing.affinity import AFFINITY_COOKIE
from edge.balancing.endpoint import Endpoint
from edge.settings import EdgeSettings
from tests.edge.balancing.replicas import Replica
from tests.edge.balancing.support import KEY, LIST, edge, eventually

QUIET = {"edge_health_interval_seconds": 3600}


def user(n: int) -> dict[str, str]:
    return {"Authorization": f"Bearer fp_user_{n}"}


async def test_sticky_user_stays_on_one_replica_and_moves_when_it_fails(
    replicas: list[Replica],
) -> None:
    async with edge(replicas, edge_sticky="user", edge_health_interval_seconds=0.05) as e:
        homes = {}
        for n in range(12):
            seen = {await e.who(user(n)) for _ in range(4)}
            assert len(seen) == 1 and 0 not in seen
            homes[n] = seen.pop()
        assert len(set(homes.values())) > 1  # users are spread, not all on one

        home = replicas[homes[0] - 1]
        await home.set_serving(False)
        await eventually(lambda: e.instance(home)["health"] == "unhealthy")
        moved = {await e.who(user(0)) for _ in range(4)}
        assert len(moved) == 1 and homes[0] not in moved and 0 not in moved
        others = [n for n, h in homes.items() if h != homes[0]]
        assert all([await e.who(user(n)) == homes[n] for n in others])  # nobody else moves


async def test_sticky_cookie_is_minted_then_followed(replicas: list[Replica]) -> None:
    async with edge(replicas, **QUIET, edge_sticky="cookie") as e:
        first = await e.client.get(LIST, headers=KEY)
        assert first.status_code == 200
        cookie = first.headers["set-cookie"]
        assert cookie.startswith(f"{AFFINITY_COOKIE}=") and "HttpOnly" in cookie
        value = cookie.split(";")[0].split("=", 1)[1]
        home = first.json()["pagination"]["total"]
        headers = {**KEY, "Cookie": f"{AFFINITY_COOKIE}={value}"}
        e.client.cookies.clear()
        for _ in range(6):
            response = await e.client.get(LIST, headers=headers)
            assert response.json()["pagination"]["total"] == home
            assert "set-cookie" not in response.headers


async def test_pool_is_the_union_of_sources_and_removal_waits_for_calls(
    replicas: list[Replica],
) -> None:
    one, two, three = replicas
    async with edge([one], **QUIET) as e:
        pools = e.upstream.pools
        pools.update("expense", "k8s", [Endpoint(two.address, 3), Endpoint(one.address)])
        assert e.instance(two)["sources"] == ["k8s"]
        assert e.instance(one)["sources"] == ["k8s", "static"]
        assert e.instance(two)["weight"] == 3
        assert Counter([await e.who() for _ in range(4)]) == {1: 2, 2: 2}

        pools.update("expense", "static", [])
        pools.update("expense", "k8s", [Endpoint(one.address)])  # still listed by k8s
        assert set(pools.snapshot()["expense"]) == {one.address}

        one.expenses.delay = 0.5
        slow = asyncio.create_task(e.who())
        instance = pools.pools["expense"].instances[one.address]
        await eventually(lambda: instance.in_flight == 1)
        pools.update("expense", "k8s", [Endpoint(three.address)])
        assert set(pools.snapshot()["expense"]) == {three.address}
        assert await slow == 1  # the call in flight finished on the removed instance
        await eventually(lambda: instance._channel is None)
        assert {await e.who() for _ in range(3)} == {3}


Settings = EdgeSettings


async def test_ready_reports_health_and_breakers(replicas: list[Replica]) -> None:
    settings = Settings(
        edge_backends={"expense": [r.address for r in replicas]},
        edge_health_interval_seconds=0.05,
        edge_health_unhealthy_threshold=1,
    )
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as client:
            ready = await client.get("/ready")
            assert ready.status_code == 200
            expense = ready.json()["backends"]["expense"]
            assert expense["status"] == "SERVING"
            assert expense["instances"] == {r.address: "SERVING" for r in replicas}
            assert expense["breakers"] == {r.address: "closed" for r in replicas}

            for replica in replicas:
                await replica.set_serving(False)
            pools = app.state.upstream.pools
            await eventually(
                lambda: all(
                    i["health"] == "unhealthy" for i in pools.snapshot()["expense"].values()
                )
            )
            ready = await client.get("/ready")
            assert ready.status_code == 503
            assert ready.json()["backends"]["expense"]["status"] == "NOT_SERVING"
            assert set(ready.json()["backends"]["expense"]["instances"].values()) == {"NOT_SERVING"}
