"""Portfolio metrics through the edge (main + projectfinance): records with phases and a
milestone created through their APIs, projects moved through main's statuses (an
archived one left out), the owner allocated on two active projects; counts by status and
health bucket, averages, ROI, performers with main's names, totals and resource
utilisation checked against hand computation (docs/project-finance-portfolio.md).
Several currencies → no totals; an empty tenant → zeros; tenants see only their own;
a viewer reads; a token without the scope 403; no token 401; a bad as_of 400; the
batch lookups in main past 100 ids; GetPortfolioMetrics over real gRPC."""

from __future__ import annotations

import json
import uuid
from decimal import Decimal
from typing import Any

import pytest

from services.projectfinance.kernel.projects import MainProjects
from services.runtime.errors import Unauthenticated
from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, bearer, claims_of
from tests.e2e.projectfinance_support import (
    RECORDS,
    add_phase,
    create_project,
    create_record,
    exact,
    minor,
    pf_error,
    token_without_scope,
)
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

PORTFOLIO = "/api/analytics/portfolio"
AS_OF = "2026-01-16T00:00:00Z"
ZEROS = {
    "total_projects": 0,
    "active_projects": 0,
    "on_hold_projects": 0,
    "completed_projects": 0,
    "healthy_projects": 0,
    "at_risk_projects": 0,
    "critical_projects": 0,
    "average_cpi": 0,
    "average_spi": 0,
    "average_health_score": 0,
    "portfolio_roi": 0,
}


def portfolio(identity: IdentityClient, user: Session) -> Any:
    return exact(identity.http.get(PORTFOLIO, params={"as_of": AS_OF}, headers=user.auth))


def build_phase(
    identity: IdentityClient, user: Session, record: dict[str, Any], progress: int, cost: int
) -> None:
    """A phase of 1000 planned Jan 1-11 (wholly planned by AS_OF), started, at
    `progress` with `cost` spent."""
    add_phase(
        identity,
        user,
        record,
        1000,
        sequence=1,
        start="2026-01-01T00:00:00Z",
        end="2026-01-11T00:00:00Z",
        progress=progress,
        cost=cost,
    )


def complete_milestone(
    identity: IdentityClient, user: Session, record: dict[str, Any], amount: int
) -> None:
    http, auth = identity.http, user.auth
    created = http.post(
        f"{RECORDS}/{record['id']}/milestones",
        json={"name": "Go-live", "sequence": 1, "amount": {"amount": amount, "currency": "EUR"}},
        headers=auth,
    )
    assert created.status_code == 201, created.text
    path = f"/api/milestones/{created.json()['id']}"
    assert http.post(f"{path}/progress", json={"completion_percent": 50}, headers=auth).is_success
    assert http.post(f"{path}/complete", headers=auth).status_code == 201


def move(identity: IdentityClient, user: Session, record: dict[str, Any], *statuses: str) -> None:
    """Main's project of `record` through `statuses` in turn."""
    for status in statuses:
        changed = identity.http.patch(
            f"/api/projects/{record['project_id']}", json={"status": status}, headers=user.auth
        )
        assert changed.status_code == 200, changed.text


def allocate(identity: IdentityClient, user: Session, record: dict[str, Any], percent: int) -> None:
    added = identity.http.post(
        f"/api/projects/{record['project_id']}/members",
        json={"user_id": claims_of(user.access_token)["sub"], "allocation_percent": percent},
        headers=user.auth,
    )
    assert added.status_code == 201, added.text


def test_portfolio_of_a_tenant(pf_identity: IdentityClient) -> None:
    identity, owner = pf_identity, pf_identity.session()
    # Healthy: EV = PV = AC = 1000 (CPI = SPI = 1, score 100); a completed milestone of
    # 2000, recognized in full (fixed price, EV = BAC). Active; the owner on it at 60 %.
    healthy = create_record(identity, owner, amount=1000)
    build_phase(identity, owner, healthy, 100, 1000)
    complete_milestone(identity, owner, healthy, 2000)
    move(identity, owner, healthy, "active")
    allocate(identity, owner, healthy, 60)
    # At risk: EV 800 (CPI = SPI = 0.8, score 77.75). Active; the owner on it at 70 %.
    at_risk = create_record(identity, owner, amount=1000)
    build_phase(identity, owner, at_risk, 80, 1000)
    move(identity, owner, at_risk, "active")
    allocate(identity, owner, at_risk, 70)
    # Critical: EV 500 (CPI = SPI = 0.5, score 40). On hold.
    critical = create_record(identity, owner, amount=1000)
    build_phase(identity, owner, critical, 50, 1000)
    move(identity, owner, critical, "on_hold")
    # No phases: on plan (score 100). Completed.
    idle = create_record(identity, owner, amount=1000)
    move(identity, owner, idle, "active", "completed")
    # Left out: an archived project's record.
    archived = create_record(identity, owner, amount=5000)
    build_phase(identity, owner, archived, 10, 900)
    archiving = identity.http.post(
        f"/api/projects/{archived['project_id']}/archive", headers=owner.auth
    )
    assert archiving.status_code == 200, archiving.text

    body = portfolio(identity, owner)
    assert body["tenant_id"] == healthy["tenant_id"]
    assert isinstance(body["calculated_at"], str)
    assert {key: body[key] for key in ZEROS} == {
        "total_projects": 4,
        "active_projects": 2,
        "on_hold_projects": 1,
        "completed_projects": 1,
        "healthy_projects": 2,
        "at_risk_projects": 1,
        "critical_projects": 1,
        "average_cpi": Decimal("0.825"),  # (1 + 0.8 + 0.5 + 1) / 4
        "average_spi": Decimal("0.825"),
        "average_health_score": Decimal("79.44"),  # (100 + 77.75 + 40 + 100) / 4
        "portfolio_roi": Decimal("-33.33"),  # (2000 - 3000) / 3000 * 100
    }
    assert body["total_budget"] == minor(400000)
    assert body["total_actual_cost"] == minor(300000)
    assert body["total_revenue"] == minor(200000)
    assert body["budget_distribution"] == {"EUR": minor(400000)}
    # One member, on two active projects at 60 + 70 = 130 %.
    assert body["resource_utilization"] == {
        "total_team_members": 1,
        "active_team_members": 1,
        "overallocated_members": 1,
        "underutilized_members": 0,
        "average_allocation": 130,
        "utilization_rate": 100,
    }

    names = {
        r["project_id"]: identity.http.get(
            f"/api/projects/{r['project_id']}", headers=owner.auth
        ).json()["name"]
        for r in (healthy, at_risk, critical, idle)
    }
    tied = sorted([healthy["project_id"], idle["project_id"]])
    top = body["top_performers"]
    assert [p["project_id"] for p in top] == [*tied, at_risk["project_id"], critical["project_id"]]
    bottom = body["bottom_performers"]
    assert [p["project_id"] for p in bottom] == [
        critical["project_id"],
        at_risk["project_id"],
        *reversed(tied),
    ]
    assert bottom[0] == {
        "project_id": critical["project_id"],
        "project_name": names[critical["project_id"]],
        "status": "on_hold",
        "cpi": Decimal("0.5"),
        "spi": Decimal("0.5"),
        "health_score": 40,
        "budget_used_pct": 100,
    }
    assert {p["project_id"]: p["project_name"] for p in top} == names


