"""services/runtime/registration.Registrar against the edge's real registry endpoints
(uvicorn, real token verification): register, heartbeat every ttl/3, deregister on stop."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import httpx
import pytest

from edge.discovery.registry import Instance, MemoryRegistry
from edge.discovery.sync import RegistrySync
from services.runtime.registration import Registrar
from tests.edge.discovery.conftest import BACKENDS, Updates, discovery_app, served
from tests.runtime.tokens_support import JwksServer, claims, sign
from tests.support.redis import free_port


def service_token() -> str:
    return sign(claims(roles=["service"]))


@pytest.fixture
async def edge(jwks: JwksServer) -> AsyncIterator[tuple[str, MemoryRegistry]]:
    registry = MemoryRegistry(3)  # heartbeats every second
    sync = RegistrySync(registry, BACKENDS, Updates(), interval=60)
    async with served(discovery_app(registry, sync, jwks)) as client:
        yield str(client.base_url), registry


async def _instances(registry: MemoryRegistry, count: int) -> list[Instance]:
    for _ in range(500):
        found = await registry.instances()
        if len(found) == count:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"expected {count} instance(s), have {await registry.instances()}")


async def test_registers_heartbeats_and_deregisters(edge: tuple[str, MemoryRegistry]) -> None:
    url, registry = edge
    registrar = Registrar(url, "expense", "127.0.0.1", 50054, service_token, weight=2)
    registrar.start()
    try:
        (first,) = await _instances(registry, 1)
        assert (first.target, first.weight, first.service_type) == ("127.0.0.1:50054", 2, "expense")
        for _ in range(300):  # the next heartbeat moves the expiry
            (now,) = await registry.instances()
            if now.expires_at > first.expires_at:
                break
            await asyncio.sleep(0.02)
        assert now.instance_id == first.instance_id and now.expires_at > first.expires_at
    finally:
        await asyncio.to_thread(registrar.stop)
    assert await registry.instances() == []


async def test_a_refused_token_is_replaced_once(edge: tuple[str, MemoryRegistry]) -> None:
    url, registry = edge
    tokens = itertools.chain(["not-a-jwt"], itertools.repeat(service_token()))
    registrar = Registrar(url, "expense", "10.0.0.7", 50054, lambda: next(tokens))
    assert await asyncio.to_thread(registrar.register)
    assert [i.target for i in await registry.instances()] == ["10.0.0.7:50054"]
    await asyncio.to_thread(registrar.stop)


async def test_refusals_and_an_absent_edge_are_not_fatal(edge: tuple[str, MemoryRegistry]) -> None:
    url, registry = edge
    wrong = Registrar(url, "billing", "10.0.0.7", 50054, service_token)
    assert not await asyncio.to_thread(wrong.register)  # 400: unknown service type
    user = Registrar(url, "expense", "10.0.0.7", 50054, lambda: sign(claims(roles=["user"])))
    assert not await asyncio.to_thread(user.register)  # 403
    absent = Registrar(f"http://127.0.0.1:{free_port()}", "expense", "10.0.0.7", 1, service_token)
    assert not await asyncio.to_thread(absent.register)
    for registrar in (wrong, user, absent):
        await asyncio.to_thread(registrar.stop)
    assert await registry.instances() == []


def test_http_client_is_closed_on_stop() -> None:
    client = httpx.Client(base_url="http://127.0.0.1:1")
    Registrar("http://127.0.0.1:1", "expense", "h", 1, service_token, http=client).stop()
    assert client.is_closed
