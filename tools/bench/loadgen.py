"""A small closed-loop load generator: N concurrent workers, each sending its next request
as soon as the previous one is answered, for a fixed time. Records every latency.

HTTP is spoken over raw keep-alive sockets (a few lines of asyncio) so the client costs
the same for every HTTP target and stays cheap next to the servers it measures."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
import psutil


@dataclass(frozen=True)
class Result:
    target: str
    concurrency: int
    requests: int
    errors: int
    seconds: float
    p50_ms: float
    p99_ms: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


@dataclass(frozen=True)
class Worker:
    """One connection: `send` makes one request (True when it succeeded); `close` ends it."""

    send: Callable[[], Awaitable[bool]]
    close: Callable[[], Awaitable[None]]


WorkerFactory = Callable[[], Awaitable[Worker]]


async def run_closed_loop(
    target: str,
    concurrency: int,
    seconds: float,
    make_worker: WorkerFactory,
    warmup_seconds: float = 1.0,
) -> Result:
    """make_worker opens one connection; every worker sends back to back, then closes (an
    edge with per-client connection limits must not see connections pile up across cells)."""
    workers = [await make_worker() for _ in range(concurrency)]
    latencies: list[float] = []
    errors = 0
    recording = False
    stop_at = time.perf_counter() + warmup_seconds + seconds

    async def loop(send: Callable[[], Awaitable[bool]]) -> None:
        nonlocal errors
        while (now := time.perf_counter()) < stop_at:
            ok = await send()
            if recording:
                latencies.append(time.perf_counter() - now)
                errors += 0 if ok else 1

    async def start_recording() -> None:
        nonlocal recording
        await asyncio.sleep(warmup_seconds)
        recording = True

    began = time.perf_counter() + warmup_seconds
    try:
        await asyncio.gather(start_recording(), *(loop(w.send) for w in workers))
    finally:
        await asyncio.gather(*(w.close() for w in workers), return_exceptions=True)
    elapsed = time.perf_counter() - began
    latencies.sort()
    return Result(
        target=target,
        concurrency=concurrency,
        requests=len(latencies),
        errors=errors,
        seconds=elapsed,
        p50_ms=statistics.median(latencies) * 1000 if latencies else float("nan"),
        p99_ms=_percentile(latencies, 0.99) * 1000,
    )


def http_worker_factory(host: str, port: int, path: str, headers: dict[str, str]) -> WorkerFactory:
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    request = f"GET {path} HTTP/1.1\r\nhost: {host}:{port}\r\n{head}\r\n".encode()

    async def make() -> Worker:
        reader, writer = await asyncio.open_connection(host, port)

        async def close() -> None:
            writer.close()
            await writer.wait_closed()

        async def send() -> bool:
            writer.write(request)
            header_block = await reader.readuntil(b"\r\n\r\n")
            status = int(header_block[9:12])
            length = 0
            for line in header_block.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
                    break
            if length:
                await reader.readexactly(length)
            return status == 200

        return Worker(send, close)

    return make


def grpc_worker_factory(
    address: str,
    stub_class: Callable[[grpc.aio.Channel], Any],
    method: str,
    request: Any,
    credential: str,
    ok: Callable[[Any], bool],
) -> WorkerFactory:
    """One grpc.aio channel per worker calling `stub.<method>(request)` with a Bearer
    credential; `ok` judges each reply."""
    metadata = (("authorization", f"Bearer {credential}"),)

    async def make() -> Worker:
        channel = grpc.aio.insecure_channel(address)
        call = getattr(stub_class(channel), method)

        async def send() -> bool:
            return ok(await call(request, metadata=metadata))

        async def close() -> None:
            await channel.close(None)

        return Worker(send, close)

    return make


def process_cpu(process: psutil.Process) -> float:
    """CPU seconds (user + system, all threads) the process has used so far."""
    times = process.cpu_times()
    return float(times.user + times.system)


@dataclass(frozen=True)
class Cell:
    """One measured cell plus each watched process's CPU time over the measured seconds."""

    result: Result
    cpu_seconds: Mapping[str, float]

    def cpu_ms_per_request(self, process: str) -> float:
        return self.cpu_seconds[process] * 1000 / max(1, self.result.requests)

    def cpu_share(self, process: str) -> float:
        """Share of one core the process used: well below 1, it was not the limit."""
        return self.cpu_seconds[process] / self.result.seconds


async def run_cell(
    target: str,
    concurrency: int,
    seconds: float,
    make_worker: WorkerFactory,
    watched: Mapping[str, psutil.Process],
    warmup_seconds: float = 1.0,
) -> Cell:
    """run_closed_loop, reading the watched processes' CPU over exactly its measured
    window: it opens `warmup_seconds` after the last worker connected, as the loop's."""
    opened = 0
    started: asyncio.Future[dict[str, float]] = asyncio.get_running_loop().create_future()

    async def after_warmup() -> None:
        await asyncio.sleep(warmup_seconds)
        started.set_result({name: process_cpu(p) for name, p in watched.items()})

    async def make() -> Worker:
        nonlocal opened
        worker = await make_worker()
        opened += 1
        if opened == concurrency:
            asyncio.get_running_loop().create_task(after_warmup())
        return worker

    result = await run_closed_loop(target, concurrency, seconds, make, warmup_seconds)
    before = await started
    return Cell(result, {name: process_cpu(p) - before[name] for name, p in watched.items()})


def median_cell(cells: Sequence[Cell]) -> Cell:
    """The median round of one cell by throughput: on a shared machine one noisy round
    must not decide, and a whole round (not a mix of rounds) keeps its figures coherent."""
    ordered = sorted(cells, key=lambda c: c.result.rps)
    return ordered[len(ordered) // 2]
