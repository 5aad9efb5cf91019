"""Hostile input and edge-made answers on the expense API, through the real stack (edge +
expense backend + PostgreSQL): always the expense error body with request id, the
API key's quota headers, never a cache-able response, never Python's own words."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.e2e.conftest import RunningStack

pytestmark = pytest.mark.e2e

BASE = "/expense/v1"
VALID = {"amount": 10, "description": "Coffee", "category": "food", "date": "2026-05-04"}
JSON = {"content-type": "application/json"}
DEEP = b"[" * 10_000 + b"]" * 10_000
HUGE = b"9" * 5000
INTERNALS = ("sys.", "int_max_str_digits", "Traceback", "Error", "recursion", "expense.")


def expense_error(response: httpx.Response, status: int, code: str) -> dict[str, object]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    error: dict[str, object] = body["error"]
    assert error["code"] == code
    assert error["request_id"] == response.headers["x-request-id"]
    assert not any(word in response.text for word in INTERNALS), response.text
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    return error


@pytest.fixture
def keyed() -> Iterator[Callable[[RunningStack], httpx.Client]]:
    """A client with a fresh API key of its own (its quota starts untouched)."""
    opened: list[httpx.Client] = []

    def open_client(stack: RunningStack) -> httpx.Client:
        secret = stack.issue_key(f"hardening-{uuid.uuid4().hex[:8]}")[1]
        client = httpx.Client(
            base_url=stack.edge_url, headers={"authorization": f"Bearer {secret}"}, timeout=30
        )
        opened.append(client)
        return client

    yield open_client
    for client in opened:
        client.close()


@pytest.fixture
def client(
    keyed: Callable[[RunningStack], httpx.Client], expense_stack: RunningStack
) -> Iterator[httpx.Client]:
    yield keyed(expense_stack)


# --- C1: nesting that used to be a bare 500 --------------------------------------------


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_json_nested_10000_deep_is_a_validation_error(client: httpx.Client, method: str) -> None:
    url = f"{BASE}/expenses" + (f"/{uuid.uuid4()}" if method == "PUT" else "")
    for body in (DEEP, b'{"amount": ' + DEEP + b"}"):
        response = client.request(method, url, content=body, headers=JSON)
        error = expense_error(response, 400, "VALIDATION_ERROR")
        assert error["message"] == "request body is nested too deeply"
        assert response.headers["x-ratelimit-limit"] == "1000"


# --- C6: messages name the field in plain words ----------------------------------------


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (b'{"amount": ' + HUGE + b', "description": "d", "category": "food", '
         b'"date": "2026-05-04"}', "amount"),
        (b'{"amount": 1e400, "description": "d", "category": "food", "date": "2026-05-04"}',
         "amount"),
        (b'{"amount": 0.' + HUGE + b', "description": "d", "category": "food", '
         b'"date": "2026-05-04"}', "amount"),
        (b'{"amount": 10, "description": ' + HUGE + b', "category": "food", '
         b'"date": "2026-05-04"}', "description"),
        (b'{"amount": 10, "description": "d", "category": "food", "date": ' + HUGE + b"}",
         "date"),
    ],
)  # fmt: skip
def test_huge_numbers_name_their_field(client: httpx.Client, raw: bytes, field: str) -> None:
    error = expense_error(
        client.post(f"{BASE}/expenses", content=raw, headers=JSON), 400, "VALIDATION_ERROR"
    )
    assert error["details"]["field"] == field  # type: ignore[index]
    assert str(error["message"]).startswith(field) or f" {field}" in str(error["message"])


def test_huge_query_integers_are_out_of_range(client: httpx.Client) -> None:
    response = client.get(f"{BASE}/expenses", params={"limit": HUGE.decode()})
    error = expense_error(response, 400, "VALIDATION_ERROR")
    assert error["details"]["field"] == "limit"  # type: ignore[index]


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b'{"amount": NaN}', "NaN is not valid JSON"),
        (b'{"amount": Infinity}', "Infinity is not valid JSON"),
        (b'{"amount": -Infinity}', "-Infinity is not valid JSON"),
        (b'{"description": "\xff\xfe"}', "invalid UTF-8"),
    ],
)
def test_unusable_json_is_said_plainly(client: httpx.Client, raw: bytes, words: str) -> None:
    response = client.post(f"{BASE}/expenses", content=raw, headers=JSON)
    error = expense_error(response, 400, "VALIDATION_ERROR")
    assert words in str(error["message"])


def test_a_repeated_member_takes_its_last_value(client: httpx.Client) -> None:
    raw = b'{"amount": 1, "description": "d", "category": "food", "date": "2026-05-04", '
    created = client.post(f"{BASE}/expenses", content=raw + b'"amount": 2.5}', headers=JSON)
    assert created.status_code == 201, created.text
    assert created.json()["amount"] == 2.5


def test_backend_violations_name_the_json_field(client: httpx.Client) -> None:
    # The backend names body fields by proto path ("expense.amount"); REST clients see
    # the field as they sent it, in the details and in the message.
    for body in ({**VALID, "amount": 0}, {**VALID, "category": "groceries"}, {}):
        response = client.post(f"{BASE}/expenses", json=body)
        error = expense_error(response, 400, "VALIDATION_ERROR")
        field = error["details"]["field"]  # type: ignore[index]
        assert field in VALID and field in str(error["message"])


# --- C4: JSON bodies must be declared JSON ------------------------------------------


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_json_body_without_a_json_media_type_is_415(
    client: httpx.Client, content_type: str | None
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    raw = httpx.Request("POST", "/", json=VALID).content
    for method, url in (("POST", f"{BASE}/expenses"), ("PUT", f"{BASE}/expenses/{uuid.uuid4()}")):
        response = client.request(method, url, content=raw, headers=headers)
        error = expense_error(response, 415, "UNSUPPORTED_MEDIA_TYPE")
        assert "application/json" in str(error["message"])
    created = client.post(
        f"{BASE}/expenses", content=raw, headers={"content-type": "application/json; charset=utf-8"}
    )
    assert created.status_code == 201


# --- C3: nothing is stored --------------------------------------------------------------


def test_every_expense_response_is_no_store(client: httpx.Client) -> None:
    created = client.post(f"{BASE}/expenses", json=VALID)
    listed = client.get(f"{BASE}/expenses")
    missing = client.get(f"{BASE}/expenses/{uuid.uuid4()}")
    deleted = client.delete(created.headers["location"])
    for response in (created, listed, missing, deleted):
        assert response.headers.get_list("cache-control") == ["no-store"], response
        assert response.headers["pragma"] == "no-cache"


# --- C7: unmatched paths and the key's quota on edge-made answers ------------------------


def test_unknown_paths_and_methods_answer_in_the_expense_shape(client: httpx.Client) -> None:
    missing = expense_error(client.get(f"{BASE}/nope"), 404, "NOT_FOUND")
    assert missing["details"] == {}
    wrong = client.patch(f"{BASE}/expenses")
    expense_error(wrong, 405, "METHOD_NOT_ALLOWED")
    assert wrong.headers["allow"] == "GET, HEAD, POST"


def _quota(response: httpx.Response) -> tuple[int, int, int]:
    assert response.headers.get_list("x-ratelimit-limit"), response.headers
    assert "ratelimit-policy" not in response.headers  # not the edge's 5000 per minute
    return (
        int(response.headers["x-ratelimit-limit"]),
        int(response.headers["x-ratelimit-remaining"]),
        int(response.headers["x-ratelimit-reset"]),
    )


def test_edge_refusals_carry_the_key_s_quota_as_it_stands(client: httpx.Client) -> None:
    limit, remaining, reset = _quota(client.get(f"{BASE}/nope"))  # nothing counted yet
    assert (limit, remaining) == (1000, 1000)
    assert reset % 3600 == 0  # calendar hours, like the backend's windows
    counted = _quota(client.get(f"{BASE}/categories"))
    assert counted == (1000, 999, reset)
    refusals = [
        client.get(f"{BASE}/nope"),
        client.patch(f"{BASE}/expenses"),
        client.post(f"{BASE}/expenses", content=b"{", headers=JSON),
        client.post(f"{BASE}/expenses", content=b"{}", headers={"content-type": "text/plain"}),
        client.get(f"{BASE}/expenses/not-a-uuid"),
    ]
    for response in refusals:
        assert response.status_code in (400, 404, 405, 415), response.text
        assert _quota(response) == (1000, 999, reset)  # none of them was counted
    assert _quota(client.get(f"{BASE}/categories")) == (1000, 998, reset)


def test_an_oversized_body_carries_the_key_s_quota(client: httpx.Client) -> None:
    response = client.post(f"{BASE}/expenses", content=b" " * (11 * 1024 * 1024), headers=JSON)
    assert response.status_code == 413
    assert _quota(response)[:2] == (1000, 1000)


def test_the_quota_setting_is_honoured_before_the_backend_is_ever_asked(
    keyed: Callable[[RunningStack], httpx.Client], limited_stack: RunningStack
) -> None:
    # FINPLAT_EXPENSE_RATE_LIMIT=3, counted in Redis: the edge says 3 from the first call.
    client = keyed(limited_stack)
    first = _quota(client.get(f"{BASE}/nope"))
    assert first[:2] == (3, 3)
    assert _quota(client.get(f"{BASE}/categories"))[:2] == (3, 2)
    assert _quota(client.get(f"{BASE}/expenses/1"))[:2] == (3, 2)
