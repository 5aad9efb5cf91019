"""A document left `processing` by a crash is taken up again on restart: the analytics
backend is killed (SIGKILL, nothing drained) in the middle of an import, started again,
and the import completes exactly once — every row, no duplicate, nothing partial."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import date, timedelta

import httpx
import pytest

from tests.e2e.analytics_support import AnalyticsUser, new_user
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient
from tools import stack

ROWS = 400_000


def _big_statement(rows: int) -> bytes:
    start = date(2020, 1, 1)
    lines = ["Date,Description,Amount"]
    for n in range(rows):
        day = start + timedelta(days=n // 150)
        lines.append(
            f"{day.isoformat()},CARD PAYMENT TO SHOP {n % 997} REF {n},-{n % 500}.{n % 100:02d}"
        )
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture(scope="module")
def user(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> Iterator[AnalyticsUser]:
    one = new_user(analytics_identity, analytics_stack.edge_url)
    yield one
    one.close()


def test_a_crashed_import_is_resumed_after_restart(
    analytics_stack: RunningStack, user: AnalyticsUser
) -> None:
    backend = next(p for p in analytics_stack.running.processes if p.name == "analytics")
    response = user.upload(_big_statement(ROWS), name="years.csv")
    assert response.status_code == 201, response.text
    document_id = response.json()["id"]

    deadline = time.monotonic() + 60
    while user.document(document_id)["status"] != "processing":
        assert time.monotonic() < deadline, "the import never started"
        time.sleep(0.05)
    stack.restart(backend, kill=True)
    stack.wait_grpc_serving(analytics_stack.running.backend_addresses["analytics"], backend)

    # The edge notices the new process (health checks, breaker) before we poll through it.
    deadline = time.monotonic() + 60
    while httpx.get(f"{analytics_stack.edge_url}/api/health").status_code != 200:
        assert time.monotonic() < deadline, "the edge never saw the restarted backend"
        time.sleep(0.2)
    # Until the dead worker's lease runs out the document still says processing.
    done = user.wait_done(document_id, timeout=300)
    assert done["status"] == "completed", done
    assert done["rowCount"] == ROWS
    assert done["transactionCount"] == ROWS
    assert done["duplicateCount"] == 0
    page = user.http.get(f"/api/documents/{document_id}/transactions", params={"limit": 1}).json()
    assert page["pagination"]["total"] == ROWS
