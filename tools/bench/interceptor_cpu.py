"""The expense backend's CPU per call, interceptor by interceptor, against the bare floor.

One backend process per step, each the expense backend (same composition root, same
SQLite database) served with a growing subset of the runtime's interceptor chain
(`build_interceptors(..., layers=...)`, so the order is the real one):

  floor           grpc.health.v1 Check, no interceptors: a bare sync grpcio call
  handler         GetExpense, no interceptors (the bench binds the key's principal)
  +tracing        OpenTelemetry server interceptor
  +metrics        py-grpc-prometheus
  +auth           API-key authentication (SELECT by hash) and the method's policy
  +quota          the per-key hourly quota (in process)
  +access log     the JSON access-log line (at the bench's log level)
  +error mapping  = the backend as it runs in production

Each step is loaded by a grpc.aio client at one concurrency; the backend process's CPU
time over the measured seconds gives its CPU per call. Steps are interleaved over
several rounds and the median per step is reported, with the step's increment and its
multiple of the floor (issue 10 part D's target: the whole backend ≤ 3x the floor).

Run alone: `python -m tools.bench.interceptor_cpu [--seconds S] [--rounds N]
[--concurrency C]`; the foundation bench (tools/bench/expense_edge.py) runs it too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path

import grpc
import psutil
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from google.type import date_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from services.expense.main import build
from services.expense.settings import ExpenseSettings
from services.runtime.interceptors import LAYERS, Layer, MethodChain
from services.runtime.interceptors.base import Interceptor
from services.runtime.logging import configure_logging
from tools import stack
from tools.bench import layer_cost
from tools.bench.layers import STEPS, Step, step_chain
from tools.bench.loadgen import Cell, WorkerFactory, grpc_worker_factory, run_cell
from tools.keys import issue_api_key, migrate_backend

# Calls per step and round of the one-thread measurement (layer_cost.py).
LAYER_COST_CALLS = 1000

# Set in a step server's environment (stack.spawn runs `python -m` without arguments):
# the layers, comma-separated, or BARE for no interceptor at all (the floor).
LAYERS_ENV = "BENCH_LAYERS"
BARE = "-"
PRINCIPAL_ENV = "BENCH_PRINCIPAL"


def serve_step(layers: Sequence[Layer] | None, principal_subject: str) -> None:
    """One step's backend process: the expense backend with only `layers`, or with no
    interceptor at all when None (blocks)."""
    settings = ExpenseSettings()
    configure_logging(settings.log_level)
    backend = build(settings)
    interceptors: list[Interceptor] = []
    if layers is not None:
        interceptors.append(MethodChain(step_chain(backend, settings, layers, principal_subject)))
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=settings.grpc_max_workers),
        interceptors=interceptors,
    )
    backend.register(server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    server.add_insecure_port(f"127.0.0.1:{settings.expense_grpc_port}")
    server.start()
    server.wait_for_termination()


def create_expense_grpc(address: str, key: str) -> str:
    """The expense every step reads, created on a full-chain server."""
    with grpc.insecure_channel(address) as channel:
        stub = expense_pb2_grpc.ExpenseServiceStub(channel)  # type: ignore[no-untyped-call]
        reply = stub.CreateExpense(
            expense_pb2.CreateExpenseRequest(
                expense=expense_pb2.ExpenseInput(
                    amount="42.50",
                    description="Benchmark lunch",
                    category="food",
                    date=date_pb2.Date(year=2026, month=11, day=20),
                )
            ),
            metadata=(("authorization", f"Bearer {key}"),),
        )
    return str(reply.expense.id)


def _factory(step: Step, address: str, key: str, expense_id: str) -> WorkerFactory:
    if step.rpc == "health":
        return grpc_worker_factory(
            address,
            health_pb2_grpc.HealthStub,
            "Check",
            health_pb2.HealthCheckRequest(),
            key,
            lambda reply: reply.status == health_pb2.HealthCheckResponse.SERVING,
        )
    return grpc_worker_factory(
        address,
        expense_pb2_grpc.ExpenseServiceStub,
        "GetExpense",
        expense_pb2.GetExpenseRequest(id=expense_id),
        key,
        lambda reply: bool(reply.expense.id),
    )


@dataclass(frozen=True)
class StepFigures:
    step: Step
    rps: float
    cpu_ms: float  # backend CPU per call, median over the rounds
    errors: int


def _backend_env(database_url: str, key_id: str, scratch: Path, port: int) -> dict[str, str]:
    return {
        **stack.backend_env("expense", port, 0, database_url),
        "FINPLAT_VAR_DIR": str(scratch),
        "FINPLAT_EXPENSE_RATE_LIMIT": str(10**9),
        "FINPLAT_LOG_LEVEL": os.environ.get("FINPLAT_LOG_LEVEL", "WARNING"),
        PRINCIPAL_ENV: key_id,
    }


def layer_costs(
    database_url: str, key_id: str, key: str, expense_id: str, scratch: Path
) -> dict[str, float]:
    """µs of Python CPU per call of each step but the floor, in one thread (its own
    process, configured like a step server)."""
    env = {
        **os.environ,
        **_backend_env(database_url, key_id, scratch, 0),
        layer_cost.KEY_ENV: key,
        layer_cost.EXPENSE_ENV: expense_id,
        layer_cost.CALLS_ENV: str(LAYER_COST_CALLS),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tools.bench.layer_cost"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


class StepServers:
    """One backend process per step, on the bench's database; stop() ends them all."""

    def __init__(self, database_url: str, key_id: str, scratch: Path) -> None:
        self.addresses: dict[str, str] = {}
        self.processes: dict[str, stack.Process] = {}
        try:
            for step in STEPS:
                port = stack.free_port()
                env = {
                    **_backend_env(database_url, key_id, scratch, port),
                    LAYERS_ENV: BARE if step.rpc == "health" else ",".join(step.layers),
                }
                self.processes[step.name] = stack.spawn(
                    f"step-{step.name.strip('+').replace(' ', '-')}",
                    "tools.bench.interceptor_cpu",
                    env,
                    log_dir=scratch / "logs",
                )
                self.addresses[step.name] = f"127.0.0.1:{port}"
            for step in STEPS:
                stack.wait_grpc_serving(self.addresses[step.name], self.processes[step.name])
        except BaseException:
            self.stop()
            raise

    @property
    def full_chain(self) -> str:
        return self.addresses[STEPS[-1].name]

    def stop(self) -> None:
        stack.stop_all(list(self.processes.values()))


