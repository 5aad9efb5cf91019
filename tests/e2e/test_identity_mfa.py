"""MFA through the edge with real TOTP codes: setup, enable, the two-step login, replay
refusal, recovery codes, verifying a session, disabling, and the server clock."""

from __future__ import annotations

import base64
import time

import pytest

from tests.e2e.identity_support import (
    PASSWORD,
    IdentityClient,
    Mfa,
    away_from_step_boundary,
    claims_of,
    from_ip,
    gateway_error,
    session_from,
    unique_ip,
)

pytestmark = pytest.mark.e2e


def test_setup_hands_out_a_secret_and_recovery_codes_and_enable_turns_mfa_on(
    identity: IdentityClient,
) -> None:
    session = identity.session()
    too_early = identity.http.post(
        "/api/auth/mfa/enable", headers=session.auth, json={"code": "123456"}
    )
    assert too_early.status_code == 409, too_early.text

    setup = identity.http.post("/api/auth/mfa/setup", headers=session.auth, json={})
    assert setup.status_code == 200, setup.text
    body = setup.json()
    assert len(base64.b32decode(body["secret"])) == 20  # 160 bits
    assert body["otpauth_uri"].startswith("otpauth://totp/")
    assert body["secret"] in body["otpauth_uri"]
    assert len(body["recovery_codes"]) == 10 and len(set(body["recovery_codes"])) == 10
    assert (body["period"], body["digits"]) == (30, 6)
    assert identity.profile(session).json().get("mfa_enabled", False) is False

    mfa = Mfa(body["secret"], body["recovery_codes"])
    wrong = identity.http.post(
        "/api/auth/mfa/enable", headers=session.auth, json={"code": "000000"}
    )
    if wrong.status_code != 200:  # 1 in 10^6: 000000 happens to be valid
        gateway_error(wrong, 400, "validation_error", mentions="code")
    away_from_step_boundary()
    enabled = identity.http.post(
        "/api/auth/mfa/enable", headers=session.auth, json={"code": mfa.code(-1)}
    )
    assert enabled.status_code == 200, enabled.text
    assert enabled.json() == {"mfa_enabled": True}
    assert identity.profile(session).json()["mfa_enabled"] is True


def test_mfa_login_two_steps_replay_and_recovery_codes(identity: IdentityClient) -> None:
    account = identity.verified()
    mfa = identity.enable_mfa(identity.session(account))
    ip = from_ip(unique_ip())

    first = identity.login(account, headers=ip)
    assert first.status_code == 200, first.text
    assert first.json()["mfa_required"] is True
    assert not first.json().get("access_token")
    assert "set-cookie" not in first.headers

    if mfa.code(0) != "000000":
        gateway_error(identity.login_mfa(account, "000000", headers=ip), 401, "unauthorized")
    code = mfa.code(0)
    second = identity.login_mfa(account, code, headers=ip)
    session = session_from(account, second)
    assert second.json().get("mfa_required", False) is False
    assert session.refresh_token
    assert claims_of(session.access_token)["amr"] == ["pwd", "otp"]
    assert identity.profile(session).status_code == 200

    # The same code again: a replay, refused even though it is still in its time window.
    gateway_error(identity.login_mfa(account, code, headers=ip), 401, "unauthorized")

    recovery = mfa.recovery_codes[0]
    with_recovery = identity.login_mfa(account, recovery, headers=ip)
    assert claims_of(session_from(account, with_recovery).access_token)["amr"] == ["pwd", "otp"]
    gateway_error(identity.login_mfa(account, recovery, headers=ip), 401, "unauthorized")
    # Recovery codes are typed by hand: case and hyphens do not matter.
    other = mfa.recovery_codes[1].upper().replace("-", "")
    assert identity.login_mfa(account, other, headers=ip).status_code == 200

    # The next time step's code still works (each step once, in order).
    assert identity.login_mfa(account, mfa.code(1), headers=ip).status_code == 200


def test_login_mfa_for_an_account_without_mfa_is_refused(identity: IdentityClient) -> None:
    account = identity.verified()
    response = identity.login_mfa(account, "123456")
    gateway_error(response, 400, "validation_error", mentions="mfa_code")


def test_mfa_verify_marks_the_session_and_issues_an_otp_token(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)  # logged in before MFA: amr ["pwd"]
    assert claims_of(session.access_token)["amr"] == ["pwd"]
    mfa = identity.enable_mfa(session)

    code = mfa.code(0)
    verified = identity.http.post("/api/auth/mfa/verify", headers=session.auth, json={"code": code})
    assert verified.status_code == 200, verified.text
    body = verified.json()
    assert body["mfa_verified"] is True
    assert body["token_type"] == "Bearer" and body["expires_in"] == 900
    claims = claims_of(body["access_token"])
    assert "otp" in claims["amr"] and "pwd" in claims["amr"]
    assert claims["sid"] == session.session_id

    new_auth = {"authorization": f"Bearer {body['access_token']}"}
    listed = identity.http.get("/api/sessions", headers=new_auth).json()["sessions"]
    [mine] = [s for s in listed if s["id"] == session.session_id]
    assert mine["mfa_verified"] is True and mine["current"] is True

    replay = identity.http.post("/api/auth/mfa/verify", headers=new_auth, json={"code": code})
    assert replay.status_code in (400, 401), replay.text
    # A refresh keeps the session's MFA state.
    refreshed = identity.refresh(session.refresh_token)
    assert refreshed.status_code == 200, refreshed.text
    assert "otp" in claims_of(refreshed.json()["access_token"])["amr"]


