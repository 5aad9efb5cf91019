"""Project finance records through the edge (main + projectfinance, each on its own
PostgreSQL database): create with its Location (the project asked of the real main with
the caller's token), get, list pages, delete; one record per project; tenant isolation;
a viewer who reads but cannot write; bad input answered 400 in spec 3's ErrorBody
naming the field (never 5xx); a fresh record's derived figures; and GetProjectFinance
over real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from decimal import Decimal
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session
from tests.e2e.projectfinance_support import RECORDS, create_project, create_record, pf_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

MONEY_FIGURES = (
    "actual_cost",
    "allocated_budget",
    "budget_variance",
    "committed_budget",
    "estimate_at_completion",
    "estimate_to_complete",
    "recognized_revenue",
    "total_budget",
    "total_revenue",
)


def exact(response: httpx.Response) -> Any:
    """The body with its JSON numbers as exact Decimals."""
    return json.loads(response.text, parse_float=Decimal, parse_int=Decimal)


def post(
    identity: IdentityClient, user: Session, project_id: str, /, **changes: Any
) -> httpx.Response:
    """POST a valid create body for `project_id`, with `changes` (any field, the
    project_id too) over it."""
    body: dict[str, Any] = {
        "project_id": project_id,
        "revenue_model": "fixed_price",
        "total_budget": {"amount": 2500, "currency": "EUR"},
        **changes,
    }
    return identity.http.post(RECORDS, json=body, headers=user.auth)


def listing(identity: IdentityClient, user: Session, **query: Any) -> httpx.Response:
    return identity.http.get(RECORDS, params=query, headers=user.auth)


def test_records_end_to_end(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    project_id = create_project(pf_identity, owner)
    created = post(pf_identity, owner, project_id, revenue_model="milestone")
    assert created.status_code == 201, created.text
    record = created.json()
    assert created.headers["location"] == f"{RECORDS}/{record['id']}"
    assert (record["project_id"], record["revenue_model"], record["parent_id"]) == (
        project_id,
        "milestone",
        None,
    )
    assert uuid.UUID(record["tenant_id"]) and record["created_at"] == record["updated_at"]
    got = http.get(f"{RECORDS}/{record['id']}", headers=owner.auth)
    assert got.status_code == 200 and got.json() == record
    page = listing(pf_identity, owner).json()
    assert page["data"] == [record]

    deleted = http.delete(f"{RECORDS}/{record['id']}", headers=owner.auth)
    assert (deleted.status_code, deleted.content) == (204, b"")
    pf_error(http.get(f"{RECORDS}/{record['id']}", headers=owner.auth), 404, "not_found")
    pf_error(http.delete(f"{RECORDS}/{record['id']}", headers=owner.auth), 404, "not_found")
    assert listing(pf_identity, owner).json()["data"] == []
    # The project may have a record again.
    assert post(pf_identity, owner, project_id).status_code == 201


def test_a_record_with_billing_is_kept_and_one_without_goes_with_its_work(
    pf_identity: IdentityClient,
) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    billing, plain = create_record(pf_identity, owner), create_record(pf_identity, owner)
    milestones = {}
    for record in (billing, plain):
        created = http.post(
            f"{RECORDS}/{record['id']}/milestones",
            json={"name": "Handover", "amount": {"amount": 400, "currency": "EUR"}, "sequence": 1},
            headers=owner.auth,
        )
        assert created.status_code == 201, created.text
        milestones[record["id"]] = created.json()["id"]
    done = f"/api/milestones/{milestones[billing['id']]}"
    for action, body in (("progress", {"completion_percent": 60}), ("complete", {})):
        moved = http.post(f"{done}/{action}", json=body, headers=owner.auth)
        assert moved.status_code == 201, moved.text
    invoiced = http.post(f"{done}/invoice", json={}, headers=owner.auth)
    assert invoiced.status_code == 201, invoiced.text
    refused = pf_error(
        http.delete(f"{RECORDS}/{billing['id']}", headers=owner.auth), 409, "invalid_transition"
    )
    assert billing["id"] in refused["message"]
    assert http.get(f"{RECORDS}/{billing['id']}", headers=owner.auth).status_code == 200
    assert http.delete(f"{RECORDS}/{plain['id']}", headers=owner.auth).status_code == 204
    gone = f"/api/milestones/{milestones[plain['id']]}"
    pf_error(http.get(gone, headers=owner.auth), 404, "not_found")


def test_a_fresh_record_is_on_plan(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, amount=10000)
    body = exact(pf_identity.http.get(f"{RECORDS}/{record['id']}", headers=owner.auth))
    for name in MONEY_FIGURES:
        assert body[name]["currency"] == "EUR", name
    budget = Decimal(10000)
    assert {name: body[name]["amount"] for name in MONEY_FIGURES} == {
        "actual_cost": 0,
        "allocated_budget": 0,
        "budget_variance": 0,
        "committed_budget": 0,
        "estimate_at_completion": budget,  # nothing earned, nothing spent: BAC
        "estimate_to_complete": budget,
        "recognized_revenue": 0,
        "total_budget": budget,
        "total_revenue": 0,
    }
    assert body["cost_performance_index"] == {"value": 1}
    assert body["schedule_performance_index"] == {"value": 1}
    assert body["budget_variance_percent"] == {"value": 0}
    assert body["financial_health_score"] == {"score": 100}
    assert (body["health_status"], body["risk_level"]) == ("healthy", "low")


def test_figures_follow_the_work_under_the_record(pf_identity: IdentityClient) -> None:
    """The figures of a record with real work under it, each created through its own API:
    a cost center with an allocation, a phase charged to it (planned wholly in the past,
    half done, over its cost so far) and a completed milestone."""
    owner = pf_identity.session()
    http, auth = pf_identity.http, owner.auth
    record = create_record(pf_identity, owner, amount=10000)
    base = f"{RECORDS}/{record['id']}"
    center = http.post(
        f"{base}/cost-centers", json={"code": "ENG", "name": "Engineering"}, headers=auth
    ).json()
    allocated = http.post(
        f"/api/cost-centers/{center['id']}/allocate-budget",
        json={"amount": {"amount": 3000, "currency": "EUR"}},
        headers=auth,
    )
    assert allocated.status_code == 201, allocated.text
    phase = http.post(
        f"{base}/phases",
        json={
            "name": "Build",
            "sequence": 1,
            "phase_budget": {"amount": 4000, "currency": "EUR"},
            "planned_start": "2025-01-01T00:00:00Z",
            "planned_end": "2025-06-30T00:00:00Z",
            "cost_center_id": center["id"],
        },
        headers=auth,
    ).json()
    phase_path = f"/api/phases/{phase['id']}"
    assert http.post(f"{phase_path}/start", headers=auth).status_code == 201
    progressed = http.post(f"{phase_path}/progress", json={"percent": 50}, headers=auth)
    assert progressed.status_code == 201, progressed.text
    costed = http.put(
        phase_path, json={"actual_cost": {"amount": 2500, "currency": "EUR"}}, headers=auth
    )
    assert costed.status_code == 200, costed.text
    milestone = http.post(
        f"{base}/milestones",
        json={"name": "Go-live", "sequence": 1, "amount": {"amount": 12000, "currency": "EUR"}},
        headers=auth,
    ).json()
    milestone_path = f"/api/milestones/{milestone['id']}"
    assert (
        http.post(
            f"{milestone_path}/progress", json={"completion_percent": 80}, headers=auth
        ).status_code
        == 201
    )
    assert http.post(f"{milestone_path}/complete", headers=auth).status_code == 201

    body = exact(http.get(base, headers=auth))
    # BAC 10000, AC 2500, EV 4000 * 50% = 2000, PV 4000 (planned time all past).
    assert {name: body[name]["amount"] for name in MONEY_FIGURES} == {
        "actual_cost": Decimal("2500.00"),
        "allocated_budget": Decimal("3000.00"),
        "budget_variance": Decimal("-2500.00"),  # BAC - EAC
        "committed_budget": Decimal("4000.00"),
        "estimate_at_completion": Decimal("12500.00"),  # AC + (BAC - EV) / CPI
        "estimate_to_complete": Decimal("10000.00"),
        "recognized_revenue": Decimal("2400.00"),  # fixed price: 12000 * EV / BAC
        "total_budget": Decimal("10000.00"),
        "total_revenue": Decimal("12000.00"),
    }
    assert body["cost_performance_index"] == {"value": Decimal("0.8")}  # EV / AC
    assert body["schedule_performance_index"] == {"value": Decimal("0.5")}  # EV / PV
    assert body["budget_variance_percent"] == {"value": -25}
    # 100 * (0.4 * 0.8 + 0.4 * 0.5 + 0.2 * 0.75)
    assert body["financial_health_score"] == {"score": 67}
    assert (body["health_status"], body["risk_level"]) == ("at_risk", "critical")
    # The cost center's actual cost is its phases'.
    center_now = exact(http.get(f"/api/cost-centers/{center['id']}", headers=auth))
    assert center_now["actual_cost"]["amount"] == Decimal("2500.00")


@pytest.mark.parametrize(
    ("amount", "currency", "printed", "zero"),
    [
        ("1500", "JPY", "1500", "0"),
        ("1.25", "KWD", "1.250", "0.000"),
        ("12.5", "EUR", "12.50", "0.00"),
    ],
)
def test_amounts_print_with_their_currencys_places(
    pf_identity: IdentityClient, amount: str, currency: str, printed: str, zero: str
) -> None:
    owner = pf_identity.session()
    project_id = create_project(pf_identity, owner)
    response = pf_identity.http.post(
        RECORDS,
        content=(
            f'{{"project_id": "{project_id}", "revenue_model": "cost_plus", '
            f'"total_budget": {{"amount": {amount}, "currency": "{currency}"}}}}'
        ),
        headers={**owner.auth, "content-type": "application/json"},
    )
    assert response.status_code == 201, response.text
    assert f'"total_budget":{{"amount":{printed},"currency":"{currency}"}}' in response.text
    assert f'"actual_cost":{{"amount":{zero},"currency":"{currency}"}}' in response.text


def test_list_pages_newest_first(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    ids = [create_record(pf_identity, owner)["id"] for _ in range(3)][::-1]
    first = listing(pf_identity, owner, limit=2).json()
    assert [r["id"] for r in first["data"]] == ids[:2]
    assert first["pagination"] == {
        "has_next": True,
        "has_prev": False,
        "page": 1,
        "pages": 2,
        "per_page": 2,
        "total": 3,
    }
    second = listing(pf_identity, owner, limit=2, offset=2).json()
    assert [r["id"] for r in second["data"]] == ids[2:]
    assert second["pagination"] == {
        "has_next": False,
        "has_prev": True,
        "page": 2,
        "pages": 2,
        "per_page": 2,
        "total": 3,
    }
    default = listing(pf_identity, owner).json()
    assert (len(default["data"]), default["pagination"]["per_page"]) == (3, 20)
    beyond = listing(pf_identity, owner, limit=100, offset=50).json()
    assert beyond["data"] == [] and beyond["pagination"]["page"] == 1
    empty = listing(pf_identity, pf_identity.session()).json()
    assert empty == {
        "data": [],
        "pagination": {
            "has_next": False,
            "has_prev": False,
            "page": 1,
            "pages": 0,
            "per_page": 20,
            "total": 0,
        },
    }
    for query, field in (
        ({"limit": 0}, "limit"),
        ({"limit": 101}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"offset": -1}, "offset"),
    ):
        pf_error(listing(pf_identity, owner, **query), 400, "validation_error", field)


def test_one_record_per_project(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    project_id = create_project(pf_identity, owner)
    assert post(pf_identity, owner, project_id).status_code == 201
    body = pf_error(post(pf_identity, owner, project_id), 409, "already_exists")
    assert project_id in body["message"]


def test_the_project_must_be_one_of_the_callers_tenant(pf_identity: IdentityClient) -> None:
    owner, stranger = pf_identity.session(), pf_identity.session()
    theirs = create_project(pf_identity, stranger)
    for project_id in (theirs, str(uuid.uuid4())):
        body = pf_error(post(pf_identity, owner, project_id), 400, "validation_error")
        assert body["details"] == {"project_id": f"no project {project_id} in this tenant"}
    assert listing(pf_identity, owner).json()["pagination"]["total"] == 0


def test_a_parent_record_of_the_tenant(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner, stranger = pf_identity.session(), pf_identity.session()
    parent = create_record(pf_identity, owner)
    child = post(pf_identity, owner, create_project(pf_identity, owner), parent_id=parent["id"])
    assert child.status_code == 201 and child.json()["parent_id"] == parent["id"]
    foreign = create_record(pf_identity, stranger)
    for parent_id in (foreign["id"], str(uuid.uuid4())):
        response = post(pf_identity, owner, create_project(pf_identity, owner), parent_id=parent_id)
        pf_error(response, 400, "validation_error", "parent_id")
    assert http.delete(f"{RECORDS}/{parent['id']}", headers=owner.auth).status_code == 204
    detached = http.get(f"{RECORDS}/{child.json()['id']}", headers=owner.auth).json()
    assert detached["parent_id"] is None


def test_another_tenants_record_is_not_found_and_never_listed(
    pf_identity: IdentityClient,
) -> None:
    http = pf_identity.http
    owner, stranger = pf_identity.session(), pf_identity.session()
    record = create_record(pf_identity, owner)
    create_record(pf_identity, stranger)
    path = f"{RECORDS}/{record['id']}"
    unknown_id = str(uuid.uuid4())
    foreign = pf_error(http.get(path, headers=stranger.auth), 404, "not_found")
    unknown = pf_error(http.get(f"{RECORDS}/{unknown_id}", headers=stranger.auth), 404)
    # Word for word what a missing record gets: nothing tells that it exists.
    assert foreign["message"].replace(record["id"], "<id>") == unknown["message"].replace(
        unknown_id, "<id>"
    )
    pf_error(http.delete(path, headers=stranger.auth), 404, "not_found")
    theirs = listing(pf_identity, stranger).json()
    assert record["id"] not in [r["id"] for r in theirs["data"]]
    assert theirs["pagination"]["total"] == 1
    assert http.get(path, headers=owner.auth).status_code == 200


def test_a_viewer_reads_but_cannot_write_and_a_member_writes(
    pf_identity: IdentityClient,
) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    viewer = member_of(pf_identity, owner, "viewer")
    path = f"{RECORDS}/{record['id']}"
    assert http.get(path, headers=viewer.auth).json() == record
    assert listing(pf_identity, viewer).json()["data"] == [record]
    project_id = create_project(pf_identity, owner)
    assert post(pf_identity, viewer, project_id).status_code == 403
    assert http.delete(path, headers=viewer.auth).status_code == 403
    member = member_of(pf_identity, owner, "member")
    assert post(pf_identity, member, project_id).status_code == 201


def test_no_token_is_401(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    record_path = f"{RECORDS}/{uuid.uuid4()}"
    for response in (
        http.get(RECORDS),
        http.post(RECORDS, json={}),
        http.get(record_path),
        http.delete(record_path),
        http.get(RECORDS, headers={"authorization": "Bearer not-a-token"}),
    ):
        assert response.status_code == 401, response.text


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    project_id = create_project(pf_identity, owner)
    for path_id in ("not-a-uuid", "123"):
        pf_error(
            http.get(f"{RECORDS}/{path_id}", headers=owner.auth), 400, "validation_error", "id"
        )
        pf_error(http.delete(f"{RECORDS}/{path_id}", headers=owner.auth), 400, None, "id")
    headers = {**owner.auth, "content-type": "application/json"}
    for raw in (b'{"project_id": ', b"[1, 2]", b"{,}"):
        pf_error(http.post(RECORDS, content=raw, headers=headers), 400, "bad_request")
    budget = {"amount": 2500, "currency": "EUR"}
    cases: list[tuple[dict[str, Any], str]] = [
        ({"project_id": 123}, "project_id"),
        ({"project_id": "nope"}, "project_id"),
        ({"revenue_model": 7}, "revenue_model"),
        ({"revenue_model": "barter"}, "revenue_model"),
        ({"total_budget": "2500 EUR"}, "total_budget"),
        ({"total_budget": {**budget, "amount": "lots"}}, "total_budget.amount"),
        ({"total_budget": {**budget, "amount": True}}, "total_budget.amount"),
        ({"total_budget": {**budget, "amount": -1}}, "total_budget.amount"),
        ({"total_budget": {"amount": 10.001, "currency": "EUR"}}, "total_budget.amount"),
        ({"total_budget": {"amount": 1.5, "currency": "JPY"}}, "total_budget.amount"),
        ({"total_budget": {**budget, "currency": "XYZ"}}, "total_budget.currency"),
        ({"total_budget": {**budget, "currency": "eur"}}, "total_budget.currency"),
        ({"total_budget": {"currency": "EUR"}}, "total_budget.amount"),
        ({"total_budget": {"amount": 1}}, "total_budget.currency"),
        ({"parent_id": "nope"}, "parent_id"),
    ]
    for changes, field in cases:
        body = pf_error(post(pf_identity, owner, project_id, **changes), 400, None, field)
        assert body["code"] == "validation_error", (changes, body)
    complete = {"project_id": project_id, "revenue_model": "fixed_price", "total_budget": budget}
    for missing in complete:
        body = {k: v for k, v in complete.items() if k != missing}
        response = http.post(RECORDS, json=body, headers=owner.auth)
        assert pf_error(response, 400, "validation_error", missing)["details"][missing] == (
            "is required"
        )
    # Nothing of the above was stored.
    assert listing(pf_identity, owner).json()["pagination"]["total"] == 0


def test_grpcurl_gets_a_record_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, amount=1234.5)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.ProjectFinanceService/GetProjectFinance"
    request = json.dumps({"id": record["id"]})
    bearer = f"authorization: Bearer {owner.access_token}"
    got = grpcurl("-H", bearer, "-d", request, address, method)
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["project_finance"]
    assert (read["id"], read["project_id"], read["total_budget"]) == (
        record["id"],
        record["project_id"],
        {"amount": "1234.50", "currency": "EUR"},
    )
    assert read["cost_performance_index"] == {"value": "1.0000"}
    other = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", other, "-d", request, address, method)
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
    anonymous = grpcurl("-d", request, address, method)
    assert anonymous.returncode != 0 and "Unauthenticated" in anonymous.stderr
