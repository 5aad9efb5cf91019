"""Recurrence rules through the edge: validate, describe and instances as REST clients
see them (JSON names, dates as YYYY-MM-DD, canonical rules, English), and the bad-input
list — bad RRULE parts, endDate before startDate, maxCount 0, wrong types, malformed
JSON — in the analytics error shape naming the field, never a 5xx. (The API has no enum
fields, so there is no unknown enum value to send.)"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.e2e.analytics_support import AnalyticsUser, analytics_error, user_fixture
from tests.e2e.conftest import RunningStack

BASE = "/api/planning/recurrence"
VALIDATE, DESCRIBE, INSTANCES = (
    f"{BASE}/rule/validate",
    f"{BASE}/rule/describe",
    f"{BASE}/instances",
)


alice = user_fixture()


def _ok(user: AnalyticsUser, path: str, body: Any) -> dict[str, Any]:
    response = user.http.post(path, json=body)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_validate_a_valid_rule(alice: AnalyticsUser) -> None:
    found = _ok(alice, VALIDATE, {"rule": "RRULE:freq=monthly;interval=2;bymonthday=15;count=6"})
    assert found == {
        "valid": True,
        "rule": "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6",
        "description": "Every 2 months on the 15th, 6 times",
        "errors": [],
    }


def test_validate_an_invalid_rule_lists_each_wrong_part(alice: AnalyticsUser) -> None:
    found = _ok(alice, VALIDATE, {"rule": "FREQ=WEEKLY;BYDAY=2MO,XX;COUNT=0;FOO=1"})
    assert found["valid"] is False
    assert found["rule"] is None and found["description"] is None
    assert found["errors"] == [
        {"part": "FOO", "message": "unknown part FOO"},
        {"part": "BYDAY", "message": "BYDAY=XX: unknown weekday XX (MO, TU, WE, TH, FR, SA, SU)"},
        {"part": "COUNT", "message": "COUNT=0: must be a positive integer"},
    ]


def test_describe(alice: AnalyticsUser) -> None:
    found = _ok(alice, DESCRIBE, {"rule": "FREQ=MONTHLY;BYDAY=-1FR"})
    assert found == {"rule": "FREQ=MONTHLY;BYDAY=-1FR", "description": "Monthly on the last Friday"}


def test_instances_of_an_rfc_example(alice: AnalyticsUser) -> None:
    """RFC 5545: monthly on the first and last Sunday, every other month, 10 times."""
    body = {"rule": "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", "startDate": "1997-09-07"}
    found = _ok(alice, INSTANCES, body)
    assert found == {
        "dates": [
            "1997-09-07", "1997-09-28", "1997-11-02", "1997-11-30", "1998-01-04",
            "1998-01-25", "1998-03-01", "1998-03-29", "1998-05-03", "1998-05-31",
        ],
        "count": 10,
        "truncated": False,
    }  # fmt: skip


def test_instances_within_a_window_and_capped(alice: AnalyticsUser) -> None:
    window = _ok(
        alice,
        INSTANCES,
        {"rule": "FREQ=WEEKLY;BYDAY=MO,FR", "startDate": "2026-01-01", "endDate": "2026-01-12"},
    )
    assert window["dates"] == ["2026-01-02", "2026-01-05", "2026-01-09", "2026-01-12"]
    assert window["truncated"] is False
    limited = _ok(
        alice, INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": 3}
    )
    assert limited == {
        "dates": ["2026-01-01", "2026-01-02", "2026-01-03"],
        "count": 3,
        "truncated": True,
    }
    capped = _ok(alice, INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01"})
    assert (capped["count"], len(capped["dates"]), capped["truncated"]) == (1000, 1000, True)
    assert capped["dates"][-1] == "2028-09-26"


BAD_INPUT = [
    # (path, body, status, field)
    (VALIDATE, {}, 400, "rule"),
    (VALIDATE, {"rule": ""}, 400, "rule"),
    (VALIDATE, {"rule": "   "}, 400, "rule"),
    (VALIDATE, {"rule": 42}, 400, "rule"),
    (VALIDATE, {"rule": "FREQ=DAILY;" * 50}, 400, "rule"),
    (DESCRIBE, {}, 400, "rule"),
    (DESCRIBE, {"rule": "FREQ=DAILY;COUNT=2;UNTIL=20261231"}, 400, "rule"),
    (DESCRIBE, {"rule": "FREQ=MONTHLY;BYMONTHDAY=32"}, 400, "rule"),
    (DESCRIBE, {"rule": "FREQ=HOURLY"}, 400, "rule"),
    (DESCRIBE, {"rule": ["FREQ=DAILY"]}, 400, "rule"),
    (INSTANCES, {"startDate": "2026-01-01"}, 400, "rule"),
    (INSTANCES, {"rule": "FREQ=DAILY;INTERVAL=0", "startDate": "2026-01-01"}, 400, "rule"),
    (INSTANCES, {"rule": "FREQ=DAILY"}, 400, "startDate"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-02-30"}, 400, "startDate"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "01/02/2026"}, 400, "startDate"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "endDate": "soon"}, 400,
     "endDate"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-02", "endDate": "2026-01-01"},
     422, "endDate"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": 0}, 400,
     "maxCount"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": 1001}, 400,
     "maxCount"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": -1}, 400,
     "maxCount"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": "ten"}, 400,
     "maxCount"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": 2.5}, 400,
     "maxCount"),
    (INSTANCES, {"rule": "FREQ=DAILY", "startDate": "2026-01-01", "maxCount": 10**12}, 400,
     "maxCount"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    BAD_INPUT,
    ids=[f"{path.rsplit('/', 1)[-1]}-{body}" for path, body, _, _ in BAD_INPUT],
)
def test_bad_input_names_the_field(
    alice: AnalyticsUser, path: str, body: dict[str, Any], status: int, field: str
) -> None:
    analytics_error(alice.http.post(path, json=body), status, field)


def test_a_bad_rule_says_precisely_what_is_wrong(alice: AnalyticsUser) -> None:
    response = alice.http.post(
        INSTANCES, json={"rule": "FREQ=DAILY;BYMONTHDAY=0", "startDate": "2026-01-01"}
    )
    body = analytics_error(response, 400, "rule")
    assert body["code"] == "validation_error"
    assert body["details"]["rule"] == (
        "BYMONTHDAY=0: a day of the month must be 1 to 31 or -31 to -1"
    )


def test_end_before_start_is_unprocessable(alice: AnalyticsUser) -> None:
    response = alice.http.post(
        INSTANCES,
        json={"rule": "FREQ=DAILY", "startDate": "2026-01-02", "endDate": "2026-01-01"},
    )
    body = analytics_error(response, 422, "endDate")
    assert body["details"]["endDate"] == "must be on or after startDate"


@pytest.mark.parametrize("path", [VALIDATE, DESCRIBE, INSTANCES])
@pytest.mark.parametrize("raw", [b'{"rule": ', b"not json", b"[]", b'"FREQ=DAILY"'])
def test_malformed_json_is_400(alice: AnalyticsUser, path: str, raw: bytes) -> None:
    response = alice.http.post(path, content=raw, headers={"content-type": "application/json"})
    analytics_error(response, 400)


@pytest.mark.parametrize("path", [VALIDATE, DESCRIBE, INSTANCES])
def test_a_caller_is_required(analytics_stack: RunningStack, path: str) -> None:
    response = httpx.post(f"{analytics_stack.edge_url}{path}", json={"rule": "FREQ=DAILY"})
    analytics_error(response, 401)
