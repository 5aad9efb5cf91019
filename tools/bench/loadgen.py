"""A small closed-loop load generator: N concurrent workers, each sending its next request
as soon as the previous one is answered, for a fixed time. Records every latency.

HTTP is spoken over raw keep-alive sockets (a few lines of asyncio) so the client costs
the same for every HTTP target and stays cheap next to the servers it measures."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import grpc


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


async def run_closed_loop(
    target: str,
    concurrency: int,
    seconds: float,
    make_worker: Callable[[], Awaitable[Callable[[], Awaitable[bool]]]],
    warmup_seconds: float = 1.0,
) -> Result:
    """make_worker opens one connection and returns a `send one request` coroutine."""
    senders = [await make_worker() for _ in range(concurrency)]
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
    await asyncio.gather(start_recording(), *(loop(s) for s in senders))
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


def http_worker_factory(
    host: str, port: int, path: str, headers: dict[str, str]
) -> Callable[[], Awaitable[Callable[[], Awaitable[bool]]]]:
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    request = f"GET {path} HTTP/1.1\r\nhost: {host}:{port}\r\n{head}\r\n".encode()

    async def make() -> Callable[[], Awaitable[bool]]:
        reader, writer = await asyncio.open_connection(host, port)

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

        return send

    return make


def grpc_worker_factory(
    address: str,
    stub_class: Callable[[grpc.aio.Channel], Any],
    method: str,
    request: Any,
    credential: str,
    ok: Callable[[Any], bool],
) -> Callable[[], Awaitable[Callable[[], Awaitable[bool]]]]:
    """One grpc.aio channel per worker calling `stub.<method>(request)` with a Bearer
    credential; `ok` judges each reply."""
    metadata = (("authorization", f"Bearer {credential}"),)

    async def make() -> Callable[[], Awaitable[bool]]:
        call = getattr(stub_class(grpc.aio.insecure_channel(address)), method)

        async def send() -> bool:
            return ok(await call(request, metadata=metadata))

        return send

    return make
