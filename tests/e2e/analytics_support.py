"""Helpers of the analytics end-to-end suites: a signed-in user's HTTP client (and the
fixtures that make one), uploads, waiting for an import to end, and "today" as the
services see it."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient, no_server_error
from tools.bench.history_gen import GeneratedTransaction, History, write_csv

ANALYTICS_ERROR_KEYS = {"error", "code", "details", "timestamp"}


def utc_today() -> date:
    """Today in UTC, the services' "today". Read it when a test (or the fixture building
    a module's data) runs, never at import: a run that crosses midnight between
    collecting a module and running it must agree with the services."""
    return datetime.now(UTC).date()


@dataclass(frozen=True)
class DayOffset:
    """The date `days` after a day known only when the test runs, in a parametrize case
    (cases are built at collection): `dated` makes it the date."""

    days: int


def dated(value: Any, day: date) -> Any:
    """`value` with every DayOffset in it (through dicts and lists) made the ISO date that
    many days after `day`."""
    if isinstance(value, DayOffset):
        return (day + timedelta(days=value.days)).isoformat()
    if isinstance(value, dict):
        return {key: dated(item, day) for key, item in value.items()}
    if isinstance(value, list):
        return [dated(item, day) for item in value]
    return value


class AnalyticsUser:
    """One user of the analytics module, signed in through main."""

    def __init__(self, edge_url: str, access_token: str) -> None:
        self.http = httpx.Client(
            base_url=edge_url,
            timeout=120,
            headers={"authorization": f"Bearer {access_token}"},
            event_hooks={"response": [no_server_error]},
        )

    def upload(
        self,
        content: bytes,
        *,
        name: str = "statement.csv",
        media_type: str = "text/csv",
        data_source: str | None = "personal_banking",
    ) -> httpx.Response:
        data = {"dataSource": data_source} if data_source is not None else {}
        return self.http.post(
            "/api/documents", files={"file": (name, content, media_type)}, data=data
        )

    def document(self, document_id: str) -> dict[str, Any]:
        response = self.http.get(f"/api/documents/{document_id}")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def wait_done(self, document_id: str, timeout: float = 120.0) -> dict[str, Any]:
        """The document once its import has ended (completed or failed)."""
        deadline = time.monotonic() + timeout
        while True:
            document = self.document(document_id)
            if document["status"] in ("completed", "failed"):
                return document
            assert time.monotonic() < deadline, f"import still {document['status']}"
            time.sleep(0.2)

    def imported(self, content: bytes, **upload: Any) -> dict[str, Any]:
        """Upload and wait: the completed (or failed) document."""
        response = self.upload(content, **upload)
        assert response.status_code == 201, response.text
        return self.wait_done(response.json()["id"])

    def imported_history(
        self, transactions: History | Iterable[GeneratedTransaction]
    ) -> dict[str, Any]:
        """The generator's transactions imported as the bank CSV it writes: the completed
        document, every row imported."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "history.csv"
            rows = write_csv(transactions, path)
            document = self.imported(path.read_bytes(), name="history.csv")
        assert (document["status"], document["transactionCount"]) == ("completed", rows), document
        return document

    def transactions(self, document_id: str) -> list[dict[str, Any]]:
        """Every transaction of a document, page by page."""
        found: list[dict[str, Any]] = []
        offset = 0
        while True:
            response = self.http.get(
                f"/api/documents/{document_id}/transactions",
                params={"limit": 100, "offset": offset},
            )
            assert response.status_code == 200, response.text
            page = response.json()
            found.extend(page["data"])
            if not page["pagination"]["hasMore"]:
                return found
            offset += 100

    def close(self) -> None:
        self.http.close()


def new_user(identity: IdentityClient, edge_url: str) -> AnalyticsUser:
    return AnalyticsUser(edge_url, identity.session().access_token)


@contextmanager
def signed_in(identity: IdentityClient, stack: RunningStack) -> Iterator[AnalyticsUser]:
    """A new user signed in through main on `stack`, their client closed on the way out."""
    user = new_user(identity, stack.edge_url)
    try:
        yield user
    finally:
        user.close()


def user_fixture(
    scope: Literal["module", "function"] = "module",
) -> Callable[..., Iterator[AnalyticsUser]]:
    """A fixture of a new signed-in user, named by the module attribute it is bound to
    (`alice = user_fixture()`): by default one user for all of a module's tests; with
    scope "function", a fresh one for each test (one that must see only its own data)."""

    @pytest.fixture(scope=scope)
    def user(
        analytics_stack: RunningStack, analytics_identity: IdentityClient
    ) -> Iterator[AnalyticsUser]:
        with signed_in(analytics_identity, analytics_stack) as one:
            yield one

    return user


def analytics_error(response: httpx.Response, status: int, field: str | None = None) -> Any:
    """Assert the analytics error shape (and the field named in details); return the body."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) >= ANALYTICS_ERROR_KEYS, body
    assert isinstance(body["error"], str) and body["error"]
    assert isinstance(body["code"], str) and body["code"]
    if field is not None:
        assert field in body["details"], body
    return body


UserFactory = Callable[[], AnalyticsUser]
