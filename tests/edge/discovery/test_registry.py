"""The registry contract, on the in-memory store and on real Redis: registration,
heartbeats (by id and by address), deregistration, TTL eviction, and what several edges
sharing one Redis see."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from edge.discovery.redis_registry import RedisRegistry
from edge.discovery.registry import (
    MemoryRegistry,
    Registration,
    Registry,
    RegistryUnavailable,
    as_json,
)
from tests.runtime.tokens_support import FakeClock
from tests.support.redis import RedisServer

EXPENSE = Registration("expense", "10.0.0.5", 50054, weight=3, metadata={"zone": "a"})


@pytest.fixture(params=["memory", "redis"])
async def registry(
    request: pytest.FixtureRequest, redis_server: RedisServer
) -> AsyncIterator[Registry]:
    if request.param == "memory":
        yield MemoryRegistry(30)
        return
    redis_server.flush()
    shared = RedisRegistry(redis_server.url, 30, retry_seconds=0.1)
    yield shared
    shared.close()


async def test_register_then_heartbeat_by_address_and_by_id(registry: Registry) -> None:
    first, created = await registry.register(EXPENSE)
    assert created
    assert first.expires_at - first.registered_at == pytest.approx(30)
    assert first.endpoint().address == "10.0.0.5:50054"
    assert first.endpoint().weight == 3
    assert first.endpoint().metadata["instance_id"] == first.instance_id

    again, created = await registry.register(EXPENSE)
    assert not created
    assert again.instance_id == first.instance_id
    assert again.registered_at == pytest.approx(first.registered_at)
    assert again.expires_at >= first.expires_at

    by_id = Registration("expense", "10.0.0.5", 50054, weight=7, instance_id=first.instance_id)
    renewed, created = await registry.register(by_id)
    assert not created and renewed.weight == 7
    assert [(i.instance_id, i.weight) for i in await registry.instances()] == [
        (first.instance_id, 7)
    ]


async def test_other_address_or_type_is_another_instance(registry: Registry) -> None:
    one, _ = await registry.register(EXPENSE)
    two, created = await registry.register(Registration("expense", "10.0.0.6", 50054))
    three, _ = await registry.register(Registration("main", "10.0.0.5", 50054))
    assert created and len({one.instance_id, two.instance_id, three.instance_id}) == 3
    listed = await registry.instances()
    assert sorted(i.service_type for i in listed) == ["expense", "expense", "main"]


async def test_chosen_instance_id_is_kept_and_moves_address(registry: Registry) -> None:
    moved = Registration("expense", "10.0.0.9", 50054, instance_id="expense-pod-1")
    made, created = await registry.register(moved)
    assert created and made.instance_id == "expense-pod-1"
    await registry.register(
        Registration("expense", "10.0.0.10", 50054, instance_id="expense-pod-1")
    )
    assert [i.target for i in await registry.instances()] == ["10.0.0.10:50054"]
    # The old address is free again: registering it makes a new instance.
    _, created = await registry.register(Registration("expense", "10.0.0.9", 50054))
    assert created


async def test_deregister(registry: Registry) -> None:
    made, _ = await registry.register(EXPENSE)
    assert await registry.deregister(made.instance_id)
    assert await registry.instances() == []
    assert not await registry.deregister(made.instance_id)
    # Registering the same address afterwards is a new instance, not a heartbeat.
    fresh, created = await registry.register(EXPENSE)
    assert created and fresh.instance_id != made.instance_id


async def test_ipv6_target_and_json_view(registry: Registry) -> None:
    made, _ = await registry.register(Registration("expense", "fd00::5", 50054))
    assert made.target == "[fd00::5]:50054"
    view = as_json(made, 30)
    assert set(view) == {
        "instance_id",
        "service_type",
        "address",
        "port",
        "weight",
        "metadata",
        "registered_at",
        "expires_at",
        "ttl_seconds",
    }
    assert view["registered_at"].endswith("Z") and view["ttl_seconds"] == 30


async def test_memory_ttl_eviction() -> None:
    clock = FakeClock()
    registry = MemoryRegistry(30, clock=clock)
    made, _ = await registry.register(EXPENSE)
    clock.advance(20)
    await registry.register(EXPENSE)  # heartbeat: 30 s from now
    clock.advance(20)
    assert [i.instance_id for i in await registry.instances()] == [made.instance_id]
    clock.advance(11)
    assert await registry.instances() == []
    _, created = await registry.register(EXPENSE)
    assert created


async def _until_empty(registry: Registry, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while await registry.instances():
        assert time.monotonic() < deadline, "instance was never evicted"
        await asyncio.sleep(0.1)


async def test_redis_ttl_eviction(redis_server: RedisServer) -> None:
    redis_server.flush()
    registry = RedisRegistry(redis_server.url, 1, retry_seconds=0.1)
    try:
        made, _ = await registry.register(EXPENSE)
        await _until_empty(registry)
        again, created = await registry.register(EXPENSE)
        assert created and again.instance_id != made.instance_id
    finally:
        registry.close()


async def test_edges_sharing_redis_see_one_registry(redis_server: RedisServer) -> None:
    redis_server.flush()
    edges = [RedisRegistry(redis_server.url, 30, retry_seconds=0.1) for _ in range(3)]
    try:
        # The same heartbeat arriving at every edge at once is still one instance.
        results = await asyncio.gather(*(edge.register(EXPENSE) for edge in edges * 5))
        assert len({instance.instance_id for instance, _ in results}) == 1
        assert sum(created for _, created in results) == 1
        seen = [await edge.instances() for edge in edges]
        assert all(len(found) == 1 and found[0].metadata == {"zone": "a"} for found in seen)
        assert await edges[2].deregister(results[0][0].instance_id)
        assert await edges[0].instances() == []
    finally:
        for edge in edges:
            edge.close()


async def test_redis_outage_is_unavailable_then_recovers(redis_server: RedisServer) -> None:
    redis_server.flush()
    registry = RedisRegistry(redis_server.url, 30, retry_seconds=0.1)
    try:
        with redis_server.outage():
            with pytest.raises(RegistryUnavailable):
                await registry.register(EXPENSE)
            with pytest.raises(RegistryUnavailable):  # within the back-off: no wait
                await registry.instances()
        await asyncio.sleep(0.2)
        _, created = await registry.register(EXPENSE)
        assert created
    finally:
        registry.close()
