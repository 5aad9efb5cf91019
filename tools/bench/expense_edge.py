"""Foundation benchmark: GET one expense five ways, in one run, on one SQLite database.

  edge      GET /expense/v1/expenses/{id} through the edge (HTTP → gRPC → SQLite)
  grpc      the same GetExpense RPC called directly on the expense backend
  monolith  the user's alternative: one plain sync FastAPI + SQLAlchemy service doing
            the same work (API-key SELECT by hash, hourly count, expense SELECT, orjson;
            tools/bench/monolith_app.py) on the same database
  fastapi   a minimal FastAPI handler returning the same JSON (no backend at all)
  floor     grpc.health.v1 Check on a bare sync grpcio server (no interceptors, no
            database): what any backend call costs before our code runs

plus, on request (`--targets ...,monolith-orm,monolith-core`), two diagnostic variants
of the monolith: written as FastAPI's SQL tutorial teaches (Session dependency, ORM),
and hand-tuned as the backend's hot path is (Core statements built once).

Each at concurrency 1, 16 and 64, in interleaved rounds (each round: every concurrency,
every target), each cell reporting its median-throughput round. Targets (issue 10 part
D): the edge's throughput ≥ 100% of the monolith's at c=16 and c=64 and ≥ 50% at c=1;
the edge adds ≤ 1 ms p50 over the direct gRPC call at c=1; the backend's CPU per call
≤ 3x the floor's, which the per-interceptor breakdown (tools/bench/interceptor_cpu.py)
measures at the end of the run.

Every cell also reads the CPU time of each process involved (server processes and this
load generator), so the report says where each request's CPU goes and what ratio the
edge could reach at most if its path cost no more than the floor: the minimal handler's
HTTP work plus one bare gRPC call (client and server side).

Run: `make bench`, or e.g. `python -m tools.bench.expense_edge --targets edge,monolith
--concurrency 16 --rounds 1 --no-breakdown` for a quick look at one figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import httpx
import orjson
import psutil
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tools import stack
from tools.bench.interceptor_cpu import run_breakdown
from tools.bench.loadgen import (
    Cell,
    WorkerFactory,
    grpc_worker_factory,
    http_worker_factory,
    median_cell,
    run_cell,
)
from tools.keys import issue_api_key, migrate_backend

CONCURRENCY = (1, 16, 64)
TARGETS = ("edge", "grpc", "monolith", "fastapi", "floor", "monolith-orm", "monolith-core")
DEFAULT_TARGETS = TARGETS[:5]
# The processes whose CPU each target's requests use ("load" is this load generator).
WATCHED = {
    "edge": ("edge", "backend", "load"),
    "grpc": ("backend", "load"),
    "monolith": ("monolith", "load"),
    "monolith-orm": ("monolith-orm", "load"),
    "monolith-core": ("monolith-core", "load"),
    "fastapi": ("fastapi", "load"),
    "floor": ("floor", "load"),
}
# Issue 10 part D: edge ÷ monolith throughput, by concurrency (c=1 has its own bar).
MONOLITH_TARGET = {1: 0.50}
MONOLITH_TARGET_UNDER_LOAD = 1.00
P50_OVERHEAD_TARGET_MS = 1.0

Cells = dict[tuple[str, int], Cell]


def create_expense(edge_url: str, key: str) -> httpx.Response:
    """The one expense every benchmark reads back, created through an edge."""
    created = httpx.post(
        f"{edge_url}/expense/v1/expenses",
        json={
            "amount": 42.5,
            "description": "Benchmark lunch",
            "category": "food",
            "date": "2026-11-20",
        },
        headers={"authorization": f"Bearer {key}"},
    )
    created.raise_for_status()
    return created


def _print_table(cells: Cells, targets: Sequence[str], concurrency: Sequence[int]) -> None:
    head = f"{'target':<13} {'conc':>4} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'err':>4}"
    print(f"{head}  CPU ms per request by process")
    for c in concurrency:
        for target in targets:
            cell = cells[(target, c)]
            r = cell.result
            figures = f"{r.rps:>7.0f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} {r.errors:>4}"
            cpu = "  ".join(f"{p} {cell.cpu_ms_per_request(p):.3f}" for p in WATCHED[target])
            print(f"{target:<13} {c:>4} {figures}  {cpu}")


def _path_cpu(cell: Cell) -> float:
    """CPU ms per request summed over every process on the target's path."""
    return sum(cell.cpu_ms_per_request(p) for p in cell.cpu_seconds)


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def _summary(cells: Cells, targets: Sequence[str], concurrency: Sequence[int]) -> list[str]:
    def has(*wanted: str) -> bool:
        return all(t in targets for t in wanted)

    def rps(target: str, c: int) -> float:
        return cells[(target, c)].result.rps

    lines = []
    if has("edge", "grpc") and 1 in concurrency:
        added = cells[("edge", 1)].result.p50_ms - cells[("grpc", 1)].result.p50_ms
        lines.append(
            f"edge p50 overhead over direct gRPC at c=1: {added:+.3f} ms "
            f"(target ≤ {P50_OVERHEAD_TARGET_MS:g} ms: {_verdict(added <= P50_OVERHEAD_TARGET_MS)})"
        )
    if has("edge", "monolith"):
        for c in concurrency:
            ratio = rps("edge", c) / rps("monolith", c)
            target = MONOLITH_TARGET.get(c, MONOLITH_TARGET_UNDER_LOAD)
            lines.append(
                f"edge / monolith throughput at c={c}: {ratio:.0%} "
                f"(target ≥ {target:.0%}: {_verdict(ratio >= target)}); "
                f"p50 {cells[('edge', c)].result.p50_ms:.3f} vs "
                f"{cells[('monolith', c)].result.p50_ms:.3f} ms; CPU ms/request on the path "
                f"{_path_cpu(cells[('edge', c)]):.3f} vs {_path_cpu(cells[('monolith', c)]):.3f}"
            )
    for variant, label in (("monolith-orm", "tutorial-style"), ("monolith-core", "hand-tuned")):
        if has("edge", variant):
            for c in concurrency:
                ratio = rps("edge", c) / rps(variant, c)
                lines.append(
                    f"(diagnostic) edge / {label} monolith throughput at c={c}: {ratio:.0%}; "
                    f"CPU ms/request on its path {_path_cpu(cells[(variant, c)]):.3f}"
                )
    if has("edge", "fastapi"):
        for c in concurrency:
            ratio = rps("edge", c) / rps("fastapi", c)
            lines.append(f"(diagnostic) edge / minimal FastAPI throughput at c={c}: {ratio:.0%}")
    if has("edge", "grpc"):
        for c in concurrency:
            # When this is near 100% the backend, not the edge, is the limit.
            lines.append(
                f"(diagnostic) edge / direct gRPC throughput at c={c}: "
                f"{rps('edge', c) / rps('grpc', c):.0%}"
            )
    if has("edge", "fastapi", "floor"):
        for c in concurrency:
            edge, fastapi, floor = cells[("edge", c)], cells[("fastapi", c)], cells[("floor", c)]
            # The cheapest edge path conceivable: the minimal handler's HTTP work (server
            # and load generator) plus one bare gRPC call (its client, measured as the
            # floor cell's load generator, and its server). Where CPU bounds throughput,
            # the ratio to the minimal handler cannot exceed fastapi's path CPU over that.
            http_only = _path_cpu(fastapi)
            ceiling = http_only / (http_only + _path_cpu(floor))
            lines.append(
                f"(diagnostic) c={c}: CPU ms/request on the path: edge {_path_cpu(edge):.3f}, "
                f"fastapi {http_only:.3f}, floor gRPC call {_path_cpu(floor):.3f}; "
                f"CPU-bound ratio to fastapi: edge path {http_only / _path_cpu(edge):.0%}, "
                f"zero-logic ceiling {ceiling:.0%}"
            )
    return lines


