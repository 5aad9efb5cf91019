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
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import httpx

from tools.bench.analytics_stack import (
    analytics_stack,
    machine,
    percentile,
    repeated_ms,
    seed_history,
)

TARGET_P50_MS = 100.0
TARGET_DETECTION_S = 2.0


def _get(client: httpx.Client, path: str, params: dict[str, str]) -> Callable[[], object]:
    """GET `path` as a call to time; an error status stops the run rather than be timed."""
    return lambda: client.get(path, params=params).raise_for_status()


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

    print(f"machine: {machine()}")
    with (
        analytics_stack(args.database_url) as bench,
        bench.client(timeout=600) as big,
        bench.client(timeout=600) as small,
    ):
        for client, email in ((big, "big@example.com"), (small, "small@example.com")):
            token = bench.sign_in(client, email)
            rows = args.rows if client is big else args.detect_rows
            history = seed_history(client, bench.database_url, token, rows, end)
            print(
                f"{email}: {rows:,} rows COPY {history.copy_seconds:.1f} s; refresh (roll-ups +"
                f" detection) {history.refresh_seconds:.2f} s,"
                f" {history.refreshed.get('recurringPatterns', 0)} patterns"
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
            timings = repeated_ms(_get(big, path, params), args.rounds, warm_up=3)
            p50, p99 = percentile(timings, 0.5), percentile(timings, 0.99)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
