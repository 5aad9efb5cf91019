"""The client-credentials token provider against a real main backend served over gRPC:
the token is fetched once, reused, refreshed before it expires, shared by concurrent
callers, dropped on `invalidate()`, and a refusal is a clear error. Then the registrar
dropping a token the edge refused (discovery routes on uvicorn, real verifier), and the
settings that turn self-registration on."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from edge.discovery.registry import MemoryRegistry
from edge.discovery.sync import RegistrySync
from services.main.main import MainBackend
from services.main.service_accounts import usecases as service_accounts
from services.main.service_accounts.domain import IssuedServiceAccount
from services.main.sessions.tables import SessionRow
from services.runtime.registration import Registrar, SelfRegistration, advertised_host
from services.runtime.server import RunningServer
from services.runtime.service_token import (
    REFRESH_MARGIN_SECONDS,
    ClientCredentials,
    ServiceTokenUnavailable,
)
from services.runtime.settings import RuntimeSettings
from tests.edge.discovery.conftest import BACKENDS, Updates, discovery_app, jwks, served
from tests.runtime.tokens_support import JwksServer, claims, sign
from tests.services.main.support import build_main
from tools.stack import free_port

__all__ = ["jwks"]  # the JWKS server fixture of the discovery tests, used here too


class Clock:
    """Monotonic seconds the test moves forward (token lifetimes are 15 minutes)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def main(tmp_path: Path) -> Iterator[tuple[MainBackend, RunningServer]]:
    backend = build_main(f"sqlite:///{tmp_path}/main.db", tmp_path)
    running = backend.serve()
    yield backend, running
    running.stop(0)
    backend.close()


@pytest.fixture
def account(main: tuple[MainBackend, RunningServer]) -> IssuedServiceAccount:
    return service_accounts.create(main[0].kernel.unit_of_work(), "provider-test")


def _provider(
    main: tuple[MainBackend, RunningServer],
    account: IssuedServiceAccount,
    clock: Clock,
    secret: str | None = None,
) -> ClientCredentials:
    return ClientCredentials(
        f"127.0.0.1:{main[1].port}",
        account.account.client_id,
        account.client_secret if secret is None else secret,
        clock=clock,
    )


def _sessions(main: tuple[MainBackend, RunningServer]) -> int:
    with main[0].engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(SessionRow)) or 0)


def test_token_is_reused_then_refreshed_before_expiry(
    main: tuple[MainBackend, RunningServer], account: IssuedServiceAccount
) -> None:
    clock = Clock()
    provider = _provider(main, account, clock)
    try:
        first = provider()
        assert "service" in main[0].authenticators[0].authenticate(first).roles
        clock.now += 900 - REFRESH_MARGIN_SECONDS - 1
        assert provider() == first
        assert _sessions(main) == 1
        clock.now += 2  # within the margin: a new token before the old one lapses
        second = provider()
        assert second != first and _sessions(main) == 2
        provider.invalidate()  # e.g. the edge answered 401
        assert provider() not in (first, second)
    finally:
        provider.close()


def test_concurrent_callers_share_one_fetch(
    main: tuple[MainBackend, RunningServer], account: IssuedServiceAccount
) -> None:
    provider = _provider(main, account, Clock())
    start = threading.Barrier(8)
    tokens: list[str] = []

    def call() -> None:
        start.wait()
        tokens.append(provider())

    threads = [threading.Thread(target=call) for _ in range(8)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        provider.close()
    assert len(tokens) == 8 and len(set(tokens)) == 1
    assert _sessions(main) == 1


def test_refusals_are_clear_errors(
    main: tuple[MainBackend, RunningServer], account: IssuedServiceAccount
) -> None:
    wrong = _provider(main, account, Clock(), secret="fps_wrong")
    with pytest.raises(ServiceTokenUnavailable, match="UNAUTHENTICATED invalid client credentials"):
        wrong()
    wrong.close()

    service_accounts.revoke(main[0].kernel.unit_of_work(), account.account.client_id)
    revoked = _provider(main, account, Clock())
    with pytest.raises(ServiceTokenUnavailable, match="UNAUTHENTICATED"):
        revoked()
    revoked.close()

    nobody = ClientCredentials(f"127.0.0.1:{free_port()}", "fpc_x", "fps_y")
    with pytest.raises(ServiceTokenUnavailable, match="UNAVAILABLE"):
        nobody()
    nobody.close()


class RotatingToken:
    """A token source whose cached token the edge refuses until it is invalidated."""

    def __init__(self) -> None:
        self.current = "revoked-token"
        self.invalidated = 0

    def __call__(self) -> str:
        return self.current

    def invalidate(self) -> None:
        self.invalidated += 1
        self.current = sign(claims(roles=["user", "service"]))


async def test_a_refused_token_is_invalidated_before_the_retry(jwks: JwksServer) -> None:
    registry = MemoryRegistry(30)
    source = RotatingToken()
    sync = RegistrySync(registry, BACKENDS, Updates(), interval=60)
    async with served(discovery_app(registry, sync, jwks)) as edge:
        registrar = Registrar(
            str(edge.base_url),
            "expense",
            "10.0.0.9",
            50054,
            source,
            token_rejected=source.invalidate,
        )
        assert await asyncio.to_thread(registrar.register)
        assert source.invalidated == 1
        assert [i.target for i in await registry.instances()] == ["10.0.0.9:50054"]
        await asyncio.to_thread(registrar.stop)
    assert await registry.instances() == []


def test_self_registration_follows_the_settings() -> None:
    assert SelfRegistration.from_settings(RuntimeSettings(edge_url=None), "expense", 1) is None
    with pytest.raises(ValueError, match="FINPLAT_SERVICE_CLIENT_ID"):
        SelfRegistration.from_settings(RuntimeSettings(edge_url="http://edge"), "expense", 1)
    wildcard = RuntimeSettings(grpc_host="0.0.0.0")
    assert advertised_host(wildcard) == socket.gethostname()
    assert advertised_host(RuntimeSettings(grpc_host="10.1.2.3")) == "10.1.2.3"
    advertised = RuntimeSettings(grpc_host="0.0.0.0", advertised_host="expense-0.expense")
    assert advertised_host(advertised) == "expense-0.expense"