async def _measure(
    factories: dict[str, WorkerFactory],
    pids: dict[str, int],
    targets: Sequence[str],
    concurrency: Sequence[int],
    seconds: float,
    rounds: int,
) -> Cells:
    processes = {name: psutil.Process(pid) for name, pid in pids.items()}
    processes["load"] = psutil.Process()
    runs: dict[tuple[str, int], list[Cell]] = {}
    for _ in range(rounds):
        for c in concurrency:
            for target in targets:
                watched = {name: processes[name] for name in WATCHED[target]}
                cell = await run_cell(target, c, seconds, factories[target], watched)
                runs.setdefault((target, c), []).append(cell)
    return {key: median_cell(cells) for key, cells in runs.items()}


def _factories(
    ports: dict[str, int], addresses: dict[str, str], expense_id: str, key: str
) -> dict[str, WorkerFactory]:
    path = f"/expense/v1/expenses/{expense_id}"
    auth = {"authorization": f"Bearer {key}"}
    factories = {
        name: http_worker_factory("127.0.0.1", port, path, auth) for name, port in ports.items()
    }
    factories["grpc"] = grpc_worker_factory(
        addresses["grpc"],
        expense_pb2_grpc.ExpenseServiceStub,
        "GetExpense",
        expense_pb2.GetExpenseRequest(id=expense_id),
        key,
        lambda reply: bool(reply.expense.id),
    )
    factories["floor"] = grpc_worker_factory(
        addresses["floor"],
        health_pb2_grpc.HealthStub,
        "Check",
        health_pb2.HealthCheckRequest(),
        key,
        lambda reply: reply.status == health_pb2.HealthCheckResponse.SERVING,
    )
    return factories


def _same_json(url_a: str, url_b: str, key: str) -> None:
    """The monolith must answer what the edge answers, or it is not the same work."""
    auth = {"authorization": f"Bearer {key}"}
    a, b = (httpx.get(u, headers=auth) for u in (url_a, url_b))
    if a.status_code != b.status_code or orjson.loads(a.content) != orjson.loads(b.content):
        raise SystemExit(f"different answers:\n{url_a}: {a.text}\n{url_b}: {b.text}")


