"""Accounts through the edge: registration, email verification, password reset, the
profile, and enumeration safety (spec 1 auth endpoints; GAPS "Identity and tokens")."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import httpx
import pytest

from tests.e2e.identity_support import (
    PASSWORD,
    Account,
    IdentityClient,
    SmtpSink,
    from_ip,
    gateway_error,
    slow_mail,
    unique_ip,
)

pytestmark = pytest.mark.e2e

NEW_PASSWORD = "copper-lantern-meadow-77"


def _register_body(account: Account, **override: str) -> dict[str, str]:
    return {
        "full_name": account.full_name,
        "email": account.email,
        "username": account.username,
        "password": account.password,
        **override,
    }


# --- register, verify-email, resend-verification ----------------------------------------


def test_register_answers_202_and_emails_a_single_use_verification_token(
    identity: IdentityClient, smtp: SmtpSink
) -> None:
    account = identity.new_account()
    registered = identity.register(account)
    assert registered.status_code == 202, registered.text
    assert set(registered.json()) == {"message"}
    smtp.wait_for(account.email)
    assert smtp.subjects(account.email) == ["Confirm your email address"]

    token = smtp.latest_token(account.email)
    verified = identity.http.get("/api/auth/verify-email", params={"token": token})
    assert verified.status_code == 200, verified.text
    assert verified.json()["verified"] is True

    again = identity.http.get("/api/auth/verify-email", params={"token": token})
    gateway_error(again, 400, "validation_error", mentions="token")
    session = identity.session(account)
    assert identity.profile(session).json()["email_verified"] is True


def test_verify_email_with_an_unknown_token_is_refused(identity: IdentityClient) -> None:
    bogus = identity.http.get("/api/auth/verify-email", params={"token": "not-a-real-token"})
    gateway_error(bogus, 400, "validation_error", mentions="token")


def test_resend_verification_sends_a_new_token_and_the_old_one_stops_working(
    identity: IdentityClient, smtp: SmtpSink
) -> None:
    account = identity.new_account()
    assert identity.register(account).status_code == 202
    first = smtp.latest_token(account.email)

    second = smtp.token_after(
        account.email,
        lambda: identity.http.post("/api/auth/resend-verification", json={"email": account.email}),
    )
    assert second != first
    old = identity.http.get("/api/auth/verify-email", params={"token": first})
    gateway_error(old, 400, "validation_error", mentions="token")
    new = identity.http.get("/api/auth/verify-email", params={"token": second})
    assert new.status_code == 200, new.text


# --- forgot-password, verify-reset-token, reset-password -----------------------------------


def test_password_reset_flow_revokes_every_session(
    identity: IdentityClient, smtp: SmtpSink
) -> None:
    account = identity.verified()
    first = identity.session(account)
    second = identity.session(account)

    token = identity.reset_token(account)
    assert smtp.subjects(account.email)[-1] == "Reset your password"
    checked = identity.http.get("/api/auth/verify-reset-token", params={"token": token})
    assert checked.status_code == 200, checked.text
    assert checked.json()["valid"] is True
    assert checked.json()["expires_at"]

    reset = identity.http.post(
        "/api/auth/reset-password", json={"token": token, "new_password": NEW_PASSWORD}
    )
    assert reset.status_code == 200, reset.text
    assert reset.json()["message"]

    after = identity.http.get("/api/auth/verify-reset-token", params={"token": token})
    assert after.status_code == 200
    assert after.json().get("valid", False) is False
    assert "expires_at" not in after.json() or after.json()["expires_at"] is None
    reused = identity.http.post(
        "/api/auth/reset-password", json={"token": token, "new_password": "another-" + NEW_PASSWORD}
    )
    gateway_error(reused, 400, "validation_error", mentions="token")

    for old in (first, second):
        gateway_error(identity.profile(old), 401, "unauthorized")
        gateway_error(identity.refresh(old.refresh_token), 401, "unauthorized")

    ip = from_ip(unique_ip())
    gateway_error(identity.login(account, headers=ip), 401, "unauthorized")
    account.password = NEW_PASSWORD
    assert identity.login(account, headers=ip).status_code == 200


def test_password_reset_does_not_bypass_mfa(identity: IdentityClient) -> None:
    account = identity.verified()
    identity.enable_mfa(identity.session(account))

    token = identity.reset_token(account)
    reset = identity.http.post(
        "/api/auth/reset-password", json={"token": token, "new_password": NEW_PASSWORD}
    )
    assert reset.status_code == 200, reset.text
    account.password = NEW_PASSWORD
    login = identity.login(account)
    assert login.status_code == 200, login.text
    assert login.json()["mfa_required"] is True
    assert not login.json().get("access_token")
    assert "set-cookie" not in login.headers


def test_a_new_reset_token_supersedes_the_previous_one(identity: IdentityClient) -> None:
    account = identity.verified()
    first = identity.reset_token(account)
    second = identity.reset_token(account)
    old = identity.http.get("/api/auth/verify-reset-token", params={"token": first})
    assert old.json().get("valid", False) is False
    new = identity.http.get("/api/auth/verify-reset-token", params={"token": second})
    assert new.json()["valid"] is True


# --- profile --------------------------------------------------------------------------------


def test_profile_get_and_rename(identity: IdentityClient) -> None:
    session = identity.session()
    profile = identity.profile(session)
    assert profile.status_code == 200, profile.text
    body = profile.json()
    assert body["email"] == session.account.email
    assert body["username"] == session.account.username
    assert body["full_name"] == session.account.full_name
    assert body["email_verified"] is True
    assert body.get("mfa_enabled", False) is False
    assert body["roles"] == ["user"]
    assert body["tenant_role"] == "owner"
    assert body["id"] and body["tenant_id"] and body["created_at"] and body["last_login_at"]
    assert "password_hash" not in body and "mfa_secret" not in body

    renamed = identity.http.put(
        "/api/auth/profile", headers=session.auth, json={"name": "Ada Lovelace"}
    )
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["profile"]["full_name"] == "Ada Lovelace"
    assert "mfa_setup" not in renamed.json()
    assert identity.profile(session).json()["full_name"] == "Ada Lovelace"


def test_password_change_needs_the_current_password_and_revokes_only_other_sessions(
    identity: IdentityClient,
) -> None:
    account = identity.verified()
    current = identity.session(account)
    other = identity.session(account)

    missing = identity.http.put(
        "/api/auth/profile", headers=current.auth, json={"password": NEW_PASSWORD}
    )
    gateway_error(missing, 400, "validation_error", mentions="current_password")
    wrong = identity.http.put(
        "/api/auth/profile",
        headers=current.auth,
        json={"password": NEW_PASSWORD, "current_password": "not-" + PASSWORD},
    )
    gateway_error(wrong, 400, "validation_error", mentions="current_password")
    assert identity.profile(other).status_code == 200  # nothing changed yet

    changed = identity.http.put(
        "/api/auth/profile",
        headers=current.auth,
        json={"password": NEW_PASSWORD, "current_password": PASSWORD},
    )
    assert changed.status_code == 200, changed.text

    assert identity.profile(current).status_code == 200
    gateway_error(identity.profile(other), 401, "unauthorized")
    gateway_error(identity.refresh(other.refresh_token), 401, "unauthorized")
    assert identity.refresh(current.refresh_token).status_code == 200

    ip = from_ip(unique_ip())
    gateway_error(identity.login(account, headers=ip), 401, "unauthorized")
    account.password = NEW_PASSWORD
    assert identity.login(account, headers=ip).status_code == 200


# --- enumeration safety ---------------------------------------------------------------------


def test_registering_a_taken_email_answers_exactly_like_a_new_one(
    identity: IdentityClient, smtp: SmtpSink
) -> None:
    owner = identity.verified()
    fresh = identity.new_account()
    intruder = identity.new_account()

    new_answer = identity.register(fresh)
    taken_answer = identity.http.post(
        "/api/auth/register",
        json=_register_body(intruder, email=owner.email, password="orchid-tunnel-basalt-19"),
    )
    assert (taken_answer.status_code, taken_answer.json()) == (
        new_answer.status_code,
        new_answer.json(),
    )
    assert new_answer.status_code == 202
    assert smtp.wait_for(owner.email, 2)[-1]["Subject"] == (
        "Someone tried to register with your email address"
    )
    # The owner's account is untouched: the original password still logs in.
    assert identity.login(owner).status_code == 200


@pytest.mark.parametrize("path", ["/api/auth/forgot-password", "/api/auth/resend-verification"])
def test_unknown_addresses_answer_like_known_ones(identity: IdentityClient, path: str) -> None:
    verified = identity.verified()
    unverified = identity.new_account()
    assert identity.register(unverified).status_code == 202
    unknown = f"nobody-{time.monotonic_ns()}@example.com"

    answers = [
        identity.http.post(path, json={"email": email})
        for email in (verified.email, unverified.email, unknown)
    ]
    assert {(a.status_code, a.text) for a in answers} == {(answers[0].status_code, answers[0].text)}
    assert answers[0].status_code == 202


def _median_seconds(call: Callable[[int], httpx.Response], rounds: int) -> float:
    times = []
    for i in range(rounds):
        started = time.perf_counter()
        response = call(i)
        times.append(time.perf_counter() - started)
        assert response.status_code == 202, response.text
    return statistics.median(times)


def test_register_takes_comparable_time_for_known_and_unknown_emails(
    identity: IdentityClient,
) -> None:
    """A sanity check, not a benchmark: both paths hash a password and send one email."""
    owner = identity.verified()

    def known(i: int) -> httpx.Response:
        other = identity.new_account()
        return identity.http.post(
            "/api/auth/register", json=_register_body(other, email=owner.email)
        )

    def unknown(i: int) -> httpx.Response:
        return identity.register(identity.new_account())

    known(0), unknown(0)  # warm both paths
    ratio = _median_seconds(unknown, 5) / _median_seconds(known, 5)
    assert 0.33 <= ratio <= 3, ratio


def _timing_pair(
    identity: IdentityClient, path: str
) -> tuple[Callable[[int], httpx.Response], ...]:
    """(known address, unknown address) request makers for `path`."""
    if path == "/api/auth/register":
        owner = identity.verified()
        return (
            lambda i: identity.http.post(
                path, json=_register_body(identity.new_account(), email=owner.email)
            ),
            lambda i: identity.register(identity.new_account()),
        )
    if path == "/api/auth/resend-verification":
        known = identity.new_account()  # registered, not verified: a mail is due
        assert identity.register(known).status_code == 202
    else:
        known = identity.verified()
    return (
        lambda i: identity.http.post(path, json={"email": known.email}),
        lambda i: identity.http.post(
            path, json={"email": f"nobody-{i}-{time.monotonic_ns()}@example.com"}
        ),
    )


@pytest.mark.parametrize(
    "path",
    [
        "/api/auth/register",
        "/api/auth/forgot-password",
        "/api/auth/resend-verification",
    ],
)
def test_response_time_does_not_reveal_registration_with_a_remote_mail_server(
    identity: IdentityClient, smtp: SmtpSink, path: str
) -> None:
    """The module promises comparable work on both paths; with a mail server 200 ms away
    (as in production) the time must still not tell a registered address."""
    known, unknown = _timing_pair(identity, path)
    with slow_mail(smtp, 0.2):
        ratio = _median_seconds(unknown, 3) / _median_seconds(known, 3)
    assert 0.33 <= ratio <= 3, ratio


def test_a_taken_username_does_not_reveal_whether_the_email_is_registered(
    identity: IdentityClient,
) -> None:
    owner = identity.verified()
    someone = identity.verified()  # whose username is taken
    probe_password = "orchid-tunnel-basalt-19"
    with_registered_email = identity.http.post(
        "/api/auth/register",
        json=_register_body(
            identity.new_account(),
            email=owner.email,
            username=someone.username,
            password=probe_password,
        ),
    )
    with_unknown_email = identity.http.post(
        "/api/auth/register",
        json=_register_body(
            identity.new_account(), username=someone.username, password=probe_password
        ),
    )
    assert with_registered_email.status_code == with_unknown_email.status_code
