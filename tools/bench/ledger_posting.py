"""Ledger benchmark (issue 15): posting throughput of balanced 4-line journal entries.

  edge-post  POST /api/v1/accounting/ledger/entries {post: true} through the edge
             (HTTP → gRPC → PostgreSQL): record, check, number and post one entry
  grpc-post  the same CreateEntry RPC called directly on main (no edge)
  edge-get   GET /api/v1/accounting/ledger/accounts/{id} through the edge: the same
             token checks and round trips with a one-row read instead of a posting

at each concurrency (`--concurrency`, default 1,16,64), in interleaved rounds, each cell
reporting its median-throughput round: entries/s (req/s for the read), p50/p95/p99
latency, and the CPU each process (edge, main, PostgreSQL) spent per request over the
measured seconds. edge-post / grpc-post is what the edge costs a posting; edge-post /
edge-get what the posting itself costs beyond an authenticated call. Every posting goes
to one tenant: its postings are numbered one at a time (the books row is locked from
numbering to commit, docs/ledger.md), which is the case the target is about.
Target: ≥ 500 entries/s through the edge.

Run: `python -m tools.bench.ledger_posting [--seconds S] [--rounds N] [--concurrency 16]
[--database-url URL]` (default: a throw-away PostgreSQL 15, as the tests start one).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
import psutil
from finplat.accounting.v1 import ledger_pb2, ledger_pb2_grpc
from google.protobuf import json_format

from tools import stack
from tools.bench.analytics_stack import machine, postgres, signed_in_token
from tools.bench.loadgen import (
    Cell,
    Worker,
    WorkerFactory,
    grpc_worker_factory,
    http_worker_factory,
    median_cell,
    run_cell,
)
from tools.keys import migrate_backend

CONCURRENCY = (1, 16, 64)
TARGETS = ("edge-post", "grpc-post", "edge-get")
TARGET_ENTRIES_PER_SECOND = 500
WARMUP = 1.0
LEDGER = "/api/v1/accounting/ledger"
_STACK_ENV = {
    "FINPLAT_LOG_LEVEL": "WARNING",
    "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "1000000000",
    "FINPLAT_EDGE_RATE_LIMIT_AUTH": "1000000000",
}


def four_line_entry(accounts: Mapping[str, str]) -> dict[str, object]:
    """A sale of 100.00 with 19.00 tax, 30.00 paid in cash: balanced, posted at once.
    No source key: every request records a new entry."""
    return {
        "entry_date": "2026-03-01",
        "memo": "Benchmark sale",
        "post": True,
        "lines": [
            {"account_id": accounts["1000"], "debit": "30.00", "currency": "EUR"},
            {"account_id": accounts["1100"], "debit": "89.00", "currency": "EUR"},
            {"account_id": accounts["4000"], "credit": "100.00", "currency": "EUR"},
            {"account_id": accounts["2100"], "credit": "19.00", "currency": "EUR"},
        ],
    }


def http_post_worker_factory(
    host: str, port: int, path: str, headers: Mapping[str, str], body: bytes, expected: int
) -> WorkerFactory:
    """One keep-alive connection POSTing the same JSON body (loadgen's GET worker, with
    a body): `expected` is the success status."""
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    request = (
        f"POST {path} HTTP/1.1\r\nhost: {host}:{port}\r\n{head}"
        f"content-type: application/json\r\ncontent-length: {len(body)}\r\n\r\n"
    ).encode() + body

    async def make() -> Worker:
        reader, writer = await asyncio.open_connection(host, port)

        async def send() -> bool:
            writer.write(request)
            header_block = await reader.readuntil(b"\r\n\r\n")
            length = next(
                (
                    int(line[15:])
                    for line in header_block.split(b"\r\n")
                    if line[:15].lower() == b"content-length:"
                ),
                0,
            )
            if length:
                await reader.readexactly(length)
            return int(header_block[9:12]) == expected

        async def close() -> None:
            writer.close()
            await writer.wait_closed()

        return Worker(send, close)

    return make


class Latencies:
    """Wraps a worker factory to time every call (loadgen keeps p50 and p99 only): calls
    that start once the cell's measured window opened count toward p95."""

    def __init__(self, make_worker: WorkerFactory, concurrency: int) -> None:
        self._make_worker = make_worker
        self._concurrency = concurrency
        self._opened = 0
        self._window_opens = float("inf")
        self.samples: list[float] = []

    async def make(self) -> Worker:
        worker = await self._make_worker()
        self._opened += 1
        if self._opened == self._concurrency:
            self._window_opens = time.perf_counter() + WARMUP

        async def send() -> bool:
            started = time.perf_counter()
            ok = await worker.send()
            if started >= self._window_opens:
                self.samples.append(time.perf_counter() - started)
            return ok

        return Worker(send, worker.close)

    def p95_ms(self) -> float:
        ordered = sorted(self.samples)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] * 1000


