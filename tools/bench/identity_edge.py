"""Identity benchmark (issue 3): login latency and authenticated-read throughput.

  login    POST /api/auth/login through the edge, sequential, production argon2id
           parameters; reference: one argon2id verify alone (the floor of any login)
  profile  GET /api/auth/profile through the edge (JWT verified at the edge and again in
           main, session checked) vs the same GetProfile RPC called directly over gRPC
           vs a minimal FastAPI handler returning the same JSON, at concurrency 1/16/64

Token verification itself (µs per verify, cold and cached) is `tools.bench.token_verify`.
Run: `python -m tools.bench.identity_edge [--seconds S] [--logins N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from finplat.identity.v1 import auth_pb2, auth_pb2_grpc

from services.main.auth.domain.messages import extract_token
from services.main.kernel.hashing import PasswordHasher
from tools import stack
from tools.bench.loadgen import (
    Result,
    grpc_worker_factory,
    http_worker_factory,
    run_closed_loop,
)
from tools.keys import migrate_backend

CONCURRENCY = (1, 16, 64)
PASSWORD = "violet-harbour-kettle-42"


def _register_and_login(client: httpx.Client, outbox: Path) -> httpx.Response:
    email = "bench@example.com"
    client.post(
        "/api/auth/register",
        json={"full_name": "Bench User", "email": email, "username": "bench", "password": PASSWORD},
    ).raise_for_status()
    message = next(outbox.glob("*.eml")).read_text()
    token = extract_token(message)
    client.get("/api/auth/verify-email", params={"token": token}).raise_for_status()
    return client.post("/api/auth/login", json={"email": email, "password": PASSWORD})


def _login_latencies(client: httpx.Client, count: int) -> list[float]:
    out = []
    for _ in range(count):
        started = time.perf_counter()
        client.post(
            "/api/auth/login", json={"email": "bench@example.com", "password": PASSWORD}
        ).raise_for_status()
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def _argon2_reference(count: int) -> float:
    hasher = PasswordHasher()
    stored = hasher.hash(PASSWORD)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        hasher.verify(stored, PASSWORD)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def _profile(
    edge_port: int, main_address: str, fastapi_port: int, token: str, seconds: float
) -> list[Result]:
    auth = {"authorization": f"Bearer {token}"}
    targets = {
        "edge": http_worker_factory("127.0.0.1", edge_port, "/api/auth/profile", auth),
        "grpc": grpc_worker_factory(
            main_address,
            auth_pb2_grpc.AuthServiceStub,
            "GetProfile",
            auth_pb2.GetProfileRequest(),
            token,
            lambda reply: bool(reply.profile.id),
        ),
        "fastapi": http_worker_factory("127.0.0.1", fastapi_port, "/api/auth/profile", auth),
    }
    results = []
    for concurrency in CONCURRENCY:
        for name, factory in targets.items():
            results.append(await run_closed_loop(name, concurrency, seconds, factory))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per cell")
    parser.add_argument("--logins", type=int, default=30, help="sequential logins to time")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch:
        url = f"sqlite:///{scratch}/main.db"
        migrate_backend("main", url)
        env = {"FINPLAT_VAR_DIR": scratch, "FINPLAT_LOG_LEVEL": "WARNING"}
        running = stack.start_stack(
            backends=["main"], database_urls={"main": url}, env=env, log_dir=Path(scratch) / "logs"
        )
        fastapi_port = stack.free_port()
        minimal = None
        try:
            with httpx.Client(base_url=running.edge_url, timeout=30) as client:
                login = _register_and_login(client, Path(scratch) / "outbox")
                login.raise_for_status()
                token = login.json()["access_token"]
                logins = _login_latencies(client, args.logins)
                body = client.get(
                    "/api/auth/profile", headers={"authorization": f"Bearer {token}"}
                ).text
            argon2_ms = _argon2_reference(args.logins)
            minimal = stack.spawn(
                "fastapi-minimal",
                "tools.bench.minimal_app",
                {"BENCH_PORT": str(fastapi_port), "BENCH_BODY": body},
                log_dir=Path(scratch) / "logs",
            )
            stack.wait_http_ok(f"http://127.0.0.1:{fastapi_port}/api/auth/profile", minimal)
            edge_port = int(running.edge_url.rsplit(":", 1)[1])
            results = asyncio.run(
                _profile(
                    edge_port, running.backend_addresses["main"], fastapi_port, token, args.seconds
                )
            )
        finally:
            if minimal is not None:
                stack.stop_all([minimal])
            running.stop()

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    p50 = statistics.median(logins)
    p99 = logins[min(len(logins) - 1, round(0.99 * (len(logins) - 1)))]
    print(f"login through the edge: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(logins)} logins)")
    print(f"argon2id verify alone:  p50 {argon2_ms:.1f} ms; login / argon2 = {p50 / argon2_ms:.2f}")
    print(f"{'target':<9} {'conc':>4} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}")
    by = {}
    for r in results:
        by[(r.target, r.concurrency)] = r
        figures = f"{r.rps:>9.0f} {r.p50_ms:>8.3f} {r.p99_ms:>8.3f} {r.errors:>6}"
        print(f"{r.target:<9} {r.concurrency:>4} {figures}")
    for c in CONCURRENCY:
        edge, direct, ref = by[("edge", c)], by[("grpc", c)], by[("fastapi", c)]
        print(
            f"profile c={c}: edge/gRPC {edge.rps / direct.rps:.0%}, "
            f"edge/minimal FastAPI {edge.rps / ref.rps:.0%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