def test_several_currencies_have_no_totals(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    euros = create_record(pf_identity, owner, amount=1000)
    build_phase(pf_identity, owner, euros, 50, 100)
    create_record(pf_identity, owner, amount=250.5, currency="USD")
    body = portfolio(pf_identity, owner)
    assert (body["total_budget"], body["total_actual_cost"], body["total_revenue"]) == (None,) * 3
    assert body["budget_distribution"] == {"EUR": minor(100000), "USD": minor(25050, "USD")}
    assert (body["total_projects"], body["portfolio_roi"]) == (2, 0)


def test_an_empty_tenant_gets_zeros_and_tenants_see_only_their_own(
    pf_identity: IdentityClient,
) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    stranger = pf_identity.session()
    body = portfolio(pf_identity, stranger)
    assert {key: body[key] for key in ZEROS} == ZEROS
    assert (body["top_performers"], body["bottom_performers"]) == ([], [])
    assert body["budget_distribution"] == {}
    assert (body["total_budget"], body["total_actual_cost"], body["total_revenue"]) == (None,) * 3
    assert body["resource_utilization"]["total_team_members"] == 1
    assert body["tenant_id"] == claims_of(stranger.access_token)["tid"]
    assert portfolio(pf_identity, owner)["total_projects"] == 1


def test_who_may_read_the_portfolio(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    viewer = member_of(pf_identity, owner, "viewer")
    assert portfolio(pf_identity, viewer)["total_projects"] == 1
    token = token_without_scope(projectfinance_stack, owner, "project-finance:analytics:view")
    pf_error(http.get(PORTFOLIO, headers=bearer(token)), 403)
    assert http.get(PORTFOLIO).status_code == 401


def test_a_bad_as_of_is_400_naming_it(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    response = pf_identity.http.get(PORTFOLIO, params={"as_of": "yesterday"}, headers=owner.auth)
    pf_error(response, 400, "validation_error", "as_of")


def test_main_is_asked_in_concurrent_batches_of_100(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    ids = [uuid.UUID(create_project(pf_identity, owner, f"P{n}")) for n in range(205)]
    directory = MainProjects(projectfinance_stack.running.backend_addresses["main"])
    try:
        found = directory.find_many(owner.access_token, [*ids, uuid.uuid4(), ids[0]]).result()
        staffing = directory.staffing(owner.access_token).result()
    finally:
        directory.close()
    assert set(found) == set(ids)
    assert found[ids[204]].name == "P204" and found[ids[204]].status == "planned"
    assert (staffing.team_size, list(staffing.allocations)) == (1, [])
    # A token main refuses is the caller's 401, whichever call meets it first.
    refusing = MainProjects(projectfinance_stack.running.backend_addresses["main"])
    try:
        with pytest.raises(Unauthenticated):
            refusing.find_many("not-a-token", ids[:3]).result()
        with pytest.raises(Unauthenticated):
            refusing.staffing("not-a-token").result()
    finally:
        refusing.close()


def test_grpcurl_gets_the_portfolio_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner, amount=1234.5)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.PortfolioService/GetPortfolioMetrics"
    got = grpcurl("-H", f"authorization: Bearer {owner.access_token}", "-d", "{}", address, method)
    assert got.returncode == 0, got.stderr
    metrics = json.loads(got.stdout)["metrics"]
    assert metrics["total_projects"] == 1
    assert metrics["total_budget"] == {"AmountMinor": "123450", "Currency": "EUR"}
    assert metrics["budget_distribution"]["EUR"] == {"AmountMinor": "123450", "Currency": "EUR"}
    refused = grpcurl("-d", "{}", address, method)
    assert refused.returncode != 0 and "Unauthenticated" in refused.stderr
