"""`finplat up`: migrate, then run every backend and the edge on embedded SQLite."""

from __future__ import annotations

import argparse
import signal
import time
from types import FrameType

from tools import stack
from tools.cli import migrate


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("up", help="migrate and start all backends and the edge (Ctrl-C stops)")
    parser.add_argument("--edge-port", type=int, default=8080, help="edge HTTP port (8080)")
    parser.add_argument(
        "--no-migrate", action="store_true", help="skip `finplat migrate` before starting"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.no_migrate:
        migrate.migrate_all()
    names = stack.existing_backends()
    print(f"starting backends: {', '.join(names)} and the edge …", flush=True)
    running = stack.start_stack(backends=names, edge_port=args.edge_port, fixed_ports=True)
    print(f"finplat is up: REST at {running.edge_url}", flush=True)
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