@dataclass(frozen=True)
class Measured:
    cell: Cell
    p95_ms: float


@dataclass(frozen=True)
class Ledger:
    """What the load needs: the token, a posting body, and one account to read."""

    token: str
    body: dict[str, object]
    account_id: str


def prepare(edge_url: str, outbox: Path) -> Ledger:
    with httpx.Client(base_url=edge_url, timeout=30) as client:
        token = signed_in_token(client, outbox)
        auth = {"authorization": f"Bearer {token}"}
        listed = client.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=auth)
        listed.raise_for_status()
        accounts = {a["code"]: a["id"] for a in listed.json()["data"]}
        body = four_line_entry(accounts)
        check = client.post(f"{LEDGER}/entries", json=body, headers=auth)
        check.raise_for_status()
        assert check.status_code == 201 and check.json()["status"] == "posted", check.text
    return Ledger(token, body, accounts["1000"])


def factories(edge_url: str, main_address: str, ledger: Ledger) -> dict[str, WorkerFactory]:
    host, port = edge_url.removeprefix("http://").rsplit(":", 1)
    auth = {"authorization": f"Bearer {ledger.token}"}
    # The gRPC form of the same entry (a google.type.Date instead of "YYYY-MM-DD").
    year, month, day = (int(part) for part in str(ledger.body["entry_date"]).split("-"))
    fields = {**ledger.body, "entry_date": {"year": year, "month": month, "day": day}}
    request = json_format.ParseDict(fields, ledger_pb2.CreateEntryRequest())
    return {
        "edge-post": http_post_worker_factory(
            host, int(port), f"{LEDGER}/entries", auth, orjson.dumps(ledger.body), 201
        ),
        "grpc-post": grpc_worker_factory(
            main_address,
            ledger_pb2_grpc.LedgerServiceStub,
            "CreateEntry",
            request,
            ledger.token,
            lambda reply: reply.created,
        ),
        "edge-get": http_worker_factory(
            host, int(port), f"{LEDGER}/accounts/{ledger.account_id}", auth
        ),
    }


async def measure(
    targets: Mapping[str, WorkerFactory],
    concurrency: Sequence[int],
    seconds: float,
    rounds: int,
    watched: Mapping[str, psutil.Process],
) -> dict[tuple[str, int], Measured]:
    cells: dict[tuple[str, int], list[Measured]] = {}
    for _ in range(rounds):
        for c in concurrency:
            for name, factory in targets.items():
                timed = Latencies(factory, c)
                cell = await run_cell(name, c, seconds, timed.make, watched, WARMUP)
                cells.setdefault((name, c), []).append(Measured(cell, timed.p95_ms()))
    chosen: dict[tuple[str, int], Measured] = {}
    for key, measured in cells.items():
        median = median_cell([m.cell for m in measured])
        chosen[key] = next(m for m in measured if m.cell is median)
    return chosen


def postmaster(port: int) -> psutil.Process:
    """The PostgreSQL postmaster listening on `port` (its backends are its children)."""
    for connection in psutil.net_connections("tcp"):
        listening = connection.status == psutil.CONN_LISTEN
        if listening and connection.laddr and connection.laddr.port == port and connection.pid:
            return psutil.Process(connection.pid)
    raise LookupError(f"no process listens on {port}")


