"""Cost centers through the edge (main + projectfinance on PostgreSQL): every operation
with its status and Location, budget allocation to the last cent and no further, an
inactive cost center's 409, a taken code's 409, tenant isolation (404 on every path), a
viewer who reads but cannot write, no token, bad input in spec 3's ErrorBody naming the
field (never 5xx), and GetCostCenter over real gRPC with the caller's token."""

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
from tests.e2e.projectfinance_support import RECORDS, create_record, pf_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

COST_CENTERS = "/api/cost-centers"
FIELDS = {
    "actual_cost",
    "allocated_budget",
    "code",
    "created_at",
    "currency",
    "description",
    "id",
    "is_active",
    "name",
    "project_finance_id",
    "tenant_id",
    "updated_at",
}
# Every operation on one cost center: (method, path under /api/cost-centers/{id}, body).
ON_A_COST_CENTER: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "", None),
    ("PUT", "", {"name": "Renamed"}),
    ("POST", "/allocate-budget", {"amount": {"amount": 1, "currency": "EUR"}}),
    ("DELETE", "", None),
]
WRITES = [(m, p, b) for m, p, b in ON_A_COST_CENTER if m != "GET"]
JSON = {"content-type": "application/json"}


def of_record(record_id: str) -> str:
    return f"{RECORDS}/{record_id}/cost-centers"


def exact(response: httpx.Response) -> Any:
    """The body with its JSON numbers as exact decimals."""
    return json.loads(response.text, parse_float=Decimal)


def create(
    identity: IdentityClient, user: Session, record: dict[str, Any], **fields: Any
) -> dict[str, Any]:
    body = {"code": "DEV", "name": "Development", **fields}
    response = identity.http.post(of_record(record["id"]), json=body, headers=user.auth)
    assert response.status_code == 201, response.text
    center: dict[str, Any] = exact(response)
    assert response.headers["location"] == f"{COST_CENTERS}/{center['id']}"
    return center


def allocate(
    identity: IdentityClient, user: Session, center: dict[str, Any], raw_amount: str
) -> httpx.Response:
    """POST …/allocate-budget with `raw_amount` as the JSON number's exact text."""
    body = f'{{"amount": {{"amount": {raw_amount}, "currency": "EUR"}}}}'
    return identity.http.post(
        f"{COST_CENTERS}/{center['id']}/allocate-budget",
        content=body.encode(),
        headers={**user.auth, **JSON},
    )


def allocated(
    identity: IdentityClient, user: Session, center: dict[str, Any], raw_amount: str
) -> dict[str, Any]:
    """An allocation that is allowed: 201 with the cost center and its Location."""
    response = allocate(identity, user, center, raw_amount)
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"{COST_CENTERS}/{center['id']}"
    result: dict[str, Any] = exact(response)
    return result


