"""Phases of project-finance records through the edge (main + projectfinance on
PostgreSQL): create with its Location, get, list (a bare array by sequence), update,
delete; start, progress and complete with their Locations and every refused move (409
invalid_transition), cancelling by PUT; the cost center extension; tenant isolation
(404, lists leak nothing); a viewer reads but cannot write (403); no token (401); bad
input answered 400 in spec 3's ErrorBody naming the field (never 5xx, a missing percent
never 0); and GetPhase over real gRPC with the caller's token."""

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

PHASES = "/api/phases"
START = "2026-04-01T09:00:00Z"
END = "2026-04-30T18:00:00Z"
PHASE_KEYS = {
    "actual_cost",
    "actual_end",
    "actual_start",
    "cost_center_id",
    "created_at",
    "id",
    "name",
    "phase_budget",
    "planned_end",
    "planned_start",
    "progress_percent",
    "project_finance_id",
    "sequence",
    "status",
    "tenant_id",
    "updated_at",
}


def exact(response: httpx.Response) -> Any:
    """The JSON body with numbers as exact decimals (never through float)."""
    return json.loads(response.text, parse_float=Decimal)


def phase_body(**fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Design",
        "phase_budget": {"amount": 1500.5, "currency": "EUR"},
        "planned_start": START,
        "planned_end": END,
        "sequence": 1,
    }
    body.update(fields)
    return body


def phases_of(record: dict[str, Any]) -> str:
    return f"{RECORDS}/{record['id']}/phases"


def create_phase(
    identity: IdentityClient, user: Session, record: dict[str, Any], **fields: Any
) -> dict[str, Any]:
    response = identity.http.post(phases_of(record), json=phase_body(**fields), headers=user.auth)
    assert response.status_code == 201, response.text
    phase: dict[str, Any] = exact(response)
    assert response.headers["location"] == f"{PHASES}/{phase['id']}"
    return phase


def act(
    identity: IdentityClient, user: Session, phase: dict[str, Any], move: str, **body: Any
) -> httpx.Response:
    return identity.http.post(f"{PHASES}/{phase['id']}/{move}", json=body, headers=user.auth)


def moved(response: httpx.Response, phase: dict[str, Any]) -> dict[str, Any]:
    """A move's 201 with the phase and its Location."""
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"{PHASES}/{phase['id']}"
    body: dict[str, Any] = exact(response)
    return body


def put(
    identity: IdentityClient, user: Session, phase: dict[str, Any], **body: Any
) -> httpx.Response:
    return identity.http.put(f"{PHASES}/{phase['id']}", json=body, headers=user.auth)


