"""Issue 14 benchmark: every /api/cashflow/ui/* chart endpoint through the edge for a
user holding 1M transactions on PostgreSQL.

Setup (not measured), as the other analytics benchmarks' (tools/bench/analytics_stack):
a local PostgreSQL 15, main, analytics and the edge; one user; 3 years of generated
history (history_gen.iter_scaled) written with COPY, already categorized; POST
/api/analytics/refresh builds the roll-ups and detects the recurring patterns; a few
planned expenses (one large enough to raise a low-balance alert); saving suggestions
generated. Then, once each, the first (cold) call of every endpoint: nothing is
generated beforehand, so the first chart that needs the predictions computes them (and
the alerts), as a user's first visit would.

Measured through the edge over HTTP, sequentially after a warm-up: p50 and p99 of each
endpoint, and each p50 as a multiple of an edge round trip to the analytics backend
(GET /api/health, public: the floor every request pays).

Target: p50 <= 150 ms for each endpoint.

Run: `python -m tools.bench.cashflow_ui` (`--rows 200000` for a quick look).
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime, timedelta

from tools.bench.analytics_stack import (
    analytics_stack,
    machine,
    percentile,
    repeated_ms,
    seed_history,
    timings_ms,
)

TARGET_P50_MS = 150.0
ENDPOINTS = (
    "/api/cashflow/ui/balance-projection",
    "/api/cashflow/ui/balance-projection?months=36&chartType=area",
    "/api/cashflow/ui/transaction-breakdown",
    "/api/cashflow/ui/transaction-breakdown?period=yearly&chartType=bar",
    "/api/cashflow/ui/health-indicator",
    "/api/cashflow/ui/alerts-digest",
    "/api/cashflow/ui/recommendations-digest",
    "/api/cashflow/ui/recurring-transactions",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="the user's transactions")
    parser.add_argument("--rounds", type=int, default=200, help="requests per endpoint")
    parser.add_argument("--database-url", help="PostgreSQL URL (default: a throw-away server)")
    args = parser.parse_args(argv)
    today = datetime.now(UTC).date()

    print(f"machine: {machine()}")
    with analytics_stack(args.database_url) as bench, bench.client(timeout=600) as client:
        token = bench.sign_in(client, "cashflow@example.com")
        history = seed_history(client, bench.database_url, token, args.rows, today)
        print(
            f"{args.rows:,} rows COPY {history.copy_seconds:.1f} s; refresh (roll-ups + detection)"
            f" {history.refresh_seconds:.2f} s"
        )
        for days, amount in ((10, "250.00"), (40, "1200.00"), (75, "900000.00")):
            client.post(
                "/api/planning/expenses",
                json={
                    "title": f"Planned in {days} days",
                    "amount": amount,
                    "dueDate": (today + timedelta(days=days)).isoformat(),
                },
            ).raise_for_status()
        client.post("/api/analytics/suggestions/generate").raise_for_status()

        print("\nfirst call of each (cold: predictions and alerts computed by the first):")
        for path in ENDPOINTS:
            started = time.perf_counter()
            client.get(path).raise_for_status()
            print(f"  {path:<66} {1000 * (time.perf_counter() - started):8.1f} ms")

        floor = percentile(repeated_ms(lambda: client.get("/api/health"), args.rounds, 20), 0.5)
        print(f"\nedge round trip (GET /api/health) p50 {floor:.2f} ms\n")
        for path in ENDPOINTS:
            timings = timings_ms(
                lambda p: client.get(p).raise_for_status(), [path] * 10, [path] * args.rounds
            )
            p50, p99 = percentile(timings, 0.5), percentile(timings, 0.99)
            flag = "met" if p50 <= TARGET_P50_MS else "MISSED"
            print(
                f"  {path:<66} p50 {p50:7.1f} ms ({p50 / floor:5.1f}x)  p99 {p99:7.1f} ms"
                f"  (p50 <= {TARGET_P50_MS:.0f} ms: {flag})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
