"""Bad input, bad credentials and the rate limit, through the edge: always the documented
expense error body `{error: {code, message, details: {field, reason}}}`, never a 500."""

from __future__ import annotations

import uuid

import httpx
import pytest

pytestmark = pytest.mark.e2e

BASE = "/expense/v1"
VALID: dict[str, object] = {
    "amount": 10,
    "description": "Coffee",
    "category": "food",
    "date": "2026-05-04",
}


def _assert_error(
    response: httpx.Response, status: int, code: str, field: str | None = None
) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["details"], dict)
    if field is not None:
        assert error["details"]["field"] == field, error
        assert error["details"]["reason"]
    return error


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b'{"amount": 10, "description": ', "truncated"),
        (b"not json at all", "garbage"),
        (b"[1, 2, 3]", "array instead of object"),
        (b'"a string"', "string instead of object"),
        (b"", "empty body"),
    ],
)
def test_malformed_json_is_a_validation_error(client: httpx.Client, raw: bytes, why: str) -> None:
    for method in ("POST", "PUT"):
        url = f"{BASE}/expenses" if method == "POST" else f"{BASE}/expenses/{uuid.uuid4()}"
        response = client.request(
            method, url, content=raw, headers={"content-type": "application/json"}
        )
        _assert_error(response, 400, "VALIDATION_ERROR")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("amount", "ten"),
        ("amount", "10.00"),
        ("amount", True),
        ("amount", [10]),
        ("description", 42),
        ("description", {"text": "x"}),
        ("category", 7),
        ("date", 20260504),
        ("date", "04/05/2026"),
    ],
)
def test_wrong_json_types_name_the_field(client: httpx.Client, field: str, value: object) -> None:
    response = client.post(f"{BASE}/expenses", json={**VALID, field: value})
    _assert_error(response, 400, "VALIDATION_ERROR", field)


@pytest.mark.parametrize("field", ["amount", "description", "category", "date"])
def test_each_required_field_missing(client: httpx.Client, field: str) -> None:
    body = {k: v for k, v in VALID.items() if k != field}
    _assert_error(client.post(f"{BASE}/expenses", json=body), 400, "VALIDATION_ERROR", field)
    put = client.put(f"{BASE}/expenses/{uuid.uuid4()}", json=body)
    _assert_error(put, 400, "VALIDATION_ERROR", field)


@pytest.mark.parametrize("field", ["amount", "description", "category", "date"])
def test_required_field_null(client: httpx.Client, field: str) -> None:
    response = client.post(f"{BASE}/expenses", json={**VALID, field: None})
    _assert_error(response, 400, "VALIDATION_ERROR", field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("amount", 0),
        ("amount", -5),
        ("amount", 1.234),
        ("amount", 1e15),
        ("description", ""),
        ("description", "   "),
        ("description", "x" * 501),
        ("category", "groceries"),
        ("date", "2026-02-30"),
        ("date", "2026-13-01"),
    ],
)
def test_out_of_range_values(client: httpx.Client, field: str, value: object) -> None:
    response = client.post(f"{BASE}/expenses", json={**VALID, field: value})
    _assert_error(response, 400, "VALIDATION_ERROR", field)


def test_boundary_values_are_accepted(client: httpx.Client) -> None:
    for body in (
        {**VALID, "amount": 0.01},
        {**VALID, "description": "x" * 500},
        {**VALID, "date": "2024-02-29"},
    ):
        assert client.post(f"{BASE}/expenses", json=body).status_code == 201


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 101}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"limit": -1}, "limit"),
        ({"offset": -1}, "offset"),
        ({"offset": "x"}, "offset"),
        ({"start_date": "2026-02-30"}, "start_date"),
        ({"end_date": "yesterday"}, "end_date"),
        ({"category": "groceries"}, "category"),
        ({"start_date": "2026-05-02", "end_date": "2026-05-01"}, "start_date"),
    ],
)
def test_bad_list_parameters(client: httpx.Client, params: dict, field: str) -> None:
    _assert_error(client.get(f"{BASE}/expenses", params=params), 400, "VALIDATION_ERROR", field)


def test_limit_bounds_are_inclusive(client: httpx.Client) -> None:
    assert client.get(f"{BASE}/expenses", params={"limit": 1}).status_code == 200
    assert client.get(f"{BASE}/expenses", params={"limit": 100}).status_code == 200


def test_bad_and_unknown_ids(client: httpx.Client) -> None:
    _assert_error(client.get(f"{BASE}/expenses/not-a-uuid"), 400, "VALIDATION_ERROR", "id")
    _assert_error(client.delete(f"{BASE}/expenses/12345"), 400, "VALIDATION_ERROR", "id")
    missing = f"{BASE}/expenses/{uuid.uuid4()}"
    _assert_error(client.get(missing), 404, "NOT_FOUND")
    _assert_error(client.put(missing, json=VALID), 404, "NOT_FOUND")
    _assert_error(client.delete(missing), 404, "NOT_FOUND")


def test_missing_key_is_unauthorized(edge_url: str) -> None:
    with httpx.Client(base_url=edge_url) as anonymous:
        for response in (
            anonymous.get(f"{BASE}/expenses"),
            anonymous.post(f"{BASE}/expenses", json=VALID),
            anonymous.get(f"{BASE}/categories"),
        ):
            error = _assert_error(response, 401, "UNAUTHORIZED")
            assert "Authorization header" in error["message"]


@pytest.mark.parametrize(
    "header", ["Bearer fpk_not-a-real-key", "Bearer", "Basic dXNlcjpwYXNz", "fpk_without_scheme"]
)
def test_invalid_key_is_unauthorized(edge_url: str, header: str) -> None:
    with httpx.Client(base_url=edge_url, headers={"authorization": header}) as bad:
        _assert_error(bad.get(f"{BASE}/expenses"), 401, "UNAUTHORIZED")


def test_revoked_key_is_unauthorized(edge_url: str, issue_key, revoke_key) -> None:
    key_id, secret = issue_key("to-be-revoked")
    with httpx.Client(base_url=edge_url, headers={"authorization": f"Bearer {secret}"}) as c:
        assert c.get(f"{BASE}/categories").status_code == 200
        revoke_key(key_id)
        _assert_error(c.get(f"{BASE}/categories"), 401, "UNAUTHORIZED")


def test_unknown_path_and_method_use_the_expense_shape(client: httpx.Client) -> None:
    # No route, but the path is the expense service's: its body, its client's quota.
    missing = client.get("/expense/v1/nope")
    _assert_error(missing, 404, "NOT_FOUND")
    wrong = client.patch(f"{BASE}/expenses")
    _assert_error(wrong, 405, "METHOD_NOT_ALLOWED")
    assert wrong.headers["allow"] == "GET, HEAD, POST"
    for response in (missing, wrong):
        assert response.headers["x-ratelimit-limit"] == "1000"


def test_rate_limit_exhausted(limited_stack_client: httpx.Client) -> None:
    client = limited_stack_client
    seen = [client.get(f"{BASE}/categories") for _ in range(3)]
    assert [int(r.headers["x-ratelimit-remaining"]) for r in seen] == [2, 1, 0]
    assert all(r.headers["x-ratelimit-limit"] == "3" for r in seen)
    blocked = client.get(f"{BASE}/categories")
    _assert_error(blocked, 429, "RATE_LIMITED")
    assert blocked.headers["x-ratelimit-remaining"] == "0"
    assert int(blocked.headers["retry-after"]) > 0
    assert int(blocked.headers["x-ratelimit-reset"]) >= int(seen[0].headers["x-ratelimit-reset"])
