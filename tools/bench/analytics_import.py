"""Issue 11 benchmark: statement import, upload to `completed`, through the edge into
PostgreSQL, and the peak memory of the edge and the analytics backend while it runs.

For each size (default 100k and 1M rows) a realistic CSV statement is generated
(tools/bench/statement_gen.py), uploaded with a streaming multipart body to
POST /api/documents, and the document polled until its import ends. Reported per size:
the file's size, the upload time (until the 201), the import time (201 → completed),
rows/s end to end, and the peak RSS of the edge and the analytics backend sampled every
20 ms during the whole run.

Targets: ≥ 50,000 rows/s on the 1M-row file; peak RSS < 300 MB for each process.

Run: `python -m tools.bench.analytics_import` (starts a local PostgreSQL 15, main,
analytics and the edge), or `--rows 100000` for a quick look; `--clamd tcp://host:3310`
scans uploads as production would.
"""

from __future__ import annotations

import argparse
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil

from tools.bench.analytics_stack import analytics_stack, machine
from tools.bench.statement_gen import generate

TARGET_ROWS_PER_SECOND = 50_000
TARGET_RSS_MB = 300


@dataclass
class Figures:
    rows: int
    megabytes: float
    upload_seconds: float
    import_seconds: float
    transactions: int

    @property
    def total_seconds(self) -> float:
        return self.upload_seconds + self.import_seconds

    @property
    def rows_per_second(self) -> float:
        return self.rows / self.total_seconds


class PeakRss:
    """Samples the resident set size of some processes until stopped."""

    def __init__(self, pids: dict[str, int], interval: float = 0.02) -> None:
        self._processes = {name: psutil.Process(pid) for name, pid in pids.items()}
        self.peak_mb = dict.fromkeys(pids, 0.0)
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            for name, process in self._processes.items():
                try:
                    rss = process.memory_info().rss / 2**20
                except psutil.Error:
                    continue
                self.peak_mb[name] = max(self.peak_mb[name], rss)


def _import(client: httpx.Client, path: Path, rows: int) -> Figures:
    started = time.perf_counter()
    with path.open("rb") as handle:
        response = client.post(
            "/api/documents",
            files={"file": (path.name, handle, "text/csv")},
            data={"dataSource": "personal_banking"},
        )
    uploaded = time.perf_counter()
    response.raise_for_status()
    document_id = response.json()["id"]
    while True:
        document = client.get(f"/api/documents/{document_id}").json()
        if document["status"] in ("completed", "failed"):
            break
        time.sleep(0.05)
    done = time.perf_counter()
    if document["status"] != "completed":
        raise RuntimeError(f"import failed: {document['errorMessage']}")
    return Figures(
        rows=rows,
        megabytes=path.stat().st_size / 2**20,
        upload_seconds=uploaded - started,
        import_seconds=done - uploaded,
        transactions=int(document["transactionCount"]),
    )


def _report(figures: Figures, peaks: dict[str, float]) -> None:
    print(
        f"{figures.rows:>9,} rows  {figures.megabytes:6.1f} MB"
        f"  upload {figures.upload_seconds:6.2f} s  import {figures.import_seconds:6.2f} s"
        f"  total {figures.total_seconds:6.2f} s  {figures.rows_per_second:9,.0f} rows/s"
        f"  ({figures.transactions:,} stored)"
    )
    for name, peak in peaks.items():
        flag = "met" if peak < TARGET_RSS_MB else "MISSED"
        print(f"           peak RSS {name:<10} {peak:7.1f} MB  (< {TARGET_RSS_MB} MB: {flag})")
    if figures.rows >= 1_000_000:
        met = figures.rows_per_second >= TARGET_ROWS_PER_SECOND
        print(f"           ≥ {TARGET_ROWS_PER_SECOND:,} rows/s: {'met' if met else 'MISSED'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="100000,1000000", help="comma-separated sizes")
    parser.add_argument("--database-url", help="PostgreSQL URL (default: a throw-away server)")
    parser.add_argument("--clamd", help="scan uploads with this clamd (tcp://host:port)")
    parser.add_argument("--workers", type=int, default=1, help="analytics import workers")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.rows.split(",")]

    print(f"machine: {machine()}")
    env = {"FINPLAT_ANALYTICS_IMPORT_WORKERS": str(args.workers)}
    if args.clamd:
        env["FINPLAT_EDGE_CLAMD_ADDRESS"] = args.clamd
    with analytics_stack(args.database_url, env) as bench:
        watched = ("edge", "analytics")
        pids = {p.name: p.popen.pid for p in bench.running.processes if p.name in watched}
        with bench.client(timeout=600) as client:
            bench.sign_in(client)
            for rows in sizes:
                path = bench.scratch / f"statement-{rows}.csv"
                # A seed per size: the files of one run share no transaction (no duplicates).
                generate(path, "csv", rows=rows, seed=rows)
                with PeakRss(pids) as rss:
                    figures = _import(client, path, rows)
                _report(figures, rss.peak_mb)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