async def measure(
    servers: StepServers,
    key: str,
    expense_id: str,
    *,
    seconds: float,
    rounds: int,
    concurrency: int,
) -> list[StepFigures]:
    runs: dict[str, list[Cell]] = {step.name: [] for step in STEPS}
    for _ in range(rounds):
        for step in STEPS:
            process = psutil.Process(servers.processes[step.name].popen.pid)
            factory = _factory(step, servers.addresses[step.name], key, expense_id)
            cell = await run_cell(step.name, concurrency, seconds, factory, {"backend": process})
            runs[step.name].append(cell)
    return [
        StepFigures(
            step=step,
            rps=statistics.median(c.result.rps for c in runs[step.name]),
            cpu_ms=statistics.median(c.cpu_ms_per_request("backend") for c in runs[step.name]),
            errors=sum(c.result.errors for c in runs[step.name]),
        )
        for step in STEPS
    ]


def report(
    figures: Sequence[StepFigures], one_thread: dict[str, float], concurrency: int
) -> list[str]:
    floor = figures[0].cpu_ms
    lines = [
        f"backend CPU per call by interceptor (c={concurrency}, median of rounds; each step "
        "adds one layer to the one above; 1-thread: Python CPU per call in one thread, "
        "without gRPC's own work)",
        f"{'step':<15} {'req/s':>7} {'CPU ms/call':>11} {'added ms':>9} {'x floor':>8} "
        f"{'1-thread us':>11} {'added us':>9} {'err':>4}",
    ]
    previous = previous_us = None
    for f in figures:
        added = "" if previous is None else f"{f.cpu_ms - previous:+9.3f}"
        us = one_thread.get(f.step.name)
        us_text = "" if us is None else f"{us:11.1f}"
        added_us = "" if us is None or previous_us is None else f"{us - previous_us:+9.1f}"
        lines.append(
            f"{f.step.name:<15} {f.rps:>7.0f} {f.cpu_ms:>11.3f} {added:>9} "
            f"{f.cpu_ms / floor:>8.2f} {us_text:>11} {added_us:>9} {f.errors:>4}"
        )
        previous, previous_us = f.cpu_ms, us
    whole = figures[-1].cpu_ms / floor
    verdict = "met" if whole <= 3 else "NOT met"
    lines.append(
        f"whole backend / floor: {whole:.2f}x (target ≤ 3x: {verdict}); "
        f"our code (all layers + handler) {figures[-1].cpu_ms - floor:.3f} ms per call"
    )
    return lines


def run_breakdown(
    database_url: str,
    key_id: str,
    key: str,
    scratch: Path,
    *,
    seconds: float,
    rounds: int,
    concurrency: int,
    expense_id: str | None = None,
) -> list[str]:
    """Start the step servers on the bench's database, measure, stop; the report lines."""
    servers = StepServers(database_url, key_id, scratch)
    try:
        wanted = expense_id or create_expense_grpc(servers.full_chain, key)
        figures = asyncio.run(
            measure(servers, key, wanted, seconds=seconds, rounds=rounds, concurrency=concurrency)
        )
    finally:
        servers.stop()
    return report(figures, layer_costs(database_url, key_id, key, wanted, scratch), concurrency)


def _parse_layers(value: str) -> list[Layer] | None:
    if value == BARE:
        return None
    wanted = [name for name in value.split(",") if name]
    unknown = set(wanted) - set(LAYERS)
    if unknown:
        raise SystemExit(f"unknown layer(s): {', '.join(sorted(unknown))}")
    return [layer for layer in LAYERS if layer in wanted]


def main(argv: list[str] | None = None) -> int:
    if LAYERS_ENV in os.environ:
        serve_step(_parse_layers(os.environ[LAYERS_ENV]), os.environ[PRINCIPAL_ENV])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds per cell")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per step")
    parser.add_argument("--concurrency", type=int, default=16, help="concurrent callers")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch:
        url = f"sqlite:///{scratch}/expense.db"
        migrate_backend("expense", url)
        key_id, key = issue_api_key(url, "bench")
        lines = run_breakdown(
            url,
            key_id,
            key,
            Path(scratch),
            seconds=args.seconds,
            rounds=args.rounds,
            concurrency=args.concurrency,
        )
    print(f"1-min load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
