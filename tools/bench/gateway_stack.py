"""Gateway benchmark (issue 4): the full middleware stack against the bare transcoder.

GET /expense/v1/expenses/{id} (HTTP → gRPC → SQLite) on one expense backend, through:

  bare         the foundation's edge shape: a FastAPI app whose router default is the
               Transcoder, with the management routes and RequestIdMiddleware only,
               served by plain uvicorn (uvloop + httptools); no Redis
  full-memory  `python -m edge` itself: create_app() under the guarded uvicorn protocol,
               every control on, rate limits counted in process
  full-redis   the same with FINPLAT_REDIS_URL set (limits and IP blocks shared in Redis)

Each edge is its own process (none shares a GIL with the load generator), at INFO with
its log written to a file: the access-log line per request is part of the stack's cost.
Rate limits stay enabled with a quota of 10**9 so every request is counted, none refused.
Cells are interleaved (each round: every concurrency, every target) so a change in the
machine's load hits all targets alike; each cell reports its median-throughput round.
Target: the full stack keeps ≥ 70% of the bare transcoder's throughput.

On this machine the expense backend, not the edge, bounds req/s, so each cell also reads
the edge process's CPU time over its measured seconds: CPU ms per request (what the stack
costs) and the share of one core used (well below 100%: the edge was not the limit).
bare's CPU per request ÷ full's is the throughput ratio the two would reach where the
edge is the bottleneck (a faster backend, or several instances behind the balancer).
Run: `make bench` or `python -m tools.bench.gateway_stack [--seconds S] [--rounds N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psutil
import uvicorn
from fastapi import FastAPI

from edge.auth import build_edge_auth
from edge.balancing.upstream import Upstream
from edge.components import RedisProbe
from edge.descriptors import discover_routes
from edge.families import FamilyTable
from edge.json_response import OrjsonResponse
from edge.management import management_router
from edge.observability import NATIVE_TELEMETRY_OFF
from edge.request_id import RequestIdMiddleware
from edge.settings import EdgeSettings
from edge.transcoder import Transcoder
from services.runtime.logging import configure_logging
from tools import stack
from tools.bench.expense_edge import create_expense
from tools.bench.loadgen import Cell, http_worker_factory, median_cell, run_cell
from tools.bench.ratelimit import running_redis
from tools.keys import issue_api_key, migrate_backend

CONCURRENCY = (1, 16, 64)
TARGETS = ("bare", "full-memory", "full-redis")
TARGET_RATIO = 0.70
WARMUP = 1.0  # seconds per cell before measuring (run_closed_loop's default)
# Set in the environment of the process that serves the bare edge (stack.spawn runs
# `python -m <module>` without arguments).
SERVE_ENV = "BENCH_GATEWAY_SERVE"
# Logged by services/runtime/redis_outage.py when a Redis user falls back to counting
# in process: a full-redis row measured on that fallback must say so.
REDIS_FALLBACK = "(Redis) unreachable"
# One per access-log line (JSON, no spaces): counted to show the cost was really paid.
ACCESS_LOGGER = '"logger":"edge.access"'


def bare_app(settings: EdgeSettings) -> FastAPI:
    """The transcoder with nothing in front of it but the request id (and the management
    routes the router tries first), as the foundation's create_app() built it."""
    upstream = Upstream.from_settings(
        settings.edge_backends, settings, drain_seconds=settings.edge_call_timeout_seconds
    )
    auth, identity_client = build_edge_auth(settings, upstream.pools.first_address("main"))
    transcoder = Transcoder(
        discover_routes(),
        upstream,
        call_timeout=settings.edge_call_timeout_seconds,
        max_body_bytes=settings.edge_max_body_bytes,
        auth=auth,
    )
    redis_probe = RedisProbe(None)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        transcoder.start()
        try:
            yield
        finally:
            await upstream.close()
            await redis_probe.close()
            if identity_client is not None:
                identity_client.close()

    app = FastAPI(
        default_response_class=OrjsonResponse,
        lifespan=lifespan,
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        telemetry=NATIVE_TELEMETRY_OFF,
    )
    app.include_router(
        management_router(
            upstream,
            transcoder.backend_names,
            settings.edge_ready_timeout_seconds,
            redis_probe,
            FamilyTable(),
        )
    )
    app.router.default = transcoder
    app.add_middleware(RequestIdMiddleware)
    return app


def serve_bare() -> None:
    """The bare edge's process: plain uvicorn, as the foundation's `python -m edge` ran."""
    settings = EdgeSettings()
    configure_logging(settings.log_level)
    uvicorn.run(
        bare_app(settings),
        host=settings.edge_host,
        port=settings.edge_port,
        loop="uvloop",
        http="httptools",
        access_log=False,
    )


def _edge_env(backend_address: str, port: int, redis_url: str | None) -> dict[str, str]:
    env = {
        "FINPLAT_EDGE_PORT": str(port),
        "FINPLAT_EDGE_BACKENDS": json.dumps({"expense": [backend_address]}),
        "FINPLAT_LOG_LEVEL": "INFO",
        "FINPLAT_EDGE_RATE_LIMIT_ENABLED": "true",
        # Counted on every request, never refused: the bench must not throttle itself.
        "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": str(10**9),
        # A deny list that never matches the loopback client, so the filter does real
        # CIDR work on every request instead of short-cutting an empty list.
        "FINPLAT_EDGE_IP_DENY": '["203.0.113.0/24"]',
        # The load generator is one client address with up to 64 connections per cell,
        # closed between cells; the default cap (100 per IP) admits them.
    }
    if redis_url is not None:
        env["FINPLAT_REDIS_URL"] = redis_url
    return env


