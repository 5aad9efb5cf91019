"""Circuit breakers and retries against real replicas that are stopped and restarted.
Health checks run once at start-up only (long interval): the breakers act alone."""

from __future__ import annotations

from collections import Counter

from edge.balancing.health import probe
from tests.edge.balancing.replicas import Replica
from tests.edge.balancing.support import EXPENSE, KEY, LIST, Edge, edge, eventually

QUIET = {"edge_health_interval_seconds": 3600}
NO_BREAKER = {"edge_breaker_failures": 1000, "edge_breaker_error_rate": 1.0}
ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"


async def upstream_calls(e: Edge, replica: Replica) -> float:
    return sum(
        e.sample(
            "finplat_edge_upstream_calls_total",
            backend="expense",
            instance=replica.address,
            code=code,
        )
        for code in ("OK", "UNAVAILABLE", "NOT_FOUND")
    )


async def test_breaker_opens_half_opens_and_closes(replicas: list[Replica]) -> None:
    one = replicas[0]
    settings = {
        **QUIET,
        "edge_breaker_failures": 2,
        "edge_breaker_cooldown_seconds": 0.5,
        "edge_breaker_half_open_calls": 2,
    }
    async with edge([one], **settings) as e:
        await e.upstream.checker.wait_first_round(5)
        await one.stop()
        for _ in range(2):  # POST: not idempotent, never retried
            response = await e.client.post(LIST, json=EXPENSE, headers=KEY)
            assert response.status_code == 503
        assert e.instance(one)["breaker"] == "open"
        gauge = {"backend": "expense", "instance": one.address}
        assert e.sample("finplat_edge_circuit_breaker_state", **gauge) == 2
        made = await upstream_calls(e, one)
        response = await e.client.get(LIST, headers=KEY)
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "SERVICE_UNAVAILABLE"
        assert await upstream_calls(e, one) == made  # refused without calling

        await one.start()
        await eventually(lambda: e.instance(one)["breaker"] == "half_open")
        instance = e.upstream.pools.pools["expense"].instances[one.address]
        while (await probe(instance, 1.0))[0] != "SERVING":  # the channel reconnects
            await eventually(lambda: True)
        assert await e.who() == 1
        assert e.instance(one)["breaker"] == "half_open"
        assert await e.who() == 1
        assert e.instance(one)["breaker"] == "closed"
        assert e.sample("finplat_edge_circuit_breaker_state", **gauge) == 0


async def test_domain_errors_do_not_trip_the_breaker(replicas: list[Replica]) -> None:
    async with edge(replicas[:1], **QUIET, edge_breaker_failures=2) as e:
        for _ in range(5):
            response = await e.client.get(f"{LIST}/{ID}", headers=KEY)
            assert response.status_code == 404
        assert e.instance(replicas[0])["breaker"] == "closed"


async def test_idempotent_calls_to_a_stopped_instance_are_retried_elsewhere(
    replicas: list[Replica],
) -> None:
    one = replicas[0]
    async with edge(replicas, **QUIET, **NO_BREAKER) as e:
        await e.upstream.checker.wait_first_round(5)
        await one.stop()
        dead = {"backend": "expense", "instance": one.address, "code": "UNAVAILABLE"}
        answered = Counter([await e.who() for _ in range(30)])
        assert set(answered) == {2, 3}  # none failed (0), none from the stopped one
        retried = e.sample("finplat_edge_retries_total", backend="expense", outcome="retried")
        assert retried == e.sample("finplat_edge_upstream_calls_total", **dead) > 0

        failed = 0
        for _ in range(6):  # POSTs are not retried: those sent to the stopped one fail
            response = await e.client.post(LIST, json=EXPENSE, headers=KEY)
            failed += response.status_code == 503
        assert failed == e.sample("finplat_edge_upstream_calls_total", **dead) - retried > 0
        assert (
            e.sample("finplat_edge_retries_total", backend="expense", outcome="retried") == retried
        )


async def test_retries_stop_when_the_budget_is_spent(replicas: list[Replica]) -> None:
    one = replicas[0]
    settings = {
        **QUIET,
        **NO_BREAKER,
        "edge_retry_budget_ratio": 0.0,
        "edge_retry_min_per_second": 0.2,  # 2 retries per 10 s
    }
    async with edge(replicas, **settings) as e:
        await e.upstream.checker.wait_first_round(5)
        await one.stop()
        answered = Counter([await e.who() for _ in range(15)])
        dead = {"backend": "expense", "instance": one.address, "code": "UNAVAILABLE"}
        met_the_stopped_one = e.sample("finplat_edge_upstream_calls_total", **dead)
        assert e.sample("finplat_edge_retries_total", backend="expense", outcome="retried") == 2
        labels = {"backend": "expense", "outcome": "budget_exhausted"}
        assert (
            answered[0]
            == met_the_stopped_one - 2
            == e.sample("finplat_edge_retries_total", **labels)
        )
        assert answered[0] > 0


async def test_scope_carries_route_backend_and_instance(replicas: list[Replica]) -> None:
    async with edge(replicas[:1], **QUIET) as e:
        await e.who()
        scope = e.scopes[-1]
        assert scope["finplat.route"] == "/expense/v1/expenses"
        assert scope["finplat.backend"] == "expense"
        assert scope["finplat.instance"] == replicas[0].address
