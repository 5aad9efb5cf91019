"""The expense API through the edge, on PostgreSQL: CRUD, pagination, filters, isolation."""

from __future__ import annotations

import uuid
from decimal import Decimal

import httpx
import pytest

pytestmark = pytest.mark.e2e

BASE = "/expense/v1"


def _expense(**overrides: object) -> dict[str, object]:
    body: dict[str, object] = {
        "amount": 12.5,
        "description": "Lunch with the team",
        "category": "food",
        "date": "2026-11-01",
    }
    body.update(overrides)
    return body


def test_create_returns_201_location_and_the_expense(client: httpx.Client) -> None:
    response = client.post(f"{BASE}/expenses", json=_expense())
    assert response.status_code == 201, response.text
    body = response.json()
    assert response.headers["location"] == f"{BASE}/expenses/{body['id']}"
    uuid.UUID(body["id"])
    assert body["amount"] == 12.5
    assert body["description"] == "Lunch with the team"
    assert body["category"] == "food"
    assert body["date"] == "2026-11-01"
    assert body["created_at"].endswith("Z") and body["updated_at"].endswith("Z")
    assert set(body) == {
        "id",
        "amount",
        "description",
        "category",
        "date",
        "created_at",
        "updated_at",
    }
    assert response.headers["x-request-id"]


def test_amount_is_a_json_number_without_float_rounding(client: httpx.Client) -> None:
    raw = b'{"amount": 0.10, "description": "d", "category": "other", "date": "2026-01-31"}'
    response = client.post(
        f"{BASE}/expenses", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code == 201, response.text
    assert (
        b'"amount":0.10' in response.content.replace(b" ", b"") or response.json()["amount"] == 0.1
    )
    again = client.get(f"{BASE}/expenses/{response.json()['id']}").json()
    assert Decimal(str(again["amount"])) == Decimal("0.10")


def test_get_update_delete_roundtrip(client: httpx.Client) -> None:
    created = client.post(f"{BASE}/expenses", json=_expense()).json()
    url = f"{BASE}/expenses/{created['id']}"

    fetched = client.get(url)
    assert fetched.status_code == 200 and fetched.json() == created

    updated = client.put(
        url,
        json=_expense(amount=99.99, description="Train", category="transport", date="2026-10-02"),
    )
    assert updated.status_code == 200, updated.text
    body = updated.json()
    assert (body["amount"], body["category"], body["date"]) == (99.99, "transport", "2026-10-02")
    assert body["created_at"] == created["created_at"]
    assert body["updated_at"] >= created["updated_at"]

    deleted = client.delete(url)
    assert deleted.status_code == 204 and deleted.content == b""
    gone = client.get(url)
    assert gone.status_code == 404
    assert gone.json()["error"]["code"] == "NOT_FOUND"


def test_list_paginates_and_filters(fresh_client: httpx.Client) -> None:
    client = fresh_client
    for day in range(1, 8):
        category = "travel" if day % 2 else "health"
        r = client.post(
            f"{BASE}/expenses", json=_expense(date=f"2026-03-0{day}", category=category)
        )
        assert r.status_code == 201, r.text

    page = client.get(f"{BASE}/expenses", params={"limit": 3}).json()
    assert page["pagination"] == {"limit": 3, "offset": 0, "total": 7, "has_more": True}
    assert [e["date"] for e in page["data"]] == ["2026-03-07", "2026-03-06", "2026-03-05"]

    last = client.get(f"{BASE}/expenses", params={"limit": 3, "offset": 6}).json()
    assert last["pagination"] == {"limit": 3, "offset": 6, "total": 7, "has_more": False}
    assert len(last["data"]) == 1

    default = client.get(f"{BASE}/expenses").json()
    assert default["pagination"]["limit"] == 50 and default["pagination"]["offset"] == 0

    travel = client.get(f"{BASE}/expenses", params={"category": "travel"}).json()
    assert travel["pagination"]["total"] == 4
    assert {e["category"] for e in travel["data"]} == {"travel"}

    window = client.get(
        f"{BASE}/expenses", params={"start_date": "2026-03-02", "end_date": "2026-03-04"}
    ).json()
    assert [e["date"] for e in window["data"]] == ["2026-03-04", "2026-03-03", "2026-03-02"]

    beyond = client.get(f"{BASE}/expenses", params={"offset": 100}).json()
    assert beyond["data"] == [] and beyond["pagination"]["has_more"] is False


def test_categories(client: httpx.Client) -> None:
    response = client.get(f"{BASE}/categories")
    assert response.status_code == 200
    data = response.json()["data"]
    slugs = [c["slug"] for c in data]
    assert slugs == [
        "food",
        "transport",
        "housing",
        "utilities",
        "entertainment",
        "health",
        "shopping",
        "travel",
        "education",
        "other",
    ]
    assert all(set(c) == {"slug", "name", "description"} and c["name"] for c in data)


def test_each_key_sees_only_its_own_expenses(
    client: httpx.Client, other_client: httpx.Client
) -> None:
    mine = client.post(f"{BASE}/expenses", json=_expense(description="mine")).json()
    url = f"{BASE}/expenses/{mine['id']}"
    for call in (
        other_client.get(url),
        other_client.put(url, json=_expense()),
        other_client.delete(url),
    ):
        assert call.status_code == 404, call.text
        assert call.json()["error"]["code"] == "NOT_FOUND"
    listed = other_client.get(f"{BASE}/expenses", params={"limit": 100}).json()
    assert mine["id"] not in {e["id"] for e in listed["data"]}
    assert client.get(url).status_code == 200


def test_rate_limit_headers_on_every_response(client: httpx.Client) -> None:
    ok = client.get(f"{BASE}/categories")
    missing = client.get(f"{BASE}/expenses/{uuid.uuid4()}")
    for response in (ok, missing):
        assert int(response.headers["x-ratelimit-limit"]) == 1000
        assert 0 <= int(response.headers["x-ratelimit-remaining"]) < 1000
        assert int(response.headers["x-ratelimit-reset"]) > 1_700_000_000
