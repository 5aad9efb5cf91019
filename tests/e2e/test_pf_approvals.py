"""Approvals through the edge (main + projectfinance, each on its own PostgreSQL
database): a request with its Location, segregation of duties between two members of
one tenant invited through /api/teams, every move and the 409s after a decision, who may
cancel, a member who requests but cannot approve, a viewer who reads but cannot request,
the thresholds and check-required, two tenants side by side (nothing leaks, guessed ids
are 404), no token 401, bad input answered 400 in spec 3's ErrorBody naming the field
(never 5xx), and GetApproval over real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, claims_of
from tests.e2e.projectfinance_support import create_record, pf_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

APPROVALS = "/api/approvals"
ENTITY_TYPES = (
    "budget_allocation",
    "progress_invoice",
    "milestone_invoice",
    "scope_change",
    "cost_center_allocation",
)
DEFAULTS = {
    "budget_allocation": 500000,
    "progress_invoice": 1000000,
    "milestone_invoice": 1000000,
    "scope_change": 0,
    "cost_center_allocation": 250000,
}


def user_id(session: Session) -> str:
    return str(claims_of(session.access_token)["sub"])


def tenant_of(session: Session) -> str:
    return str(claims_of(session.access_token)["tid"])


def ask(identity: IdentityClient, user: Session, entity_id: str, **fields: Any) -> httpx.Response:
    body: dict[str, Any] = {
        "description": "More budget for phase 2",
        "entity_type": "budget_allocation",
        "entity_id": entity_id,
        "amount": {"amount": 7500.5, "currency": "EUR"},
        **fields,
    }
    return identity.http.post(APPROVALS, json=body, headers=user.auth)


def request(identity: IdentityClient, user: Session, entity_id: str, **fields: Any) -> Any:
    """A new pending request (201 with its Location); its body."""
    response = ask(identity, user, entity_id, **fields)
    assert response.status_code == 201, response.text
    body = response.json()
    assert response.headers["location"] == f"{APPROVALS}/{body['id']}"
    return body


def act(
    identity: IdentityClient, user: Session, approval_id: str, move: str, notes: str | None = "ok"
) -> httpx.Response:
    body = None if move == "cancel" or notes is None else {"notes": notes}
    return identity.http.post(f"{APPROVALS}/{approval_id}/{move}", json=body, headers=user.auth)


def done(response: httpx.Response, approval_id: str) -> None:
    """A move's answer: 201 with an empty object and the request's Location."""
    assert response.status_code == 201, response.text
    assert response.json() == {}
    assert response.headers["location"] == f"{APPROVALS}/{approval_id}"


def get(identity: IdentityClient, user: Session, approval_id: str) -> httpx.Response:
    return identity.http.get(f"{APPROVALS}/{approval_id}", headers=user.auth)


def pending_ids(identity: IdentityClient, user: Session) -> list[str]:
    response = identity.http.get(f"{APPROVALS}/pending", headers=user.auth)
    assert response.status_code == 200, response.text
    listed = response.json()
    assert isinstance(listed, list)
    return [a["id"] for a in listed]


def by_entity(
    identity: IdentityClient, user: Session, entity_id: str, kind: str = "budget_allocation"
) -> httpx.Response:
    return identity.http.get(f"{APPROVALS}/entity/{kind}/{entity_id}", headers=user.auth)


def test_segregation_of_duties_between_two_members(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    manager = member_of(identity, owner, "manager")
    record = create_record(identity, owner)

    approval = request(
        identity, manager, record["id"], metadata={"ticket": "FIN-7", "lines": [1, 2]}
    )
    assert approval == {
        "id": approval["id"],
        "tenant_id": tenant_of(owner),
        "entity_type": "budget_allocation",
        "entity_id": record["id"],
        "description": "More budget for phase 2",
        "amount_minor": 750050,
        "currency": "EUR",
        "status": "pending",
        "requester_id": user_id(manager),
        "approver_id": None,
        "notes": "",
        "metadata": {"ticket": "FIN-7", "lines": [1, 2]},
        "approved_at": None,
        "rejected_at": None,
        "created_at": approval["created_at"],
        "updated_at": approval["created_at"],
    }
    assert get(identity, owner, approval["id"]).json() == approval
    assert pending_ids(identity, owner) == [approval["id"]]

    # The manager may approve, but not their own request; the owner may.
    own = pf_error(act(identity, manager, approval["id"], "approve"), 403, "forbidden")
    assert "segregation of duties" in own["message"]
    pf_error(act(identity, manager, approval["id"], "reject"), 403, "forbidden")
    done(act(identity, owner, approval["id"], "approve", "Fine by me"), approval["id"])
    approved = get(identity, manager, approval["id"]).json()
    assert (approved["status"], approved["approver_id"], approved["notes"]) == (
        "approved",
        user_id(owner),
        "Fine by me",
    )
    assert approved["approved_at"] and approved["rejected_at"] is None
    assert by_entity(identity, manager, record["id"]).json() == approved
    assert pending_ids(identity, owner) == []

    # Decided: no move is left.
    for move in ("approve", "reject", "cancel"):
        pf_error(act(identity, owner, approval["id"], move), 409, "invalid_transition")


def test_reject_cancel_and_who_may_do_what(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    member = member_of(identity, owner, "member")
    record = create_record(identity, owner)

    # A member requests but does not approve (scope), and cannot cancel another's request.
    first = request(identity, member, record["id"])
    pf_error(act(identity, member, first["id"], "approve"), 403)
    pf_error(act(identity, member, first["id"], "reject"), 403)
    pf_error(ask(identity, owner, record["id"], description="again"), 409, "already_exists")
    done(act(identity, owner, first["id"], "reject", "Over budget"), first["id"])
    rejected = get(identity, owner, first["id"]).json()
    assert (rejected["status"], rejected["notes"], rejected["approved_at"]) == (
        "rejected",
        "Over budget",
        None,
    )
    assert rejected["rejected_at"] and rejected["approver_id"] == user_id(owner)
    pf_error(act(identity, owner, first["id"], "approve"), 409, "invalid_transition")
    pf_error(act(identity, member, first["id"], "cancel"), 409, "invalid_transition")

    # The requester cancels their own; then nothing moves it.
    second = request(identity, member, record["id"])
    done(act(identity, member, second["id"], "cancel"), second["id"])
    assert get(identity, member, second["id"]).json()["status"] == "cancelled"
    pf_error(act(identity, owner, second["id"], "approve"), 409, "invalid_transition")
    pf_error(act(identity, member, second["id"], "cancel"), 409, "invalid_transition")

    # Someone who may approve cancels another's request; a plain member may not.
    third = request(
        identity, owner, record["id"], entity_type="scope_change", amount=None, metadata=None
    )
    assert (third["amount_minor"], third["currency"], third["metadata"]) == (None, None, {})
    pf_error(act(identity, member, third["id"], "cancel"), 403, "forbidden")
    done(act(identity, owner, third["id"], "cancel"), third["id"])
    fourth = request(identity, member, record["id"], entity_type="scope_change")
    done(act(identity, owner, fourth["id"], "cancel"), fourth["id"])

    latest = by_entity(identity, member, record["id"], "scope_change").json()
    assert (latest["id"], latest["status"]) == (fourth["id"], "cancelled")
    pf_error(by_entity(identity, member, record["id"], "progress_invoice"), 404, "not_found")


def test_a_viewer_reads_but_cannot_request(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    viewer = member_of(identity, owner, "viewer")
    record = create_record(identity, owner)
    approval = request(identity, owner, record["id"])

    assert pending_ids(identity, viewer) == [approval["id"]]
    assert get(identity, viewer, approval["id"]).status_code == 200
    assert by_entity(identity, viewer, record["id"]).status_code == 200
    checked = identity.http.get(
        f"{APPROVALS}/check-required",
        params={"entity_type": "scope_change"},
        headers=viewer.auth,
    )
    assert checked.status_code == 200 and checked.json() == {"required": True}
    assert identity.http.get(f"{APPROVALS}/thresholds", headers=viewer.auth).status_code == 200

    assert ask(identity, viewer, record["id"], entity_type="scope_change").status_code == 403
    for move in ("approve", "reject", "cancel"):
        assert act(identity, viewer, approval["id"], move).status_code == 403
    changed = identity.http.put(
        f"{APPROVALS}/thresholds/scope_change", json={"amount_minor": 5}, headers=viewer.auth
    )
    assert changed.status_code == 403
    assert get(identity, owner, approval["id"]).json()["status"] == "pending"


def test_thresholds_and_check_required(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    member = member_of(identity, owner, "member")
    http = identity.http

    def required(user: Session, kind: str, amount: Any = None) -> bool:
        params: dict[str, Any] = {"entity_type": kind}
        if amount is not None:
            params["amount_minor"] = amount
        response = http.get(f"{APPROVALS}/check-required", params=params, headers=user.auth)
        assert response.status_code == 200, response.text
        answer: bool = response.json()["required"]
        return answer

    listed = http.get(f"{APPROVALS}/thresholds", headers=owner.auth).json()
    assert listed == {
        "thresholds": [
            {"entity_type": kind, "amount_minor": DEFAULTS[kind], "is_default": True}
            for kind in ENTITY_TYPES
        ]
    }
    assert required(owner, "budget_allocation", 499999) is False
    assert required(owner, "budget_allocation", 500000) is True
    assert required(owner, "budget_allocation") is True
    assert required(owner, "cost_center_allocation", 249999) is False
    assert required(owner, "scope_change", 0) is True

    changed = http.put(
        f"{APPROVALS}/thresholds/budget_allocation",
        json={"amount_minor": 100000},
        headers=owner.auth,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json() == {
        "entity_type": "budget_allocation",
        "amount_minor": 100000,
        "is_default": False,
    }
    assert required(member, "budget_allocation", 99999) is False
    assert required(member, "budget_allocation", 100000) is True
    assert {
        t["entity_type"]: (t["amount_minor"], t["is_default"])
        for t in http.get(f"{APPROVALS}/thresholds", headers=member.auth).json()["thresholds"]
    }["budget_allocation"] == (100000, False)
    # Another tenant keeps the defaults.
    assert required(identity.session(), "budget_allocation", 99999) is False

    assert (
        http.put(
            f"{APPROVALS}/thresholds/scope_change", json={"amount_minor": 1}, headers=member.auth
        ).status_code
        == 403
    )
    for body, field in (
        ({}, "amount_minor"),
        ({"amount_minor": -1}, "amount_minor"),
        ({"amount_minor": "abc"}, "amount_minor"),
        ({"amount_minor": 1.5}, "amount_minor"),
    ):
        pf_error(
            http.put(f"{APPROVALS}/thresholds/scope_change", json=body, headers=owner.auth),
            400,
            "validation_error",
            field,
        )
    pf_error(
        http.put(f"{APPROVALS}/thresholds/refund", json={"amount_minor": 1}, headers=owner.auth),
        400,
        "validation_error",
        "entity_type",
    )
    queries: list[tuple[dict[str, Any], str]] = [
        ({}, "entity_type"),
        ({"entity_type": "refund"}, "entity_type"),
        ({"entity_type": "scope_change", "amount_minor": -1}, "amount_minor"),
        ({"entity_type": "scope_change", "amount_minor": "abc"}, "amount_minor"),
    ]
    for params, field in queries:
        pf_error(
            http.get(f"{APPROVALS}/check-required", params=params, headers=owner.auth),
            400,
            "validation_error",
            field,
        )


def test_two_tenants_side_by_side(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    alice, bob = identity.session(), identity.session()
    alices_record, bobs_record = create_record(identity, alice), create_record(identity, bob)
    alices = request(identity, alice, alices_record["id"])
    bobs = request(identity, bob, bobs_record["id"])

    assert pending_ids(identity, alice) == [alices["id"]]
    assert pending_ids(identity, bob) == [bobs["id"]]
    pf_error(get(identity, bob, alices["id"]), 404, "not_found")
    pf_error(by_entity(identity, bob, alices_record["id"]), 404, "not_found")
    for move in ("approve", "reject", "cancel"):
        pf_error(act(identity, bob, alices["id"], move), 404, "not_found")
    # Guessed ids are as unknown as another tenant's.
    guessed = str(uuid.uuid4())
    pf_error(get(identity, alice, guessed), 404, "not_found")
    pf_error(act(identity, alice, guessed, "approve"), 404, "not_found")
    pf_error(by_entity(identity, alice, guessed), 404, "not_found")
    # Another tenant's record cannot be requested about.
    pf_error(ask(identity, bob, alices_record["id"]), 400, "validation_error", "entity_id")
    pf_error(ask(identity, alice, guessed), 400, "validation_error", "entity_id")
    assert get(identity, alice, alices["id"]).json()["status"] == "pending"


def test_no_token_is_401(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    some = str(uuid.uuid4())
    for response in (
        http.get(f"{APPROVALS}/pending"),
        http.get(f"{APPROVALS}/{some}"),
        http.get(f"{APPROVALS}/check-required", params={"entity_type": "scope_change"}),
        http.post(APPROVALS, json={}),
        http.post(f"{APPROVALS}/{some}/approve", json={"notes": "x"}),
        http.post(f"{APPROVALS}/{some}/cancel"),
        http.put(f"{APPROVALS}/thresholds/scope_change", json={"amount_minor": 1}),
    ):
        assert response.status_code == 401, response.text


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    other = identity.session()
    record = create_record(identity, owner)
    usd = create_record(identity, other, currency="USD")
    http = identity.http
    rid = record["id"]
    valid: dict[str, Any] = {
        "description": "x",
        "entity_type": "budget_allocation",
        "entity_id": rid,
    }
    cases: list[tuple[dict[str, Any], str]] = [
        ({k: v for k, v in valid.items() if k != "description"}, "description"),
        ({**valid, "description": ""}, "description"),
        ({**valid, "description": "x" * 2001}, "description"),
        ({k: v for k, v in valid.items() if k != "entity_type"}, "entity_type"),
        ({**valid, "entity_type": "refund"}, "entity_type"),
        ({k: v for k, v in valid.items() if k != "entity_id"}, "entity_id"),
        ({**valid, "entity_id": "not-a-uuid"}, "entity_id"),
        ({**valid, "entity_id": 12}, "entity_id"),
        ({**valid, "amount": {"amount": -5, "currency": "EUR"}}, "amount.amount"),
        ({**valid, "amount": {"amount": 0, "currency": "EUR"}}, "amount.amount"),
        ({**valid, "amount": {"amount": 10, "currency": "XYZ"}}, "amount.currency"),
        ({**valid, "amount": {"amount": 10.001, "currency": "EUR"}}, "amount.amount"),
        ({**valid, "amount": {"amount": 10, "currency": "USD"}}, "amount.currency"),
        ({**valid, "amount": {"amount": "ten", "currency": "EUR"}}, "amount.amount"),
        ({**valid, "amount": {"currency": "EUR"}}, "amount.amount"),
        ({**valid, "metadata": "text"}, "metadata"),
        ({**valid, "metadata": {f"k{i}": i for i in range(51)}}, "metadata"),
        ({**valid, "metadata": {"blob": "x" * 11000}}, "metadata"),
        ({**valid, "description": ["x"]}, "description"),
    ]
    for body, field in cases:
        pf_error(
            http.post(APPROVALS, json=body, headers=owner.auth), 400, "validation_error", field
        )
    pf_error(
        http.post(
            APPROVALS,
            json={**valid, "entity_id": usd["id"]},
            headers=owner.auth,
        ),
        400,
        "validation_error",
        "entity_id",
    )
    malformed = http.post(
        APPROVALS,
        content=b'{"description": ',
        headers={**owner.auth, "content-type": "application/json"},
    )
    pf_error(malformed, 400)

    approval = request(identity, owner, rid)
    approver = member_of(identity, owner, "manager")
    for body, field in (({}, "notes"), ({"notes": ""}, "notes"), ({"notes": 5}, "notes")):
        for move in ("approve", "reject"):
            pf_error(
                http.post(f"{APPROVALS}/{approval['id']}/{move}", json=body, headers=approver.auth),
                400,
                "validation_error",
                field,
            )
    for path in (f"{APPROVALS}/not-a-uuid", f"{APPROVALS}/entity/budget_allocation/nope"):
        assert http.get(path, headers=owner.auth).status_code == 400
    pf_error(
        http.post(f"{APPROVALS}/not-a-uuid/approve", json={"notes": "x"}, headers=approver.auth),
        400,
        "validation_error",
        "id",
    )
    pf_error(
        http.get(f"{APPROVALS}/entity/refund/{rid}", headers=owner.auth),
        400,
        "validation_error",
        "entity_type",
    )
    assert get(identity, owner, approval["id"]).json()["status"] == "pending"


def test_grpcurl_reads_an_approval_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    approval = request(pf_identity, owner, record["id"])
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    bearer = f"authorization: Bearer {owner.access_token}"
    got = grpcurl(
        "-H", bearer, "-d", json.dumps({"id": approval["id"]}), address,
        "finplat.projectfinance.v1.ApprovalService/GetApproval",
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["approval"]
    assert (read["id"], read["status"], read["amount_minor"]) == (
        approval["id"],
        "pending",
        "750050",
    )
    other = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl(
        "-H", other, "-d", json.dumps({"id": approval["id"]}), address,
        "finplat.projectfinance.v1.ApprovalService/GetApproval",
    )  # fmt: skip
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr


def test_milestones_and_cost_centers_are_requested_about(pf_identity: IdentityClient) -> None:
    identity = pf_identity
    owner = identity.session()
    record = create_record(identity, owner)
    under = f"/api/project-finance/{record['id']}"
    milestone = identity.http.post(
        f"{under}/milestones",
        json={"name": "Go-live", "amount": {"amount": 2500, "currency": "EUR"}, "sequence": 1},
        headers=owner.auth,
    )
    assert milestone.status_code == 201, milestone.text
    cost_center = identity.http.post(
        f"{under}/cost-centers",
        json={"code": "ENG", "name": "Engineering"},
        headers=owner.auth,
    )
    assert cost_center.status_code == 201, cost_center.text
    for kind, entity in (
        ("milestone_invoice", milestone.json()["id"]),
        ("cost_center_allocation", cost_center.json()["id"]),
    ):
        made = request(identity, owner, entity, entity_type=kind)
        assert (made["entity_type"], made["entity_id"]) == (kind, entity)
        assert by_entity(identity, owner, entity, kind).json()["id"] == made["id"]
    # A record's id names no milestone.
    pf_error(
        ask(identity, owner, record["id"], entity_type="milestone_invoice"),
        400,
        "validation_error",
        "entity_id",
    )
