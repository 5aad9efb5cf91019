"""Start and stop finplat's processes: shared by `finplat up`, the end-to-end tests
and the benchmarks, so all three run the stack exactly the same way.

Every backend is its own process (`python -m services.<name>`), as in production;
the edge is `python -m edge`. Readiness is read from the real probes (grpc.health.v1
for backends, GET /ready for the edge), never from sleeps.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.main.settings import MainSettings
from services.runtime.settings import RuntimeSettings
from tools import backend_accounts

ROOT = Path(__file__).resolve().parent.parent

# Backends in start order (main first: the others verify tokens against it). Their ports
# are their own settings' (`finplat up`) or free ones (tests, benchmarks): no port is
# written down here.
BACKENDS = ("main", "analytics", "projectfinance", "expense")


def existing_backends() -> list[str]:
    return [name for name in BACKENDS if (ROOT / "services" / name / "__main__.py").exists()]


@dataclass(frozen=True)
class BackendPorts:
    grpc: int
    metrics: int


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Process:
    """A child process of the stack, with its log file."""

    name: str
    popen: subprocess.Popen[bytes]
    log_path: Path | None = None
    # How it was started, so it can be started again the same way (`restart`).
    module: str = ""
    env: Mapping[str, str] = field(default_factory=dict)
    log_dir: Path | None = None

    def alive(self) -> bool:
        return self.popen.poll() is None

    def log_tail(self, lines: int = 40) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def spawn(
    name: str,
    module: str,
    env: Mapping[str, str],
    *,
    log_dir: Path | None = None,
) -> Process:
    """Run `python -m module` with the given extra environment."""
    full_env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
    log_path = None
    stdout: int | object = None
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
        log_path = log_dir / f"{name}.log"
        stdout = log_path.open("ab")
    popen = subprocess.Popen(
        [sys.executable, "-m", module],
        cwd=ROOT,
        env=full_env,
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.STDOUT if log_dir is not None else None,
        start_new_session=True,  # Ctrl-C in a terminal reaches us only; we stop children
    )
    return Process(
        name=name, popen=popen, log_path=log_path, module=module, env=dict(env), log_dir=log_dir
    )


def restart(proc: Process, *, kill: bool = False) -> None:
    """Stop `proc` (SIGKILL when `kill`: a crash, nothing drained) and start it again with
    the same module and environment; the object then refers to the new process."""
    if proc.alive():
        proc.popen.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
    proc.popen.wait(timeout=30)
    again = spawn(proc.name, proc.module, proc.env, log_dir=proc.log_dir)
    proc.popen = again.popen


def _wait_until(
    ready: Callable[[], bool], what: str, process: Process | None, timeout: float
) -> None:
    """Poll ready() until it holds; fail fast when the process died meanwhile."""
    deadline = time.monotonic() + timeout
    while not ready():
        if process is not None and not process.alive():
            raise RuntimeError(f"{process.name} exited:\n{process.log_tail()}")
        if time.monotonic() > deadline:
            tail = process.log_tail() if process else ""
            raise TimeoutError(f"{what} not ready after {timeout}s\n{tail}")
        time.sleep(0.1)


def wait_grpc_serving(address: str, process: Process | None = None, timeout: float = 30.0) -> None:
    """Block until the backend at address reports SERVING over grpc.health.v1."""
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)

        def serving() -> bool:
            try:
                reply = stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=1.0)
            except grpc.RpcError:
                return False
            return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)

        _wait_until(serving, address, process, timeout)


def wait_http_ok(url: str, process: Process | None = None, timeout: float = 30.0) -> None:
    """Block until GET url answers 200."""

    def ok() -> bool:
        try:
            return httpx.get(url, timeout=1.0).status_code == 200
        except httpx.HTTPError:
            return False

    _wait_until(ok, url, process, timeout)


def stop_all(processes: Sequence[Process], grace: float = 15.0) -> None:
    """SIGTERM everything (backends drain in-flight RPCs), then SIGKILL stragglers."""
    for proc in processes:
        if proc.alive():
            proc.popen.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for proc in processes:
        try:
            proc.popen.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.popen.kill()
            proc.popen.wait()


@dataclass
class Stack:
    """A running set of backends and one edge."""

    edge_url: str
    backend_addresses: dict[str, str]
    processes: list[Process] = field(default_factory=list)

    def stop(self) -> None:
        stop_all(self.processes)


def backend_env(
    name: str, grpc_port: int, metrics_port: int, database_url: str | None
) -> dict[str, str]:
    """The environment that points backend `name` at its ports and database."""
    prefix = f"FINPLAT_{name.upper()}_"
    env = {f"{prefix}GRPC_PORT": str(grpc_port), f"{prefix}METRICS_PORT": str(metrics_port)}
    if database_url is not None:
        env[f"{prefix}DATABASE_URL"] = database_url
    return env


def _backend_accounts(
    names: Sequence[str], database_urls: Mapping[str, str], env: Mapping[str, str]
) -> dict[str, dict[str, str]]:
    """Service-account credentials of the backends that act for users unattended
    (tools.backend_accounts), unless the environment configures them."""
    if "main" not in names or backend_accounts.CLIENT_ID in {**os.environ, **env}:
        return {}
    acting = [name for name in names if name in backend_accounts.ACTING_BACKENDS]
    if not acting:
        return {}
    main_url = database_urls.get("main") or MainSettings().database_url()
    var_dir = Path(env.get("FINPLAT_VAR_DIR") or RuntimeSettings().var_dir)
    return {name: backend_accounts.credentials_env(name, main_url, var_dir) for name in acting}


def start_stack(
    *,
    backends: Sequence[str] | None = None,
    database_urls: Mapping[str, str] | None = None,
    env: Mapping[str, str] | None = None,
    ports: Mapping[str, BackendPorts] | None = None,
    edge_port: int | None = None,
    grpc_host: str = "127.0.0.1",
    edge_host: str = "127.0.0.1",
    log_dir: Path | None = None,
) -> Stack:
    """Start backends and the edge; return once all are ready.

    `ports` and `edge_port` are what `finplat up` read from the settings; a backend
    without ports, or the edge without a port, gets free ones, so several stacks can run
    side by side (tests, benchmarks). The hosts are where the processes are reached.
    """
    names = list(backends) if backends is not None else existing_backends()
    chosen = {
        name: (ports or {}).get(name) or BackendPorts(grpc=free_port(), metrics=free_port())
        for name in names
    }
    addresses = {name: f"{grpc_host}:{chosen[name].grpc}" for name in names}
    extra = dict(env or {})
    if "main" in addresses:
        # Backends that call main (service tokens) call this stack's main, not the default.
        extra.setdefault("FINPLAT_MAIN_GRPC_TARGET", addresses["main"])
    accounts = _backend_accounts(names, database_urls or {}, extra)
    processes: list[Process] = []
    try:
        for name in names:
            url = (database_urls or {}).get(name)
            backend = backend_env(name, chosen[name].grpc, chosen[name].metrics, url)
            own = {**extra, **backend, **accounts.get(name, {})}
            processes.append(spawn(name, f"services.{name}", own, log_dir=log_dir))
        for proc in processes:
            wait_grpc_serving(addresses[proc.name], proc)
        port = edge_port or free_port()
        edge_backends = json.dumps({name: [address] for name, address in addresses.items()})
        edge = spawn(
            "edge",
            "edge",
            {**extra, "FINPLAT_EDGE_PORT": str(port), "FINPLAT_EDGE_BACKENDS": edge_backends},
            log_dir=log_dir,
        )
        processes.append(edge)
        edge_url = f"http://{edge_host}:{port}"
        wait_http_ok(f"{edge_url}/ready", edge)
    except BaseException:
        stop_all(processes)
        raise
    return Stack(edge_url=edge_url, backend_addresses=addresses, processes=processes)
