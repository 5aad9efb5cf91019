"""Milestones through the edge (main + projectfinance on PostgreSQL): every operation
with its status and Location, every move of the life (GAPS) and the 409s, the invoice
saga started once (201, then 200 with the same record) and run to the billed milestone,
tenant isolation (404 on every path), a viewer who reads but cannot write, no token,
bad input in spec 3's ErrorBody naming the field (never 5xx), and GetMilestone over
real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session
from tests.e2e.projectfinance_support import RECORDS, create_record, pf_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

MILESTONES = "/api/milestones"
MILESTONE_FIELDS = {
    "amount",
    "billed_at",
    "completed_at",
    "completion_percent",
    "created_at",
    "description",
    "due_date",
    "id",
    "invoice_id",
    "invoice_number",
    "name",
    "project_finance_id",
    "sequence",
    "status",
    "tenant_id",
    "updated_at",
}
# The saga's run (issue 18): step, attempts, last_error, approval_id, invoice_number.
RUN_FIELDS = {"step", "attempts", "last_error", "approval_id", "invoice_number"}
SAGA_FIELDS = RUN_FIELDS | {
    "correlation_id",
    "created_at",
    "id",
    "request_id",
    "saga_type",
    "status",
    "tenant_id",
    "updated_at",
}
# Every operation on one milestone: (method, path under /api/milestones/{id}, body).
ON_A_MILESTONE: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "", None),
    ("PUT", "", {"name": "Renamed"}),
    ("DELETE", "", None),
    ("POST", "/progress", {"completion_percent": 10}),
    ("POST", "/complete", {}),
    ("POST", "/cancel", {}),
    ("POST", "/invoice", {}),
    ("GET", "/invoice", None),
]
WRITES = [(m, p, b) for m, p, b in ON_A_MILESTONE if m != "GET"]


def of_record(record_id: str) -> str:
    return f"{RECORDS}/{record_id}/milestones"


def call(
    http: httpx.Client,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    headers: dict[str, str] | None,
) -> httpx.Response:
    return http.request(method, path, json=body, headers=headers)


def create(
    identity: IdentityClient, user: Session, record: dict[str, Any], **fields: Any
) -> dict[str, Any]:
    body = {
        "name": "Foundations",
        "amount": {"amount": 2500.5, "currency": "EUR"},
        "sequence": 1,
        **fields,
    }
    response = identity.http.post(of_record(record["id"]), json=body, headers=user.auth)
    assert response.status_code == 201, response.text
    milestone: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{MILESTONES}/{milestone['id']}"
    return milestone


def act(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], action: str, **body: Any
) -> httpx.Response:
    return identity.http.post(
        f"{MILESTONES}/{milestone['id']}/{action}", json=body, headers=user.auth
    )


def moved(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], action: str, **body: Any
) -> dict[str, Any]:
    """A move that is allowed: 201 with the milestone and its Location."""
    response = act(identity, user, milestone, action, **body)
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"{MILESTONES}/{milestone['id']}"
    result: dict[str, Any] = response.json()
    return result


def completed(identity: IdentityClient, user: Session, record: dict[str, Any]) -> dict[str, Any]:
    milestone = create(identity, user, record)
    moved(identity, user, milestone, "progress", completion_percent=60)
    return moved(identity, user, milestone, "complete")


def test_a_milestone_from_creation_to_its_invoice_saga(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)
    milestone = create(
        pf_identity,
        owner,
        record,
        name="Design approved",
        description="Blueprints signed off",
        due_date="2026-06-30T00:00:00Z",
        sequence=2,
    )
    assert set(milestone) == MILESTONE_FIELDS
    assert milestone["status"] == "pending" and milestone["completion_percent"] == 0
    assert milestone["amount"] == {"amount": 2500.5, "currency": "EUR"}
    assert (milestone["project_finance_id"], milestone["sequence"]) == (record["id"], 2)
    assert (milestone["due_date"], milestone["description"]) == (
        "2026-06-30T00:00:00Z",
        "Blueprints signed off",
    )
    assert [
        milestone[f] for f in ("billed_at", "completed_at", "invoice_id", "invoice_number")
    ] == [None] * 4
    first = create(pf_identity, owner, record, name="Kick-off", sequence=1)
    url = f"{MILESTONES}/{milestone['id']}"
    assert http.get(url, headers=owner.auth).json() == milestone
    listed = http.get(of_record(record["id"]), headers=owner.auth)
    assert listed.status_code == 200
    assert [m["id"] for m in listed.json()] == [first["id"], milestone["id"]]

    changed = http.put(url, json={"name": "Design signed", "description": ""}, headers=owner.auth)
    assert changed.status_code == 200, changed.text
    assert (changed.json()["name"], changed.json()["description"]) == ("Design signed", None)

    assert moved(pf_identity, owner, milestone, "progress", completion_percent=0)["status"] == (
        "pending"
    )
    progressed = moved(pf_identity, owner, milestone, "progress", completion_percent=45.25)
    assert (progressed["status"], progressed["completion_percent"]) == ("in_progress", 45.25)
    done = moved(pf_identity, owner, milestone, "complete")
    assert (done["status"], done["completion_percent"]) == ("completed", 100)
    assert done["completed_at"] is not None and done["billed_at"] is None

    started = act(pf_identity, owner, milestone, "invoice")
    assert started.status_code == 201, started.text
    assert started.headers["location"] == f"{url}/invoice"
    saga = started.json()
    assert set(saga) == SAGA_FIELDS
    assert all(isinstance(saga[f], str) for f in SAGA_FIELDS - RUN_FIELDS)
    # Under the tenant's threshold: run to its end within the call, with the caller's token.
    assert (saga["saga_type"], saga["status"], saga["step"]) == (
        "milestone_invoice",
        "completed",
        "done",
    )
    assert (saga["attempts"], saga["last_error"], saga["approval_id"]) == (0, None, None)
    assert saga["invoice_number"].startswith("INV-")
    assert saga["correlation_id"] == started.headers["x-request-id"]
    assert saga["tenant_id"] == milestone["tenant_id"]
    uuid.UUID(saga["request_id"])
    again = act(pf_identity, owner, milestone, "invoice")
    assert again.status_code == 200, again.text
    assert again.json() == saga and again.headers["location"] == f"{url}/invoice"
    assert http.get(f"{url}/invoice", headers=owner.auth).json() == saga

    # Billed by main's issued invoice: its number, its serial as invoice_id.
    after = http.get(url, headers=owner.auth).json()
    assert after["status"] == "billed" and after["billed_at"] is not None
    assert after["invoice_number"] == saga["invoice_number"]
    assert after["invoice_id"] == int(saga["invoice_number"].rsplit("-", 1)[1])
    invoices = http.get("/api/invoices", headers=owner.auth).json()["data"]
    assert [(i["number"], i["status"], i["total"]) for i in invoices] == [
        (saga["invoice_number"], "issued", "2500.50")
    ]
    pf_error(http.delete(url, headers=owner.auth), 409, "invalid_transition")
    pf_error(
        http.put(url, json={"name": "Too late"}, headers=owner.auth), 409, "invalid_transition"
    )


def test_every_move_the_life_refuses_is_409(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)

    pending = create(pf_identity, owner, record)
    for action in ("complete", "invoice"):
        pf_error(act(pf_identity, owner, pending, action), 409, "invalid_transition")
    pf_error(
        http.get(f"{MILESTONES}/{pending['id']}/invoice", headers=owner.auth), 404, "not_found"
    )
    cancelled = moved(pf_identity, owner, pending, "cancel")
    assert cancelled["status"] == "cancelled"
    for action, body in [
        ("progress", {"completion_percent": 5}),
        ("complete", {}),
        ("cancel", {}),
        ("invoice", {}),
    ]:
        pf_error(act(pf_identity, owner, pending, action, **body), 409, "invalid_transition")
    url = f"{MILESTONES}/{pending['id']}"
    pf_error(http.put(url, json={"name": "x"}, headers=owner.auth), 409, "invalid_transition")
    deleted = http.delete(url, headers=owner.auth)
    assert deleted.status_code == 204 and deleted.content == b""
    pf_error(http.get(url, headers=owner.auth), 404, "not_found")

    running = create(pf_identity, owner, record)
    moved(pf_identity, owner, running, "progress", completion_percent=20)
    moved(pf_identity, owner, running, "progress", completion_percent=80)
    assert moved(pf_identity, owner, running, "cancel")["status"] == "cancelled"

    done = completed(pf_identity, owner, record)
    for action, body in [("progress", {"completion_percent": 5}), ("complete", {}), ("cancel", {})]:
        pf_error(act(pf_identity, owner, done, action, **body), 409, "invalid_transition")
    # A completed milestone without a saga may still be deleted.
    assert http.delete(f"{MILESTONES}/{done['id']}", headers=owner.auth).status_code == 204


def test_another_tenant_gets_404_on_every_path(pf_identity: IdentityClient) -> None:
    http, owner, stranger = pf_identity.http, pf_identity.session(), pf_identity.session()
    record = create_record(pf_identity, owner)
    done = completed(pf_identity, owner, record)
    for method, path, body in ON_A_MILESTONE:
        response = call(http, method, f"{MILESTONES}/{done['id']}{path}", body, stranger.auth)
        pf_error(response, 404, "not_found")
    pf_error(http.get(of_record(record["id"]), headers=stranger.auth), 404, "not_found")
    body = {"name": "Intrusion", "amount": {"amount": 1, "currency": "EUR"}, "sequence": 1}
    pf_error(http.post(of_record(record["id"]), json=body, headers=stranger.auth), 404)
    # Nothing leaked, nothing changed.
    assert http.get(of_record(record["id"]), headers=owner.auth).json()[0] == done
    pf_error(http.get(f"{MILESTONES}/{uuid.uuid4()}", headers=owner.auth), 404, "not_found")
    pf_error(http.get(of_record(str(uuid.uuid4())), headers=owner.auth), 404, "not_found")


def test_a_viewer_reads_but_cannot_write_and_no_token_is_401(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)
    done = completed(pf_identity, owner, record)
    viewer = member_of(pf_identity, owner, "viewer")
    assert http.get(f"{MILESTONES}/{done['id']}", headers=viewer.auth).json() == done
    assert http.get(of_record(record["id"]), headers=viewer.auth).status_code == 200
    body = {"name": "No", "amount": {"amount": 1, "currency": "EUR"}, "sequence": 1}
    pf_error(http.post(of_record(record["id"]), json=body, headers=viewer.auth), 403)
    for method, path, payload in WRITES:
        response = call(http, method, f"{MILESTONES}/{done['id']}{path}", payload, viewer.auth)
        pf_error(response, 403)
    for method, path, payload in ON_A_MILESTONE:
        response = call(http, method, f"{MILESTONES}/{done['id']}{path}", payload, None)
        assert response.status_code == 401, response.text
    assert http.get(of_record(record["id"])).status_code == 401
    member = member_of(pf_identity, owner, "member")
    assert act(pf_identity, member, done, "invoice").status_code == 201


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http, owner = pf_identity.http, pf_identity.session()
    record = create_record(pf_identity, owner)
    milestone = create(pf_identity, owner, record)
    url = of_record(record["id"])
    good: dict[str, Any] = {
        "name": "Roof",
        "amount": {"amount": 100, "currency": "EUR"},
        "sequence": 3,
    }

    def refused(body: Any, field: str, target: str = url) -> None:
        pf_error(http.post(target, json=body, headers=owner.auth), 400, field=field)

    for field in ("name", "amount", "sequence"):
        refused({k: v for k, v in good.items() if k != field}, field)
    refused({**good, "amount": {"amount": 100}}, "amount.currency")
    refused({**good, "amount": {"currency": "EUR"}}, "amount.amount")
    refused({**good, "amount": {"amount": -5, "currency": "EUR"}}, "amount.amount")
    refused({**good, "amount": {"amount": 0, "currency": "EUR"}}, "amount.amount")
    refused({**good, "amount": {"amount": 1, "currency": "XYZ"}}, "amount.currency")
    refused({**good, "amount": {"amount": 1, "currency": "USD"}}, "amount.currency")
    refused({**good, "amount": {"amount": "abc", "currency": "EUR"}}, "amount.amount")
    refused({**good, "sequence": 0}, "sequence")
    refused({**good, "sequence": 10001}, "sequence")
    refused({**good, "sequence": "first"}, "sequence")
    refused({**good, "name": "   "}, "name")
    refused({**good, "name": 42}, "name")
    refused({**good, "description": "x" * 2001}, "description")
    refused({**good, "due_date": "tomorrow"}, "due_date")
    many = http.post(
        url,
        content=b'{"name": "Roof", "amount": {"amount": 10.001, "currency": "EUR"}, "sequence": 1}',
        headers={**owner.auth, "content-type": "application/json"},
    )
    pf_error(many, 400, "validation_error", "amount.amount")
    malformed = http.post(
        url, content=b'{"name": ', headers={**owner.auth, "content-type": "application/json"}
    )
    pf_error(malformed, 400)

    progress = f"{MILESTONES}/{milestone['id']}/progress"
    refused({}, "completion_percent", progress)
    refused({"completion_percent": None}, "completion_percent", progress)
    refused({"completion_percent": 101}, "completion_percent", progress)
    refused({"completion_percent": -1}, "completion_percent", progress)
    refused({"completion_percent": 50.125}, "completion_percent", progress)
    refused({"completion_percent": "half"}, "completion_percent", progress)
    # Nothing was taken for 0 or stored.
    assert http.get(f"{MILESTONES}/{milestone['id']}", headers=owner.auth).json() == milestone

    for name in ("", " ", "x" * 201):
        renamed = http.put(
            f"{MILESTONES}/{milestone['id']}", json={"name": name}, headers=owner.auth
        )
        pf_error(renamed, 400, field="name")
    for method, path, body in ON_A_MILESTONE:
        response = call(http, method, f"{MILESTONES}/not-a-uuid{path}", body, owner.auth)
        assert response.status_code == 400, (method, path, response.text)
        pf_error(response, 400)
    pf_error(http.get(of_record("not-a-uuid"), headers=owner.auth), 400, field="project_finance_id")
    pf_error(http.post(of_record("not-a-uuid"), json=good, headers=owner.auth), 400)


def test_grpcurl_gets_a_milestone_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    milestone = create(pf_identity, owner, create_record(pf_identity, owner))
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.MilestoneService/GetMilestone"
    request = json.dumps({"id": milestone["id"]})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["milestone"]
    assert (read["id"], read["status"], read["amount"]) == (
        milestone["id"],
        "pending",
        {"amount": "2500.50", "currency": "EUR"},
    )
    stranger = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", stranger, "-d", request, address, method)
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
