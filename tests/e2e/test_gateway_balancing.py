"""Three real expense replicas behind one real edge: under concurrent GET load one replica
is killed, the pool shrinks without failing idempotent requests (beyond those in flight
at the kill), and it comes back when the replica restarts on the same port."""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.postgres import PostgresServer
from tools import keys, stack

pytestmark = pytest.mark.e2e

WORKERS = 8
FAST_HEALTH = {
    "FINPLAT_EDGE_HEALTH_INTERVAL_SECONDS": "0.2",
    "FINPLAT_EDGE_HEALTH_UNHEALTHY_THRESHOLD": "2",
    "FINPLAT_EDGE_HEALTH_HEALTHY_THRESHOLD": "2",
}


@dataclass
class Replicated:
    edge_url: str
    api_key: str
    addresses: list[str]
    envs: list[dict[str, str]]
    log_dir: Path
    replicas: list[stack.Process] = field(default_factory=list)

    def kill(self, n: int) -> None:
        self.replicas[n].popen.send_signal(signal.SIGKILL)
        self.replicas[n].popen.wait()

    def restart(self, n: int) -> None:
        self.replicas[n] = stack.spawn(
            f"expense-{n}", "services.expense", self.envs[n], log_dir=self.log_dir
        )
        stack.wait_grpc_serving(self.addresses[n], self.replicas[n])


@pytest.fixture(scope="module")
def replicated(
    postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Replicated]:
    database = postgres_server.create_database()
    url = postgres_server.url(database)
    keys.migrate_backend("expense", url)
    log_dir = tmp_path_factory.mktemp("balancing-logs")
    common = {
        "FINPLAT_VAR_DIR": str(log_dir),
        "FINPLAT_LOG_LEVEL": "WARNING",
        "FINPLAT_EXPENSE_RATE_LIMIT": "1000000",  # each replica counts alone, in memory
    }
    envs = [
        {**common, **stack.backend_env("expense", stack.free_port(), stack.free_port(), url)}
        for _ in range(3)
    ]
    addresses = [f"127.0.0.1:{env['FINPLAT_EXPENSE_GRPC_PORT']}" for env in envs]
    port = stack.free_port()
    setup = Replicated(
        f"http://127.0.0.1:{port}", keys.issue_api_key(url, "lb")[1], addresses, envs, log_dir
    )
    processes: list[stack.Process] = []  # the edge
    try:
        for n in range(3):
            setup.replicas.append(
                stack.spawn(f"expense-{n}", "services.expense", envs[n], log_dir=log_dir)
            )
        for n in range(3):
            stack.wait_grpc_serving(addresses[n], setup.replicas[n])
        backends = '{"expense": [' + ",".join(f'"{a}"' for a in addresses) + "]}"
        edge = stack.spawn(
            "edge",
            "edge",
            {
                **common,
                **FAST_HEALTH,
                "FINPLAT_EDGE_PORT": str(port),
                "FINPLAT_EDGE_BACKENDS": backends,
            },
            log_dir=log_dir,
        )
        processes.append(edge)
        stack.wait_http_ok(f"{setup.edge_url}/ready", edge)
        yield setup
    finally:
        stack.stop_all([*setup.replicas, *processes])
        postgres_server.drop_database(database)


def instances(client: httpx.Client) -> dict[str, str]:
    statuses: dict[str, str] = client.get("/ready").json()["backends"]["expense"]["instances"]
    return statuses


def wait_for(check: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.1)


async def until(check: Any, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "load did not progress"
        await asyncio.sleep(0.05)


async def load(url: str, key: str, stop: asyncio.Event, statuses: list[tuple[float, int]]) -> None:
    headers = {"authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as client:

        async def worker() -> None:
            while not stop.is_set():
                try:
                    response = await client.get("/expense/v1/expenses?limit=1")
                    statuses.append((time.monotonic(), response.status_code))
                except httpx.HTTPError:
                    statuses.append((time.monotonic(), 0))

        await asyncio.gather(*(worker() for _ in range(WORKERS)))


def test_killing_a_replica_fails_no_idempotent_request(replicated: Replicated) -> None:
    victim = replicated.addresses[0]
    with httpx.Client(base_url=replicated.edge_url, timeout=10) as admin:
        wait_for(lambda: set(instances(admin).values()) == {"SERVING"})
        statuses: list[tuple[float, int]] = []

        async def scenario() -> float:
            stop = asyncio.Event()
            running = asyncio.create_task(
                load(replicated.edge_url, replicated.api_key, stop, statuses)
            )
            await until(lambda: len(statuses) >= 60)
            killed_at = time.monotonic()
            await asyncio.to_thread(replicated.kill, 0)
            await asyncio.to_thread(wait_for, lambda: instances(admin)[victim] == "UNREACHABLE")
            shrunk = len(statuses)
            await until(lambda: len(statuses) >= shrunk + 60)  # load the shrunken pool
            stop.set()
            await running
            return killed_at

        killed_at = asyncio.run(scenario())
        outcomes = Counter(code for _, code in statuses)
        before = [code for at, code in statuses if at < killed_at]
        after = [code for at, code in statuses if at >= killed_at]
        assert len(before) >= 60 and len(after) >= 60
        assert set(before) == {200}
        failed = [code for code in after if code != 200]
        assert len(failed) <= WORKERS, outcomes  # at most the requests in flight at the kill
        ready = admin.get("/ready")
        assert ready.status_code == 200  # two replicas still serve
        assert instances(admin)[victim] == "UNREACHABLE"

        replicated.restart(0)
        wait_for(lambda: instances(admin)[victim] == "SERVING")
        assert set(instances(admin).values()) == {"SERVING"}