class ProcessTree:
    """A process whose CPU times include its children's (PostgreSQL serves each
    connection in a child process), read as loadgen reads a process's."""

    def __init__(self, pid: int) -> None:
        self._process = psutil.Process(pid)

    def cpu_times(self) -> Any:
        own = self._process.cpu_times()
        user, system = own.user, own.system
        for child in self._process.children(recursive=True):
            try:
                times = child.cpu_times()
            except psutil.NoSuchProcess:
                continue
            user, system = user + times.user, system + times.system
        return own._replace(user=user, system=system)


@contextmanager
def ledger_stack(database_url: str | None) -> Iterator[tuple[stack.Stack, Path, str]]:
    with (
        tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch,
        postgres(database_url) as url,
    ):
        migrate_backend("main", url)
        running = stack.start_stack(
            backends=["main"],
            database_urls={"main": url},
            env={"FINPLAT_VAR_DIR": scratch, **_STACK_ENV},
            log_dir=Path(scratch) / "logs",
        )
        try:
            yield running, Path(scratch) / "outbox", url
        finally:
            running.stop()


def report(results: Mapping[tuple[str, int], Measured], concurrency: Sequence[int]) -> bool:
    print(
        f"{'target':<10} {'conc':>4} {'/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
        f"{'errors':>6} {'CPU ms/req: edge':>17} {'main':>6} {'pg':>6}"
    )
    for c in concurrency:
        for name in TARGETS:
            m = results.get((name, c))
            if m is None:
                continue
            r = m.cell.result
            cpu = " ".join(f"{m.cell.cpu_ms_per_request(p):>6.2f}" for p in ("edge", "main", "pg"))
            print(
                f"{name:<10} {c:>4} {r.rps:>7.0f} {r.p50_ms:>7.2f} {m.p95_ms:>7.2f} "
                f"{r.p99_ms:>7.2f} {r.errors:>6} {'':>10}{cpu}"
            )
    best = max((results[("edge-post", c)].cell.result.rps for c in concurrency), default=0.0)
    for c in concurrency:
        post = results[("edge-post", c)].cell.result.rps
        ratios = [
            f"edge-post/{name} {post / results[(name, c)].cell.result.rps:.0%}"
            for name in ("grpc-post", "edge-get")
            if (name, c) in results
        ]
        if ratios:
            print(f"c={c}: " + ", ".join(ratios))
    met = best >= TARGET_ENTRIES_PER_SECOND
    verdict = "met" if met else "NOT met"
    print(
        f"best: {best:.0f} entries/s through the edge; target ≥ "
        f"{TARGET_ENTRIES_PER_SECOND}: {verdict}"
    )
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds per cell")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each cell's median")
    parser.add_argument(
        "--concurrency",
        default=",".join(map(str, CONCURRENCY)),
        help="comma-separated concurrent clients per cell",
    )
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated subset")
    parser.add_argument("--database-url", help="an empty PostgreSQL (default: a throw-away one)")
    args = parser.parse_args(argv)
    concurrency = [int(c) for c in args.concurrency.split(",")]
    chosen = [t for t in args.targets.split(",") if t]
    unknown = set(chosen) - set(TARGETS)
    if unknown or "edge-post" not in chosen:
        parser.error(f"targets are among {', '.join(TARGETS)} and include edge-post")

    with ledger_stack(args.database_url) as (running, outbox, url):
        ledger = prepare(running.edge_url, outbox)
        by_name = {p.name: psutil.Process(p.popen.pid) for p in running.processes}
        port = int(url.rsplit("@", 1)[1].split(":", 1)[1].split("/", 1)[0])
        watched = {
            "edge": by_name["edge"],
            "main": by_name["main"],
            "pg": ProcessTree(postmaster(port).pid),
        }
        targets = {
            name: factory
            for name, factory in factories(
                running.edge_url, running.backend_addresses["main"], ledger
            ).items()
            if name in chosen
        }
        results = asyncio.run(measure(targets, concurrency, args.seconds, args.rounds, watched))
    print(f"machine: {machine()}; PostgreSQL, one tenant, 4-line entries posted at once")
    report(results, concurrency)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
