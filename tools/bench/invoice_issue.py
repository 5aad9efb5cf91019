"""Invoice benchmark (issue 15): the latency of issuing an invoice through the edge.

  issue   POST /api/invoices/{id}/issue of a fresh 3-line draft (two tax rates): lock
          the draft, take its gapless number, post Dr receivable / Cr revenue / Cr tax
          to the ledger (the books' number too) and commit, HTTP → gRPC → PostgreSQL
  get     GET /api/invoices/{id} of an issued invoice: the same token checks and round
          trips with a read (invoice and lines) instead of the issue

one client, one request at a time, on one tenant whose ledger already holds every
earlier issue; printing p50/p95/p99 of each. issue - get is what issuing costs beyond
an authenticated read. Target: issue p50 ≤ 30 ms.

Run: `python -m tools.bench.invoice_issue [--invoices N] [--database-url URL]` (default:
a throw-away PostgreSQL 15, as the tests start one).
"""

from __future__ import annotations

import argparse

import httpx

from tools.bench.analytics_stack import machine, percentile, signed_in_token, timings_ms
from tools.bench.ledger_posting import ledger_stack

INVOICES = "/api/invoices"
TARGET_P50_MS = 30.0
WARM_UP = 20
LINES = [
    {"description": "Design", "quantity": "12.5", "unit_price": "95.00", "tax_rate": "19"},
    {"description": "Hosting", "quantity": "1", "unit_price": "49.90", "tax_rate": "19"},
    {"description": "Handbook", "quantity": "3", "unit_price": "24.95", "tax_rate": "7"},
]


def drafts(client: httpx.Client, count: int) -> list[str]:
    """`count` fresh drafts to issue, created before any timing."""
    body = {"customer": {"name": "Bench Customer GmbH"}, "currency": "EUR", "lines": LINES}
    ids = []
    for _ in range(count):
        response = client.post(INVOICES, json=body)
        response.raise_for_status()
        ids.append(str(response.json()["id"]))
    return ids


def issue(client: httpx.Client, invoice_id: str) -> None:
    response = client.post(f"{INVOICES}/{invoice_id}/issue", json={})
    assert response.status_code == 200 and response.json()["status"] == "issued", response.text


def read(client: httpx.Client, invoice_id: str) -> None:
    response = client.get(f"{INVOICES}/{invoice_id}")
    assert response.status_code == 200, response.text


def line(name: str, timings: list[float]) -> str:
    p50, p95, p99 = (percentile(timings, q) for q in (0.5, 0.95, 0.99))
    return f"{name:<6} {len(timings):>6} {p50:>7.2f} {p95:>7.2f} {p99:>7.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--invoices", type=int, default=500, help="issues measured")
    parser.add_argument("--database-url", help="an empty PostgreSQL (default: a throw-away one)")
    args = parser.parse_args(argv)

    with (
        ledger_stack(args.database_url) as (running, outbox, _url),
        httpx.Client(base_url=running.edge_url, timeout=30) as client,
    ):
        token = signed_in_token(client, outbox)
        client.headers["authorization"] = f"Bearer {token}"
        ids = drafts(client, WARM_UP + args.invoices)
        issued = timings_ms(lambda i: issue(client, i), ids[:WARM_UP], ids[WARM_UP:])
        reads = timings_ms(lambda i: read(client, i), ids[:WARM_UP], ids[WARM_UP:])
    print(f"machine: {machine()}; PostgreSQL, one tenant, 3-line invoices, one client")
    print(f"{'call':<6} {'n':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}")
    print(line("issue", issued))
    print(line("get", reads))
    p50 = percentile(issued, 0.5)
    verdict = "met" if p50 <= TARGET_P50_MS else "NOT met"
    print(f"issue p50 {p50:.2f} ms; target ≤ {TARGET_P50_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
