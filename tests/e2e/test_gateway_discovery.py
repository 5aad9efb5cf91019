"""JWT service discovery end to end: an edge with discovery on and no static expense
address, main, and a service account made with the `finplat` CLI. An expense backend
started with FINPLAT_EDGE_URL and the client credentials gets a `service` token from
main, registers itself, and serves requests through the edge; SIGTERM deregisters it
before it drains, and the edge answers 503 for expense again."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from services.runtime.service_token import ClientCredentials
from tests.e2e.cli_support import finplat
from tests.e2e.conftest import RunningStack
from tools import keys, stack

pytestmark = pytest.mark.e2e

REGISTRY = "/api/v1/service-discovery"


@dataclass
class Discovered:
    stack: RunningStack
    main_address: str
    client_id: str
    client_secret: str
    log_dir: Path


def _create_service_account(database_url: str, name: str) -> tuple[str, str]:
    """The operator's way: `finplat service-accounts create NAME` in a real process."""
    done = finplat("service-accounts", "create", name, "--url", database_url)
    assert done.returncode == 0, done.stderr
    fields = dict(line.split(":", 1) for line in done.stdout.splitlines())
    return fields["client_id"].strip(), fields["client_secret"].strip()


@pytest.fixture(scope="module")
def discovered(
    _stack_factory: Callable[..., RunningStack], tmp_path_factory: pytest.TempPathFactory
) -> Discovered:
    running = _stack_factory(backends=("main",), FINPLAT_EDGE_DISCOVERY_ENABLED="true")
    keys.migrate_backend("expense", running.database_url)
    client_id, client_secret = _create_service_account(running.database_url, "e2e-expense")
    return Discovered(
        running,
        running.running.backend_addresses["main"],
        client_id,
        client_secret,
        tmp_path_factory.mktemp("discovery-logs"),
    )


@pytest.fixture
def service_token(discovered: Discovered) -> Iterator[Callable[[], str]]:
    credentials = ClientCredentials(
        discovered.main_address, discovered.client_id, discovered.client_secret
    )
    yield credentials
    credentials.close()


def _start_expense(discovered: Discovered) -> tuple[stack.Process, int]:
    port = stack.free_port()
    env = {
        **stack.backend_env("expense", port, stack.free_port(), discovered.stack.database_url),
        "FINPLAT_VAR_DIR": str(discovered.log_dir),
        "FINPLAT_LOG_LEVEL": "INFO",
        "FINPLAT_EDGE_URL": discovered.stack.edge_url,
        "FINPLAT_MAIN_GRPC_TARGET": discovered.main_address,
        "FINPLAT_SERVICE_CLIENT_ID": discovered.client_id,
        "FINPLAT_SERVICE_CLIENT_SECRET": discovered.client_secret,
    }
    process = stack.spawn("expense-registered", "services.expense", env, log_dir=discovered.log_dir)
    stack.wait_grpc_serving(f"127.0.0.1:{port}", process)
    return process, port


def _registered(edge: httpx.Client, token: str) -> list[dict[str, Any]]:
    response = edge.get(
        f"{REGISTRY}/services/expense", headers={"authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    instances: list[dict[str, Any]] = response.json()["instances"]
    return instances


def _eventually(check: Callable[[], bool], what: str, process: stack.Process) -> None:
    deadline = time.monotonic() + 30
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within 30s\n{process.log_tail()}")
        time.sleep(0.2)


def test_a_backend_registers_serves_and_deregisters_on_sigterm(
    discovered: Discovered, service_token: Callable[[], str]
) -> None:
    edge_url = discovered.stack.edge_url
    api_key = discovered.stack.issue_key("e2e-discovery")[1]
    with httpx.Client(base_url=edge_url, timeout=30) as edge:
        expenses = {"authorization": f"Bearer {api_key}"}
        # No static address and nobody registered: the edge has nowhere to send expense.
        before = edge.get("/expense/v1/categories", headers=expenses)
        assert before.status_code == 503
        # In the expense service's error shape (the owning service's, per route).
        assert before.json()["error"]["code"] == "SERVICE_UNAVAILABLE"

        process, port = _start_expense(discovered)
        try:
            _eventually(lambda: bool(_registered(edge, service_token())), "registration", process)
            (instance,) = _registered(edge, service_token())
            assert (instance["address"], instance["port"]) == ("127.0.0.1", port)
            _eventually(
                lambda: edge.get("/expense/v1/categories", headers=expenses).status_code == 200,
                "routing to the registered backend",
                process,
            )
            created = edge.post(
                "/expense/v1/expenses",
                headers=expenses,
                json={
                    "amount": 12.5,
                    "description": "taxi",
                    "category": "transport",
                    "date": "2026-11-20",
                },
            )
            assert created.status_code == 201, created.text
        finally:
            process.popen.send_signal(signal.SIGTERM)
            process.popen.wait(timeout=30)
        assert process.popen.returncode == 0, process.log_tail()

        # Deregistered on the way out (not left to expire with the TTL).
        assert _registered(edge, service_token()) == []
        _eventually(
            lambda: edge.get("/expense/v1/categories", headers=expenses).status_code == 503,
            "the edge dropping the instance",
            process,
        )
        after = edge.get("/expense/v1/categories", headers=expenses)
        assert after.json()["error"]["code"] == "SERVICE_UNAVAILABLE"


def test_registry_needs_a_service_or_admin_token(
    discovered: Discovered, service_token: Callable[[], str]
) -> None:
    with httpx.Client(base_url=discovered.stack.edge_url, timeout=30) as edge:
        assert edge.get(f"{REGISTRY}/services/expense").status_code == 401
        api_key = discovered.stack.issue_key("e2e-not-a-service")[1]
        denied = edge.get(
            f"{REGISTRY}/services/expense", headers={"authorization": f"Bearer {api_key}"}
        )
        # An expense API key is not an identity the edge knows.
        assert denied.status_code == 401
        assert denied.json()["error"] == "unauthorized"
        health = edge.get(
            f"{REGISTRY}/health", headers={"authorization": f"Bearer {service_token()}"}
        )
        assert health.status_code == 200 and health.json()["status"] == "ok"