def _log_count(process: stack.Process, needle: str) -> int:
    if process.log_path is None or not process.log_path.exists():
        return 0
    with process.log_path.open(errors="replace") as lines:
        return sum(needle in line for line in lines)


async def _measure(
    ports: dict[str, int], pids: dict[str, int], path: str, key: str, seconds: float, rounds: int
) -> dict[tuple[str, int], Cell]:
    auth = {"authorization": f"Bearer {key}"}
    edges = {target: psutil.Process(pid) for target, pid in pids.items()}
    runs: dict[tuple[str, int], list[Cell]] = {}
    for _ in range(rounds):
        for concurrency in CONCURRENCY:
            for target in TARGETS:
                factory = http_worker_factory("127.0.0.1", ports[target], path, auth)
                cell = await run_cell(
                    target, concurrency, seconds, factory, {"edge": edges[target]}, WARMUP
                )
                runs.setdefault((target, concurrency), []).append(cell)
    return {key: median_cell(cells) for key, cells in runs.items()}


def _print_report(cells: dict[tuple[str, int], Cell], redis_fallbacks: int) -> None:
    print(
        f"{'target':<12} {'conc':>4} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} "
        f"{'edge CPU ms/req':>15} {'edge CPU %':>10}"
    )
    for concurrency in CONCURRENCY:
        for target in TARGETS:
            cell = cells[(target, concurrency)]
            r = cell.result
            figures = f"{r.rps:>9.0f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} {r.errors:>6}"
            cpu = f"{cell.cpu_ms_per_request('edge'):>15.3f} {cell.cpu_share('edge'):>10.0%}"
            print(f"{target:<12} {concurrency:>4} {figures} {cpu}")
    for full in TARGETS[1:]:
        for c in CONCURRENCY:
            bare, mine = cells[("bare", c)], cells[(full, c)]
            ratio = mine.result.rps / bare.result.rps
            verdict = "met" if ratio >= TARGET_RATIO else "NOT met"
            print(
                f"{full} / bare throughput at c={c}: {ratio:.0%} "
                f"(target ≥ {TARGET_RATIO:.0%}: {verdict}); "
                f"p50 added per request {mine.result.p50_ms - bare.result.p50_ms:+.3f} ms; "
                "edge-CPU-bound capacity "
                f"{bare.cpu_ms_per_request('edge') / mine.cpu_ms_per_request('edge'):.0%} of bare's"
            )
    if redis_fallbacks:
        print(f"WARNING: full-redis fell back to in-process counting {redis_fallbacks} time(s)")


def main(argv: list[str] | None = None) -> int:
    if os.environ.get(SERVE_ENV) == "bare":
        serve_bare()
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds per cell")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per cell")
    args = parser.parse_args(argv)
    # The machine is shared: the load before we start anything says how quiet it was.
    load_before = os.getloadavg()[0]
    # Children inherit our environment: a Redis configured in the shell must not turn
    # the bare and full-memory edges into Redis users.
    os.environ.pop("FINPLAT_REDIS_URL", None)

    with tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch:
        logs = Path(scratch) / "logs"
        url = f"sqlite:///{scratch}/expense.db"
        migrate_backend("expense", url)
        _, key = issue_api_key(url, "bench")
        grpc_port = stack.free_port()
        common = {"FINPLAT_VAR_DIR": scratch}
        processes: list[stack.Process] = []
        with running_redis(None) as redis_url:
            try:
                backend = stack.spawn(
                    "expense",
                    "services.expense",
                    {
                        **common,
                        **stack.backend_env("expense", grpc_port, stack.free_port(), url),
                        # The backend's own quota is still checked; raised as the edge's.
                        "FINPLAT_EXPENSE_RATE_LIMIT": str(10**9),
                        "FINPLAT_LOG_LEVEL": "WARNING",
                    },
                    log_dir=logs,
                )
                processes.append(backend)
                address = f"127.0.0.1:{grpc_port}"
                stack.wait_grpc_serving(address, backend)
                ports = {target: stack.free_port() for target in TARGETS}
                edges = {
                    "bare": stack.spawn(
                        "bare",
                        "tools.bench.gateway_stack",
                        {**common, **_edge_env(address, ports["bare"], None), SERVE_ENV: "bare"},
                        log_dir=logs,
                    ),
                    "full-memory": stack.spawn(
                        "full-memory",
                        "edge",
                        {**common, **_edge_env(address, ports["full-memory"], None)},
                        log_dir=logs,
                    ),
                    "full-redis": stack.spawn(
                        "full-redis",
                        "edge",
                        {**common, **_edge_env(address, ports["full-redis"], redis_url)},
                        log_dir=logs,
                    ),
                }
                processes.extend(edges.values())
                for target, process in edges.items():
                    stack.wait_http_ok(f"http://127.0.0.1:{ports[target]}/ready", process)
                created = create_expense(f"http://127.0.0.1:{ports['bare']}", key)
                path = f"/expense/v1/expenses/{created.json()['id']}"
                pids = {target: process.popen.pid for target, process in edges.items()}
                cells = asyncio.run(_measure(ports, pids, path, key, args.seconds, args.rounds))
                fallbacks = _log_count(edges["full-redis"], REDIS_FALLBACK)
                access_lines = {t: _log_count(edges[t], ACCESS_LOGGER) for t in TARGETS[1:]}
            finally:
                stack.stop_all(processes)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; 1-min load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after; "
        f"load generator in-process; {args.rounds} interleaved rounds x {args.seconds:.0f} s "
        f"per cell (median round shown); edges at INFO logging to files "
        f"(access-log lines written: "
        + ", ".join(f"{t} {n}" for t, n in access_lines.items())
        + ")"
    )
    _print_report(cells, fallbacks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
