"""Tenants and teams through the edge (main on PostgreSQL, real emails in the SMTP
sink): invite, accept (another user's address, a reused, revoked or expired token
refused), switch, a role change changing the token's scopes, removal revoking access
within the session-check bound, the last-owner rule, viewers reading but not inviting,
another tenant's ids answered 404, bad input in the gateway error shape, and
TeamsService over real gRPC with the caller's token."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from db.engine import make_engine
from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import (
    IdentityClient,
    Session,
    claims_of,
    gateway_error,
    refresh_cookie,
)
from tests.e2e.team_support import (
    accept,
    invitation_token,
    invite,
    member_of,
    with_token,
)

pytestmark = pytest.mark.e2e

# FINPLAT session_check_seconds (5 s by default) plus the time a request takes.
SESSION_CHECK_BOUND = 8.0


def members(identity: IdentityClient, user: Session, **params: Any) -> dict[str, Any]:
    response = identity.http.get("/api/teams/members", params=params, headers=user.auth)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def teams(identity: IdentityClient, user: Session) -> list[dict[str, Any]]:
    response = identity.http.get("/api/teams", headers=user.auth)
    assert response.status_code == 200, response.text
    data: list[dict[str, Any]] = response.json()["data"]
    return data


def user_id(user: Session) -> str:
    return str(claims_of(user.access_token)["sub"])


def tenant_id(user: Session) -> str:
    return str(claims_of(user.access_token)["tid"])


def refreshed(identity: IdentityClient, user: Session) -> Session:
    response = identity.refresh(user.refresh_token)
    assert response.status_code == 200, response.text
    return Session(
        user.account,
        response.json()["access_token"],
        refresh_cookie(response),
        user.session_id,
    )


def refused_within_bound(call: Callable[[], httpx.Response]) -> httpx.Response:
    """Poll `call` until it answers 401 (the session check's cache expires), at most the
    session-check bound."""
    deadline = time.monotonic() + SESSION_CHECK_BOUND
    while True:
        response = call()
        if response.status_code == 401 or time.monotonic() > deadline:
            return response
        time.sleep(0.25)


def test_invite_accept_joins_the_tenant_with_a_token_for_it(identity: IdentityClient) -> None:
    owner = identity.session()
    response = invite(identity, owner, "Someone.New@Example.com", "member")
    assert response.status_code == 201, response.text
    invitation = response.json()
    assert invitation["email"] == "someone.new@example.com"
    assert invitation["tenant_role"] == "member"
    assert invitation["invited_by"] == user_id(owner)
    assert response.headers["location"] == f"/api/teams/invitations/{invitation['id']}"
    got = identity.http.get(response.headers["location"], headers=owner.auth)
    assert got.status_code == 200 and got.json() == invitation

    member = member_of(identity, owner, "member")
    claims = claims_of(member.access_token)
    assert claims["tid"] == tenant_id(owner)
    assert claims["tenant_role"] == "member"
    assert "projects:view" in claims["scope"].split()
    assert "teams:manage" not in claims["scope"].split()
    email = identity.sink.to(member.account.email)[-1]
    assert "invites you to join" in str(email.get_payload())

    listed = members(identity, owner)
    assert [m["user_id"] for m in listed["data"]] == [user_id(owner), user_id(member)]
    assert listed["data"][1]["tenant_role"] == "member"
    assert listed["data"][1]["email"] == member.account.email
    assert listed["pagination"] == {"limit": 20, "offset": 0, "total": 2, "has_more": False}

    mine = teams(identity, member)
    assert len(mine) == 2
    active = [t for t in mine if t["active"]]
    assert [t["id"] for t in active] == [tenant_id(owner)]
    assert active[0]["tenant_role"] == "member" and active[0]["member_count"] == 2
    assert active[0]["base_currency"] == "EUR"

    # The session keeps the tenant: a refresh is for it too.
    again = refreshed(identity, member)
    assert claims_of(again.access_token)["tid"] == tenant_id(owner)
    assert members(identity, again)["pagination"]["total"] == 2


def test_accepting_is_for_the_invited_address_once_before_expiry(
    identity: IdentityClient, identity_stack: RunningStack
) -> None:
    owner = identity.session()
    invitee = identity.session()
    stranger = identity.session()
    token = invitation_token(identity, owner, invitee.account.email, "viewer")

    # Another registered user holding the token (forwarded email): refused.
    gateway_error(accept(identity, stranger, token), 403, "forbidden", mentions="another email")
    gateway_error(accept(identity, invitee, "no-such-token"), 404, "not_found")
    joined = accept(identity, invitee, token)
    assert joined.status_code == 200, joined.text
    body = joined.json()
    assert body["token_type"] == "Bearer" and body["expires_in"] == 900
    assert body["team"]["id"] == tenant_id(owner) and body["team"]["active"] is True
    assert body["team"]["tenant_role"] == "viewer"
    # Single use.
    gateway_error(
        accept(identity, invitee, token), 409, "invitation_used", mentions="already been used"
    )

    # Expired: seven days after sending (moved back in the database).
    late = identity.session()
    expired = invitation_token(identity, owner, late.account.email, "member")
    engine = make_engine(identity_stack.database_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "UPDATE tenant_invitations SET expires_at = now() - interval '1 second'"
                    " WHERE email = :email"
                ),
                {"email": late.account.email},
            )
    finally:
        engine.dispose()
    gateway_error(accept(identity, late, expired), 409, "invitation_expired", mentions="expired")

    # Revoked, and re-inviting replaces the pending invitation's token.
    first = invitation_token(identity, owner, late.account.email, "member")
    second = invitation_token(identity, owner, late.account.email, "viewer")
    gateway_error(accept(identity, late, first), 409, "invitation_revoked", mentions="revoked")
    pending = identity.http.get("/api/teams/invitations", headers=owner.auth).json()
    assert [i["email"] for i in pending["data"]] == [late.account.email]
    assert pending["data"][0]["tenant_role"] == "viewer"
    revoked = identity.http.delete(
        f"/api/teams/invitations/{pending['data'][0]['id']}", headers=owner.auth
    )
    assert revoked.status_code == 204, revoked.text
    gateway_error(accept(identity, late, second), 409, "invitation_revoked", mentions="revoked")
    assert identity.http.get("/api/teams/invitations", headers=owner.auth).json()["data"] == []

    # A current member's address is 409.
    gateway_error(
        invite(identity, owner, invitee.account.email, "member"),
        409,
        "already_exists",
        mentions="member",
    )


def test_switching_tenant_answers_a_token_for_it_and_refresh_keeps_it(
    identity: IdentityClient,
) -> None:
    owner = identity.session()
    member = member_of(identity, owner, "manager")
    mine = {t["tenant_role"]: t["id"] for t in teams(identity, member)}
    own_tenant = mine["owner"]
    switched = identity.http.post(
        "/api/teams/switch", json={"tenant_id": own_tenant}, headers=member.auth
    )
    home = with_token(member, switched)
    assert switched.json()["team"] == {**switched.json()["team"], "id": own_tenant, "active": True}
    claims = claims_of(home.access_token)
    assert (claims["tid"], claims["tenant_role"], claims["sid"]) == (
        own_tenant,
        "owner",
        member.session_id,
    )
    assert members(identity, home)["pagination"]["total"] == 1
    # The profile shows the calling token's tenant.
    profile = identity.profile(home).json()
    assert (profile["tenant_id"], profile["tenant_role"]) == (own_tenant, "owner")
    assert "teams:manage" in profile["scopes"]
    profile = identity.profile(member).json()
    assert (profile["tenant_id"], profile["tenant_role"]) == (tenant_id(owner), "manager")
    # The session stays in the tenant switched to; the next login starts there too.
    assert claims_of(refreshed(identity, home).access_token)["tid"] == own_tenant
    assert tenant_id(identity.session(member.account)) == own_tenant
    # The token of the other tenant keeps working: both memberships stand.
    assert members(identity, member)["pagination"]["total"] == 2
    # A tenant the caller does not belong to is 404, as an unknown one.
    stranger = identity.session()
    for other in (tenant_id(stranger), str(uuid.uuid4())):
        gateway_error(
            identity.http.post("/api/teams/switch", json={"tenant_id": other}, headers=home.auth),
            404,
            "not_found",
        )


def test_a_role_change_changes_the_tokens_scopes(identity: IdentityClient) -> None:
    owner = identity.session()
    member = member_of(identity, owner, "member")
    changed = identity.http.patch(
        f"/api/teams/members/{user_id(member)}",
        json={"tenant_role": "manager"},
        headers=owner.auth,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["tenant_role"] == "manager"
    # The member-role token stops working within the session-check bound...
    stale = refused_within_bound(lambda: identity.http.get("/api/teams", headers=member.auth))
    gateway_error(stale, 401, "unauthorized")
    # ...and a refresh hands out the manager's scopes.
    promoted = refreshed(identity, member)
    claims = claims_of(promoted.access_token)
    assert claims["tenant_role"] == "manager" and claims["tid"] == tenant_id(owner)
    assert "teams:manage" in claims["scope"].split()
    assert invite(identity, promoted, "x" + member.account.email, "member").status_code == 201


def test_removal_revokes_the_members_access_within_the_bound(identity: IdentityClient) -> None:
    owner = identity.session()
    member = member_of(identity, owner, "member")
    assert members(identity, member)["pagination"]["total"] == 2
    removed = identity.http.delete(f"/api/teams/members/{user_id(member)}", headers=owner.auth)
    assert removed.status_code == 204, removed.text
    assert members(identity, owner)["pagination"]["total"] == 1
    stale = refused_within_bound(
        lambda: identity.http.get("/api/teams/members", headers=member.auth)
    )
    gateway_error(stale, 401, "unauthorized")
    # The session lives on: a refresh falls back to the user's own workspace.
    back = refreshed(identity, member)
    claims = claims_of(back.access_token)
    assert claims["tid"] != tenant_id(owner) and claims["tenant_role"] == "owner"
    assert [t["id"] for t in teams(identity, back)] == [claims["tid"]]
    # Removing again: 404.
    gateway_error(
        identity.http.delete(f"/api/teams/members/{user_id(member)}", headers=owner.auth),
        404,
        "not_found",
    )


def test_the_last_owner_stays(identity: IdentityClient) -> None:
    owner = identity.session()
    me = user_id(owner)
    demote = identity.http.patch(
        f"/api/teams/members/{me}", json={"tenant_role": "manager"}, headers=owner.auth
    )
    gateway_error(demote, 409, "last_owner", mentions="last owner")
    leave = identity.http.delete(f"/api/teams/members/{me}", headers=owner.auth)
    gateway_error(leave, 409, "last_owner", mentions="last owner")
    # A manager can neither make an owner nor touch one.
    manager = member_of(identity, owner, "manager")
    for response in (
        identity.http.patch(
            f"/api/teams/members/{me}", json={"tenant_role": "viewer"}, headers=manager.auth
        ),
        identity.http.delete(f"/api/teams/members/{me}", headers=manager.auth),
        identity.http.patch(
            f"/api/teams/members/{user_id(manager)}",
            json={"tenant_role": "owner"},
            headers=manager.auth,
        ),
        invite(identity, manager, "new-owner@example.com", "owner"),
    ):
        gateway_error(response, 403, "forbidden", mentions="owner")
    # With a second owner, the first may step down, then leave.
    promoted = identity.http.patch(
        f"/api/teams/members/{user_id(manager)}", json={"tenant_role": "owner"}, headers=owner.auth
    )
    assert promoted.status_code == 200, promoted.text
    left = identity.http.delete(f"/api/teams/members/{me}", headers=owner.auth)
    assert left.status_code == 204, left.text
    new_owner = refreshed(identity, manager)
    listed = members(identity, new_owner)["data"]
    assert [(m["user_id"], m["tenant_role"]) for m in listed] == [(user_id(manager), "owner")]


def test_a_viewer_reads_but_cannot_manage(identity: IdentityClient) -> None:
    owner = identity.session()
    viewer = member_of(identity, owner, "viewer")
    other = member_of(identity, owner, "member")
    assert members(identity, viewer)["pagination"]["total"] == 3
    assert identity.http.get("/api/teams/invitations", headers=viewer.auth).status_code == 200
    for response in (
        invite(identity, viewer, "someone@example.com", "viewer"),
        identity.http.patch(
            f"/api/teams/members/{user_id(other)}",
            json={"tenant_role": "viewer"},
            headers=viewer.auth,
        ),
        identity.http.delete(f"/api/teams/members/{user_id(other)}", headers=viewer.auth),
    ):
        gateway_error(response, 403, "forbidden")
    # But a viewer may leave.
    left = identity.http.delete(f"/api/teams/members/{user_id(viewer)}", headers=viewer.auth)
    assert left.status_code == 204, left.text
    assert members(identity, owner)["pagination"]["total"] == 2


def test_another_tenants_members_and_invitations_are_not_found(identity: IdentityClient) -> None:
    owner = identity.session()
    stranger = identity.session()
    response = invite(identity, stranger, "invitee@example.com", "member")
    assert response.status_code == 201, response.text
    foreign_invitation = response.json()["id"]
    foreign_member = user_id(stranger)
    for response in (
        identity.http.patch(
            f"/api/teams/members/{foreign_member}",
            json={"tenant_role": "viewer"},
            headers=owner.auth,
        ),
        identity.http.delete(f"/api/teams/members/{foreign_member}", headers=owner.auth),
        identity.http.get(f"/api/teams/invitations/{foreign_invitation}", headers=owner.auth),
        identity.http.delete(f"/api/teams/invitations/{foreign_invitation}", headers=owner.auth),
        identity.http.get(f"/api/teams/invitations/{uuid.uuid4()}", headers=owner.auth),
    ):
        gateway_error(response, 404, "not_found")
    assert [m["user_id"] for m in members(identity, owner)["data"]] == [user_id(owner)]
    assert identity.http.get("/api/teams/invitations", headers=owner.auth).json()["data"] == []
    # The stranger's invitation is untouched.
    still = identity.http.get(f"/api/teams/invitations/{foreign_invitation}", headers=stranger.auth)
    assert still.status_code == 200


def test_bad_input_is_a_gateway_error_never_5xx(identity: IdentityClient) -> None:
    owner = identity.session()
    http = identity.http
    me = user_id(owner)
    malformed = http.post(
        "/api/teams/invitations",
        content=b"{not json",
        headers={**owner.auth, "content-type": "application/json"},
    )
    gateway_error(malformed, 400, "bad_request")
    invalid = [
        http.post(
            "/api/teams/invitations", json={"email": 5, "tenant_role": "member"}, headers=owner.auth
        ),
        http.post(
            "/api/teams/invitations",
            json={"email": "a@example.com", "tenant_role": "boss"},
            headers=owner.auth,
        ),
        http.post(
            "/api/teams/invitations",
            json={"email": "not-an-address", "tenant_role": "member"},
            headers=owner.auth,
        ),
        http.post(
            "/api/teams/invitations",
            json={"email": "a@example.com", "tenant_role": "TENANT_ROLE_UNSPECIFIED"},
            headers=owner.auth,
        ),
        http.post("/api/teams/invitations", json={"tenant_role": "member"}, headers=owner.auth),
        http.post("/api/teams/invitations", json={"email": "a@example.com"}, headers=owner.auth),
        http.patch(
            "/api/teams/members/not-a-uuid", json={"tenant_role": "viewer"}, headers=owner.auth
        ),
        http.patch(f"/api/teams/members/{me}", json={"tenant_role": 3.5}, headers=owner.auth),
        http.patch(f"/api/teams/members/{me}", json={}, headers=owner.auth),
        http.delete("/api/teams/members/123", headers=owner.auth),
        http.post("/api/teams/switch", json={"tenant_id": "nope"}, headers=owner.auth),
        http.post("/api/teams/switch", json={}, headers=owner.auth),
        http.post("/api/teams/invitations/accept", json={"token": ["x"]}, headers=owner.auth),
        http.post("/api/teams/invitations/accept", json={}, headers=owner.auth),
        http.get("/api/teams/members", params={"limit": 101}, headers=owner.auth),
        http.get("/api/teams/members", params={"offset": -1}, headers=owner.auth),
        http.get("/api/teams/invitations", params={"limit": "ten"}, headers=owner.auth),
        http.get("/api/teams/invitations/xyz", headers=owner.auth),
    ]
    for response in invalid:
        gateway_error(response, 400, "validation_error")
    for response in (
        http.get("/api/teams"),
        http.post("/api/teams/switch", json={"tenant_id": str(uuid.uuid4())}),
        http.post("/api/teams/invitations/accept", json={"token": "x"}),
    ):
        gateway_error(response, 401, "unauthorized")
    # Nothing was invited, nothing changed.
    assert http.get("/api/teams/invitations", headers=owner.auth).json()["data"] == []
    assert members(identity, owner)["data"][0]["tenant_role"] == "owner"


def test_grpcurl_lists_the_callers_teams_with_its_token(
    identity_stack: RunningStack, identity: IdentityClient
) -> None:
    owner = identity.session()
    address = identity_stack.running.backend_addresses["main"]
    service = "finplat.identity.v1.TeamsService"
    answer = grpcurl(
        "-H",
        f"authorization: Bearer {owner.access_token}",
        "-d",
        "{}",
        address,
        f"{service}/ListTeams",
    )
    assert answer.returncode == 0, answer.stderr
    (team,) = json.loads(answer.stdout)["data"]
    assert team["id"] == tenant_id(owner) and team["tenant_role"] == "TENANT_ROLE_OWNER"
    denied = grpcurl("-d", "{}", address, f"{service}/ListTeams")
    assert denied.returncode != 0 and "Unauthenticated" in denied.stderr
