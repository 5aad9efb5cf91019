"""Portfolio benchmark (issue 17): the latency of GET /api/analytics/portfolio for a
tenant with 1,000 project finance records of 10 phases each.

  edge   GET /api/analytics/portfolio through the edge: token checks, the records, their
         phases, milestones and cost centers read in one query per kind, every record's
         earned value and health score, and main asked over gRPC with the caller's token
         (10 BatchGetProjects of 100 ids, concurrent, plus ListAllocations and the team
         size) — HTTP → gRPC → PostgreSQL and → main
  grpc   the same RPC called on the projectfinance backend directly (no edge)
  main   only main's part: the 10 batch lookups and the staffing, as the backend asks
         them (kernel.projects.MainProjects, concurrent futures)

Main, projectfinance and the edge run as real processes on a throw-away PostgreSQL 15
(one database, each backend its own tables). The 1,000 projects are created in main
through the edge (a third each active, on hold, completed); the owner is a member of
every active project. The records (fixed price, EUR), 10 phases each (budgets, progress
and costs spread so that every health bucket is filled) and 2 milestones each are
inserted straight into projectfinance's tables, as its use cases would store them. One
client, one request at a time; prints p50/p95/p99 and the portfolio's figures.
Target: edge p50 ≤ 150 ms.

Run: `python -m tools.bench.pf_portfolio [--records N] [--rounds N] [--database-url URL]`.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import grpc
import httpx
from finplat.projectfinance.v1 import portfolio_pb2, portfolio_pb2_grpc
from sqlalchemy import insert

from db.engine import make_engine
from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.projects import MainProjects
from services.projectfinance.milestones.tables import MilestoneRow
from services.projectfinance.phases.tables import PhaseRow
from services.projectfinance.records.tables import ProjectFinanceRow
from tools import stack
from tools.bench.analytics_stack import (
    machine,
    percentile,
    postgres,
    repeated_ms,
    signed_in_token,
    user_id,
)
from tools.keys import migrate_backend

PORTFOLIO = "/api/analytics/portfolio"
TARGET_P50_MS = 150.0
BACKENDS = ("main", "projectfinance")
PHASES = 10
STATUSES = ("active", "on_hold", "completed")
START = datetime(2026, 1, 1, tzinfo=UTC)
AS_OF = "2026-06-01T00:00:00Z"
_STACK_ENV = {
    "FINPLAT_LOG_LEVEL": "WARNING",
    "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "1000000000",
    "FINPLAT_EDGE_RATE_LIMIT_AUTH": "1000000000",
}


@contextmanager
def portfolio_stack(database_url: str | None) -> Iterator[tuple[stack.Stack, Path, str]]:
    """Main, projectfinance and the edge on one migrated PostgreSQL; stopped on exit."""
    with (
        tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch,
        postgres(database_url) as url,
    ):
        for backend in BACKENDS:
            migrate_backend(backend, url)
        running = stack.start_stack(
            backends=list(BACKENDS),
            database_urls=dict.fromkeys(BACKENDS, url),
            env={"FINPLAT_VAR_DIR": scratch, **_STACK_ENV},
            log_dir=Path(scratch) / "logs",
        )
        try:
            yield running, Path(scratch) / "outbox", url
        finally:
            running.stop()


def tenant_of(token: str) -> uuid.UUID:
    """The token's tenant (`tid`): the seeded rows are the tenant's."""
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return uuid.UUID(claims["tid"])


def create_projects(client: httpx.Client, owner: str, count: int) -> list[uuid.UUID]:
    """`count` projects in main, statuses in turn; the owner on every active one."""
    ids = []
    for n in range(count):
        status = STATUSES[n % len(STATUSES)]
        created = client.post("/api/projects", json={"name": f"Project {n:04d}", "status": status})
        created.raise_for_status()
        project_id = str(created.json()["id"])
        if status == "active":
            client.post(
                f"/api/projects/{project_id}/members",
                json={"user_id": owner, "allocation_percent": 5},
            ).raise_for_status()
        ids.append(uuid.UUID(project_id))
    return ids


def seed(url: str, tenant: uuid.UUID, projects: list[uuid.UUID]) -> None:
    """A fixed-price EUR record per project, PHASES phases and 2 milestones each and a
    cost center, as the capabilities store them. Progress and cost vary by record so
    that CPI and SPI spread over every health bucket."""
    now = datetime.now(UTC)
    records, phases, milestones, centers = [], [], [], []
    for n, project_id in enumerate(projects):
        record_id = uuid.uuid4()
        records.append(
            dict(
                id=record_id,
                tenant_id=tenant,
                project_id=project_id,
                parent_id=None,
                revenue_model="fixed_price",
                currency="EUR",
                total_budget=Decimal(PHASES * 1000),
                created_by=tenant,
                created_at=now,
                updated_at=now,
            )
        )
        progress = Decimal(40 + n % 61)  # 40-100 %
        overrun = Decimal(100 + (n * 7) % 60) / 100  # cost 1.00-1.59 times earned
        centers.append(
            dict(
                id=uuid.uuid4(),
                tenant_id=tenant,
                record_id=record_id,
                code=f"CC-{n:04d}",
                name=f"CC {n}",
                description="",
                currency="EUR",
                allocated_budget=Decimal(5000),
                is_active=True,
                created_at=now,
                updated_at=now,
            )
        )
        for p in range(PHASES):
            start = START + timedelta(days=14 * p)
            phases.append(
                dict(
                    id=uuid.uuid4(),
                    tenant_id=tenant,
                    record_id=record_id,
                    cost_center_id=None,
                    name=f"Phase {p + 1}",
                    currency="EUR",
                    phase_budget=Decimal(1000),
                    actual_cost=(Decimal(10) * progress * overrun).quantize(Decimal("0.01")),
                    planned_start=start,
                    planned_end=start + timedelta(days=14),
                    actual_start=start,
                    actual_end=None,
                    progress_percent=progress,
                    sequence=p + 1,
                    status="in_progress",
                    created_at=now,
                    updated_at=now,
                )
            )
        for m in range(2):
            milestones.append(
                dict(
                    id=uuid.uuid4(),
                    tenant_id=tenant,
                    record_id=record_id,
                    name=f"Milestone {m + 1}",
                    description=None,
                    amount=Decimal(6000),
                    currency="EUR",
                    due_date=None,
                    sequence=m + 1,
                    status="completed" if m == 0 else "pending",
                    completion_percent=Decimal(100 if m == 0 else 0),
                    completed_at=now if m == 0 else None,
                    billed_at=None,
                    invoice_id=None,
                    invoice_number=None,
                    created_at=now,
                    updated_at=now,
                )
            )
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(insert(ProjectFinanceRow), records)
            conn.execute(insert(CostCenterRow), centers)
            conn.execute(insert(PhaseRow), phases)
            conn.execute(insert(MilestoneRow), milestones)
            conn.exec_driver_sql("ANALYZE")
    finally:
        engine.dispose()


def line(name: str, timings: list[float]) -> str:
    p50, p95, p99 = (percentile(timings, q) for q in (0.5, 0.95, 0.99))
    return f"{name:<5} {len(timings):>5} {p50:>8.1f} {p95:>8.1f} {p99:>8.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000, help="records of the tenant")
    parser.add_argument("--rounds", type=int, default=50, help="requests measured per target")
    parser.add_argument("--database-url", help="an empty PostgreSQL (default: a throw-away one)")
    args = parser.parse_args(argv)

    with (
        portfolio_stack(args.database_url) as (running, outbox, url),
        httpx.Client(base_url=running.edge_url, timeout=60) as client,
    ):
        token = signed_in_token(client, outbox)
        client.headers["authorization"] = f"Bearer {token}"
        projects = create_projects(client, user_id(token), args.records)
        seed(url, tenant_of(token), projects)

        body: dict[str, Any] = {}

        def through_edge() -> None:
            response = client.get(PORTFOLIO, params={"as_of": AS_OF})
            assert response.status_code == 200, response.text
            body.update(response.json())

        address = running.backend_addresses["projectfinance"]
        with grpc.insecure_channel(address) as channel:
            stub = portfolio_pb2_grpc.PortfolioServiceStub(channel)  # type: ignore[no-untyped-call]
            request = portfolio_pb2.GetPortfolioMetricsRequest()
            request.as_of.FromJsonString(AS_OF)
            metadata = (("authorization", f"Bearer {token}"),)

            def direct() -> None:
                stub.GetPortfolioMetrics(request, metadata=metadata, timeout=60)

            lookups = MainProjects(running.backend_addresses["main"], timeout=60)

            def main_only() -> None:
                staffing = lookups.staffing(token)
                lookups.find_many(token, projects).result()
                staffing.result()

            # Interleaved, so that a change in the machine's load weighs on all alike.
            timings: dict[str, list[float]] = {"edge": [], "grpc": [], "main": []}
            calls = {"edge": through_edge, "grpc": direct, "main": main_only}
            for _ in range(args.rounds):
                for name, call in calls.items():
                    timings[name] += repeated_ms(call, 1, warm_up=0 if timings[name] else 3)
            lookups.close()
            load = os.getloadavg()

    print(
        f"machine: {machine()}; PostgreSQL; one tenant, {args.records} records x {PHASES} "
        "phases, 2 milestones and a cost center each; one client; load average "
        + " ".join(f"{x:.2f}" for x in load)
    )
    print(f"{'call':<5} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for name, measured in timings.items():
        print(line(name, sorted(measured)))
    figures = {
        key: body[key]
        for key in (
            "total_projects",
            "active_projects",
            "on_hold_projects",
            "completed_projects",
            "healthy_projects",
            "at_risk_projects",
            "critical_projects",
            "average_cpi",
            "average_spi",
            "average_health_score",
            "portfolio_roi",
            "total_budget",
            "resource_utilization",
        )
    }
    print("figures:", json.dumps(figures))
    p50 = percentile(sorted(timings["edge"]), 0.5)
    verdict = "met" if p50 <= TARGET_P50_MS else "NOT met"
    print(f"edge p50 {p50:.1f} ms; target ≤ {TARGET_P50_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
