"""The assembled edge (no backends) facing what no handler expects: JSON nested 10,000
deep, and exceptions forced inside the request path. Every answer is a JSON error in the
owning service's body with the request id and the usual headers; none is a bare 500."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from edge.app import create_app
from edge.binding import RequestBinder
from edge.ratelimit.limiter import RateLimiter
from edge.settings import EdgeSettings

ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
KEY = {"Authorization": "Bearer fpk_key", "Content-Type": "application/json"}
DEEP = b"[" * 10_000 + b"]" * 10_000
SECURITY = ("x-content-type-options", "strict-transport-security", "content-security-policy")


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # Port 1 is never listening: any call that reached a backend would be a 503.
    app = create_app(EdgeSettings(edge_backends={"expense": ["127.0.0.1:1"]}))
    async with app.router.lifespan_context(app):
        # Starlette re-raises what reaches its server-error middleware after answering:
        # the test looks at the answer, as a client would.
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
            yield c


def usual_headers(response: httpx.Response, request_id: str) -> None:
    assert response.headers["x-request-id"] == request_id
    assert response.headers["content-type"] == "application/json"
    for name in SECURITY:
        assert name in response.headers
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("method", ["POST", "PUT"])
async def test_expense_json_nested_10000_deep_is_a_validation_error(
    client: httpx.AsyncClient, method: str
) -> None:
    url = "/expense/v1/expenses" + (f"/{ID}" if method == "PUT" else "")
    for body in (DEEP, b'{"amount": ' + DEEP + b"}"):
        response = await client.request(
            method, url, content=body, headers={**KEY, "X-Request-ID": "deep-1"}
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"] == {
            "code": "VALIDATION_ERROR",
            "message": "request body is nested too deeply",
            "details": {},
            "request_id": "deep-1",
        }
        usual_headers(response, "deep-1")
        # The API key's quota, not the edge's 5000 per minute.
        assert response.headers["x-ratelimit-limit"] == "1000"


async def test_identity_json_nested_10000_deep_is_a_bad_request(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post(
        "/api/auth/login",
        content=b'{"email": ' + DEEP + b"}",
        headers={"Content-Type": "application/json", "X-Request-ID": "deep-2"},
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": "bad_request",
        "message": "request body is nested too deeply",
        "request_id": "deep-2",
    }
    usual_headers(response, "deep-2")
    assert response.headers["ratelimit-policy"] == '"auth";q=50;w=60'


async def test_an_unexpected_exception_is_a_500_in_the_owners_shape(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the binder's secret internals")

    monkeypatch.setattr(RequestBinder, "bind", broken)
    response = await client.post(
        "/expense/v1/expenses", content=b"{}", headers={**KEY, "X-Request-ID": "boom-1"}
    )
    assert response.status_code == 500
    assert response.json() == {
        "error": {
            "code": "INTERNAL_ERROR",
            "message": "internal server error",
            "details": {},
            "request_id": "boom-1",
        }
    }
    assert "secret" not in response.text
    usual_headers(response, "boom-1")
    assert response.headers["x-ratelimit-limit"] == "1000"

    identity = await client.post(
        "/api/auth/login", content=b"{}", headers={**KEY, "X-Request-ID": "boom-2"}
    )
    assert identity.status_code == 500
    assert identity.json() == {
        "error": "internal",
        "message": "internal server error",
        "request_id": "boom-2",
    }
    usual_headers(identity, "boom-2")
    assert identity.headers["x-ratelimit-limit"] == "50"


async def test_a_failing_outer_layer_still_answers_in_the_owners_shape(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rate limiter sits outside the middleware: Starlette's server-error middleware
    # answers through the same handler, without the headers of the layer that failed.
    async def broken(self: RateLimiter, scope: Any) -> Any:
        raise RuntimeError("limiter bug")

    monkeypatch.setattr(RateLimiter, "check", broken)
    response = await client.get("/expense/v1/nope", headers={"X-Request-ID": "boom-3"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "INTERNAL_ERROR"
    assert response.json()["error"]["request_id"] == "boom-3"
    assert response.headers["x-request-id"] == "boom-3"
    assert response.headers["content-type"] == "application/json"
    assert "Internal Server Error" not in response.text


async def test_a_management_endpoint_failing_answers_in_the_gateway_shape(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("snapshot bug")

    monkeypatch.setattr("edge.balancing.pools.Pools.snapshot", broken)
    response = await client.get("/health/detailed", headers={"X-Request-ID": "boom-4"})
    assert response.status_code == 500
    assert response.json() == {
        "error": "internal",
        "message": "internal server error",
        "request_id": "boom-4",
    }
    assert response.headers["x-request-id"] == "boom-4"
    assert "x-ratelimit-limit" in response.headers
