"""The portfolio read on each supported database, over hand-built records (phases and
milestones inserted as stored): counts by main's status and by health bucket, averages,
performers, totals and ROI checked against hand computation; archived projects left
out; another tenant's records never counted; several currencies → no totals, budgets per
currency; a tenant without records gets zeros."""

from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import Engine

from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.project_directory import Allocation, Staffing
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.portfolio import usecases
from tests.services.projectfinance.portfolio.support import (
    AS_OF,
    TOKEN,
    MainDirectory,
    insert_milestone,
    insert_phase,
)
from tests.services.projectfinance.support import NOW, insert_record


def _record(
    engine: Engine, tenant: uuid.UUID, main: MainDirectory, status: str, **kw: str
) -> RecordRef:
    record = insert_record(
        engine,
        tenant,
        total_budget=Decimal(kw.get("budget", "1000.00")),
        currency=kw.get("currency", "EUR"),
    )
    main.add(record.project_id, status, name=f"Project {status}")
    return record


def _metrics(uow: UowFactory, tenant: uuid.UUID, main: MainDirectory) -> usecases.PortfolioMetrics:
    return usecases.portfolio_metrics(
        uow(), tenant, directory=main, token=TOKEN, as_of=AS_OF, clock=lambda: NOW
    )


def test_counts_by_status_and_health_bucket(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID, main: MainDirectory
) -> None:
    # Healthy: EV = PV = AC = 1000 → CPI = SPI = 1, score 100; a completed milestone of
    # 2000 recognized in full (fixed price, EV = BAC).
    healthy = _record(engine, tenant, main, "active")
    insert_phase(engine, healthy, budget="1000", progress="100", cost="1000")
    insert_milestone(engine, healthy, "2000", "completed")
    # At risk: EV 800, PV 1000, AC 1000 → CPI = SPI = 0.8; EAC = 1000 + 200 / 0.64 =
    # 1312.5, VAC % = -31.25 → score 0.4*80 + 0.4*80 + 0.2*68.75 = 77.75.
    at_risk = _record(engine, tenant, main, "on_hold")
    insert_phase(engine, at_risk, budget="1000", progress="80", cost="1000")
    # Critical: EV 500 → CPI = SPI = 0.5; EAC 3000, VAC % -200 → score 0.4*50 + 0.4*50 = 40.
    critical = _record(engine, tenant, main, "completed")
    insert_phase(engine, critical, budget="1000", progress="50", cost="1000")
    # No phases: on plan (score 100), nothing spent; a planned project.
    idle = _record(engine, tenant, main, "planned")
    # A cancelled phase counts for nothing.
    insert_phase(engine, idle, budget="1000", progress="0", cost="900", status="cancelled")
    # Left out: an archived project's record and another tenant's.
    archived = _record(engine, tenant, main, "archived")
    insert_phase(engine, archived, budget="1000", progress="10", cost="1000")
    _record(engine, uuid.uuid4(), main, "active")

    shown = _metrics(uow, tenant, main)
    assert (shown.tenant_id, shown.calculated_at) == (tenant, NOW)
    p = shown.portfolio
    assert (p.total_projects, p.active_projects, p.on_hold_projects, p.completed_projects) == (
        4,
        1,
        1,
        1,
    )
    assert (p.healthy_projects, p.at_risk_projects, p.critical_projects) == (2, 1, 1)
    assert (p.average_cpi, p.average_spi) == (Decimal("0.8250"), Decimal("0.8250"))
    assert p.average_health_score == Decimal("79.44")  # 317.75 / 4, half to even
    # (2000 - 3000) / 3000 * 100
    assert p.portfolio_roi == Decimal("-33.33")
    assert p.totals is not None
    assert p.totals.total_budget == Money(Decimal("4000.00"), "EUR")
    assert p.totals.total_actual_cost == Money(Decimal("3000.00"), "EUR")
    assert p.totals.total_revenue == Money(Decimal("2000.00"), "EUR")
    assert p.budget_distribution == {"EUR": Money(Decimal("4000.00"), "EUR")}

    # Ties (score 100, CPI 1) go by project id.
    tied = sorted([healthy.project_id, idle.project_id])
    top = [x.standing.project_id for x in p.top_performers]
    assert top == [*tied, at_risk.project_id, critical.project_id]
    bottom = [x.standing.project_id for x in p.bottom_performers]
    assert bottom == [critical.project_id, at_risk.project_id, *reversed(tied)]
    best = p.top_performers[[healthy.project_id, idle.project_id].index(tied[0])]
    assert best.project is not None and best.status in ("active", "planned")
    worst = p.bottom_performers[0]
    assert (worst.status, worst.standing.bucket) == ("completed", "critical")
    assert (worst.standing.cpi, worst.standing.spi) == (Decimal("0.5000"), Decimal("0.5000"))
    assert worst.standing.health_score == Decimal("40.00")
    assert worst.standing.budget_used_pct == Decimal("100.00")

    # Main was asked once, with the caller's token, for the tenant's records' projects.
    [(token, asked)] = main.asked
    assert token == TOKEN
    assert set(asked) == {r.project_id for r in (healthy, at_risk, critical, idle, archived)}


def test_a_project_main_no_longer_has_is_counted_as_unknown(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID, main: MainDirectory
) -> None:
    gone = insert_record(engine, tenant)
    p = _metrics(uow, tenant, main).portfolio
    assert (p.total_projects, p.active_projects, p.healthy_projects) == (1, 0, 1)
    [performer] = p.top_performers
    assert (performer.standing.project_id, performer.project, performer.status) == (
        gone.project_id,
        None,
        "unknown",
    )


def test_several_currencies_have_no_totals_but_budgets_per_currency(
    engine: Engine, uow: UowFactory, tenant: uuid.UUID, main: MainDirectory
) -> None:
    euros = _record(engine, tenant, main, "active", budget="1000.00")
    insert_phase(engine, euros, budget="1000", progress="50", cost="100")
    _record(engine, tenant, main, "active", budget="250.50")
    dollars = _record(engine, tenant, main, "active", budget="500.00", currency="USD")
    insert_phase(engine, dollars, budget="500", progress="50", cost="100")
    insert_milestone(engine, dollars, "900", "completed")
    _record(engine, tenant, main, "active", budget="7000", currency="JPY")

    p = _metrics(uow, tenant, main).portfolio
    assert p.totals is None
    assert p.portfolio_roi == 0  # amounts in different currencies are never added
    assert p.budget_distribution == {
        "EUR": Money(Decimal("1250.50"), "EUR"),
        "JPY": Money(Decimal("7000"), "JPY"),
        "USD": Money(Decimal("500.00"), "USD"),
    }
    assert p.total_projects == 4


def test_a_tenant_without_records_gets_zeros(
    uow: UowFactory, tenant: uuid.UUID, main: MainDirectory
) -> None:
    main.staff = Staffing(
        team_size=3,
        allocations=(Allocation(uuid.uuid4(), Decimal("120.00"), 2, True),),
    )
    p = _metrics(uow, tenant, main).portfolio
    assert (p.total_projects, p.active_projects, p.healthy_projects, p.critical_projects) == (
        0,
        0,
        0,
        0,
    )
    assert (p.average_cpi, p.average_spi, p.average_health_score, p.portfolio_roi) == (0,) * 4
    assert (p.top_performers, p.bottom_performers, p.budget_distribution) == ((), (), {})
    assert p.totals is None
    # The staffing is the tenant's, records or not.
    assert (p.utilization.total_team_members, p.utilization.overallocated_members) == (3, 1)
