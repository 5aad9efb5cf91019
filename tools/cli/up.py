"""`finplat up`: migrate, then run every backend and the edge on embedded SQLite.

Every address comes from the settings the processes themselves read (FINPLAT_EDGE_PORT,
FINPLAT_<BACKEND>_GRPC_PORT / _METRICS_PORT, FINPLAT_GRPC_HOST, FINPLAT_EDGE_HOST,
FINPLAT_VAR_DIR; `--edge-port` wins over FINPLAT_EDGE_PORT), so two stacks run side by
side when they are given different ports and var dirs.
"""

from __future__ import annotations

import argparse
import errno
import signal
import socket
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from types import FrameType

from edge.settings import EdgeSettings
from services.analytics.settings import AnalyticsSettings
from services.expense.settings import ExpenseSettings
from services.main.settings import MainSettings
from services.projectfinance.settings import ProjectFinanceSettings
from services.runtime.settings import RuntimeSettings
from tools import stack
from tools.cli import migrate

# Each backend's own settings class: `finplat up` gives a backend the ports that backend
# would read itself (FINPLAT_<NAME>_GRPC_PORT / _METRICS_PORT). One line per backend.
BACKEND_SETTINGS: Mapping[str, type[RuntimeSettings]] = {
    "main": MainSettings,
    "analytics": AnalyticsSettings,
    "projectfinance": ProjectFinanceSettings,
    "expense": ExpenseSettings,
}

WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "[::]"})


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("up", help="migrate and start all backends and the edge (Ctrl-C stops)")
    parser.add_argument(
        "--edge-port",
        type=int,
        default=None,
        help="edge HTTP port (default: FINPLAT_EDGE_PORT, else 8080)",
    )
    parser.add_argument(
        "--no-migrate", action="store_true", help="skip `finplat migrate` before starting"
    )
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Plan:
    """Where each process of the stack listens, and the environment they share."""

    backends: dict[str, stack.BackendPorts]
    edge_port: int
    grpc_host: str
    edge_host: str
    env: dict[str, str]

    def listeners(self) -> list[tuple[str, str, int]]:
        """(setting, host, port) of every port the stack will bind."""
        found = [("FINPLAT_EDGE_PORT", self.edge_host, self.edge_port)]
        for name, ports in self.backends.items():
            prefix = f"FINPLAT_{name.upper()}"
            found.append((f"{prefix}_GRPC_PORT", self.grpc_host, ports.grpc))
            found.append((f"{prefix}_METRICS_PORT", self.grpc_host, ports.metrics))
        return found


def dial_host(bind_host: str) -> str:
    """Where a process bound to `bind_host` is reached from this machine."""
    return "127.0.0.1" if bind_host in WILDCARD_HOSTS else bind_host


def backend_ports(name: str) -> stack.BackendPorts:
    settings_class = BACKEND_SETTINGS.get(name)
    if settings_class is None:
        raise SystemExit(f"finplat up: add backend {name!r} to BACKEND_SETTINGS in {__name__}")
    settings = settings_class()
    return stack.BackendPorts(
        grpc=int(getattr(settings, f"{name}_grpc_port")),
        metrics=int(getattr(settings, f"{name}_metrics_port")),
    )


def plan(backends: list[str], edge_port: int | None) -> Plan:
    edge = EdgeSettings()
    port = edge_port if edge_port is not None else edge.edge_port
    env = {
        # The children run from the repository root: make a relative var dir mean the
        # same directory to them as to the migrations run here.
        "FINPLAT_VAR_DIR": str(edge.var_dir.resolve()),
    }
    main = MainSettings()
    if "public_url" not in main.model_fields_set:
        # Links in emails point at this stack's edge unless configured otherwise.
        env["FINPLAT_PUBLIC_URL"] = f"http://localhost:{port}"
    if "main_grpc_target" in main.model_fields_set:
        env["FINPLAT_MAIN_GRPC_TARGET"] = main.main_grpc_target
    return Plan(
        backends={name: backend_ports(name) for name in backends},
        edge_port=port,
        grpc_host=edge.grpc_host,
        edge_host=edge.edge_host,
        env=env,
    )


def busy(host: str, port: int) -> bool:
    """Whether something already listens on host:port. gRPC servers bind with
    SO_REUSEPORT, so a second stack on the same port would not fail: it would silently
    share the port (and the traffic) with the first. Check before starting instead."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # Not blocked by connections of a stack that just stopped (TIME_WAIT).
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except OSError as error:
            return error.errno == errno.EADDRINUSE
    return False


def run(args: argparse.Namespace) -> int:
    names = stack.existing_backends()
    layout = plan(names, args.edge_port)
    taken = [(setting, port) for setting, host, port in layout.listeners() if busy(host, port)]
    if taken:
        for setting, port in taken:
            print(f"finplat up: port {port} ({setting}) is already in use", file=sys.stderr)
        print(
            "another stack running? stop it, or give this one other ports (README, Configuration)",
            file=sys.stderr,
        )
        return 1
    if not args.no_migrate:
        migrate.migrate_all()
    print(f"starting backends: {', '.join(names)} and the edge …", flush=True)
    running = stack.start_stack(
        backends=names,
        env=layout.env,
        ports=layout.backends,
        edge_port=layout.edge_port,
        grpc_host=dial_host(layout.grpc_host),
        edge_host=dial_host(layout.edge_host),
    )
    print(f"finplat is up: REST at {running.edge_url}", flush=True)
    print(
        f"  dashboard       {running.edge_url}/app  (API docs {running.edge_url}/docs)", flush=True
    )
    for name, address in running.backend_addresses.items():
        print(f"  {name:<15} gRPC {address}  (grpcurl -plaintext {address} list)", flush=True)
    print("Ctrl-C stops everything.", flush=True)

    stopping = False

    def _stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    try:
        while not stopping:
            dead = [p for p in running.processes if not p.alive()]
            if dead:
                print(
                    f"{dead[0].name} exited with {dead[0].popen.returncode}; stopping", flush=True
                )
                running.stop()
                return 1
            time.sleep(0.5)
    finally:
        print("stopping …", flush=True)
        running.stop()
    print("stopped.", flush=True)
    return 0
