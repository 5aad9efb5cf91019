"""Foundation benchmark: GET one expense three ways, in one run.

  edge     GET /expense/v1/expenses/{id} through the edge (HTTP → gRPC → SQLite)
  grpc     the same GetExpense RPC called directly on the expense backend
  fastapi  a minimal FastAPI handler returning the same JSON (no backend at all)

Each at concurrency 1, 16 and 64. Targets (issue 2): the edge adds ≤ 1 ms p50 over the
direct gRPC call at concurrency 1, and the edge's throughput is ≥ 50% of the minimal
FastAPI handler's. Run: `make bench` or `python -m tools.bench.expense_edge [--seconds S]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
from pathlib import Path

import httpx
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from tools import stack
from tools.bench.loadgen import (
    Result,
    grpc_worker_factory,
    http_worker_factory,
    run_closed_loop,
)
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


def _print_table(results: list[Result]) -> None:
    print(f"{'target':<9} {'conc':>4} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}")
    for r in results:
        figures = f"{r.rps:>9.0f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} {r.errors:>6}"
        print(f"{r.target:<9} {r.concurrency:>4} {figures}")


def _summary(results: list[Result]) -> list[str]:
    by = {(r.target, r.concurrency): r for r in results}
    lines = []
    added = by[("edge", 1)].p50_ms - by[("grpc", 1)].p50_ms
    lines.append(f"edge p50 overhead over direct gRPC at c=1: {added:+.3f} ms (target ≤ 1 ms)")
    for c in CONCURRENCY:
        ratio = by[("edge", c)].rps / by[("fastapi", c)].rps
        lines.append(f"edge / minimal FastAPI throughput at c={c}: {ratio:.0%} (target ≥ 50%)")
    for c in CONCURRENCY:
        # What bounds the edge: when this is near 100% the backend, not the edge, is the limit.
        ratio = by[("edge", c)].rps / by[("grpc", c)].rps
        lines.append(f"edge / direct gRPC throughput at c={c}: {ratio:.0%}")
    return lines


async def _measure(
    edge_url: str, grpc_address: str, fastapi_port: int, expense_id: str, key: str, seconds: float
) -> list[Result]:
    edge_port = int(edge_url.rsplit(":", 1)[1])
    path = f"/expense/v1/expenses/{expense_id}"
    auth = {"authorization": f"Bearer {key}"}
    targets = {
        "edge": http_worker_factory("127.0.0.1", edge_port, path, auth),
        "grpc": grpc_worker_factory(
            grpc_address,
            expense_pb2_grpc.ExpenseServiceStub,
            "GetExpense",
            expense_pb2.GetExpenseRequest(id=expense_id),
            key,
            lambda reply: bool(reply.expense.id),
        ),
        "fastapi": http_worker_factory("127.0.0.1", fastapi_port, path, auth),
    }
    results = []
    for concurrency in CONCURRENCY:
        for name, factory in targets.items():
            results.append(await run_closed_loop(name, concurrency, seconds, factory))
    return results


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
            "FINPLAT_LOG_LEVEL": "WARNING",
        }
        running = stack.start_stack(
            backends=["expense"],
            database_urls={"expense": url},
            env=env,
            log_dir=Path(scratch) / "logs",
        )
        fastapi_port = stack.free_port()
        body = create_expense(running.edge_url, key)
        expense = body.json()
        minimal = stack.spawn(
            "fastapi-minimal",
            "tools.bench.minimal_app",
            {"BENCH_PORT": str(fastapi_port), "BENCH_BODY": body.text},
            log_dir=Path(scratch) / "logs",
        )
        try:
            stack.wait_http_ok(f"http://127.0.0.1:{fastapi_port}/expense/v1/expenses/x", minimal)
            results = asyncio.run(
                _measure(
                    running.edge_url,
                    running.backend_addresses["expense"],
                    fastapi_port,
                    expense["id"],
                    key,
                    args.seconds,
                )
            )
        finally:
            stack.stop_all([minimal])
            running.stop()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; "
        f"load generator in-process, {args.seconds:.0f} s per cell"
    )
    _print_table(results)
    for line in _summary(results):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
