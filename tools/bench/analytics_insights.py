"""Issue 12 benchmark: insight queries through the edge for one user holding 1M
transactions on PostgreSQL, and recurring detection over 100k transactions.

Setup (not measured): a local PostgreSQL 15, main, analytics and the edge; two users;
3 years of generated history (tools/bench/history_gen.iter_scaled: Zipf merchants, the
planted recurring series) written straight into their transactions with COPY, already
categorized (the import path has its own benchmark, tools/bench/analytics_import.py),
then POST /api/analytics/refresh builds the roll-ups (timed and reported).

Measured, each through the edge over HTTP, sequentially after a warm-up: p50 and p99 of
GET /api/analytics/summary (a year), /summary/compare (two months), /summary/categories
(yearly) and /trends (24 months, every entity) — repeated reads, which trends answer from
their per-version cache — and, separately, the first read after a new transaction (the
stale day is rolled up again and trends are recomputed). Detection: a new transaction makes the
patterns stale; the next GET /api/analytics/recurring re-detects over the user's 100k
transactions (load, detect, store) — its latency, median of several rounds.

Targets: p50 ≤ 100 ms per query; detection ≤ 2 s.

Run: `python -m tools.bench.analytics_insights` (`--rows 200000` for a quick look).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import platform
import statistics
import tempfile
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import httpx
import psycopg

from services.analytics.categories.domain import DEFAULTS
from tools import stack
from tools.bench.analytics_import import postgres, signed_in_token
from tools.bench.history_gen import iter_scaled
from tools.keys import migrate_backend

TARGET_P50_MS = 100.0
TARGET_DETECTION_S = 2.0
COPY_COLUMNS = (
    "id, user_id, row_number, booked_at, amount, currency, description, merchant_name,"
    " category_id, categorization_method, categorization_confidence, dedupe_key, created_at"
)


def _user_id(token: str) -> str:
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return str(claims["sub"])


def _category_ids(client: httpx.Client) -> dict[str, str]:
    client.post("/api/system/default-categories").raise_for_status()
    listed = client.get("/api/categories").json()["data"]
    by_place = {(c["parentId"], c["name"]): c["id"] for c in listed}
    keys: dict[str, str] = {}
    for default in sorted(DEFAULTS, key=lambda d: d.parent_key is not None):
        parent = None if default.parent_key is None else keys[default.parent_key]
        keys[default.key] = by_place[(parent, default.name)]
    return keys


def _load(url: str, user_id: str, categories: dict[str, str], rows: int, end: date) -> float:
    """COPY `rows` generated transactions for the user; returns the seconds it took."""
    started = time.perf_counter()
    now = datetime.now(UTC).isoformat()
    buffer = io.StringIO()
    written = 0
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn) as connection, connection.cursor() as cursor:
        with cursor.copy(f"COPY transactions ({COPY_COLUMNS}) FROM STDIN") as copy:
            for t in iter_scaled(seed=rows, end=end, years=3, transactions=rows):
                written += 1
                buffer.write(
                    f"{uuid.uuid4()}\t{user_id}\t{written}\t{t.booked_on.isoformat()}T00:00:00+00\t"
                    f"{t.amount}\t{t.currency}\t{t.description}\t{t.merchant}\t"
                    f"{categories[t.category]}\tmanual\t1\tbench-{written}\t{now}\n"
                )
                if buffer.tell() > 1 << 20:
                    copy.write(buffer.getvalue())
                    buffer = io.StringIO()
            copy.write(buffer.getvalue())
        connection.commit()
    return time.perf_counter() - started


def _latencies(client: httpx.Client, path: str, params: dict[str, str], rounds: int) -> list[float]:
    for _ in range(3):  # warm-up: connections, caches
        client.get(path, params=params).raise_for_status()
    timings = []
    for _ in range(rounds):
        started = time.perf_counter()
        client.get(path, params=params).raise_for_status()
        timings.append((time.perf_counter() - started) * 1000)
    return sorted(timings)


def _percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def _after_change(
    client: httpx.Client, path: str, params: dict[str, str], rounds: int
) -> list[float]:
    """Seconds of GET `path` right after a new transaction: the read that pays for the
    stale roll-up day, and for recomputing what is derived from it (trends, patterns)."""
    timings = []
    for round_ in range(rounds):
        client.post(
            "/api/transactions",
            json={
                "transactionDate": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
                "description": f"Bench change {round_}",
                "amount": "-1.00",
            },
        ).raise_for_status()
        started = time.perf_counter()
        client.get(path, params=params).raise_for_status()
        timings.append(time.perf_counter() - started)
    return sorted(timings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="the query user's rows")
    parser.add_argument("--detect-rows", type=int, default=100_000, help="the detection user's")
    parser.add_argument("--rounds", type=int, default=200, help="requests per query")
    parser.add_argument("--database-url", help="PostgreSQL URL (default: a throw-away server)")
    args = parser.parse_args(argv)
    today = datetime.now(UTC).date()
    end = today - timedelta(days=1)

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores")
    with (
        tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch,
        postgres(args.database_url) as url,
    ):
        for backend in ("main", "analytics"):
            migrate_backend(backend, url)
        running = stack.start_stack(
            backends=["main", "analytics"],
            database_urls={"main": url, "analytics": url},
            env={
                "FINPLAT_VAR_DIR": scratch,
                "FINPLAT_LOG_LEVEL": "WARNING",
                "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "1000000",
            },
            log_dir=Path(scratch) / "logs",
        )
        outbox = Path(scratch) / "outbox"
        try:
            with (
                httpx.Client(base_url=running.edge_url, timeout=600) as big,
                httpx.Client(base_url=running.edge_url, timeout=600) as small,
            ):
                for client, email in ((big, "big@example.com"), (small, "small@example.com")):
                    token = signed_in_token(client, outbox, email)
                    client.headers["authorization"] = f"Bearer {token}"
                    rows = args.rows if client is big else args.detect_rows
                    seconds = _load(url, _user_id(token), _category_ids(client), rows, end)
                    started = time.perf_counter()
                    response = client.post("/api/analytics/refresh")
                    response.raise_for_status()
                    refreshed = response.json()
                    print(
                        f"{email}: {rows:,} rows COPY {seconds:.1f} s; refresh (roll-ups +"
                        f" detection) {time.perf_counter() - started:.2f} s,"
                        f" {refreshed.get('recurringPatterns', 0)} patterns"
                    )
                last = end.replace(day=1) - timedelta(days=1)
                before = last.replace(day=1) - timedelta(days=1)
                queries = {
                    "summary (365 days)": (
                        "/api/analytics/summary",
                        {
                            "startDate": (end - timedelta(days=364)).isoformat(),
                            "endDate": end.isoformat(),
                        },
                    ),
                    "compare (two months)": (
                        "/api/analytics/summary/compare",
                        {
                            "currentPeriod": last.strftime("%Y-%m"),
                            "previousPeriod": before.strftime("%Y-%m"),
                        },
                    ),
                    "top categories (yearly)": (
                        "/api/analytics/summary/categories",
                        {"period": "yearly"},
                    ),
                    "trends (24 months)": ("/api/analytics/trends", {"limit": "100"}),
                }
                print(f"\nqueries through the edge, one user with {args.rows:,} transactions:")
                for name, (path, params) in queries.items():
                    timings = _latencies(big, path, params, args.rounds)
                    p50, p99 = _percentile(timings, 0.5), _percentile(timings, 0.99)
                    flag = "met" if p50 <= TARGET_P50_MS else "MISSED"
                    print(
                        f"  {name:<26} p50 {p50:7.1f} ms  p99 {p99:7.1f} ms"
                        f"  (p50 ≤ {TARGET_P50_MS:.0f} ms: {flag})"
                    )
                print("\nthe first read after a new transaction (stale day, results recomputed):")
                for name, (path, params) in queries.items():
                    fresh = _after_change(big, path, params, 10)
                    print(
                        f"  {name:<26} median {statistics.median(fresh) * 1000:7.1f} ms"
                        f"  max {fresh[-1] * 1000:7.1f} ms"
                    )
                detection = _after_change(small, "/api/analytics/recurring", {}, 5)
                median = statistics.median(detection)
                flag = "met" if median <= TARGET_DETECTION_S else "MISSED"
                print(
                    f"\nrecurring detection over {args.detect_rows:,} transactions"
                    f" (GET after a change): median {median:.2f} s, max {detection[-1]:.2f} s"
                    f"  (≤ {TARGET_DETECTION_S:.0f} s: {flag})"
                )
        finally:
            running.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
