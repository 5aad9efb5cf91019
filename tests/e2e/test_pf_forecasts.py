"""Project forecasts through the edge (main + projectfinance): an on-plan record with
phases and a milestone created through their APIs, forecast as of a fixed day and checked
against hand computation (docs/project-finance-forecasts.md); 201 with a Location whose
GET answers the same body; every period spelling honoured; the same day reproduces the
forecast; records with no cost or no planned value forecast; another tenant's project and
forecast 404; a viewer forecasts; a token without the scope 403; no token 401; bad input
400 in spec 3's ErrorBody, never 5xx; and CreateProjectForecast over real gRPC."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, bearer
from tests.e2e.projectfinance_support import (
    RECORDS,
    add_phases,
    create_record,
    exact,
    minor,
    pf_error,
    plan_phase,
    token_without_scope,
)
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

AS_OF = "2026-01-01T09:30:00Z"  # the forecast starts at 2026-01-01T00:00:00Z


def forecast_path(project_id: str) -> str:
    return f"/api/analytics/projects/{project_id}/forecast"


def forecast(
    identity: IdentityClient, user: Session, project_id: str, period: str = "3m"
) -> httpx.Response:
    return identity.http.post(
        forecast_path(project_id), json={"period": period, "as_of": AS_OF}, headers=user.auth
    )


def on_plan_record(identity: IdentityClient, user: Session) -> dict[str, Any]:
    """Fixed price, BAC 1200, a pending milestone of 2400. At Jan 1: phase 1 (Nov 1 -
    Dec 1) 600, done, cost 600; phase 2 (Dec 2 - Jan 31, half elapsed) 600, 50 %, cost
    300: both at CPI 1 and SPI 1, so the forecast has no spread."""
    record = create_record(identity, user, amount=1200)
    add_phases(
        identity,
        user,
        record,
        (600, "2025-11-01T00:00:00Z", "2025-12-01T00:00:00Z", 100, 600),
        (600, "2025-12-02T00:00:00Z", "2026-01-31T00:00:00Z", 50, 300),
    )
    milestone = identity.http.post(
        f"{RECORDS}/{record['id']}/milestones",
        json={"name": "Go-live", "sequence": 1, "amount": {"amount": 2400, "currency": "EUR"}},
        headers=user.auth,
    )
    assert milestone.status_code == 201, milestone.text
    return record


def test_an_on_plan_forecast_as_computed_by_hand_and_read_back(
    pf_identity: IdentityClient,
) -> None:
    owner = pf_identity.session()
    record = on_plan_record(pf_identity, owner)
    created = forecast(pf_identity, owner, record["project_id"])
    body = exact(created, 201)
    assert (body["project_id"], body["tenant_id"]) == (record["project_id"], record["tenant_id"])
    assert created.headers["location"] == (
        f"/api/analytics/projects/{record['project_id']}/forecasts/{body['forecast_id']}"
    )
    assert body["period"] == "3m"
    assert isinstance(body["generated_at"], str)
    assert body["forecast_end_date"] == "2026-04-01T00:00:00Z"
    # Remaining BAC - EV = 300, earned at 10 a day up to Jan 31 at CPI 1: all in January,
    # with the 600 of revenue not recognized yet (fixed price: 2400 * 900 / 1200 = 1800).
    assert body["monthly_projections"] == [
        {
            "month": month,
            "projected_cost": minor(cost),
            "projected_revenue": minor(revenue),
            "projected_profit": minor(revenue - cost),
            "cumulative_cost": minor(120000),
            "cumulative_revenue": minor(240000),
        }
        for month, cost, revenue in (
            ("2026-01-01T00:00:00Z", 30000, 60000),
            ("2026-02-01T00:00:00Z", 0, 0),
            ("2026-03-01T00:00:00Z", 0, 0),
        )
    ]
    assert (body["projected_cost"], body["projected_revenue"], body["projected_profit"]) == (
        minor(30000),
        minor(60000),
        minor(30000),
    )
    assert body["completion_probability"] == 1
    assert body["budget_risk_probability"] == 0
    assert body["confidence_level"] == 1
    assert (body["projected_cpi"], body["projected_spi"]) == (1, 1)
    assert any("10,000 Monte Carlo paths" in line for line in body["assumptions"])

    read = pf_identity.http.get(created.headers["location"], headers=owner.auth)
    assert exact(read) == body


@pytest.mark.parametrize(
    ("period", "shown", "months", "end"),
    [
        ("3m", "3m", 3, "2026-04-01T00:00:00Z"),
        ("3", "3m", 3, "2026-04-01T00:00:00Z"),
        ("6m", "6m", 6, "2026-07-01T00:00:00Z"),
        ("6", "6m", 6, "2026-07-01T00:00:00Z"),
        ("12m", "12m", 12, "2027-01-01T00:00:00Z"),
        ("12", "12m", 12, "2027-01-01T00:00:00Z"),
    ],
)
def test_the_horizon_is_honoured(
    pf_identity: IdentityClient, period: str, shown: str, months: int, end: str
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    body = exact(forecast(pf_identity, owner, record["project_id"], period), 201)
    assert body["period"] == shown
    assert len(body["monthly_projections"]) == months
    assert body["monthly_projections"][0]["month"] == "2026-01-01T00:00:00Z"
    assert body["forecast_end_date"] == end


def test_the_same_day_reproduces_the_forecast(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, amount=1500)
    add_phases(
        pf_identity,
        owner,
        record,
        (400, "2025-11-01T00:00:00Z", "2025-12-01T00:00:00Z", 100, 500),
        (600, "2025-12-02T00:00:00Z", "2026-05-31T00:00:00Z", 30, 100),
    )
    first = exact(forecast(pf_identity, owner, record["project_id"], "12m"), 201)
    again = exact(forecast(pf_identity, owner, record["project_id"], "12"), 201)
    assert first["forecast_id"] != again["forecast_id"]
    for volatile in ("forecast_id", "generated_at"):
        del first[volatile], again[volatile]
    assert first == again
    assert 0 < first["budget_risk_probability"] < 1


def test_no_actual_cost_and_no_planned_value_forecast(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    # AC = 0: progress recorded, nothing spent (CPI capped).
    free = create_record(pf_identity, owner, amount=1000)
    add_phases(
        pf_identity, owner, free, (1000, "2025-12-01T00:00:00Z", "2026-03-01T00:00:00Z", 40, 0)
    )
    # PV = 0: the only phase is planned after the forecast's start.
    future = create_record(pf_identity, owner, amount=1000)
    plan_phase(
        pf_identity,
        owner,
        future,
        1000,
        sequence=1,
        start="2026-02-01T00:00:00Z",
        end="2026-06-01T00:00:00Z",
        name="Later",
    )
    for record in (free, future):
        body = exact(forecast(pf_identity, owner, record["project_id"], "6m"), 201)
        assert len(body["monthly_projections"]) == 6
        assert 0 <= body["completion_probability"] <= 1


def test_tenants_see_only_their_own(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    created = forecast(pf_identity, owner, record["project_id"])
    location = created.headers["location"]
    stranger = pf_identity.session()
    pf_error(forecast(pf_identity, stranger, record["project_id"]), 404, "not_found")
    pf_error(http.get(location, headers=stranger.auth), 404, "not_found")
    pf_error(forecast(pf_identity, owner, str(uuid.uuid4())), 404, "not_found")
    forecast_id = exact(created, 201)["forecast_id"]
    elsewhere = f"/api/analytics/projects/{uuid.uuid4()}/forecasts/{forecast_id}"
    pf_error(http.get(elsewhere, headers=owner.auth), 404, "not_found")
    unknown = f"/api/analytics/projects/{record['project_id']}/forecasts/{uuid.uuid4()}"
    pf_error(http.get(unknown, headers=owner.auth), 404, "not_found")


def test_who_may_forecast(pf_identity: IdentityClient, projectfinance_stack: RunningStack) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    viewer = member_of(pf_identity, owner, "viewer")
    created = forecast(pf_identity, viewer, record["project_id"])
    assert created.status_code == 201, created.text
    location = created.headers["location"]
    assert http.get(location, headers=viewer.auth).status_code == 200
    token = token_without_scope(projectfinance_stack, owner, "project-finance:analytics:view")
    lacking = bearer(token)
    path = forecast_path(record["project_id"])
    pf_error(http.post(path, json={"period": "3m"}, headers=lacking), 403)
    pf_error(http.get(location, headers=lacking), 403)
    assert http.post(path, json={"period": "3m"}).status_code == 401
    assert http.get(location).status_code == 401


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    path = forecast_path(record["project_id"])
    headers = {**owner.auth, "content-type": "application/json"}
    pf_error(http.post(path, content=b'{"period": "3m"', headers=headers), 400)
    pf_error(http.post(path, content=b'["3m"]', headers=headers), 400)
    for body, field in (
        ({}, "period"),
        ({"period": ""}, "period"),
        ({"period": "2m"}, "period"),
        ({"period": "24"}, "period"),
        ({"period": 12}, "period"),
        ({"period": None}, "period"),
        ({"period": ["3m"]}, "period"),
        ({"period": "3m", "as_of": "yesterday"}, "as_of"),
        ({"period": "12m", "as_of": "9999-06-01T00:00:00Z"}, "as_of"),
    ):
        pf_error(http.post(path, json=body, headers=owner.auth), 400, "validation_error", field)
    pf_error(
        http.post(forecast_path("not-a-uuid"), json={"period": "3m"}, headers=owner.auth),
        400,
        "validation_error",
        "project_id",
    )
    bad_id = f"/api/analytics/projects/{record['project_id']}/forecasts/not-a-uuid"
    pf_error(http.get(bad_id, headers=owner.auth), 400, "validation_error", "forecast_id")


def test_grpcurl_creates_a_forecast_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, amount=1234.5)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.ProjectForecastService/CreateProjectForecast"
    request = json.dumps({"project_id": record["project_id"], "period": "6"})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    shown = json.loads(got.stdout)["forecast"]
    assert (shown["project_id"], shown["period"]) == (record["project_id"], "6m")
    assert len(shown["monthly_projections"]) == 6
    bad = json.dumps({"project_id": record["project_id"], "period": "5m"})
    refused = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", bad, address, method
    )
    assert refused.returncode != 0 and "InvalidArgument" in refused.stderr
    other = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", other, "-d", request, address, method)
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
