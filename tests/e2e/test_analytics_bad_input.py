"""Bad input to the analytics module through the edge: every refusal is a 4xx in the
analytics error shape naming the field, never a 5xx, and stores nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.analytics_support import AnalyticsUser, analytics_error, new_user
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient
from tests.support.clamd import eicar

CSV = b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64)


@pytest.fixture(scope="module")
def user(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> Iterator[AnalyticsUser]:
    one = new_user(analytics_identity, analytics_stack.edge_url)
    yield one
    one.close()


def _nothing_stored(user: AnalyticsUser) -> None:
    assert user.http.get("/api/documents", params={"status": "pending"}).json()["data"] == []


def test_no_file(user: AnalyticsUser) -> None:
    response = user.http.post(
        "/api/documents", data={"dataSource": "personal_banking"}, files={"other": ("x", b"y")}
    )
    analytics_error(response, 400, "file")


def test_missing_and_unknown_data_source(user: AnalyticsUser) -> None:
    analytics_error(user.upload(CSV, data_source=None), 400, "dataSource")
    analytics_error(user.upload(CSV, data_source="savings_jar"), 400, "dataSource")


def test_empty_file(user: AnalyticsUser) -> None:
    analytics_error(user.upload(b""), 400, "file")


def test_binary_garbage_is_refused(user: AnalyticsUser) -> None:
    response = user.upload(PNG, name="statement.csv", media_type="text/csv")
    assert response.status_code in (415, 422), response.text
    analytics_error(response, response.status_code)
    noise = bytes(range(256)) * 64
    response = user.upload(noise, name="x.bin", media_type="application/octet-stream")
    assert analytics_error(response, 422, "file")["code"] == "unprocessable"


def test_malware_is_refused(user: AnalyticsUser) -> None:
    body = analytics_error(user.upload(eicar(), name="statement.csv"), 422)
    assert body["code"] == "malware_detected"


def test_csv_with_a_bad_row_fails_naming_the_row_and_stores_nothing(user: AnalyticsUser) -> None:
    bad = CSV + b"2026-01-03,Lunch,-12.50\n2026-01-04,Dinner,twelve\n2026-01-05,Taxi,-8.00\n"
    document = user.imported(bad)
    assert document["status"] == "failed"
    assert document["errorRow"] == 4
    assert "4" in document["errorMessage"]
    assert document["transactionCount"] == 0
    assert user.transactions(document["id"]) == []


def test_malformed_json_and_wrong_types(user: AnalyticsUser) -> None:
    response = user.http.post(
        "/api/categories", content=b'{"name": ', headers={"content-type": "application/json"}
    )
    analytics_error(response, 400)
    analytics_error(user.http.post("/api/categories", json={"name": 7}), 400, "name")
    analytics_error(
        user.http.post("/api/categories", json={"name": "x", "color": "red"}), 400, "color"
    )
    analytics_error(
        user.http.post(
            "/api/transactions",
            json={"transactionDate": "2026-01-01T00:00:00Z", "description": "x", "amount": "1.2.3"},
        ),
        400,
        "amount",
    )


def test_bad_uuids(user: AnalyticsUser) -> None:
    for path in ("/api/documents/not-a-uuid", "/api/categories/42", "/api/transactions/zzz"):
        analytics_error(user.http.get(path), 400, "id")


@pytest.mark.parametrize("limit", ["0", "101", "-1", "ten"])
def test_limit_out_of_range(user: AnalyticsUser, limit: str) -> None:
    analytics_error(user.http.get("/api/documents", params={"limit": limit}), 400, "limit")


def test_unknown_status_filter(user: AnalyticsUser) -> None:
    analytics_error(user.http.get("/api/documents", params={"status": "lost"}), 400, "status")
