"""Login through the edge: the token and cookie it issues, the verified-email rule, bad
credentials, and progressive throttling per account and per client address."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable

import httpx
import jwt
import pytest

from tests.e2e.identity_support import (
    IdentityClient,
    bearer,
    claims_of,
    from_ip,
    gateway_error,
    refresh_cookie,
    unique_ip,
)

pytestmark = pytest.mark.e2e

WRONG = "definitely-not-the-password-93"


def test_login_issues_an_access_token_and_a_refresh_cookie(identity: IdentityClient) -> None:
    account = identity.verified()
    response = identity.login(account)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["token_type"] == "Bearer"
    assert body["expires_in"] == 900
    assert body.get("mfa_required", False) is False
    uuid.UUID(body["session_id"])
    assert "refresh_token" not in body  # cookie only, never JSON

    [set_cookie] = response.headers.get_list("set-cookie")
    attributes = {a.strip().split("=")[0].lower() for a in set_cookie.split(";")[1:]}
    assert {"httponly", "secure", "samesite", "path", "max-age"} <= attributes
    assert "SameSite=Strict" in set_cookie and "Path=/api/auth" in set_cookie
    assert refresh_cookie(response)

    header = jwt.get_unverified_header(body["access_token"])
    assert header["alg"] == "RS256" and header["typ"] == "at+jwt" and header["kid"]
    claims = claims_of(body["access_token"])
    profile = identity.http.get("/api/auth/profile", headers=bearer(body["access_token"])).json()
    assert claims["iss"] == "finplat"
    assert claims["aud"] == "finplat-api"
    assert claims["sub"] == profile["id"]
    assert claims["tid"] == profile["tenant_id"]
    assert claims["sid"] == body["session_id"]
    assert claims["roles"] == ["user"]
    assert claims["tenant_role"] == "owner"
    assert set(claims["scope"].split()) == set(profile["scopes"])
    assert claims["amr"] == ["pwd"]
    assert claims["exp"] - claims["iat"] == 900
    assert claims["nbf"] <= time.time() + 5
    uuid.UUID(claims["jti"])


def test_login_requires_a_verified_email(identity: IdentityClient) -> None:
    account = identity.new_account()
    assert identity.register(account).status_code == 202
    refused = identity.login(account)
    gateway_error(refused, 403, "email_not_verified")
    assert "set-cookie" not in refused.headers

    token = identity.sink.latest_token(account.email)
    assert identity.http.get("/api/auth/verify-email", params={"token": token}).status_code == 200
    assert identity.login(account).status_code == 200


def test_wrong_password_and_unknown_email_answer_the_same(identity: IdentityClient) -> None:
    account = identity.verified()
    ip = from_ip(unique_ip())
    wrong = identity.http.post(
        "/api/auth/login", json={"email": account.email, "password": WRONG}, headers=ip
    )
    unknown = identity.http.post(
        "/api/auth/login",
        json={"email": f"nobody-{time.monotonic_ns()}@example.com", "password": WRONG},
        headers=ip,
    )
    wrong_body = gateway_error(wrong, 401, "unauthorized")
    unknown_body = gateway_error(unknown, 401, "unauthorized")
    assert wrong_body["message"] == unknown_body["message"]
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_wrong_password_and_unknown_email_take_comparable_time(identity: IdentityClient) -> None:
    """A sanity check, not a benchmark: an unknown email still costs a password hash."""
    account = identity.verified()
    ip = from_ip(unique_ip())

    def median(email_of: Callable[[int], str]) -> float:
        times = []
        for i in range(5):
            started = time.perf_counter()
            response = _attempt(identity, email_of(i), WRONG, ip)
            times.append(time.perf_counter() - started)
            assert response.status_code == 401, response.text
        return statistics.median(times)

    known = median(lambda i: account.email)  # 5 failures: not yet throttled
    unknown = median(lambda i: f"nobody-{i}-{time.monotonic_ns()}@example.com")
    assert 0.33 <= unknown / known <= 3, (unknown, known)


def test_login_email_is_case_insensitive(identity: IdentityClient) -> None:
    account = identity.verified()
    response = identity.http.post(
        "/api/auth/login", json={"email": account.email.upper(), "password": account.password}
    )
    assert response.status_code == 200, response.text


# --- throttling -----------------------------------------------------------------------------


def _attempt(
    identity: IdentityClient, email: str, password: str, ip: dict[str, str]
) -> httpx.Response:
    return identity.http.post(
        "/api/auth/login", json={"email": email, "password": password}, headers=ip
    )


def _assert_throttled(response: httpx.Response) -> None:
    gateway_error(response, 429, "rate_limited")
    assert int(response.headers["retry-after"]) >= 1


def test_failed_logins_throttle_the_account_even_for_the_right_password(
    identity: IdentityClient,
) -> None:
    account = identity.verified()
    ip = from_ip(unique_ip())
    first_five = [_attempt(identity, account.email, WRONG, ip).status_code for _ in range(5)]
    assert first_five == [401] * 5
    _attempt(identity, account.email, WRONG, ip)  # the 6th failure: delayed from here on
    throttled = _attempt(identity, account.email, account.password, ip)
    _assert_throttled(throttled)
    # From another address too: the throttle is per account.
    _assert_throttled(_attempt(identity, account.email, account.password, from_ip(unique_ip())))

    # Never a lockout: once the delay has passed, the right password gets in.
    time.sleep(int(throttled.headers["retry-after"]) + 0.2)
    assert _attempt(identity, account.email, account.password, ip).status_code == 200


def test_an_unknown_email_throttles_exactly_like_a_known_one(identity: IdentityClient) -> None:
    account = identity.verified()
    unknown = f"nobody-{time.monotonic_ns()}@example.com"

    def statuses(email: str) -> list[tuple[int, str]]:
        ip = from_ip(unique_ip())
        answers = [_attempt(identity, email, WRONG, ip) for _ in range(7)]
        return [(a.status_code, a.json()["error"]) for a in answers]

    known_answers = statuses(account.email)
    assert known_answers[:5] == [(401, "unauthorized")] * 5
    assert known_answers[-1] == (429, "rate_limited")
    assert statuses(unknown) == known_answers


def test_the_sixth_attempt_after_five_failures_is_throttled(identity: IdentityClient) -> None:
    account = identity.verified()
    ip = from_ip(unique_ip())
    for _ in range(5):
        assert _attempt(identity, account.email, WRONG, ip).status_code == 401
    _assert_throttled(_attempt(identity, account.email, account.password, ip))


def test_failures_across_accounts_throttle_the_client_address(identity: IdentityClient) -> None:
    victim = identity.verified()
    ip = from_ip(unique_ip())
    for i in range(21):  # one failure per (unknown) account: no account throttle applies
        email = f"spray-{i}-{time.monotonic_ns()}@example.com"
        assert _attempt(identity, email, WRONG, ip).status_code in (401, 429)
    _assert_throttled(_attempt(identity, victim.email, victim.password, ip))
    # Another address is not affected.
    assert identity.login(victim, headers=from_ip(unique_ip())).status_code == 200


def test_the_address_is_throttled_right_after_twenty_failures(identity: IdentityClient) -> None:
    victim = identity.verified()
    ip = from_ip(unique_ip())
    for i in range(20):
        email = f"spray20-{i}-{time.monotonic_ns()}@example.com"
        assert _attempt(identity, email, WRONG, ip).status_code == 401
    _assert_throttled(_attempt(identity, victim.email, victim.password, ip))
