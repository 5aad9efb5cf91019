"""The documented login flow through the edge, end to end (spec 1 "States and transitions")."""

from __future__ import annotations

from tests.e2e.identity_support import IdentityClient, refresh_cookie


def test_register_verify_login_refresh_logout(identity: IdentityClient) -> None:
    session = identity.session()
    http = identity.http
    profile = http.get("/api/auth/profile", headers=session.auth)
    assert profile.status_code == 200
    assert profile.json()["email"] == session.account.email

    refreshed = http.post(
        "/api/auth/refresh", headers={"cookie": f"refresh_token={session.refresh_token}"}
    )
    assert refreshed.status_code == 200, refreshed.text
    assert refresh_cookie(refreshed) not in ("", session.refresh_token)

    assert http.post("/api/auth/logout", headers=session.auth).status_code == 204
    after = http.get("/api/auth/profile", headers=session.auth)
    assert after.status_code == 401
    assert after.json()["error"] == "unauthorized"
