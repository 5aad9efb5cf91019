"""/api/v1/service-discovery/* on a real uvicorn: roles, validation (400, never 500),
register/heartbeat/deregister, the read endpoints, and the pools following the registry."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from edge.discovery.redis_registry import RedisRegistry
from edge.discovery.registry import MemoryRegistry
from edge.discovery.sync import RegistrySync
from tests.edge.discovery.conftest import (
    ADMIN,
    BACKENDS,
    SERVICE,
    USER,
    Updates,
    discovery_app,
    served,
)
from tests.runtime.tokens_support import FakeClock, JwksServer
from tests.support.redis import RedisServer

BASE = "/api/v1/service-discovery"
EXPENSE: dict[str, Any] = {"service_type": "expense", "address": "10.0.0.5", "port": 50054}


class Edge:
    def __init__(
        self, client: httpx.AsyncClient, updates: Updates, sync: RegistrySync, clock: FakeClock
    ) -> None:
        self.client = client
        self.updates = updates
        self.sync = sync
        self.clock = clock

    async def register(self, **body: Any) -> httpx.Response:
        return await self.client.post(f"{BASE}/register", json=body, headers=SERVICE)

    async def settled(self, backend: str, addresses: list[str]) -> None:
        """The background sync reported `addresses` for `backend` (it was poked)."""
        for _ in range(200):
            if self.updates.addresses(backend) == addresses:
                return
            await asyncio.sleep(0.01)
        assert self.updates.addresses(backend) == addresses


@pytest.fixture
async def edge(jwks: JwksServer) -> AsyncIterator[Edge]:
    clock = FakeClock()
    registry = MemoryRegistry(30, clock=clock)
    updates = Updates()
    # A long period: every report in these tests comes from a poke.
    sync = RegistrySync(registry, BACKENDS, updates, interval=60)
    sync.start()
    try:
        async with served(discovery_app(registry, sync, jwks)) as client:
            yield Edge(client, updates, sync, clock)
    finally:
        await sync.stop()


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["error"] == code
    assert body["request_id"] == response.headers["x-request-id"]
    return body


async def test_roles(edge: Edge) -> None:
    _error(await edge.client.post(f"{BASE}/register", json=EXPENSE), 401, "unauthorized")
    _error(await edge.client.post(f"{BASE}/register", json=EXPENSE, headers=USER), 403, "forbidden")
    _error(
        await edge.client.post(f"{BASE}/register", json=EXPENSE, headers=ADMIN), 403, "forbidden"
    )
    _error(await edge.client.delete(f"{BASE}/deregister/x", headers=ADMIN), 403, "forbidden")
    _error(await edge.client.get(f"{BASE}/discover", headers=USER), 403, "forbidden")
    _error(
        await edge.client.get(f"{BASE}/health", headers={"authorization": "Bearer junk"}),
        401,
        "unauthorized",
    )
    for who in (ADMIN, SERVICE):
        assert (await edge.client.get(f"{BASE}/health", headers=who)).status_code == 200


async def test_register_heartbeat_deregister(edge: Edge) -> None:
    created = await edge.register(**EXPENSE, weight=5, metadata={"zone": "eu-1a"})
    assert created.status_code == 201
    body = created.json()
    assert body["service_type"] == "expense" and body["address"] == "10.0.0.5"
    assert (body["port"], body["weight"], body["metadata"]) == (50054, 5, {"zone": "eu-1a"})
    assert body["ttl_seconds"] == 30 and body["expires_at"] > body["registered_at"]
    await edge.settled("expense", ["10.0.0.5:50054"])
    assert edge.updates.latest["expense"][0].weight == 5

    edge.clock.advance(10)
    beat = await edge.register(**EXPENSE, weight=5)
    assert beat.status_code == 200
    assert beat.json()["instance_id"] == body["instance_id"]
    assert beat.json()["registered_at"] == body["registered_at"]
    assert beat.json()["expires_at"] > body["expires_at"]
    by_id = await edge.register(**EXPENSE, instance_id=body["instance_id"])
    assert by_id.status_code == 200 and by_id.json()["weight"] == 1

    gone = await edge.client.delete(f"{BASE}/deregister/{body['instance_id']}", headers=SERVICE)
    assert gone.status_code == 204 and gone.content == b""
    await edge.settled("expense", [])
    again = await edge.client.delete(f"{BASE}/deregister/{body['instance_id']}", headers=SERVICE)
    _error(again, 404, "not_found")


async def test_expired_instances_leave_the_pools(edge: Edge) -> None:
    await edge.register(**EXPENSE)
    await edge.register(service_type="expense", address="expense-2.internal", port=50054)
    await edge.settled("expense", ["10.0.0.5:50054", "expense-2.internal:50054"])
    edge.clock.advance(31)
    edge.sync.poke()
    await edge.settled("expense", [])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"address": "10.0.0"}, "address"),
        ({"address": "bad host!"}, "address"),
        ({"address": "-lead.example"}, "address"),
        ({"address": ""}, "address"),
        ({"port": 0}, "port"),
        ({"port": 65536}, "port"),
        ({"port": "http"}, "port"),
        ({"weight": 0}, "weight"),
        ({"weight": 101}, "weight"),
        ({"service_type": "billing"}, "service_type"),
        ({"service_type": None}, "service_type"),
        ({"metadata": {"k": 1}}, "metadata"),
        ({"metadata": {"bad key": "v"}}, "metadata"),
        ({"metadata": {f"k{i}": "v" for i in range(33)}}, "metadata"),
        ({"metadata": {"k": "v" * 257}}, "metadata"),
        ({"instance_id": "../../etc"}, "instance_id"),
        ({"wieght": 3}, "wieght"),
    ],
)
async def test_bad_registrations_are_400_naming_the_field(
    edge: Edge, change: dict[str, Any], field: str
) -> None:
    response = await edge.register(**{**EXPENSE, **change})
    assert field in _error(response, 400, "validation_error")["message"]


async def test_malformed_bodies_are_400(edge: Edge) -> None:
    for content in (b"{", b"[]", b"null", b'"x"', b"\xff\xfe"):
        response = await edge.client.post(
            f"{BASE}/register",
            content=content,
            headers={**SERVICE, "content-type": "application/json"},
        )
        _error(response, 400, "validation_error")
    missing = await edge.client.post(f"{BASE}/register", headers=SERVICE)
    _error(missing, 400, "validation_error")
    bad_id = await edge.client.delete(f"{BASE}/deregister/a%20b", headers=SERVICE)
    _error(bad_id, 400, "validation_error")


async def test_read_endpoints(edge: Edge) -> None:
    one = (await edge.register(**EXPENSE)).json()
    await edge.register(service_type="main", address="fd00::1", port=50051)
    get = edge.client.get
    discover = await get(f"{BASE}/discover", params={"service_type": "expense"}, headers=ADMIN)
    assert discover.json() == {"service_type": "expense", "instances": [one]}
    grouped = (await get(f"{BASE}/discover", headers=SERVICE)).json()["services"]
    assert sorted(grouped) == ["expense", "main"] and grouped["expense"] == [one]
    assert grouped["main"][0]["address"] == "fd00::1"
    listed = (await get(f"{BASE}/services/expense", headers=SERVICE)).json()
    assert listed == {"service_type": "expense", "instances": [one]}
    unknown = await get(f"{BASE}/services/billing", headers=SERVICE)
    assert unknown.status_code == 200 and unknown.json()["instances"] == []
    health = (await get(f"{BASE}/health", headers=ADMIN)).json()
    assert health == {
        "status": "ok",
        "store": "memory",
        "ttl_seconds": 30,
        "services": {"expense": 1, "main": 1},
        "total": 2,
    }
    await edge.settled("main", ["[fd00::1]:50051"])


async def test_on_redis_and_through_an_outage(jwks: JwksServer, redis_server: RedisServer) -> None:
    redis_server.flush()
    registry = RedisRegistry(redis_server.url, 30, retry_seconds=0.1)
    updates = Updates()
    sync = RegistrySync(registry, BACKENDS, updates, interval=60)
    try:
        async with served(discovery_app(registry, sync, jwks)) as client:
            made = await client.post(f"{BASE}/register", json=EXPENSE, headers=SERVICE)
            assert made.status_code == 201
            await sync.sync_once()
            assert updates.addresses("expense") == ["10.0.0.5:50054"]
            health = (await client.get(f"{BASE}/health", headers=ADMIN)).json()
            assert health["store"] == "redis" and health["services"]["expense"] == 1
            with redis_server.outage():
                refused = await client.post(f"{BASE}/register", json=EXPENSE, headers=SERVICE)
                _error(refused, 503, "service_unavailable")
                _error(
                    await client.get(f"{BASE}/health", headers=ADMIN), 503, "service_unavailable"
                )
                await sync.sync_once()  # the pools keep what they had
                assert updates.addresses("expense") == ["10.0.0.5:50054"]
    finally:
        registry.close()
