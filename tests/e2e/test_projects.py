"""Projects through the edge (main on PostgreSQL): create with its Location, get, list
(pages, status filter, search), update with the status moves, archive and unarchive
(read-only between), members (only the tenant's users, once each, allocation bounds;
leaving the tenant leaves its projects), allocations, batch get, tenant isolation, a
viewer who reads but cannot write, bad input in the gateway error shape (never 5xx),
and GetProject over real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, claims_of, gateway_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

PROJECTS = "/api/projects"


def user_id(session: Session) -> str:
    return str(claims_of(session.access_token)["sub"])


def create(identity: IdentityClient, user: Session, **fields: Any) -> dict[str, Any]:
    response = identity.http.post(PROJECTS, json={"name": "Website", **fields}, headers=user.auth)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{PROJECTS}/{body['id']}"
    return body


def test_projects_end_to_end(identity: IdentityClient) -> None:
    owner = identity.session()
    http = identity.http
    project = create(
        identity,
        owner,
        name="Website relaunch",
        code="WEB-26",
        description="New site",
        client_name="Globex",
        start_date="2026-04-01",
        end_date="2026-09-30",
        budget="48000.50",
        currency="EUR",
    )
    assert project["status"] == "planned"
    assert (project["budget"], project["currency"], project["member_count"]) == (
        "48000.50",
        "EUR",
        0,
    )
    assert (project["start_date"], project["end_date"], project["archived_at"]) == (
        "2026-04-01",
        "2026-09-30",
        None,
    )
    bare = create(identity, owner, name="Internal tools")
    assert (bare["code"], bare["client_name"], bare["budget"], bare["currency"]) == (
        None,
        None,
        None,
        None,
    )
    assert http.get(f"{PROJECTS}/{project['id']}", headers=owner.auth).json() == project

    gateway_error(
        http.post(PROJECTS, json={"name": "Clash", "code": "WEB-26"}, headers=owner.auth),
        409,
        "already_exists",
    )
    gateway_error(
        http.post(
            PROJECTS,
            json={"name": "Late", "start_date": "2026-05-02", "end_date": "2026-05-01"},
            headers=owner.auth,
        ),
        422,
        "unprocessable",
        mentions="end_date",
    )

    # Update: only what is sent; the status moves; an end before the stored start.
    changed = http.patch(
        f"{PROJECTS}/{project['id']}",
        json={"status": "active", "budget": "50000", "client_name": "Initech"},
        headers=owner.auth,
    )
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert (body["status"], body["budget"], body["client_name"], body["code"]) == (
        "active",
        "50000.00",
        "Initech",
        "WEB-26",
    )
    gateway_error(
        http.patch(
            f"{PROJECTS}/{project['id']}", json={"end_date": "2026-03-01"}, headers=owner.auth
        ),
        422,
        "unprocessable",
        mentions="end_date",
    )
    gateway_error(
        http.patch(f"{PROJECTS}/{bare['id']}", json={"status": "completed"}, headers=owner.auth),
        409,
        "invalid_transition",
    )

    # Lists: newest first, pages, status filter, search; archived put away.
    listed = http.get(PROJECTS, params={"limit": 1}, headers=owner.auth).json()
    assert [p["id"] for p in listed["data"]] == [bare["id"]]
    assert listed["pagination"] == {"limit": 1, "offset": 0, "total": 2, "has_more": True}
    active = http.get(PROJECTS, params={"status": "active"}, headers=owner.auth).json()
    assert [p["id"] for p in active["data"]] == [project["id"]]
    found = http.get(PROJECTS, params={"q": "initech"}, headers=owner.auth).json()
    assert [p["id"] for p in found["data"]] == [project["id"]]

    archived = http.post(f"{PROJECTS}/{bare['id']}/archive", json={}, headers=owner.auth)
    assert archived.status_code == 200, archived.text
    assert archived.json()["status"] == "archived" and archived.json()["archived_at"]
    gateway_error(
        http.patch(f"{PROJECTS}/{bare['id']}", json={"name": "x"}, headers=owner.auth),
        409,
        "invalid_transition",
    )
    gateway_error(
        http.post(f"{PROJECTS}/{bare['id']}/archive", json={}, headers=owner.auth),
        409,
        "invalid_transition",
    )
    assert http.get(PROJECTS, headers=owner.auth).json()["pagination"]["total"] == 1
    put_away = http.get(PROJECTS, params={"status": "archived"}, headers=owner.auth).json()
    assert [p["id"] for p in put_away["data"]] == [bare["id"]]
    restored = http.post(f"{PROJECTS}/{bare['id']}/unarchive", json={}, headers=owner.auth)
    assert restored.status_code == 200, restored.text
    assert (restored.json()["status"], restored.json()["archived_at"]) == ("planned", None)

    batch = http.get(
        f"{PROJECTS}/batch",
        params=[("ids", bare["id"]), ("ids", project["id"]), ("ids", str(uuid.uuid4()))],
        headers=owner.auth,
    )
    assert batch.status_code == 200, batch.text
    assert [p["id"] for p in batch.json()["projects"]] == [bare["id"], project["id"]]
    assert len(batch.json()["missing_ids"]) == 1


def test_project_members_and_allocations(identity: IdentityClient) -> None:
    owner = identity.session()
    http = identity.http
    project = create(identity, owner, status="active")
    members = f"{PROJECTS}/{project['id']}/members"
    colleague = member_of(identity, owner, "member")
    colleague_id = user_id(colleague)

    added = http.post(
        members,
        json={"user_id": colleague_id, "role": "lead", "allocation_percent": 60},
        headers=owner.auth,
    )
    assert added.status_code == 201, added.text
    member = added.json()
    assert added.headers["location"] == f"{members}/{colleague_id}"
    assert "60.00" in added.text  # a JSON number, exact to the cent, never a float's
    assert (member["user_id"], member["role"], member["allocation_percent"]) == (
        colleague_id,
        "lead",
        60,
    )
    mine = http.post(
        members, json={"user_id": user_id(owner), "allocation_percent": 12.5}, headers=owner.auth
    )
    assert mine.status_code == 201, mine.text
    assert mine.json()["role"] == "member"

    gateway_error(
        http.post(
            members, json={"user_id": colleague_id, "allocation_percent": 10}, headers=owner.auth
        ),
        409,
        "already_exists",
    )
    stranger = identity.session()  # registered, but in a tenant of its own
    refused = gateway_error(
        http.post(
            members,
            json={"user_id": user_id(stranger), "allocation_percent": 10},
            headers=owner.auth,
        ),
        422,
        "unprocessable",
    )
    assert "user_id" in refused["message"]
    for allocation in (0, 100.01, -1, 33.333, "50", True):
        error = gateway_error(
            http.post(
                members,
                json={"user_id": colleague_id, "allocation_percent": allocation},
                headers=owner.auth,
            ),
            400,
            "validation_error",
        )
        assert "allocation_percent" in error["message"], error

    changed = http.patch(
        f"{members}/{colleague_id}", json={"allocation_percent": 100}, headers=owner.auth
    )
    assert changed.status_code == 200, changed.text
    assert (changed.json()["allocation_percent"], changed.json()["role"]) == (100, "lead")
    assert http.get(f"{members}/{colleague_id}", headers=owner.auth).json() == changed.json()
    gateway_error(
        http.patch(f"{members}/{user_id(stranger)}", json={"role": "x"}, headers=owner.auth),
        404,
        "not_found",
    )
    listed = http.get(members, headers=owner.auth).json()
    assert {m["user_id"] for m in listed["data"]} == {colleague_id, user_id(owner)}
    assert http.get(f"{PROJECTS}/{project['id']}", headers=owner.auth).json()["member_count"] == 2

    allocations = http.get(f"{PROJECTS}/allocations", headers=owner.auth)
    assert allocations.status_code == 200, allocations.text
    totals = {a["user_id"]: a["total_allocation_percent"] for a in allocations.json()["data"]}
    assert totals == {colleague_id: 100, user_id(owner): 12.5}
    assert not any(a["overallocated"] for a in allocations.json()["data"])

    removed = http.delete(f"{members}/{user_id(owner)}", headers=owner.auth)
    assert removed.status_code == 204, removed.text
    gateway_error(http.delete(f"{members}/{user_id(owner)}", headers=owner.auth), 404, "not_found")

    # Leaving the tenant is leaving its projects.
    left = http.delete(f"/api/teams/members/{colleague_id}", headers=owner.auth)
    assert left.status_code == 204, left.text
    assert http.get(members, headers=owner.auth).json()["pagination"]["total"] == 0


def test_a_viewer_reads_projects_but_cannot_change_them(identity: IdentityClient) -> None:
    owner = identity.session()
    http = identity.http
    project = create(identity, owner)
    viewer = member_of(identity, owner, "viewer")
    assert http.get(f"{PROJECTS}/{project['id']}", headers=viewer.auth).status_code == 200
    assert http.get(PROJECTS, headers=viewer.auth).json()["pagination"]["total"] == 1
    assert http.get(f"{PROJECTS}/{project['id']}/members", headers=viewer.auth).status_code == 200
    members = f"{PROJECTS}/{project['id']}/members"
    for method, path, body in (
        ("post", PROJECTS, {"name": "Mine"}),
        ("patch", f"{PROJECTS}/{project['id']}", {"name": "Mine"}),
        ("post", f"{PROJECTS}/{project['id']}/archive", {}),
        ("post", members, {"user_id": user_id(viewer), "allocation_percent": 10}),
        ("delete", f"{members}/{user_id(owner)}", None),
    ):
        gateway_error(http.request(method, path, json=body, headers=viewer.auth), 403, "forbidden")


def test_another_tenants_projects_are_not_found(identity: IdentityClient) -> None:
    owner = identity.session()
    http = identity.http
    project = create(identity, owner, code="MINE")
    other = identity.session()
    pid = project["id"]
    for method, path, body in (
        ("get", f"{PROJECTS}/{pid}", None),
        ("patch", f"{PROJECTS}/{pid}", {"name": "Stolen"}),
        ("post", f"{PROJECTS}/{pid}/archive", {}),
        ("post", f"{PROJECTS}/{pid}/unarchive", {}),
        ("get", f"{PROJECTS}/{pid}/members", None),
        (
            "post",
            f"{PROJECTS}/{pid}/members",
            {"user_id": user_id(other), "allocation_percent": 5},
        ),
        ("get", f"{PROJECTS}/{pid}/members/{user_id(owner)}", None),
        ("delete", f"{PROJECTS}/{pid}/members/{user_id(owner)}", None),
    ):
        gateway_error(http.request(method, path, json=body, headers=other.auth), 404, "not_found")
    assert http.get(PROJECTS, headers=other.auth).json()["pagination"]["total"] == 0
    assert http.get(f"{PROJECTS}/allocations", headers=other.auth).json()["data"] == []
    batch = http.get(f"{PROJECTS}/batch", params={"ids": pid}, headers=other.auth).json()
    assert (batch["projects"], batch["missing_ids"]) == ([], [pid])
    # Codes are per tenant.
    assert create(identity, other, code="MINE")["code"] == "MINE"
    assert http.get(f"{PROJECTS}/{pid}", headers=owner.auth).json()["name"] == "Website"


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("post", "", {}, "name"),
        ("post", "", {"name": ""}, "name"),
        ("post", "", {"name": "   "}, "name"),
        ("post", "", {"name": 42}, "name"),
        ("post", "", {"name": "x" * 201}, "name"),
        ("post", "", {"name": "P", "code": "-bad"}, "code"),
        ("post", "", {"name": "P", "status": "finished"}, "status"),
        ("post", "", {"name": "P", "status": "archived"}, "status"),
        ("post", "", {"name": "P", "start_date": "2026-02-30"}, "start_date"),
        ("post", "", {"name": "P", "budget": "-1", "currency": "EUR"}, "budget"),
        ("post", "", {"name": "P", "budget": "1e999", "currency": "EUR"}, "budget"),
        ("post", "", {"name": "P", "budget": "10"}, "currency"),
        ("post", "", {"name": "P", "budget": "10", "currency": "euro"}, "currency"),
        ("get", "?limit=0", None, "limit"),
        ("get", "?limit=101", None, "limit"),
        ("get", "?offset=-1", None, "offset"),
        ("get", "?status=open", None, "status"),
        ("get", "?q=%00", None, "q"),
        ("get", "/not-a-uuid", None, "id"),
        ("patch", "/not-a-uuid", {"name": "x"}, "id"),
        ("patch", "/{id}", {"name": ""}, "name"),
        ("patch", "/{id}", {"end_date": "soon"}, "end_date"),
        ("get", "/batch", None, "ids"),
        ("get", "/batch?ids=nope", None, "ids"),
        ("get", "/{id}/members?limit=500", None, "limit"),
        ("post", "/{id}/members", {"allocation_percent": 10}, "user_id"),
        ("post", "/{id}/members", {"user_id": "nope", "allocation_percent": 10}, "user_id"),
        ("post", "/{id}/members", {"user_id": "{me}"}, "allocation_percent"),
        ("post", "/{id}/members", {"user_id": "{me}", "allocation_percent": True}, "allocation"),
        (
            "post",
            "/{id}/members",
            {"user_id": "{me}", "allocation_percent": 5, "role": "  "},
            "role",
        ),
        ("patch", "/{id}/members/nope", {"role": "x"}, "user_id"),
        ("get", "/allocations?user_id=nope", None, "user_id"),
    ],
)
def test_bad_input_is_a_gateway_400_naming_the_field(
    identity: IdentityClient, method: str, path: str, body: Any, field: str
) -> None:
    user = identity.session()
    project = create(identity, user)
    path = path.replace("{id}", project["id"])
    if isinstance(body, dict):
        body = {k: (user_id(user) if v == "{me}" else v) for k, v in body.items()}
    response = identity.http.request(method, f"{PROJECTS}{path}", json=body, headers=user.auth)
    error = gateway_error(response, 400, "validation_error")
    assert field in error["message"], error


def test_malformed_json_and_wrong_types_are_400(identity: IdentityClient) -> None:
    user = identity.session()
    http = identity.http
    headers = {**user.auth, "content-type": "application/json"}
    gateway_error(http.post(PROJECTS, content=b'{"name": ', headers=headers), 400, "bad_request")
    gateway_error(http.post(PROJECTS, content=b"[1, 2]", headers=headers), 400, "bad_request")
    project = create(identity, user)
    gateway_error(
        http.patch(f"{PROJECTS}/{project['id']}", content=b"{,}", headers=headers),
        400,
        "bad_request",
    )
    wrong = http.post(PROJECTS, json={"name": "P", "start_date": 20260401}, headers=user.auth)
    assert wrong.status_code == 400, wrong.text


def test_reads_and_writes_need_a_token(identity: IdentityClient) -> None:
    gateway_error(identity.http.get(PROJECTS), 401, "unauthorized")
    gateway_error(identity.http.post(PROJECTS, json={"name": "x"}), 401, "unauthorized")


def test_grpcurl_gets_a_project_with_the_callers_token(
    identity: IdentityClient, identity_stack: RunningStack
) -> None:
    owner = identity.session()
    project = create(identity, owner, code="GRPC-1", budget="10.00", currency="USD")
    address = identity_stack.running.backend_addresses["main"]
    bearer = f"authorization: Bearer {owner.access_token}"
    got = grpcurl(
        "-H", bearer, "-d", json.dumps({"id": project["id"]}), address,
        "finplat.projects.v1.ProjectService/GetProject",
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    read = json.loads(got.stdout)["project"]
    assert (read["id"], read["code"], read["budget"], read["status"]) == (
        project["id"],
        "GRPC-1",
        "10.00",
        "PROJECT_STATUS_PLANNED",
    )
    other = f"authorization: Bearer {identity.session().access_token}"
    hidden = grpcurl(
        "-H", other, "-d", json.dumps({"id": project["id"]}), address,
        "finplat.projects.v1.ProjectService/GetProject",
    )  # fmt: skip
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
    anonymous = grpcurl(
        "-d", json.dumps({"id": project["id"]}), address,
        "finplat.projects.v1.ProjectService/GetProject",
    )  # fmt: skip
    assert anonymous.returncode != 0 and "Unauthenticated" in anonymous.stderr
