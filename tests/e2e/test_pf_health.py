"""Project health through the edge (main + projectfinance): a record with phases and a
milestone created through their APIs, its health as of a fixed moment checked against
hand computation (docs/project-finance-health.md); an unknown project and another
tenant's are 404; a viewer reads; no token 401; a bad project id or as_of 400 in spec 3's
ErrorBody; and GetProjectHealth over real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from decimal import Decimal
from typing import Any

import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session
from tests.e2e.projectfinance_support import (
    RECORDS,
    add_phases,
    create_record,
    exact,
    minor,
    pf_error,
)
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

AS_OF = "2026-01-16T00:00:00Z"


def health_path(project_id: str) -> str:
    return f"/api/analytics/projects/{project_id}/health"


def record_with_work(identity: IdentityClient, user: Session) -> dict[str, Any]:
    """BAC 1000: phase 1 (Jan 1-11) 400, done, cost 500; phase 2 (Jan 11-21) 600, 25 %,
    cost 100; a completed milestone of 2000 (fixed price)."""
    http, auth = identity.http, user.auth
    record = create_record(identity, user, amount=1000)
    first, _ = add_phases(
        identity,
        user,
        record,
        (400, "2026-01-01T00:00:00Z", "2026-01-11T00:00:00Z", 100, 500),
        (600, "2026-01-11T00:00:00Z", "2026-01-21T00:00:00Z", 25, 100),
    )
    assert http.post(f"{first}/complete", headers=auth).status_code == 201
    milestone = http.post(
        f"{RECORDS}/{record['id']}/milestones",
        json={"name": "Go-live", "sequence": 1, "amount": {"amount": 2000, "currency": "EUR"}},
        headers=auth,
    ).json()
    path = f"/api/milestones/{milestone['id']}"
    progressed = http.post(f"{path}/progress", json={"completion_percent": 50}, headers=auth)
    assert progressed.status_code == 201, progressed.text
    completed = http.post(f"{path}/complete", headers=auth)
    assert completed.status_code == 201, completed.text
    return record


def test_health_of_a_record_with_work(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = record_with_work(pf_identity, owner)
    body = exact(
        pf_identity.http.get(
            health_path(record["project_id"]), params={"as_of": AS_OF}, headers=owner.auth
        )
    )
    assert (body["project_id"], body["tenant_id"]) == (record["project_id"], record["tenant_id"])
    assert isinstance(body["calculated_at"], str)

    performance = body["performance_indicators"]
    # EV = 400 + 600 * 25 % = 550; PV as of Jan 16 = 400 + 600 / 2 = 700; AC = 600.
    assert performance == {
        "cpi": Decimal("0.9167"),
        "spi": Decimal("0.7857"),
        "to_complete_performance": Decimal("1.125"),  # 450 / 400
        "earned_value": minor(55000),
        "planned_value": minor(70000),
    }
    budget = body["budget_metrics"]
    assert budget["total_budget"] == minor(100000)
    assert budget["actual_cost"] == minor(60000)
    assert budget["committed_budget"] == minor(100000)
    assert budget["remaining_budget"] == minor(40000)
    # SPI < 0.95: composite EAC = 600 + 450 / (0.9167 * 0.7857) = 1224.78.
    assert budget["estimate_at_completion"] == minor(122478)
    assert budget["estimate_to_complete"] == minor(62478)
    assert budget["budget_variance"] == minor(-22478)
    assert (budget["budget_utilization"], budget["budget_variance_pct"]) == (60, Decimal("-22.48"))

    cash = body["cash_flow_metrics"]
    # Fixed price: recognized = 2000 * EV / BAC = 1100.
    assert cash["total_revenue"] == minor(200000)
    assert cash["recognized_revenue"] == minor(110000)
    assert cash["unrecognized_revenue"] == minor(90000)
    assert cash["net_cash_flow"] == minor(50000)
    assert cash["burn_rate"] == minor(121750)  # 600 over 15 days, per 30.4375 days
    assert cash["runway_months"] == Decimal("0.33")
    assert cash["cash_flow_margin"] == Decimal("45.45")
    assert cash["revenue_recognition_pct"] == 55

    assert body["health_score"] == {
        "cpi_score": Decimal("91.67"),
        "spi_score": Decimal("78.57"),
        "budget_variance_score": Decimal("77.52"),
        "cash_flow_score": 100,
        "composite_score": Decimal("83.6"),
        "risk_score": Decimal("31.43"),
    }
    risk = body["risk_metrics"]
    assert (risk["open_issues"], risk["critical_issues"], risk["mitigation_actions"]) == (1, 1, 0)
    assert (risk["risk_level"], risk["risk_score"]) == ("high", Decimal("31.43"))
    assert risk["risk_factors"]["over_budget_phases"] == 1

    schedule = body["schedule_metrics"]
    assert schedule["planned_start_date"] == "2026-01-01T00:00:00Z"
    assert schedule["planned_end_date"] == "2026-01-21T00:00:00Z"
    assert schedule["actual_start_date"] == "2026-01-01T00:00:00Z"
    assert schedule["actual_end_date"] is None
    assert (schedule["planned_duration_days"], schedule["actual_duration_days"]) == (20, 15)
    assert schedule["schedule_variance_days"] == -4
    assert schedule["completion_percent"] == 55
    assert schedule["schedule_variance_pct"] == Decimal("-21.43")


def test_who_may_read_which_health(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    path = health_path(record["project_id"])
    viewer = member_of(pf_identity, owner, "viewer")
    assert exact(http.get(path, headers=viewer.auth))["project_id"] == record["project_id"]
    stranger = pf_identity.session()
    pf_error(http.get(path, headers=stranger.auth), 404, "not_found")
    pf_error(http.get(health_path(str(uuid.uuid4())), headers=owner.auth), 404, "not_found")
    assert http.get(path).status_code == 401


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    pf_error(
        http.get(health_path("not-a-uuid"), headers=owner.auth),
        400,
        "validation_error",
        "project_id",
    )
    pf_error(
        http.get(
            health_path(record["project_id"]), params={"as_of": "yesterday"}, headers=owner.auth
        ),
        400,
        "validation_error",
        "as_of",
    )


def test_grpcurl_gets_health_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, amount=1234.5)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.ProjectHealthService/GetProjectHealth"
    request = json.dumps({"project_id": record["project_id"]})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    health = json.loads(got.stdout)["health"]
    assert health["project_id"] == record["project_id"]
    assert health["budget_metrics"]["total_budget"] == {
        "AmountMinor": "123450",
        "Currency": "EUR",
    }
    other = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", other, "-d", request, address, method)
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
