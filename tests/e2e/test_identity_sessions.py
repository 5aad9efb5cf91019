"""Sessions through the edge: listing, revoking one or all others, isolation between
users, refresh-token rotation and reuse detection, and logout."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.e2e.identity_support import (
    IdentityClient,
    claims_of,
    cookie,
    gateway_error,
    refresh_cookie,
)

pytestmark = pytest.mark.e2e

LONDON_IP = "81.2.69.20"
LINKOPING_IP = "89.160.20.20"


def _listed(identity: IdentityClient, auth: dict[str, str]) -> list[dict[str, Any]]:
    response = identity.http.get("/api/sessions", headers=auth)
    assert response.status_code == 200, response.text
    return response.json()["sessions"]  # type: ignore[no-any-return]


def test_list_sessions_shows_where_each_came_from_and_which_is_current(
    identity: IdentityClient,
) -> None:
    account = identity.verified()
    london = identity.session(
        account, headers={"x-forwarded-for": LONDON_IP, "user-agent": "London-Browser/1.0"}
    )
    sweden = identity.session(
        account,
        headers={"x-forwarded-for": LINKOPING_IP, "user-agent": "Swedish-Phone/2.0"},
        device_fingerprint="phone-fingerprint-0001",
    )

    sessions = {s["id"]: s for s in _listed(identity, london.auth)}
    assert set(sessions) == {london.session_id, sweden.session_id}
    assert sessions[london.session_id]["current"] is True
    assert sessions[sweden.session_id].get("current", False) is False

    first = sessions[london.session_id]
    assert first["ip_address"] == LONDON_IP
    assert first["user_agent"] == "London-Browser/1.0"
    assert first["location"] == {
        "country_code": "GB",
        "country": "United Kingdom",
        "city": "London",
        "latitude": pytest.approx(51.5142),
        "longitude": pytest.approx(-0.0931),
        "label": "London, United Kingdom",
    }
    assert first["created_at"] and first["last_seen_at"] and first["expires_at"]
    second = sessions[sweden.session_id]
    assert second["ip_address"] == LINKOPING_IP
    assert second["user_agent"] == "Swedish-Phone/2.0"
    assert second["device"] == "phone-fingerprint-0001"
    assert second["location"]["city"] == "Linköping"
    # Most recently used first; the other session sees itself as current.
    assert _listed(identity, sweden.auth)[0]["id"] == sweden.session_id
    assert [s["id"] for s in _listed(identity, sweden.auth) if s["current"]] == [sweden.session_id]


def test_revoke_one_session(identity: IdentityClient) -> None:
    account = identity.verified()
    keeper = identity.session(account)
    doomed = identity.session(account)

    revoked = identity.http.post(
        "/api/sessions/revoke", headers=keeper.auth, json={"session_id": doomed.session_id}
    )
    assert revoked.status_code == 200, revoked.text
    assert revoked.json() == {"session_id": doomed.session_id, "revoked": True}

    gateway_error(identity.profile(doomed), 401, "unauthorized")
    gateway_error(identity.refresh(doomed.refresh_token), 401, "unauthorized")
    assert {s["id"] for s in _listed(identity, keeper.auth)} == {keeper.session_id}
    again = identity.http.post(
        "/api/sessions/revoke", headers=keeper.auth, json={"session_id": doomed.session_id}
    )
    assert again.status_code == 200  # revoking twice is harmless
    unknown = identity.http.post(
        "/api/sessions/revoke", headers=keeper.auth, json={"session_id": str(uuid.uuid4())}
    )
    gateway_error(unknown, 404, "not_found")
    assert identity.profile(keeper).status_code == 200


def test_revoke_own_current_session_logs_it_out(identity: IdentityClient) -> None:
    session = identity.session()
    revoked = identity.http.post(
        "/api/sessions/revoke", headers=session.auth, json={"session_id": session.session_id}
    )
    assert revoked.status_code == 200, revoked.text
    gateway_error(identity.profile(session), 401, "unauthorized")


def test_revoke_all_keeps_only_the_current_session(identity: IdentityClient) -> None:
    account = identity.verified()
    current = identity.session(account)
    others = [identity.session(account) for _ in range(2)]

    response = identity.http.post("/api/sessions/revoke-all", headers=current.auth, json={})
    assert response.status_code == 200, response.text
    assert response.json() == {"revoked": 2}
    assert identity.profile(current).status_code == 200
    for other in others:
        gateway_error(identity.profile(other), 401, "unauthorized")
        gateway_error(identity.refresh(other.refresh_token), 401, "unauthorized")
    assert [s["id"] for s in _listed(identity, current.auth)] == [current.session_id]
    nothing_left = identity.http.post("/api/sessions/revoke-all", headers=current.auth, json={})
    assert nothing_left.json().get("revoked", 0) == 0


def test_users_cannot_see_or_revoke_each_others_sessions(identity: IdentityClient) -> None:
    alice = identity.session()
    bob = identity.session()

    alice_ids = {s["id"] for s in _listed(identity, alice.auth)}
    bob_ids = {s["id"] for s in _listed(identity, bob.auth)}
    assert alice_ids == {alice.session_id}
    assert bob_ids == {bob.session_id}

    refused = identity.http.post(
        "/api/sessions/revoke", headers=alice.auth, json={"session_id": bob.session_id}
    )
    gateway_error(refused, 403, "forbidden")
    assert identity.profile(bob).status_code == 200
    # Revoke-all is about the caller's own sessions only.
    identity.http.post("/api/sessions/revoke-all", headers=alice.auth, json={})
    assert identity.profile(bob).status_code == 200


# --- refresh and logout ---------------------------------------------------------------------


def test_refresh_rotates_the_cookie_and_issues_a_new_access_token(
    identity: IdentityClient,
) -> None:
    session = identity.session()
    refreshed = identity.refresh(session.refresh_token)
    assert refreshed.status_code == 200, refreshed.text
    body = refreshed.json()
    assert body["token_type"] == "Bearer" and body["expires_in"] == 900
    assert body["session_id"] == session.session_id
    assert "refresh_token" not in body
    assert body["access_token"] != session.access_token
    assert claims_of(body["access_token"])["sid"] == session.session_id

    [set_cookie] = refreshed.headers.get_list("set-cookie")
    for attribute in ("HttpOnly", "Secure", "SameSite=Strict", "Path=/api/auth"):
        assert attribute in set_cookie, set_cookie
    new_cookie = refresh_cookie(refreshed)
    assert new_cookie and new_cookie != session.refresh_token

    profile = identity.http.get(
        "/api/auth/profile", headers={"authorization": f"Bearer {body['access_token']}"}
    )
    assert profile.status_code == 200
    # The new cookie rotates again.
    assert identity.refresh(new_cookie).status_code == 200


def test_reusing_a_rotated_refresh_token_revokes_the_whole_session(
    identity: IdentityClient,
) -> None:
    session = identity.session()
    first = identity.refresh(session.refresh_token)
    second = identity.refresh(refresh_cookie(first))
    newest = refresh_cookie(second)
    newest_access = second.json()["access_token"]

    reuse = identity.refresh(session.refresh_token)
    gateway_error(reuse, 401, "unauthorized")

    gateway_error(
        identity.http.get(
            "/api/auth/profile", headers={"authorization": f"Bearer {newest_access}"}
        ),
        401,
        "unauthorized",
    )
    gateway_error(identity.profile(session), 401, "unauthorized")
    gateway_error(identity.refresh(newest), 401, "unauthorized")


@pytest.mark.parametrize("value", [None, "", "never-issued-token"])
def test_refresh_without_a_valid_cookie_is_401(identity: IdentityClient, value: str | None) -> None:
    headers = {} if value is None else cookie(value)
    response = identity.http.post("/api/auth/refresh", headers=headers)
    gateway_error(response, 401, "unauthorized")


def test_the_refresh_token_is_only_read_from_the_cookie(identity: IdentityClient) -> None:
    session = identity.session()
    response = identity.http.post(
        "/api/auth/refresh", json={"refresh_token": session.refresh_token}
    )
    assert response.status_code in (400, 401), response.text
    assert identity.refresh(session.refresh_token).status_code == 200  # not spent


def test_logout_ends_the_session_and_clears_the_cookie(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    other = identity.session(account)

    response = identity.http.post("/api/auth/logout", headers=session.auth)
    assert response.status_code == 204, response.text
    assert response.content == b""
    [set_cookie] = response.headers.get_list("set-cookie")
    assert set_cookie.startswith("refresh_token=;")
    for attribute in ("Max-Age=0", "Path=/api/auth", "HttpOnly", "Secure"):
        assert attribute in set_cookie, set_cookie

    gateway_error(identity.profile(session), 401, "unauthorized")
    gateway_error(identity.refresh(session.refresh_token), 401, "unauthorized")
    gateway_error(identity.http.post("/api/auth/logout", headers=session.auth), 401, "unauthorized")
    assert identity.profile(other).status_code == 200  # only that session ended
