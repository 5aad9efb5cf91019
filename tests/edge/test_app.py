"""The assembled edge without backends: request ids, management, 404/405, edge-made errors."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from edge.app import create_app
from edge.settings import EdgeSettings

ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
AUTH = {"Authorization": "Bearer key"}
JSON = {**AUTH, "Content-Type": "application/json"}


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # Port 1 is never listening: any call that reached a backend would be a 503.
    settings = EdgeSettings(
        edge_backends={"expense": ["127.0.0.1:1"]},
        edge_max_body_bytes=1024,
        edge_ready_timeout_seconds=0.5,
    )
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
            yield c


def test_settings_defaults_and_env(monkeypatch: pytest.MonkeyPatch) -> None:
    assert EdgeSettings().edge_backends["expense"] == ["127.0.0.1:50054"]
    assert EdgeSettings().edge_max_body_bytes == 10 * 1024 * 1024
    monkeypatch.setenv("FINPLAT_EDGE_BACKENDS", '{"expense": ["10.0.0.1:1", "10.0.0.2:1"]}')
    monkeypatch.setenv("FINPLAT_EDGE_PORT", "9000")
    settings = EdgeSettings()
    assert settings.edge_backends == {"expense": ["10.0.0.1:1", "10.0.0.2:1"]}
    assert settings.edge_port == 9000


async def test_management_endpoints(client: httpx.AsyncClient) -> None:
    health = await client.get("/health")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    assert (await client.get("/live")).json() == {"status": "ok"}
    ready = await client.get("/ready")
    assert ready.status_code == 503
    assert ready.json()["backends"]["expense"]["status"] == "NOT_SERVING"
    assert ready.json()["backends"]["expense"]["instances"] == {"127.0.0.1:1": "UNREACHABLE"}


async def test_request_id_is_minted_or_accepted_and_on_every_response(
    client: httpx.AsyncClient,
) -> None:
    minted = await client.get("/health")
    assert len(minted.headers["x-request-id"]) == 36
    kept = await client.get("/health", headers={"X-Request-ID": "abc-123"})
    assert kept.headers["x-request-id"] == "abc-123"
    junk = await client.get("/nowhere", headers={"X-Request-ID": "bad id\twith spaces"})
    assert junk.headers["x-request-id"] != "bad id\twith spaces"
    assert junk.json()["request_id"] == junk.headers["x-request-id"]


async def test_unknown_path_is_404_in_gateway_shape(client: httpx.AsyncClient) -> None:
    response = await client.get("/nowhere", headers={"X-Request-ID": "r1"})
    assert response.status_code == 404
    assert response.json() == {
        "error": "not_found",
        "message": "no route for this path",
        "request_id": "r1",
    }


async def test_wrong_method_is_405_with_allow_in_the_owners_shape(
    client: httpx.AsyncClient,
) -> None:
    response = await client.patch(f"/expense/v1/expenses/{ID}", headers={"X-Request-ID": "r2"})
    assert response.status_code == 405
    assert response.headers["allow"] == "DELETE, GET, HEAD, PUT"
    assert response.json() == {
        "error": {
            "code": "METHOD_NOT_ALLOWED",
            "message": "method not allowed for this path",
            "details": {},
            "request_id": "r2",
        }
    }
    # A family of gateway-shaped services answers in the gateway body.
    login = await client.get("/api/auth/login", headers={"X-Request-ID": "r4"})
    assert login.status_code == 405
    assert login.json() == {
        "error": "method_not_allowed",
        "message": "method not allowed for this path",
        "request_id": "r4",
    }


async def test_unknown_path_under_a_service_is_404_in_its_shape(
    client: httpx.AsyncClient,
) -> None:
    response = await client.get("/expense/v1/nope", headers={"X-Request-ID": "r5"})
    assert response.status_code == 404
    assert response.json() == {
        "error": {
            "code": "NOT_FOUND",
            "message": "no route for this path",
            "details": {},
            "request_id": "r5",
        }
    }


async def test_missing_credential_is_401_in_the_service_style(client: httpx.AsyncClient) -> None:
    response = await client.get("/expense/v1/expenses", headers={"X-Request-ID": "r3"})
    assert response.status_code == 401
    assert response.json() == {
        "error": {
            "code": "UNAUTHORIZED",
            "message": "Authorization header is required",
            "details": {},
            "request_id": "r3",
        }
    }


def expense_error(response: httpx.Response) -> dict[str, object]:
    assert response.status_code == 400, response.text
    error: dict[str, object] = response.json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert error["request_id"] == response.headers["x-request-id"]
    return error


async def test_malformed_json_is_400_in_expense_shape(client: httpx.AsyncClient) -> None:
    response = await client.post("/expense/v1/expenses", content=b'{"amount": ', headers=JSON)
    error = expense_error(response)
    assert "not valid JSON" in str(error["message"])
    assert error["details"] == {}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
async def test_a_json_route_refuses_other_media_types_with_415(
    client: httpx.AsyncClient, content_type: str | None
) -> None:
    headers = {**AUTH, "X-Request-ID": "r6"}
    if content_type is not None:
        headers["Content-Type"] = content_type
    body = b'{"amount": 1, "description": "d", "category": "food", "date": "2026-01-31"}'
    response = await client.post("/expense/v1/expenses", content=body, headers=headers)
    assert response.status_code == 415
    error = response.json()["error"]
    assert (error["code"], error["request_id"]) == ("UNSUPPORTED_MEDIA_TYPE", "r6")
    assert "application/json" in error["message"]
    # The cross-origin "simple" login: refused before anything reads it, gateway-shaped.
    login = await client.post(
        "/api/auth/login",
        content=b'{"email": "a@example.com", "password": "p"}',
        headers={"Content-Type": "text/plain"},
    )
    assert login.status_code == 415
    assert login.json()["error"] == "unsupported_media_type"


async def test_non_object_body_is_400(client: httpx.AsyncClient) -> None:
    error = expense_error(await client.post("/expense/v1/expenses", json=[1, 2], headers=AUTH))
    assert error["message"] == "request body must be a JSON object"


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"amount": "12.50"}, "amount", "must be a number"),
        ({"amount": True}, "amount", "must be a number"),
        ({"amount": 1, "date": "2026-02-30"}, "date", "is not a valid calendar date (YYYY-MM-DD)"),
        ({"amount": 1, "description": 5}, "description", "must be a string"),
    ],
)
async def test_wrong_types_are_400_naming_the_field(
    client: httpx.AsyncClient, body: dict[str, object], field: str, reason: str
) -> None:
    error = expense_error(await client.post("/expense/v1/expenses", json=body, headers=AUTH))
    assert error["details"] == {"field": field, "reason": reason}


async def test_bad_path_and_query_values_are_400(client: httpx.AsyncClient) -> None:
    error = expense_error(await client.get("/expense/v1/expenses/42", headers=AUTH))
    assert error["details"] == {"field": "id", "reason": "must be a UUID"}
    error = expense_error(await client.get("/expense/v1/expenses?limit=ten", headers=AUTH))
    assert error["details"] == {"field": "limit", "reason": "must be an integer"}
    error = expense_error(
        await client.get("/expense/v1/expenses?start_date=2026-13-01", headers=AUTH)
    )
    assert error["details"] == {
        "field": "start_date",
        "reason": "is not a valid calendar date (YYYY-MM-DD)",
    }


async def test_oversized_body_is_413_from_the_gateway(client: httpx.AsyncClient) -> None:
    # Refused by the body guard before any route runs: a gateway error, in the gateway
    # body, whichever service owns the path; the key's quota headers all the same.
    response = await client.post("/expense/v1/expenses", content=b" " * 2048, headers=JSON)
    assert response.status_code == 413
    assert response.json()["error"] == "payload_too_large"
    assert response.json()["request_id"] == response.headers["x-request-id"]
    assert response.headers["x-ratelimit-limit"] == "1000"
    assert "ratelimit-policy" not in response.headers


async def test_unreachable_backend_is_503(client: httpx.AsyncClient) -> None:
    response = await client.get("/expense/v1/categories", headers=AUTH)
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "SERVICE_UNAVAILABLE"


async def test_openapi_of_management_endpoints(client: httpx.AsyncClient) -> None:
    document = (await client.get("/openapi/gateway.json")).json()
    assert document["openapi"].startswith("3.1")
    assert "/health" in document["paths"]


async def test_head_is_get_without_a_body(client: httpx.AsyncClient) -> None:
    get = await client.get("/expense/v1/categories", headers=AUTH)
    head = await client.head("/expense/v1/categories", headers=AUTH)
    assert head.status_code == get.status_code
    assert head.content == b""
    assert head.headers["content-length"] == get.headers["content-length"]
    assert head.headers["content-type"] == "application/json"


async def test_405_allows_head_wherever_get_is_allowed(client: httpx.AsyncClient) -> None:
    response = await client.delete("/expense/v1/categories", headers=AUTH)
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD"