def test_a_phase_runs_its_whole_life(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    phase = create_phase(pf_identity, owner, record, name="Design", sequence=2)
    assert set(phase) == PHASE_KEYS
    assert (phase["project_finance_id"], phase["tenant_id"]) == (record["id"], record["tenant_id"])
    assert (phase["name"], phase["status"], phase["sequence"]) == ("Design", "planned", 2)
    assert phase["phase_budget"] == {"amount": Decimal("1500.50"), "currency": "EUR"}
    assert phase["actual_cost"] == {"amount": Decimal("0.00"), "currency": "EUR"}
    assert (phase["planned_start"], phase["planned_end"]) == (START, END)
    assert (phase["actual_start"], phase["actual_end"], phase["cost_center_id"]) == (
        None,
        None,
        None,
    )
    assert phase["progress_percent"] == 0
    first = create_phase(pf_identity, owner, record, name="Discovery", sequence=1)

    got = http.get(f"{PHASES}/{phase['id']}", headers=owner.auth)
    assert got.status_code == 200 and exact(got) == phase
    listed = http.get(phases_of(record), headers=owner.auth)
    assert listed.status_code == 200, listed.text
    assert [p["id"] for p in exact(listed)] == [first["id"], phase["id"]]

    # planned: only start (or cancel) moves it.
    pf_error(act(pf_identity, owner, phase, "progress", percent=10), 409, "invalid_transition")
    pf_error(act(pf_identity, owner, phase, "complete"), 409, "invalid_transition")
    pf_error(put(pf_identity, owner, phase, status="completed"), 409, "invalid_transition")

    started = moved(act(pf_identity, owner, phase, "start"), phase)
    assert started["status"] == "in_progress" and started["actual_start"] is not None
    pf_error(act(pf_identity, owner, phase, "start"), 409, "invalid_transition")
    pf_error(put(pf_identity, owner, phase, status="planned"), 409, "invalid_transition")

    progressed = moved(act(pf_identity, owner, phase, "progress", percent=42.5), phase)
    assert progressed["progress_percent"] == Decimal("42.50")
    updated = put(
        pf_identity,
        owner,
        phase,
        name="Design & build",
        actual_cost={"amount": 320.25, "currency": "EUR"},
        planned_end="2026-05-15T18:00:00Z",
    )
    assert updated.status_code == 200, updated.text
    changed = exact(updated)
    assert (changed["name"], changed["actual_cost"]["amount"], changed["planned_end"]) == (
        "Design & build",
        Decimal("320.25"),
        "2026-05-15T18:00:00Z",
    )
    assert changed["progress_percent"] == Decimal("42.50")

    done = moved(act(pf_identity, owner, phase, "complete"), phase)
    assert (done["status"], done["progress_percent"]) == ("completed", 100)
    assert done["actual_end"] is not None
    for move, body in (("start", {}), ("complete", {}), ("progress", {"percent": 50})):
        pf_error(act(pf_identity, owner, phase, move, **body), 409, "invalid_transition")
    for status in ("planned", "in_progress", "cancelled"):
        pf_error(put(pf_identity, owner, phase, status=status), 409, "invalid_transition")

    # Cancel is a PUT of the status, from planned (or in_progress); then it is final.
    cancelled = put(pf_identity, owner, first, status="cancelled")
    assert cancelled.status_code == 200 and exact(cancelled)["status"] == "cancelled"
    pf_error(act(pf_identity, owner, first, "start"), 409, "invalid_transition")
    running = create_phase(pf_identity, owner, record, sequence=3)
    moved(act(pf_identity, owner, running, "start"), running)
    assert exact(put(pf_identity, owner, running, status="cancelled"))["status"] == "cancelled"

    deleted = http.delete(f"{PHASES}/{phase['id']}", headers=owner.auth)
    assert deleted.status_code == 204 and deleted.content == b""
    pf_error(http.get(f"{PHASES}/{phase['id']}", headers=owner.auth), 404, "not_found")
    pf_error(http.delete(f"{PHASES}/{phase['id']}", headers=owner.auth), 404, "not_found")
    assert [p["id"] for p in exact(http.get(phases_of(record), headers=owner.auth))] == [
        first["id"],
        running["id"],
    ]


def test_a_phase_is_charged_to_a_cost_center_of_its_record(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record, other = create_record(pf_identity, owner), create_record(pf_identity, owner)

    def cost_center(of: dict[str, Any], code: str) -> str:
        response = http.post(
            f"{RECORDS}/{of['id']}/cost-centers",
            json={"code": code, "name": code},
            headers=owner.auth,
        )
        assert response.status_code == 201, response.text
        return str(response.json()["id"])

    mine, theirs = cost_center(record, "DEV"), cost_center(other, "OPS")
    for wrong in (theirs, str(uuid.uuid4())):
        pf_error(
            http.post(phases_of(record), json=phase_body(cost_center_id=wrong), headers=owner.auth),
            400,
            "validation_error",
            "cost_center_id",
        )
    phase = create_phase(pf_identity, owner, record, cost_center_id=mine)
    assert phase["cost_center_id"] == mine
    charged = put(pf_identity, owner, phase, actual_cost={"amount": 75, "currency": "EUR"})
    assert charged.status_code == 200, charged.text
    center = http.get(f"/api/cost-centers/{mine}", headers=owner.auth)
    assert exact(center)["actual_cost"]["amount"] == 75
    pf_error(put(pf_identity, owner, phase, cost_center_id=theirs), 400, field="cost_center_id")
    detached = put(pf_identity, owner, phase, cost_center_id="")
    assert detached.status_code == 200 and exact(detached)["cost_center_id"] is None


def test_another_tenant_sees_nothing(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner, stranger = pf_identity.session(), pf_identity.session()
    record = create_record(pf_identity, owner)
    phase = create_phase(pf_identity, owner, record)
    own = create_record(pf_identity, stranger)
    assert exact(http.get(phases_of(own), headers=stranger.auth)) == []
    for response in (
        http.get(phases_of(record), headers=stranger.auth),
        http.post(phases_of(record), json=phase_body(), headers=stranger.auth),
        http.get(f"{PHASES}/{phase['id']}", headers=stranger.auth),
        put(pf_identity, stranger, phase, name="Mine now"),
        http.delete(f"{PHASES}/{phase['id']}", headers=stranger.auth),
        act(pf_identity, stranger, phase, "start"),
        act(pf_identity, stranger, phase, "progress", percent=5),
        act(pf_identity, stranger, phase, "complete"),
        http.get(f"{RECORDS}/{uuid.uuid4()}/phases", headers=owner.auth),
        http.get(f"{PHASES}/{uuid.uuid4()}", headers=owner.auth),
    ):
        pf_error(response, 404, "not_found")
    assert exact(http.get(f"{PHASES}/{phase['id']}", headers=owner.auth)) == phase


def test_a_viewer_reads_a_member_writes_and_no_token_is_401(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    phase = create_phase(pf_identity, owner, record)
    viewer = member_of(pf_identity, owner, "viewer")
    assert http.get(f"{PHASES}/{phase['id']}", headers=viewer.auth).status_code == 200
    assert http.get(phases_of(record), headers=viewer.auth).status_code == 200
    for response in (
        http.post(phases_of(record), json=phase_body(), headers=viewer.auth),
        put(pf_identity, viewer, phase, name="Viewer was here"),
        http.delete(f"{PHASES}/{phase['id']}", headers=viewer.auth),
        act(pf_identity, viewer, phase, "start"),
        act(pf_identity, viewer, phase, "progress", percent=5),
        act(pf_identity, viewer, phase, "complete"),
    ):
        assert response.status_code == 403, response.text
    member = member_of(pf_identity, owner, "member")
    moved(act(pf_identity, member, phase, "start"), phase)
    for response in (
        http.get(phases_of(record)),
        http.get(f"{PHASES}/{phase['id']}"),
        http.post(phases_of(record), json=phase_body()),
        http.put(f"{PHASES}/{phase['id']}", json={"name": "x"}),
        http.delete(f"{PHASES}/{phase['id']}"),
        http.post(f"{PHASES}/{phase['id']}/complete", json={}),
    ):
        assert response.status_code == 401, response.text
    assert exact(http.get(f"{PHASES}/{phase['id']}", headers=owner.auth))["name"] == "Design"


def _without(field: str) -> dict[str, Any]:
    body = phase_body()
    del body[field]
    return body


CREATE_REFUSED = [
    *[
        (_without(field), field)
        for field in ("name", "phase_budget", "planned_start", "planned_end", "sequence")
    ],
    (phase_body(name="   "), "name"),
    (phase_body(name="x" * 201), "name"),
    (phase_body(name=42), "name"),
    (phase_body(sequence=0), "sequence"),
    (phase_body(sequence=10001), "sequence"),
    (phase_body(sequence="first"), "sequence"),
    (phase_body(sequence=1.5), "sequence"),
    (phase_body(phase_budget={"amount": -1, "currency": "EUR"}), "phase_budget.amount"),
    (phase_body(phase_budget={"amount": "lots", "currency": "EUR"}), "phase_budget.amount"),
    (phase_body(phase_budget={"amount": 10.001, "currency": "EUR"}), "phase_budget.amount"),
    (phase_body(phase_budget={"currency": "EUR"}), "phase_budget.amount"),
    (phase_body(phase_budget={"amount": 10, "currency": "XYZ"}), "phase_budget.currency"),
    (phase_body(phase_budget={"amount": 10, "currency": "USD"}), "phase_budget.currency"),
    (phase_body(phase_budget={"amount": 10}), "phase_budget.currency"),
    (phase_body(phase_budget=100), "phase_budget"),
    (phase_body(planned_end="2026-03-31T09:00:00Z"), "planned_end"),
    (phase_body(planned_start="yesterday"), "planned_start"),
    (phase_body(cost_center_id="not-a-uuid"), "cost_center_id"),
]


@pytest.mark.parametrize(("body", "field"), CREATE_REFUSED)
def test_bad_input_to_create_is_400_naming_the_field(
    pf_identity: IdentityClient, body: dict[str, Any], field: str
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    refused = pf_identity.http.post(phases_of(record), json=body, headers=owner.auth)
    pf_error(refused, 400, "validation_error", field)
    assert exact(pf_identity.http.get(phases_of(record), headers=owner.auth)) == []


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    phase = create_phase(pf_identity, owner, record)
    auth = owner.auth
    pf_error(
        http.get(f"{RECORDS}/not-a-uuid/phases", headers=auth),
        400,
        "validation_error",
        "project_finance_id",
    )
    pf_error(
        http.post(f"{RECORDS}/not-a-uuid/phases", json=phase_body(), headers=auth),
        400,
        field="project_finance_id",
    )
    for method in ("GET", "PUT", "DELETE"):
        pf_error(
            http.request(method, f"{PHASES}/not-a-uuid", json={}, headers=auth), 400, field="id"
        )
    pf_error(http.post(f"{PHASES}/not-a-uuid/start", json={}, headers=auth), 400, field="id")
    # Malformed JSON names no field: the edge answers it before decoding any (bad_request).
    malformed = {**auth, "content-type": "application/json"}
    pf_error(
        http.post(phases_of(record), content=b'{"name": "x",', headers=malformed),
        400,
        "bad_request",
    )
    pf_error(
        http.put(f"{PHASES}/{phase['id']}", content=b"[1, 2", headers=malformed),
        400,
        "bad_request",
    )

    moved(act(pf_identity, owner, phase, "start"), phase)
    for body in (
        {},
        {"percent": None},
        {"percent": 101},
        {"percent": -1},
        {"percent": 12.345},
        {"percent": "half"},
        {"percent": True},
    ):
        pf_error(
            act(pf_identity, owner, phase, "progress", **body), 400, "validation_error", "percent"
        )
    # A refused progress changed nothing: a missing percent never became 0.
    assert exact(http.get(f"{PHASES}/{phase['id']}", headers=auth))["progress_percent"] == 0
    assert moved(act(pf_identity, owner, phase, "progress", percent=0.5), phase)[
        "progress_percent"
    ] == Decimal("0.50")

    for change, field in (
        ({"status": "done"}, "status"),
        ({"status": 2}, "status"),
        ({"name": ""}, "name"),
        ({"actual_cost": {"amount": -5, "currency": "EUR"}}, "actual_cost.amount"),
        ({"actual_cost": {"amount": 5, "currency": "USD"}}, "actual_cost.currency"),
        ({"phase_budget": {"amount": 5, "currency": "XYZ"}}, "phase_budget.currency"),
        ({"planned_start": "2026-05-01T00:00:00Z"}, "planned_end"),
        (
            {"actual_start": "2026-06-01T00:00:00Z", "actual_end": "2026-05-01T00:00:00Z"},
            "actual_end",
        ),
        ({"actual_end": "not a time"}, "actual_end"),
        ({"cost_center_id": "nope"}, "cost_center_id"),
    ):
        pf_error(put(pf_identity, owner, phase, **change), 400, "validation_error", field)
    assert exact(http.get(f"{PHASES}/{phase['id']}", headers=auth))["name"] == "Design"


def test_amounts_have_at_most_their_currencys_places(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner, currency="JPY")
    refused = pf_identity.http.post(
        phases_of(record),
        json=phase_body(phase_budget={"amount": 10.5, "currency": "JPY"}),
        headers=owner.auth,
    )
    pf_error(refused, 400, "validation_error", "phase_budget.amount")
    phase = create_phase(
        pf_identity, owner, record, phase_budget={"amount": 5000, "currency": "JPY"}
    )
    assert phase["phase_budget"] == {"amount": 5000, "currency": "JPY"}


def test_grpcurl_gets_a_phase_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    phase = create_phase(pf_identity, owner, record, name="Over gRPC")
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.PhaseService/GetPhase"
    request = json.dumps({"id": phase["id"]})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["phase"]
    assert (read["id"], read["name"], read["status"]) == (
        phase["id"],
        "Over gRPC",
        "PHASE_STATUS_PLANNED",
    )
    assert read["phase_budget"] == {"amount": "1500.50", "currency": "EUR"}
    stranger = pf_identity.session()
    hidden = grpcurl(
        "-H", f"authorization: Bearer {stranger.access_token}", "-d", request, address, method
    )
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr, hidden.stderr
