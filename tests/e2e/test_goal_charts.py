"""Goal charts through the edge on PostgreSQL (/api/goals/ui/*): every endpoint's
Chart.js shape (chartType, labels, each dataset as long as the labels) and figures on
goals made through /api/v1/goals, achieved, cancelled and on-hold goals, isolation
(another user's goal 403, an unknown one 404) and bad input (400 in the analytics
error shape naming the field, never a 5xx)."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

import pytest

from tests.e2e.analytics_support import (
    AnalyticsUser,
    analytics_error,
    signed_in,
    user_fixture,
    utc_today,
)
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient

GOALS = "/api/v1/goals"
UI = "/api/goals/ui"

alice = user_fixture()
bob = user_fixture()


def _month(months: int, day: int = 1) -> date:
    """`day` of the month `months` from the current one (negative: before it)."""
    today = utc_today()
    index = today.year * 12 + today.month - 1 + months
    return date(index // 12, index % 12 + 1, day)


def _label(months: int) -> str:
    return _month(months).isoformat()[:7]


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _create(user: AnalyticsUser, **fields: Any) -> dict[str, Any]:
    body = {"name": "New car", "goalType": "purchase", "targetAmount": "10000.00", **fields}
    goal: dict[str, Any] = _ok(user.http.post(GOALS, json=body), 201)
    return goal


def _contribute(user: AnalyticsUser, goal: dict[str, Any], amount: str, day: date) -> None:
    body = {"amount": amount, "contributionDate": day.isoformat()}
    _ok(user.http.post(f"{GOALS}/{goal['id']}/contributions", json=body), 201)


def _move(user: AnalyticsUser, goal: dict[str, Any], status: str) -> None:
    _ok(user.http.patch(f"{GOALS}/{goal['id']}/status", json={"status": status}))


def _chart(body: dict[str, Any], chart_type: str) -> dict[str, list[str]]:
    """The chart's datasets by label, after checking Chart.js's shape."""
    assert body["chartType"] == chart_type
    for dataset in body["datasets"]:
        assert len(dataset["data"]) == len(body["labels"]), dataset["label"]
        assert all(isinstance(value, str) for value in dataset["data"])
    return {dataset["label"]: dataset["data"] for dataset in body["datasets"]}


@pytest.fixture(scope="module")
def saver(alice: AnalyticsUser) -> dict[str, Any]:
    """10,000.00 by the 28th eight months ahead; 1,000.00, 1,500.00 and 500.00 on the
    1st of the last three months (a pace of 1,000.00 a month)."""
    goal = _create(alice, targetDate=_month(8, 28).isoformat())
    for months, amount in ((-3, "1000.00"), (-2, "1500.00"), (-1, "500.00")):
        _contribute(alice, goal, amount, _month(months))
    got: dict[str, Any] = _ok(alice.http.get(f"{GOALS}/{goal['id']}"))
    return got


# -- the charts --------------------------------------------------------------------------


def test_visualization(alice: AnalyticsUser, saver: dict[str, Any]) -> None:
    body = _ok(alice.http.get(f"{UI}/visualization/{saver['id']}"))
    assert body["labels"] == ["Saved", "Remaining"]
    (slices,) = body["datasets"]
    assert slices["data"] == ["3000.00", "7000.00"]
    assert len(slices["backgroundColor"]) == 2
    _chart(body, "doughnut")
    assert body["goal"] == saver
    completion = _ok(alice.http.get(f"{GOALS}/{saver['id']}/analysis/projected-completion"))
    assert completion["projectedDate"] == _month(7).isoformat()
    assert body["milestones"] == [
        {"percent": 25, "amount": "2500.00", "reached": True,
         "reachedOn": _month(-2).isoformat(), "projectedOn": None},
        {"percent": 50, "amount": "5000.00", "reached": False,
         "reachedOn": None, "projectedOn": _month(2).isoformat()},
        {"percent": 75, "amount": "7500.00", "reached": False,
         "reachedOn": None, "projectedOn": _month(5).isoformat()},
        {"percent": 100, "amount": "10000.00", "reached": False,
         "reachedOn": None, "projectedOn": completion["projectedDate"]},
    ]  # fmt: skip


def test_milestones_reached_by_a_progress_update_have_no_day(alice: AnalyticsUser) -> None:
    goal = _create(alice, targetAmount="1000")
    _ok(alice.http.patch(f"{GOALS}/{goal['id']}/progress", json={"amount": "600"}))
    body = _ok(alice.http.get(f"{UI}/visualization/{goal['id']}"))
    assert [(m["reached"], m["reachedOn"], m["projectedOn"]) for m in body["milestones"]] == [
        (True, None, None), (True, None, None), (False, None, None), (False, None, None)
    ]  # fmt: skip


def test_contributions(alice: AnalyticsUser, saver: dict[str, Any]) -> None:
    body = _ok(alice.http.get(f"{UI}/contributions/{saver['id']}"))
    assert body["labels"] == [_label(m) for m in range(-11, 1)]
    lines = _chart(body, "bar")
    assert lines["Contributions"] == ["0.00"] * 8 + ["1000.00", "1500.00", "500.00", "0.00"]
    assert lines["Running total"] == ["0.00"] * 8 + ["1000.00", "2500.00", "3000.00", "3000.00"]
    assert [d.get("type") for d in body["datasets"]] == [None, "line"]
    # 3,000.00 / 12 months.
    assert (body["goalId"], body["total"], body["monthlyAverage"]) == (
        saver["id"], "3000.00", "250.00"
    )  # fmt: skip

    # Two months: the running total counts the contributions before them.
    body = _ok(alice.http.get(f"{UI}/contributions/{saver['id']}", params={"months": 2}))
    assert body["labels"] == [_label(-1), _label(0)]
    lines = _chart(body, "bar")
    assert lines == {"Contributions": ["500.00", "0.00"], "Running total": ["3000.00"] * 2}
    assert (body["total"], body["monthlyAverage"]) == ("500.00", "250.00")
    assert len(_ok(alice.http.get(f"{UI}/contributions/{saver['id']}?months=120"))["labels"]) == 120


def test_projections(alice: AnalyticsUser, saver: dict[str, Any]) -> None:
    body = _ok(alice.http.get(f"{UI}/projections/{saver['id']}"))
    # To the target date's month (the projection, 7 months ahead, comes before it).
    assert body["labels"] == [_label(m) for m in range(9)]
    lines = _chart(body, "line")
    assert list(lines) == ["Projected", "Required", "Target"]
    assert lines["Projected"] == [f"{min(3000 + 1000 * i, 10000)}.00" for i in range(9)]
    # 7,000.00 over 8 month starts: 875.00 a month, reaching the target in its month.
    assert lines["Required"] == [f"{3000 + 875 * i}.00" for i in range(9)]
    assert lines["Target"] == ["10000.00"] * 9
    url = f"{GOALS}/{saver['id']}/analysis"
    assert body["goalId"] == saver["id"]
    assert body["projection"] == _ok(alice.http.get(f"{url}/projected-completion"))
    assert body["required"] == _ok(alice.http.get(f"{url}/required-contribution"))


def test_summary(analytics_stack: RunningStack, analytics_identity: IdentityClient) -> None:
    with signed_in(analytics_identity, analytics_stack) as carol:
        empty = _ok(carol.http.get(f"{UI}/summary"))
        assert empty["labels"] == [] and empty["goals"] == []
        assert [(d["label"], d["data"]) for d in empty["datasets"]] == [
            ("Saved", []), ("Remaining", [])
        ]  # fmt: skip
        assert empty["counts"] == {"active": 0, "onHold": 0, "achieved": 0, "cancelled": 0}
        assert (empty["totalTarget"], empty["totalSaved"], empty["overallPercent"]) == (
            "0.00", "0.00", "0.00"
        )  # fmt: skip

        car = _create(carol, name="Car")
        _contribute(carol, car, "2500.00", _month(-1))
        trip = _create(carol, name="Trip", priority="high", targetAmount="3000")
        paused = _create(carol, name="Paused", priority="low", targetAmount="2000")
        _move(carol, paused, "on_hold")
        done = _create(carol, name="Done", targetAmount="100")
        _contribute(carol, done, "100.00", _month(0, 1))
        _move(carol, _create(carol, name="Dropped"), "cancelled")

        body = _ok(carol.http.get(f"{UI}/summary"))
        assert body["labels"] == ["Trip", "Car", "Paused"]
        listed = _ok(carol.http.get(GOALS))["data"]
        assert body["goals"] == [g for g in listed if g["status"] in ("active", "on_hold")]
        assert _chart(body, "bar") == {
            "Saved": ["0.00", "2500.00", "0.00"],
            "Remaining": ["3000.00", "7500.00", "2000.00"],
        }
        assert body["counts"] == {"active": 2, "onHold": 1, "achieved": 1, "cancelled": 1}
        # 2,500 / 15,000 = 16.666…%, rounded down like progressPercent.
        assert (body["totalTarget"], body["totalSaved"], body["overallPercent"]) == (
            "15000.00", "2500.00", "16.66"
        )  # fmt: skip
        assert trip["id"] in {g["id"] for g in body["goals"]}


def test_achieved_cancelled_and_on_hold_goals_still_chart(alice: AnalyticsUser) -> None:
    achieved = _create(alice, name="Bike", targetAmount="800")
    _contribute(alice, achieved, "500.00", _month(-1))
    _contribute(alice, achieved, "400.00", _month(0, 1))
    cancelled = _create(alice, name="Boat", targetDate=_month(3, 28).isoformat())
    _contribute(alice, cancelled, "1000.00", _month(-1))
    _move(alice, cancelled, "cancelled")
    paused = _create(alice, name="Piano")
    _contribute(alice, paused, "1000.00", _month(-1))
    _move(alice, paused, "on_hold")

    body = _ok(alice.http.get(f"{UI}/visualization/{achieved['id']}"))
    assert body["datasets"][0]["data"] == ["900.00", "0.00"]
    assert all(m["reached"] and m["projectedOn"] is None for m in body["milestones"])
    assert [m["reachedOn"] for m in body["milestones"]] == [_month(-1).isoformat()] * 2 + [
        _month(0, 1).isoformat()
    ] * 2
    lines = _chart(_ok(alice.http.get(f"{UI}/projections/{achieved['id']}")), "line")
    assert lines == {"Projected": ["900.00"], "Target": ["800.00"]}

    body = _ok(alice.http.get(f"{UI}/projections/{cancelled['id']}"))
    assert set(_chart(body, "line")["Projected"]) == {"1000.00"}
    assert "Required" not in _chart(body, "line") and len(body["labels"]) == 4
    assert all(m["projectedOn"] is None for m in _ok(
        alice.http.get(f"{UI}/visualization/{cancelled['id']}")
    )["milestones"])  # fmt: skip

    body = _ok(alice.http.get(f"{UI}/projections/{paused['id']}"))
    assert _chart(body, "line")["Projected"][:2] == ["1000.00", "2000.00"]
    assert body["projection"]["projectedDate"] == _month(9).isoformat()
    contributions = _ok(alice.http.get(f"{UI}/contributions/{paused['id']}?months=1"))
    assert _chart(contributions, "bar")["Running total"] == ["1000.00"]


# -- isolation and bad input ---------------------------------------------------------------


def test_another_user_s_goal_is_403_and_an_unknown_one_404(
    alice: AnalyticsUser, bob: AnalyticsUser, saver: dict[str, Any]
) -> None:
    for chart in ("visualization", "contributions", "projections"):
        body = analytics_error(bob.http.get(f"{UI}/{chart}/{saver['id']}"), 403)
        assert body["code"] == "forbidden" and saver["id"] not in body["error"]
        body = analytics_error(alice.http.get(f"{UI}/{chart}/{uuid.uuid4()}"), 404)
        assert body["code"] == "not_found"
    assert saver["id"] not in {g["id"] for g in _ok(bob.http.get(f"{UI}/summary"))["goals"]}


def test_bad_input_is_400_naming_the_field(alice: AnalyticsUser, saver: dict[str, Any]) -> None:
    for chart in ("visualization", "contributions", "projections"):
        analytics_error(alice.http.get(f"{UI}/{chart}/not-a-uuid"), 400, "id")
    url = f"{UI}/contributions/{saver['id']}"
    for months in ("0", "121", "-1", "x", "1.5"):
        body = analytics_error(alice.http.get(url, params={"months": months}), 400, "months")
        assert body["code"] == "validation_error"
