"""Security response headers and identity-header stripping, over a real uvicorn server."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from edge.security.settings import API_CSP, DOCS_CSP, SecuritySettings
from tests.edge.security.harness import demo_app, serve

EXPECTED = {
    "strict-transport-security": "max-age=63072000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    settings = SecuritySettings()
    with serve(demo_app(settings), settings) as url, httpx.Client(base_url=url) as http:
        yield http


@pytest.mark.parametrize(
    ("path", "status"), [("/ok", 200), ("/nowhere", 404), ("/admin", 401), ("/unavailable", 503)]
)
def test_every_response_carries_the_security_headers(
    client: httpx.Client, path: str, status: int
) -> None:
    response = client.get(path)
    assert response.status_code == status
    for name, value in EXPECTED.items():
        assert response.headers[name] == value
    assert response.headers["content-security-policy"] == API_CSP
    assert "camera=()" in response.headers["permissions-policy"]
    if status >= 400:
        assert response.json()["request_id"] == response.headers["x-request-id"]


@pytest.mark.parametrize(
    ("path", "status"), [("/ok", 200), ("/nowhere", 404), ("/admin", 401), ("/unavailable", 503)]
)
def test_proxied_responses_may_never_be_stored(
    client: httpx.Client, path: str, status: int
) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.headers.get_list("cache-control") == ["no-store"]
    assert response.headers["pragma"] == "no-cache"


def test_a_declared_cache_control_is_kept_without_pragma(client: httpx.Client) -> None:
    response = client.get("/public")
    assert response.headers.get_list("cache-control") == ["max-age=15"]
    assert "pragma" not in response.headers


def test_the_edge_s_own_endpoints_keep_their_caching(client: httpx.Client) -> None:
    response = client.get("/docs/api")
    assert "cache-control" not in response.headers and "pragma" not in response.headers


def test_the_docs_ui_gets_its_own_csp(client: httpx.Client) -> None:
    response = client.get("/docs/api")
    assert response.headers["content-security-policy"] == DOCS_CSP
    assert "script-src 'self'" in DOCS_CSP and "frame-ancestors 'none'" in DOCS_CSP


def test_a_header_the_app_set_is_not_overwritten(client: httpx.Client) -> None:
    response = client.get("/own-csp")
    assert response.headers.get_list("content-security-policy") == ["default-src 'self'"]
    assert response.headers["x-frame-options"] == "DENY"


def test_identity_headers_from_clients_are_stripped(client: httpx.Client) -> None:
    spoofed = {
        "X-User-Id": "someone-else",
        "X-Tenant-Id": "t",
        "X-Principal-Roles": "admin",
        "X-Forwarded-User": "root",
        "X-Auth-Request-User": "root",
        "X-Roles": "admin",
        "X-Scopes": "*",
    }
    seen = client.get("/headers", headers={**spoofed, "X-Custom": "kept"}).json()
    assert not {name.lower() for name in spoofed} & set(seen)
    assert "x-custom" in seen