def test_a_cost_center_from_creation_to_deletion(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner, amount=1000)
    listed = http.get(of_record(record["id"]), headers=owner.auth)
    assert (listed.status_code, listed.json()) == (200, [])

    dev = create(pf_identity, owner, record, code="DEV-01", description="Build and test")
    assert set(dev) == FIELDS
    assert (dev["code"], dev["name"], dev["description"], dev["currency"]) == (
        "DEV-01",
        "Development",
        "Build and test",
        "EUR",
    )
    assert dev["allocated_budget"] == {"amount": 0, "currency": "EUR"}
    assert dev["actual_cost"] == {"amount": 0, "currency": "EUR"}
    assert (dev["is_active"], dev["project_finance_id"], dev["tenant_id"]) == (
        True,
        record["id"],
        record["tenant_id"],
    )
    ops = create(pf_identity, owner, record, code="A.OPS", name="Operations", currency="EUR")
    assert ops["description"] == ""
    url = f"{COST_CENTERS}/{dev['id']}"
    assert exact(http.get(url, headers=owner.auth)) == dev
    listed = http.get(of_record(record["id"]), headers=owner.auth)
    assert [c["id"] for c in listed.json()] == [ops["id"], dev["id"]]  # by code

    pf_error(
        http.post(
            of_record(record["id"]), json={"code": "DEV-01", "name": "Again"}, headers=owner.auth
        ),
        409,
        "already_exists",
    )

    # Allocation: up to the record's budget, to the last cent, and no further.
    assert allocated(pf_identity, owner, dev, "600.00")["allocated_budget"] == {
        "amount": Decimal("600.00"),
        "currency": "EUR",
    }
    cent = allocate(pf_identity, owner, dev, "0.01")
    assert cent.status_code == 201, cent.text
    assert '"allocated_budget":{"amount":600.01,"currency":"EUR"}' in cent.text.replace(" ", "")
    too_much = pf_error(
        allocate(pf_identity, owner, ops, "400.00"), 400, "validation_error", "amount.amount"
    )
    assert "399.99" in too_much["message"] and "399.99" in too_much["details"]["amount.amount"]
    last = allocated(pf_identity, owner, ops, "399.99")
    assert last["allocated_budget"]["amount"] == Decimal("399.99")
    pf_error(allocate(pf_identity, owner, dev, "0.01"), 400, "validation_error", "amount.amount")

    # Update: only what is sent (null leaves a field as it is); inactive takes nothing.
    changed = http.put(url, json={"is_active": False, "name": None}, headers=owner.auth)
    assert changed.status_code == 200, changed.text
    body = exact(changed)
    assert (body["is_active"], body["name"], body["description"]) == (
        False,
        "Development",
        "Build and test",
    )
    assert body["allocated_budget"]["amount"] == Decimal("600.01")
    renamed = http.put(url, json={"name": "Dev", "description": ""}, headers=owner.auth)
    assert (renamed.json()["name"], renamed.json()["description"]) == ("Dev", "")
    pf_error(allocate(pf_identity, owner, dev, "1.00"), 409, "invalid_transition")

    # Deleting returns the cost center's allocation to the record.
    deleted = http.delete(url, headers=owner.auth)
    assert (deleted.status_code, deleted.content) == (204, b"")
    pf_error(http.get(url, headers=owner.auth), 404, "not_found")
    pf_error(http.delete(url, headers=owner.auth), 404, "not_found")
    assert allocated(pf_identity, owner, ops, "600.01")["allocated_budget"]["amount"] == Decimal(
        "1000.00"
    )
    assert [c["id"] for c in http.get(of_record(record["id"]), headers=owner.auth).json()] == [
        ops["id"]
    ]


def test_another_tenant_gets_404_on_every_path(pf_identity: IdentityClient) -> None:
    http, owner, stranger = pf_identity.http, pf_identity.session(), pf_identity.session()
    record = create_record(pf_identity, owner)
    center = create(pf_identity, owner, record)
    for method, path, body in ON_A_COST_CENTER:
        response = http.request(
            method, f"{COST_CENTERS}/{center['id']}{path}", json=body, headers=stranger.auth
        )
        pf_error(response, 404, "not_found")
    pf_error(http.get(of_record(record["id"]), headers=stranger.auth), 404, "not_found")
    intrusion = {"code": "MINE", "name": "Intrusion"}
    pf_error(http.post(of_record(record["id"]), json=intrusion, headers=stranger.auth), 404)
    # Nothing leaked, nothing changed.
    assert exact(http.get(of_record(record["id"]), headers=owner.auth)) == [center]
    pf_error(http.get(f"{COST_CENTERS}/{uuid.uuid4()}", headers=owner.auth), 404, "not_found")
    pf_error(http.get(of_record(str(uuid.uuid4())), headers=owner.auth), 404, "not_found")