def test_mfa_verify_without_mfa_enabled_is_refused(identity: IdentityClient) -> None:
    session = identity.session()
    response = identity.http.post(
        "/api/auth/mfa/verify", headers=session.auth, json={"code": "123456"}
    )
    assert response.status_code == 409, response.text


def test_disable_mfa_with_the_password(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    identity.enable_mfa(session)

    wrong = identity.http.post(
        "/api/auth/mfa/disable", headers=session.auth, json={"password": "not-" + PASSWORD}
    )
    gateway_error(wrong, 400, "validation_error", mentions="password")
    neither = identity.http.post("/api/auth/mfa/disable", headers=session.auth, json={})
    assert neither.status_code == 400, neither.text

    disabled = identity.http.post(
        "/api/auth/mfa/disable", headers=session.auth, json={"password": PASSWORD}
    )
    assert disabled.status_code == 200, disabled.text
    assert disabled.json().get("mfa_enabled", False) is False
    assert identity.profile(session).json().get("mfa_enabled", False) is False
    login = identity.login(account)
    assert login.json().get("mfa_required", False) is False and login.json()["access_token"]

    again = identity.http.post(
        "/api/auth/mfa/disable", headers=session.auth, json={"password": PASSWORD}
    )
    assert again.status_code == 409, again.text


def test_disable_mfa_with_a_code(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    mfa = identity.enable_mfa(session)
    disabled = identity.http.post(
        "/api/auth/mfa/disable", headers=session.auth, json={"code": mfa.code(0)}
    )
    assert disabled.status_code == 200, disabled.text
    assert identity.login(account).json().get("mfa_required", False) is False


def test_profile_update_starts_and_stops_mfa(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    started = identity.http.put("/api/auth/profile", headers=session.auth, json={"setup_mfa": True})
    assert started.status_code == 200, started.text
    setup = started.json()["mfa_setup"]
    mfa = Mfa(setup["secret"], setup["recovery_codes"])
    assert started.json()["profile"].get("mfa_enabled", False) is False

    away_from_step_boundary()
    enabled = identity.http.post(
        "/api/auth/mfa/enable", headers=session.auth, json={"code": mfa.code(-1)}
    )
    assert enabled.status_code == 200, enabled.text
    assert identity.login(account).json()["mfa_required"] is True

    both = identity.http.put(
        "/api/auth/profile", headers=session.auth, json={"setup_mfa": True, "disable_mfa": True}
    )
    assert both.status_code == 400, both.text
    stopped = identity.http.put(
        "/api/auth/profile",
        headers=session.auth,
        json={"disable_mfa": True, "mfa_code": mfa.recovery_codes[0]},
    )
    assert stopped.status_code == 200, stopped.text
    assert stopped.json()["profile"].get("mfa_enabled", False) is False
    assert identity.login(account).json().get("mfa_required", False) is False


def test_server_time_is_public(identity: IdentityClient) -> None:
    response = identity.http.get("/api/auth/mfa/server-time")
    assert response.status_code == 200, response.text
    body = response.json()
    assert abs(body["unix_time"] - time.time()) < 5
    assert body["period"] == 30
    assert body["step"] == body["unix_time"] // 30
    assert 1 <= body["seconds_remaining"] <= 30
    assert body["server_time"].endswith("Z")


def test_mfa_verify_is_throttled_like_the_login_mfa_step(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    mfa = identity.enable_mfa(session)
    ip = from_ip(unique_ip())
    wrong = "000000" if mfa.code(0) != "000000" else "111111"
    for _ in range(7):
        identity.http.post(
            "/api/auth/mfa/verify", headers={**session.auth, **ip}, json={"code": wrong}
        )
    attempt = identity.http.post(
        "/api/auth/mfa/verify", headers={**session.auth, **ip}, json={"code": mfa.code(0)}
    )
    gateway_error(attempt, 429, "rate_limited")


def test_an_access_token_alone_cannot_replace_an_enabled_second_factor(
    identity: IdentityClient,
) -> None:
    account = identity.verified()
    session = identity.session(account)
    original = identity.enable_mfa(session)  # spends step -1

    attacker = identity.http.post("/api/auth/mfa/setup", headers=session.auth, json={})
    if attacker.status_code == 200:
        secret = attacker.json()["secret"]
        identity.http.post(
            "/api/auth/mfa/enable",
            headers=session.auth,
            json={"code": Mfa(secret, []).code(0)},
        )
    # The owner's authenticator and recovery codes still work.
    ip = from_ip(unique_ip())
    assert identity.login_mfa(account, original.recovery_codes[0], headers=ip).status_code == 200
    assert identity.login_mfa(account, original.code(1), headers=ip).status_code == 200
