"""Foundation benchmark: GET one expense three ways, in one run, plus the gRPC floor.

  edge     GET /expense/v1/expenses/{id} through the edge (HTTP → gRPC → SQLite)
  grpc     the same GetExpense RPC called directly on the expense backend
  fastapi  a minimal FastAPI handler returning the same JSON (no backend at all)
  floor    grpc.health.v1 Check on a bare sync grpcio server (no interceptors, no
           database): what any backend call costs before our code runs

Each at concurrency 1, 16 and 64. Targets (issue 2): the edge adds ≤ 1 ms p50 over the
direct gRPC call at concurrency 1, and the edge's throughput is ≥ 50% of the minimal
FastAPI handler's.

Every cell also reads the CPU time of each process involved (server processes and this
load generator), so the report says where each request's CPU goes and what ratio the
edge could reach at most if its path cost no more than the floor: the minimal handler's
HTTP work plus one bare gRPC call (client and server side).
Run: `make bench` or `python -m tools.bench.expense_edge [--seconds S]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
from pathlib import Path

import httpx
import psutil
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tools import stack
from tools.bench.loadgen import Cell, grpc_worker_factory, http_worker_factory, run_cell
from tools.keys import issue_api_key, migrate_backend

CONCURRENCY = (1, 16, 64)


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


TARGETS = ("edge", "grpc", "fastapi", "floor")
# The processes whose CPU each target's requests use ("load" is this load generator).
WATCHED = {
    "edge": ("edge", "backend", "load"),
    "grpc": ("backend", "load"),
    "fastapi": ("fastapi", "load"),
    "floor": ("floor", "load"),
}


def _print_table(cells: dict[tuple[str, int], Cell]) -> None:
    head = f"{'target':<8} {'conc':>4} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'err':>4}"
    print(f"{head}  CPU ms per request by process")
    for (target, concurrency), cell in cells.items():
        r = cell.result
        figures = f"{r.rps:>7.0f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} {r.errors:>4}"
        cpu = "  ".join(f"{p} {cell.cpu_ms_per_request(p):.3f}" for p in WATCHED[target])
        print(f"{target:<8} {concurrency:>4} {figures}  {cpu}")


def _path_cpu(cell: Cell) -> float:
    """CPU ms per request summed over every process on the target's path."""
    return sum(cell.cpu_ms_per_request(p) for p in cell.cpu_seconds)


def _summary(cells: dict[tuple[str, int], Cell]) -> list[str]:
    def rps(target: str, c: int) -> float:
        return cells[(target, c)].result.rps

    added = cells[("edge", 1)].result.p50_ms - cells[("grpc", 1)].result.p50_ms
    lines = [f"edge p50 overhead over direct gRPC at c=1: {added:+.3f} ms (target ≤ 1 ms)"]
    for c in CONCURRENCY:
        ratio = rps("edge", c) / rps("fastapi", c)
        lines.append(f"edge / minimal FastAPI throughput at c={c}: {ratio:.0%} (target ≥ 50%)")
    for c in CONCURRENCY:
        # What bounds the edge: when this is near 100% the backend, not the edge, is the limit.
        lines.append(
            f"edge / direct gRPC throughput at c={c}: {rps('edge', c) / rps('grpc', c):.0%}"
        )
    for c in CONCURRENCY:
        edge, fastapi, floor = cells[("edge", c)], cells[("fastapi", c)], cells[("floor", c)]
        # The cheapest edge path conceivable: the minimal handler's HTTP work (server and
        # load generator) plus one bare gRPC call (its client, measured as the floor
        # cell's load generator, and its server). Where CPU bounds throughput, the ratio
        # to the minimal handler cannot exceed fastapi's path CPU over that.
        http_only = _path_cpu(fastapi)
        ceiling = http_only / (http_only + _path_cpu(floor))
        lines.append(
            f"c={c}: CPU ms/request on the path: edge {_path_cpu(edge):.3f}, "
            f"fastapi {http_only:.3f}, floor gRPC call {_path_cpu(floor):.3f}; "
            f"CPU-bound ratio: edge path {http_only / _path_cpu(edge):.0%}, "
            f"zero-logic ceiling {ceiling:.0%}"
        )
    return lines


async def _measure(
    ports: dict[str, int],
    grpc_address: str,
    floor_address: str,
    pids: dict[str, int],
    expense_id: str,
    key: str,
    seconds: float,
) -> dict[tuple[str, int], Cell]:
    path = f"/expense/v1/expenses/{expense_id}"
    auth = {"authorization": f"Bearer {key}"}
    factories = {
        "edge": http_worker_factory("127.0.0.1", ports["edge"], path, auth),
        "grpc": grpc_worker_factory(
            grpc_address,
            expense_pb2_grpc.ExpenseServiceStub,
            "GetExpense",
            expense_pb2.GetExpenseRequest(id=expense_id),
            key,
            lambda reply: bool(reply.expense.id),
        ),
        "fastapi": http_worker_factory("127.0.0.1", ports["fastapi"], path, auth),
        "floor": grpc_worker_factory(
            floor_address,
            health_pb2_grpc.HealthStub,
            "Check",
            health_pb2.HealthCheckRequest(),
            key,
            lambda reply: reply.status == health_pb2.HealthCheckResponse.SERVING,
        ),
    }
    processes = {name: psutil.Process(pid) for name, pid in pids.items()}
    processes["load"] = psutil.Process()
    cells = {}
    for concurrency in CONCURRENCY:
        for target in TARGETS:
            watched = {name: processes[name] for name in WATCHED[target]}
            cells[(target, concurrency)] = await run_cell(
                target, concurrency, seconds, factories[target], watched
            )
    return cells


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per cell")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch:
        url = f"sqlite:///{scratch}/expense.db"
        migrate_backend("expense", url)
        _, key = issue_api_key(url, "bench")
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
            backends=["expense"],
            database_urls={"expense": url},
            env=env,
            log_dir=Path(scratch) / "logs",
        )
        fastapi_port, floor_port = stack.free_port(), stack.free_port()
        body = create_expense(running.edge_url, key)
        expense = body.json()
        logs = Path(scratch) / "logs"
        minimal = stack.spawn(
            "fastapi-minimal",
            "tools.bench.minimal_app",
            {"BENCH_PORT": str(fastapi_port), "BENCH_BODY": body.text},
            log_dir=logs,
        )
        floor = stack.spawn(
            "grpc-floor", "tools.bench.floor_server", {"BENCH_PORT": str(floor_port)}, log_dir=logs
        )
        try:
            stack.wait_http_ok(f"http://127.0.0.1:{fastapi_port}/expense/v1/expenses/x", minimal)
            floor_address = f"127.0.0.1:{floor_port}"
            stack.wait_grpc_serving(floor_address, floor)
            by_name = {p.name: p.popen.pid for p in running.processes}
            pids = {
                "edge": by_name["edge"],
                "backend": by_name["expense"],
                "fastapi": minimal.popen.pid,
                "floor": floor.popen.pid,
            }
            edge_port = int(running.edge_url.rsplit(":", 1)[1])
            cells = asyncio.run(
                _measure(
                    {"edge": edge_port, "fastapi": fastapi_port},
                    running.backend_addresses["expense"],
                    floor_address,
                    pids,
                    expense["id"],
                    key,
                    args.seconds,
                )
            )
        finally:
            stack.stop_all([minimal, floor])
            running.stop()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; "
        f"load generator in-process, {args.seconds:.0f} s per cell"
    )
    _print_table(cells)
    for line in _summary(cells):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