def _csv(
    kind: Callable[[str], object], allowed: Sequence[object]
) -> Callable[[str], tuple[object, ...]]:
    def parse(text: str) -> tuple[object, ...]:
        values = tuple(kind(v) for v in text.split(",") if v)
        unknown = [v for v in values if v not in allowed]
        if unknown or not values:
            raise argparse.ArgumentTypeError(f"choose from {', '.join(map(str, allowed))}")
        return values

    return parse


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds per cell")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per cell")
    parser.add_argument(
        "--targets",
        type=_csv(str, TARGETS),
        default=DEFAULT_TARGETS,
        help=f"comma-separated, of {', '.join(TARGETS)} (default: the first five)",
    )
    parser.add_argument(
        "--concurrency",
        type=_csv(int, (1, 2, 4, 8, 16, 32, 64, 128)),
        default=CONCURRENCY,
        help="comma-separated concurrencies",
    )
    parser.add_argument(
        "--no-breakdown",
        dest="breakdown",
        action="store_false",
        help="skip the backend's per-interceptor CPU breakdown",
    )
    parser.add_argument(
        "--breakdown-concurrency", type=int, default=16, help="the breakdown's concurrency"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    targets = [t for t in TARGETS if t in args.targets]
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch:
        logs = Path(scratch) / "logs"
        url = f"sqlite:///{scratch}/expense.db"
        migrate_backend("expense", url)
        key_id, key = issue_api_key(url, "bench")
        env = {
            "FINPLAT_VAR_DIR": scratch,
            # The quota is still checked on every call (its cost is measured); it is
            # raised so the benchmark itself is not throttled.
            "FINPLAT_EXPENSE_RATE_LIMIT": str(10**9),
            # Likewise the edge's own limiter (per key/IP, default family): checked on
            # every request, never tripping.
            "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": str(10**9),
            "FINPLAT_LOG_LEVEL": "WARNING",
        }
        running = stack.start_stack(
            backends=["expense"], database_urls={"expense": url}, env=env, log_dir=logs
        )
        extra: list[stack.Process] = []
        try:
            body = create_expense(running.edge_url, key)
            expense_id = body.json()["id"]
            by_name = {p.name: p.popen.pid for p in running.processes}
            pids = {"edge": by_name["edge"], "backend": by_name["expense"]}
            ports = {"edge": int(running.edge_url.rsplit(":", 1)[1])}
            addresses = {"grpc": running.backend_addresses["expense"], "floor": ""}
            monolith_env = {"BENCH_DATABASE_URL": url, "BENCH_HOURLY_LIMIT": str(10**9)}
            spawned = {
                "monolith": ("tools.bench.monolith_app", monolith_env),
                **{
                    f"monolith-{style}": (
                        "tools.bench.monolith_app",
                        {**monolith_env, "BENCH_MONOLITH_STYLE": style},
                    )
                    for style in ("orm", "core")
                },
                "fastapi": ("tools.bench.minimal_app", {"BENCH_BODY": body.text}),
                "floor": ("tools.bench.floor_server", {}),
            }
            for name, (module, module_env) in spawned.items():
                if name not in targets:
                    continue
                port = stack.free_port()
                process = stack.spawn(
                    f"bench-{name}", module, {**module_env, "BENCH_PORT": str(port)}, log_dir=logs
                )
                extra.append(process)
                pids[name] = process.popen.pid
                if name == "floor":
                    addresses["floor"] = f"127.0.0.1:{port}"
                    stack.wait_grpc_serving(addresses["floor"], process)
                else:
                    ports[name] = port
                    stack.wait_http_ok(f"http://127.0.0.1:{port}/openapi.json", process)
            for name in ("monolith", "monolith-orm", "monolith-core"):
                if name in targets:
                    _same_json(
                        f"{running.edge_url}/expense/v1/expenses/{expense_id}",
                        f"http://127.0.0.1:{ports[name]}/expense/v1/expenses/{expense_id}",
                        key,
                    )
            cells = asyncio.run(
                _measure(
                    _factories(ports, addresses, expense_id, key),
                    pids,
                    targets,
                    args.concurrency,
                    args.seconds,
                    args.rounds,
                )
            )
        finally:
            stack.stop_all(extra)
            running.stop()
        breakdown = []
        if args.breakdown:
            breakdown = run_breakdown(
                url,
                key_id,
                key,
                Path(scratch),
                seconds=args.seconds,
                rounds=args.rounds,
                concurrency=args.breakdown_concurrency,
                expense_id=expense_id,
            )
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; 1-min load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after; load generator in-process; {args.rounds} "
        f"interleaved round(s) x {args.seconds:g} s per cell (median round shown)"
    )
    _print_table(cells, targets, args.concurrency)
    for line in [*_summary(cells, targets, args.concurrency), *breakdown]:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