def test_a_viewer_reads_but_cannot_write_and_no_token_is_401(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)
    center = create(pf_identity, owner, record)
    viewer = member_of(pf_identity, owner, "viewer")
    assert exact(http.get(f"{COST_CENTERS}/{center['id']}", headers=viewer.auth)) == center
    assert exact(http.get(of_record(record["id"]), headers=viewer.auth)) == [center]
    body = {"code": "NO", "name": "No"}
    pf_error(http.post(of_record(record["id"]), json=body, headers=viewer.auth), 403)
    for method, path, payload in WRITES:
        response = http.request(
            method, f"{COST_CENTERS}/{center['id']}{path}", json=payload, headers=viewer.auth
        )
        pf_error(response, 403)
    for method, path, payload in ON_A_COST_CENTER:
        response = http.request(method, f"{COST_CENTERS}/{center['id']}{path}", json=payload)
        assert response.status_code == 401, response.text
    assert http.get(of_record(record["id"])).status_code == 401
    assert http.post(of_record(record["id"]), json=body).status_code == 401
    member = member_of(pf_identity, owner, "member")
    assert allocate(pf_identity, member, center, "5").status_code == 201


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)
    center = create(pf_identity, owner, record)
    url = of_record(record["id"])
    good: dict[str, Any] = {"code": "QA", "name": "Quality"}

    def refused(body: Any, field: str, target: str = url, method: str = "POST") -> None:
        response = http.request(method, target, json=body, headers=owner.auth)
        pf_error(response, 400, "validation_error", field)

    for field in ("code", "name"):
        refused({k: v for k, v in good.items() if k != field}, field)
        refused({**good, field: None}, field)
    refused({**good, "code": "qa"}, "code")
    refused({**good, "code": "-QA"}, "code")
    refused({**good, "code": "Q" * 21}, "code")
    refused({**good, "code": 7}, "code")
    refused({**good, "name": "   "}, "name")
    refused({**good, "name": "x" * 201}, "name")
    refused({**good, "name": "a\u202eb"}, "name")
    refused({**good, "name": ["Quality"]}, "name")
    refused({**good, "description": "x" * 2001}, "description")
    refused({**good, "currency": "XYZ"}, "currency")
    refused({**good, "currency": "USD"}, "currency")
    refused({**good, "currency": "eur"}, "currency")

    allocation = f"{COST_CENTERS}/{center['id']}/allocate-budget"
    refused({}, "amount", allocation)
    refused({"amount": None}, "amount", allocation)
    refused({"amount": {"amount": 100}}, "amount.currency", allocation)
    refused({"amount": {"currency": "EUR"}}, "amount.amount", allocation)
    refused({"amount": {"amount": -5, "currency": "EUR"}}, "amount.amount", allocation)
    refused({"amount": {"amount": 0, "currency": "EUR"}}, "amount.amount", allocation)
    refused({"amount": {"amount": 1, "currency": "XYZ"}}, "amount.currency", allocation)
    refused({"amount": {"amount": 1, "currency": "USD"}}, "amount.currency", allocation)
    refused({"amount": {"amount": "abc", "currency": "EUR"}}, "amount.amount", allocation)
    refused({"amount": {"amount": True, "currency": "EUR"}}, "amount.amount", allocation)
    refused({"amount": 5}, "amount", allocation)
    three_places = http.post(
        allocation,
        content=b'{"amount": {"amount": 10.001, "currency": "EUR"}}',
        headers={**owner.auth, **JSON},
    )
    pf_error(three_places, 400, "validation_error", "amount.amount")

    put = f"{COST_CENTERS}/{center['id']}"
    refused({"name": " "}, "name", put, "PUT")
    refused({"name": "x" * 201}, "name", put, "PUT")
    refused({"description": "x" * 2001}, "description", put, "PUT")
    refused({"is_active": "yes"}, "is_active", put, "PUT")
    refused({"is_active": 1}, "is_active", put, "PUT")

    for target, method in ((url, "POST"), (allocation, "POST"), (put, "PUT")):
        for content in (b'{"code": ', b"[1, 2]", b"{,}"):
            response = http.request(method, target, content=content, headers={**owner.auth, **JSON})
            pf_error(response, 400)
    for method, path, body in ON_A_COST_CENTER:
        response = http.request(
            method, f"{COST_CENTERS}/not-a-uuid{path}", json=body, headers=owner.auth
        )
        pf_error(response, 400, "validation_error", "id")
    pf_error(http.get(of_record("not-a-uuid"), headers=owner.auth), 400, field="project_finance_id")
    pf_error(http.post(of_record("not-a-uuid"), json=good, headers=owner.auth), 400)
    # Nothing was allocated, changed or created by any of it.
    assert exact(http.get(url, headers=owner.auth)) == [center]


def test_grpcurl_gets_a_cost_center_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    center = create(pf_identity, owner, create_record(pf_identity, owner), code="GRPC")
    allocated(pf_identity, owner, center, "250.5")
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.CostCenterService/GetCostCenter"
    request = json.dumps({"id": center["id"]})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["cost_center"]
    assert (read["id"], read["code"], read["allocated_budget"]) == (
        center["id"],
        "GRPC",
        {"amount": "250.50", "currency": "EUR"},
    )
    stranger = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", stranger, "-d", request, address, method)
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
    anonymous = grpcurl("-d", request, address, method)
    assert anonymous.returncode != 0 and "Unauthenticated" in anonymous.stderr
