"""Service-discovery test support: an edge app carrying only the discovery routes,
served by uvicorn, with the real token verifier on a real JWKS server, and a recorder
of pool updates."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from edge.auth import EdgeAuth
from edge.balancing.endpoint import Endpoint
from edge.discovery.registry import Registry
from edge.discovery.router import discovery_router
from edge.discovery.sync import RegistrySync
from edge.guards import install_error_handlers
from edge.request_id import RequestIdMiddleware
from services.runtime.tokens import TokenVerifier
from tests.runtime.tokens_support import CONFIG, JwksServer, claims, keys_of, sign
from tests.support.redis import free_port

BACKENDS = ("expense", "main")


def bearer(*roles: str) -> dict[str, str]:
    return {"authorization": f"Bearer {sign(claims(roles=list(roles)))}"}


SERVICE = bearer("user", "service")
ADMIN = bearer("user", "admin")
USER = bearer("user")


class Updates:
    """What the pools would receive: the latest list per backend, and every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[Endpoint]]] = []
        self.latest: dict[str, list[Endpoint]] = {}

    def __call__(self, backend: str, endpoints: Sequence[Endpoint]) -> None:
        self.calls.append((backend, list(endpoints)))
        self.latest[backend] = list(endpoints)

    def addresses(self, backend: str) -> list[str]:
        return [e.address for e in self.latest.get(backend, [])]


@pytest.fixture(scope="module")
def jwks() -> Iterator[JwksServer]:
    server = JwksServer("k1")
    try:
        yield server
    finally:
        server.stop()


def discovery_app(registry: Registry, sync: RegistrySync, jwks: JwksServer) -> FastAPI:
    app = FastAPI()
    app.state.edge_auth = EdgeAuth(TokenVerifier(keys_of(jwks), CONFIG))
    install_error_handlers(app)
    app.include_router(discovery_router(registry, BACKENDS, sync.poke))
    app.add_middleware(RequestIdMiddleware)
    return app


@asynccontextmanager
async def served(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """`app` under a real uvicorn on a free loopback port, and a client of it."""
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=free_port(), lifespan="off", log_level="warning")
    )
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # raises what stopped it
        await asyncio.sleep(0.01)
    try:
        url = f"http://127.0.0.1:{server.config.port}"
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:
            yield client
    finally:
        server.should_exit = True
        await task
