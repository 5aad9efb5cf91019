"""GL detail benchmark (issue 18): the general-ledger detail report and its CSV export
for one tenant with many ledger lines (default 1M) on PostgreSQL.

Setup: the stack (main + edge) on a throw-away PostgreSQL 15, a signed-in tenant whose
books are opened through the API, then `--lines` posted lines (4-line entries over two
years, numbered as the ledger numbers them) COPYed straight into the ledger's tables —
posting 250k entries through the API would take the run most of an hour; the posting
path has its own benchmark (tools/bench/ledger_posting.py).

Measured:
  json     GET /api/v1/accounting/reports/gl-detail through the edge: the first page,
           one month's first page, a page half-way through, one account over a month
           (median of 3 each; a page is 100 lines with the accounts' balances)
  csv-rest POST /api/v1/accounting/reports/export (gl_detail) through the edge,
           streamed (the edge relays StreamReportExport as a chunked response): lines/s,
           and main's and the edge's resident memory before and at their peak, for a
           quarter and for everything (flat memory: the same peaks for both)
  csv-grpc ReportService/StreamReportExport of every line over gRPC, streamed: lines/s,
           and main's resident memory before and at its peak (sampled every 20 ms), for
           a quarter and for everything: flat memory means the same peak for both.
Target: the CSV export streams at ≥ 100k lines/s with flat memory.

Run: `python -m tools.bench.gl_detail [--lines N] [--database-url URL]`; prints JSON.
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import grpc
import httpx
import psutil
import psycopg
from finplat.accounting.v1 import reports_pb2, reports_pb2_grpc
from google.type import date_pb2

from tools.bench.analytics_stack import machine, signed_in_token
from tools.bench.copy_rows import copy_rows, psycopg_dsn
from tools.bench.ledger_posting import ledger_stack

LINES = 1_000_000
TARGET_LINES_PER_SECOND = 100_000
FIRST_DAY = date(2025, 1, 1)
DAYS = 730
REPORTS = "/api/v1/accounting/reports"
QUARTER = {"from_date": "2026-04-01", "to_date": "2026-06-30"}
MONTH = {"from_date": "2026-06-01", "to_date": "2026-06-30"}
ENTRY_COLUMNS = (
    "id, tenant_id, number, entry_date, memo, source_module, source_event_id, status, "
    "base_currency, posted_at, reversal_of_id, reversed_by_id, created_at"
)
LINE_COLUMNS = (
    "id, tenant_id, entry_id, line_no, account_id, debit, credit, currency, fx_rate, "
    "base_amount, description"
)


def tenant_of(token: str) -> str:
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return str(claims["tid"])


def legs(i: int) -> list[tuple[str, str, str, str, str, str]]:
    """Entry i's lines: (code, debit, credit, currency, rate, description); balanced in
    EUR. Every 20th pays its cash in dollars at 0.5, every 10th has a formula-like text."""
    net = 100 + i % 900
    tax = net // 5
    cash = 10 + i % 50
    text = "=SUM(A1:A9)" if i % 10 == 0 else f"Sale {i}"
    first = ("1000", f"{2 * cash}", "0", "USD", "0.5", text) if i % 20 == 0 else (
        "1000", f"{cash}", "0", "EUR", "1", text)  # fmt: skip
    return [
        first,
        ("1100", f"{net + tax - cash}", "0", "EUR", "1", "Receivable"),
        ("4000", "0", f"{net}", "EUR", "1", "Revenue"),
        ("2100", "0", f"{tax}", "EUR", "1", "VAT"),
    ]


def load_lines(url: str, tenant: str, accounts: dict[str, str], lines: int) -> float:
    """COPY lines // 4 posted entries (and their lines) for the tenant; seconds taken."""
    started = time.perf_counter()
    entries = lines // 4
    with psycopg.connect(psycopg_dsn(url)) as connection, connection.cursor() as cursor:
        entry_ids = [uuid.uuid4() for _ in range(entries)]

        def entry_lines() -> Iterator[str]:
            for i, entry_id in enumerate(entry_ids):
                day = FIRST_DAY + timedelta(days=i * DAYS // entries)
                module = "invoices\tbench-" + str(i) if i % 3 == 0 else "\\N\t\\N"
                yield (
                    f"{entry_id}\t{tenant}\tJE-{day.year}-{i + 1:06d}\t{day}\tBench {i}\t"
                    f"{module}\tposted\tEUR\t{day}T12:00:00+00\t\\N\t\\N\t{day}T12:00:00+00\n"
                )

        def line_lines() -> Iterator[str]:
            for i, entry_id in enumerate(entry_ids):
                for n, (code, debit, credit, currency, rate, text) in enumerate(legs(i)):
                    base = f"{(Decimal(debit) + Decimal(credit)) * Decimal(rate):.2f}"
                    yield (
                        f"{uuid.uuid4()}\t{tenant}\t{entry_id}\t{n}\t{accounts[code]}\t{debit}\t"
                        f"{credit}\t{currency}\t{rate}\t{base}\t{text}\n"
                    )

        copy_rows(cursor, "journal_entries", ENTRY_COLUMNS, entry_lines())
        copy_rows(cursor, "journal_lines", LINE_COLUMNS, line_lines())
        cursor.execute(
            "UPDATE ledger_books SET posted_count = %s WHERE tenant_id = %s", (entries, tenant)
        )
        connection.commit()
        connection.autocommit = True
        cursor.execute("VACUUM ANALYZE journal_entries")
        cursor.execute("VACUUM ANALYZE journal_lines")
        cursor.execute("ANALYZE ledger_accounts")
    return time.perf_counter() - started


class PeakRss:
    """main's resident memory, sampled every 20 ms while the block runs."""

    def __init__(self, process: psutil.Process) -> None:
        self._process = process
        self.before = process.memory_info().rss
        self.peak = self.before
        self._done = threading.Event()

    @contextmanager
    def watching(self) -> Iterator[PeakRss]:
        def sample() -> None:
            while not self._done.wait(0.02):
                self.peak = max(self.peak, self._process.memory_info().rss)

        thread = threading.Thread(target=sample, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._done.set()
            thread.join()
            self.peak = max(self.peak, self._process.memory_info().rss)


def mib(value: int) -> float:
    return round(value / (1 << 20), 1)


def timed(call: Callable[[], Any], times: int = 3) -> float:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        call()
        spent.append(time.perf_counter() - started)
    return round(statistics.median(spent) * 1000, 1)


def stream(address: str, token: str, main: psutil.Process, **filters: str) -> dict[str, Any]:
    dates = {
        name: date_pb2.Date(year=day.year, month=day.month, day=day.day)
        for name, day in ((name, date.fromisoformat(text)) for name, text in filters.items())
    }
    request = reports_pb2.StreamReportExportRequest(
        export=reports_pb2.ExportReportRequest(report_type="gl_detail", **dates)
    )
    bytes_in = rows = 0
    with grpc.insecure_channel(address) as channel:
        stub = reports_pb2_grpc.ReportServiceStub(channel)  # type: ignore[no-untyped-call]
        with PeakRss(main).watching() as rss:
            started = time.perf_counter()
            for message in stub.StreamReportExport(
                request, metadata=(("authorization", f"Bearer {token}"),), timeout=600
            ):
                rows += message.chunk.data.count(b"\r\n")
                bytes_in += len(message.chunk.data)
            seconds = time.perf_counter() - started
    lines = rows - 1  # the header row
    return {
        "lines": lines,
        "seconds": round(seconds, 2),
        "lines_per_s": round(lines / seconds),
        "mib": mib(bytes_in),
        "main_rss_before_mib": mib(rss.before),
        "main_rss_peak_mib": mib(rss.peak),
    }


def rest_export(
    client: httpx.Client,
    auth: dict[str, str],
    main: psutil.Process,
    edge: psutil.Process,
    **filters: str,
) -> dict[str, Any]:
    """The REST export read as it streams (never held whole by this client either)."""
    bytes_in = rows = 0
    body = {"report_type": "gl_detail", **filters}
    with PeakRss(main).watching() as main_rss, PeakRss(edge).watching() as edge_rss:
        started = time.perf_counter()
        with client.stream("POST", f"{REPORTS}/export", json=body, headers=auth) as response:
            assert response.status_code == 200, response.read()
            for piece in response.iter_raw():
                rows += piece.count(b"\n")  # CRLF line ends: a piece may split the pair
                bytes_in += len(piece)
        seconds = time.perf_counter() - started
    lines = rows - 1  # the header row
    return {
        "lines": lines,
        "seconds": round(seconds, 2),
        "lines_per_s": round(lines / seconds),
        "mib": mib(bytes_in),
        "main_rss_before_mib": mib(main_rss.before),
        "main_rss_peak_mib": mib(main_rss.peak),
        "edge_rss_before_mib": mib(edge_rss.before),
        "edge_rss_peak_mib": mib(edge_rss.peak),
    }


def progress(key: str, results: dict[str, Any]) -> None:
    """Each figure as soon as it is measured (stderr), so a long run shows its way."""
    print(key, json.dumps(results[key]), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=LINES, help="ledger lines to generate")
    parser.add_argument("--database-url", help="an empty PostgreSQL (default: a throw-away one)")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {"machine": machine(), "lines": args.lines}
    with (
        ledger_stack(args.database_url) as (running, outbox, url),
        httpx.Client(base_url=running.edge_url, timeout=600) as client,
    ):
        token = signed_in_token(client, outbox)
        auth = {"authorization": f"Bearer {token}"}
        listed = client.get(
            "/api/v1/accounting/ledger/accounts", params={"limit": 100}, headers=auth
        )
        listed.raise_for_status()  # opens the tenant's books
        accounts = {a["code"]: a["id"] for a in listed.json()["data"]}
        results["load_seconds"] = round(load_lines(url, tenant_of(token), accounts, args.lines), 1)
        progress("load_seconds", results)
        main_process = psutil.Process(
            next(p for p in running.processes if p.name == "main").popen.pid
        )

        def page(**params: Any) -> dict[str, Any]:
            response = client.get(f"{REPORTS}/gl-detail", params=params, headers=auth)
            assert response.status_code == 200, response.text
            body: dict[str, Any] = response.json()
            return body

        total = page(limit=1)["pagination"]["total"]
        results["json_ms"] = {
            "first_page": timed(lambda: page()),
            "month_first_page": timed(lambda: page(**MONTH)),
            "middle_page": timed(lambda: page(offset=total // 2)),
            "one_account_month": timed(lambda: page(account_codes="4000", **MONTH)),
        }
        progress("json_ms", results)
        edge_process = psutil.Process(
            next(p for p in running.processes if p.name == "edge").popen.pid
        )
        for key, filters in (("csv_rest_quarter", QUARTER), ("csv_rest_all", {})):
            results[key] = rest_export(client, auth, main_process, edge_process, **filters)
            progress(key, results)
        address = running.backend_addresses["main"]
        results["csv_grpc_quarter"] = stream(address, token, main_process, **QUARTER)
        progress("csv_grpc_quarter", results)
        results["csv_grpc_all"] = stream(address, token, main_process)
    streamed = results["csv_grpc_all"]["lines_per_s"]
    results["target_lines_per_s"] = TARGET_LINES_PER_SECOND
    results["target_met"] = streamed >= TARGET_LINES_PER_SECOND
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
