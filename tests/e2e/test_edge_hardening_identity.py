"""Hostile input and edge-made answers on the identity API, through the real stack (edge
+ main backend + PostgreSQL + Redis): gateway-shaped 4xx with request id, no cacheable
tokens, JSON bodies only as JSON, and the auth routes' own rate-limit tier."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import (
    IdentityClient,
    SmtpSink,
    from_ip,
    gateway_error,
    unique_ip,
)

pytestmark = pytest.mark.e2e

DEEP = b"[" * 10_000 + b"]" * 10_000
INTERNALS = ("sys.", "int_max_str_digits", "Traceback", "Error", "recursion")


@pytest.fixture(scope="module")
def identity(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


def post(
    identity: IdentityClient, path: str, raw: bytes, content_type: str | None
) -> httpx.Response:
    headers = from_ip(unique_ip())
    if content_type is not None:
        headers["content-type"] = content_type
    return identity.http.post(path, content=raw, headers=headers)


@pytest.mark.parametrize(
    "path", ["/api/auth/login", "/api/auth/register", "/api/auth/forgot-password"]
)
def test_json_nested_10000_deep_is_a_bad_request(identity: IdentityClient, path: str) -> None:
    for raw in (DEEP, b'{"email": ' + DEEP + b"}"):
        response = post(identity, path, raw, "application/json")
        body = gateway_error(response, 400, "bad_request")
        assert body["message"] == "request body is nested too deeply"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["ratelimit-policy"].startswith('"auth";')


@pytest.mark.parametrize(
    "raw",
    [
        b'{"email": ' + b"9" * 5000 + b', "password": "x"}',
        b'{"email": "a@example.com", "password": 1e400}',
        b'{"email": NaN, "password": "x"}',
        b'{"email": "\xff\xfe", "password": "x"}',
    ],
)
def test_hostile_values_are_refused_in_plain_words(identity: IdentityClient, raw: bytes) -> None:
    response = post(identity, "/api/auth/login", raw, "application/json")
    assert response.status_code == 400, response.text
    assert not any(word in response.text for word in INTERNALS), response.text


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None]
)
def test_a_cross_origin_simple_login_is_415(
    identity: IdentityClient, content_type: str | None
) -> None:
    account = identity.verified("simple")
    raw = httpx.Request("POST", "/", json={"email": account.email, "password": account.password})
    response = post(identity, "/api/auth/login", raw.content, content_type)
    gateway_error(response, 415, "unsupported_media_type", mentions="application/json")
    assert "set-cookie" not in response.headers
    # The same body declared as JSON logs in.
    assert post(identity, "/api/auth/login", raw.content, "application/json").status_code == 200


def test_tokens_and_personal_data_are_never_stored(identity: IdentityClient) -> None:
    account = identity.verified("nostore")
    login = identity.login(account)
    session = login.json()
    auth = {"authorization": f"Bearer {session['access_token']}"}
    profile = identity.http.get("/api/auth/profile", headers=auth)
    sessions = identity.http.get("/api/sessions", headers=auth)
    bad = identity.http.post("/api/auth/login", json={"email": account.email, "password": "no"})
    for response in (login, profile, sessions, bad):
        assert response.headers.get_list("cache-control") == ["no-store"], response
        assert response.headers["pragma"] == "no-cache"


def test_the_jwks_declares_its_own_caching(identity: IdentityClient) -> None:
    response = identity.http.get("/.well-known/jwks.json")
    assert response.status_code == 200
    assert response.headers.get_list("cache-control") == ["public, max-age=15"]
    assert "pragma" not in response.headers


def test_the_auth_routes_declare_the_auth_tier(identity: IdentityClient) -> None:
    # Declared per RPC in the protos; the functional suites raise its limit, not its name.
    login = identity.http.post("/api/auth/login", json={}, headers=from_ip(unique_ip()))
    assert login.headers["ratelimit-policy"].startswith('"auth";')
    devices = identity.http.get("/api/auth/trusted-devices", headers=from_ip(unique_ip()))
    assert devices.headers["ratelimit-policy"].startswith('"auth";')
    sessions = identity.http.get("/api/sessions", headers=from_ip(unique_ip()))
    assert sessions.headers["ratelimit-policy"].startswith('"default";')
