"""Goals through the edge on PostgreSQL: every operation of spec 2's goal table (201 with
Location, 204), the status rules and their 409s, contributions, the three analyses,
isolation between users (403) and bad input (4xx in the analytics error shape naming
the field, never a 5xx)."""

from __future__ import annotations

import uuid
from datetime import date, timedelta
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


alice = user_fixture()
bob = user_fixture()


def _in_months(months: int) -> date:
    today = utc_today()
    index = today.year * 12 + today.month - 1 + months
    return date(index // 12, index % 12 + 1, 28)


def _create(user: AnalyticsUser, **fields: Any) -> dict[str, Any]:
    body = {"name": "New car", "goalType": "purchase", "targetAmount": "10000.00", **fields}
    response = user.http.post(GOALS, json=body)
    assert response.status_code == 201, response.text
    goal: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{GOALS}/{goal['id']}"
    return goal


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


# -- the operations --------------------------------------------------------------------


def test_create_and_get(alice: AnalyticsUser) -> None:
    category = _ok(alice.http.post("/api/categories", json={"name": "Car fund"}), 201)
    target_date = _in_months(7).isoformat()
    goal = _create(
        alice,
        description="A used electric car",
        targetDate=target_date,
        priority="high",
        categoryId=category["id"],
        isPublic=True,
        recurrencePattern="FREQ=MONTHLY;BYMONTHDAY=1",
    )
    assert goal["name"] == "New car" and goal["goalType"] == "purchase"
    assert (goal["targetAmount"], goal["currentAmount"], goal["remainingAmount"]) == (
        "10000.00",
        "0.00",
        "10000.00",
    )
    assert goal["progressPercent"] == "0.00"
    assert (goal["startDate"], goal["targetDate"]) == (utc_today().isoformat(), target_date)
    assert (goal["status"], goal["priority"], goal["categoryId"]) == (
        "active",
        "high",
        category["id"],
    )
    assert (goal["isPublic"], goal["isRecurring"]) == (True, True)
    assert goal["recurrencePattern"] == "FREQ=MONTHLY;BYMONTHDAY=1"
    assert goal["recurrenceDescription"] == "Monthly on the 1st"
    assert goal["achievedAt"] is None
    assert goal["createdAt"].endswith("Z") and goal["updatedAt"] == goal["createdAt"]
    assert _ok(alice.http.get(f"{GOALS}/{goal['id']}")) == goal


def test_a_goal_without_the_optional_fields_shows_them_as_null(alice: AnalyticsUser) -> None:
    goal = _create(alice, name="Rainy day", goalType="emergency_fund", targetAmount="3000")
    assert goal["targetAmount"] == "3000.00"
    for field in (
        "description",
        "targetDate",
        "categoryId",
        "recurrencePattern",
        "recurrenceDescription",
        "achievedAt",
    ):
        assert goal[field] is None, field
    assert (goal["priority"], goal["isPublic"], goal["isRecurring"]) == ("medium", False, False)


def test_list_filters_pages_and_active(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> None:
    with signed_in(analytics_identity, analytics_stack) as carol:
        low = _create(carol, name="Low", priority="low")
        soon = _create(carol, name="Soon", priority="high", targetDate=_in_months(2).isoformat())
        late = _create(carol, name="Late", priority="high", targetDate=_in_months(9).isoformat())
        paused = _create(carol, name="Paused", goalType="savings")
        _ok(carol.http.patch(f"{GOALS}/{paused['id']}/status", json={"status": "on_hold"}))

        page = _ok(carol.http.get(GOALS))
        assert [g["name"] for g in page["data"]] == ["Soon", "Late", "Paused", "Low"]
        assert page["pagination"] == {"limit": 20, "offset": 0, "total": 4, "hasMore": False}
        second = _ok(carol.http.get(GOALS, params={"limit": 2, "offset": 1}))
        assert [g["id"] for g in second["data"]] == [late["id"], paused["id"]]
        assert second["pagination"]["hasMore"] is True
        only = _ok(carol.http.get(GOALS, params={"status": "on_hold"}))
        assert [g["id"] for g in only["data"]] == [paused["id"]]
        assert (
            _ok(carol.http.get(GOALS, params={"goalType": "savings"}))["pagination"]["total"] == 1
        )
        high = _ok(carol.http.get(GOALS, params={"priority": "high"}))
        assert [g["id"] for g in high["data"]] == [soon["id"], late["id"]]
        active = _ok(carol.http.get(f"{GOALS}/active"))
        assert [g["id"] for g in active["data"]] == [soon["id"], late["id"], low["id"]]


def test_update(alice: AnalyticsUser) -> None:
    category = _ok(alice.http.post("/api/categories", json={"name": "Boat fund"}), 201)
    goal = _create(
        alice, description="Red", targetDate=_in_months(6).isoformat(), categoryId=category["id"]
    )
    changed = _ok(
        alice.http.put(
            f"{GOALS}/{goal['id']}",
            json={"name": "Blue car", "targetAmount": "8000", "recurrencePattern": "FREQ=WEEKLY"},
        )
    )
    assert (changed["name"], changed["targetAmount"], changed["description"]) == (
        "Blue car",
        "8000.00",
        "Red",
    )
    assert (changed["isRecurring"], changed["recurrencePattern"]) == (True, "FREQ=WEEKLY")
    assert changed["targetDate"] == goal["targetDate"]
    cleared = _ok(
        alice.http.put(f"{GOALS}/{goal['id']}", json={"isRecurring": False, "description": ""})
    )
    assert (cleared["isRecurring"], cleared["recurrencePattern"], cleared["description"]) == (
        False,
        None,
        None,
    )
    assert cleared["categoryId"] == category["id"]
    uncategorized = _ok(alice.http.put(f"{GOALS}/{goal['id']}", json={"categoryId": ""}))
    assert uncategorized["categoryId"] is None


def test_progress_reaching_the_target_achieves_and_then_the_goal_is_final(
    alice: AnalyticsUser,
) -> None:
    goal = _create(alice, targetAmount="1000")
    url = f"{GOALS}/{goal['id']}"
    half = _ok(alice.http.patch(f"{url}/progress", json={"amount": "500"}))
    assert (half["currentAmount"], half["progressPercent"], half["status"]) == (
        "500.00",
        "50.00",
        "active",
    )
    done = _ok(alice.http.patch(f"{url}/progress", json={"amount": "1000.00"}))
    assert (done["status"], done["remainingAmount"]) == ("achieved", "0.00")
    assert done["achievedAt"].endswith("Z")
    for response in (
        alice.http.patch(f"{url}/progress", json={"amount": "10"}),
        alice.http.put(url, json={"name": "Again"}),
        alice.http.post(f"{url}/contributions", json={"amount": "10"}),
        alice.http.patch(f"{url}/status", json={"status": "active"}),
    ):
        assert analytics_error(response, 409)["code"] == "invalid_transition"
    assert _ok(alice.http.get(url)) == done


def test_every_status_move(alice: AnalyticsUser) -> None:
    def move(goal: dict[str, Any], status: str) -> Any:
        return alice.http.patch(f"{GOALS}/{goal['id']}/status", json={"status": status})

    goal = _create(alice)
    assert _ok(move(goal, "on_hold"))["status"] == "on_hold"
    again = _ok(move(goal, "on_hold"))
    assert again["status"] == "on_hold"
    assert _ok(move(goal, "active"))["status"] == "active"
    achieved = _ok(move(goal, "achieved"))
    assert achieved["status"] == "achieved" and achieved["currentAmount"] == "0.00"
    assert _ok(move(goal, "achieved")) == achieved  # the same status: unchanged
    for status in ("active", "on_hold", "cancelled"):
        body = analytics_error(move(goal, status), 409)
        assert body["code"] == "invalid_transition"
        assert f"from achieved to {status}" in body["error"]

    cancelled = _create(alice)
    assert _ok(move(cancelled, "on_hold"))["status"] == "on_hold"
    assert _ok(move(cancelled, "cancelled"))["status"] == "cancelled"
    for status in ("active", "on_hold", "achieved"):
        assert analytics_error(move(cancelled, status), 409)["code"] == "invalid_transition"


def test_contributions(alice: AnalyticsUser, bob: AnalyticsUser) -> None:
    goal = _create(alice, targetAmount="1000", targetDate=_in_months(4).isoformat())
    url = f"{GOALS}/{goal['id']}/contributions"
    transaction = _ok(
        alice.http.post(
            "/api/transactions",
            json={
                "transactionDate": f"{utc_today().isoformat()}T08:00:00Z",
                "description": "Transfer to car fund",
                "amount": "-150.00",
            },
        ),
        201,
    )
    yesterday = (utc_today() - timedelta(days=1)).isoformat()
    response = alice.http.post(
        url, json={"amount": "150", "transactionId": transaction["id"], "description": "first"}
    )
    first = _ok(response, 201)
    assert response.headers["location"] == f"{url}/{first['id']}"
    assert (first["amount"], first["goalId"], first["transactionId"]) == (
        "150.00",
        goal["id"],
        transaction["id"],
    )
    assert (first["contributionDate"], first["description"]) == (utc_today().isoformat(), "first")
    assert _ok(alice.http.get(response.headers["location"])) == first
    second = _ok(alice.http.post(url, json={"amount": "50.5", "contributionDate": yesterday}), 201)
    assert second["transactionId"] is None and second["description"] is None
    assert _ok(alice.http.get(f"{GOALS}/{goal['id']}"))["currentAmount"] == "200.50"

    listed = _ok(alice.http.get(url))
    assert [c["id"] for c in listed["data"]] == [first["id"], second["id"]]
    assert listed["pagination"] == {"limit": 20, "offset": 0, "total": 2, "hasMore": False}
    page = _ok(alice.http.get(url, params={"limit": 1, "offset": 1}))
    assert [c["id"] for c in page["data"]] == [second["id"]]

    # The same transaction twice, another user's, and one that does not exist.
    twice = analytics_error(
        alice.http.post(url, json={"amount": "1", "transactionId": transaction["id"]}),
        422,
        "transactionId",
    )
    assert twice["code"] == "unprocessable"
    bobs = _ok(
        bob.http.post(
            "/api/transactions",
            json={"transactionDate": "2026-01-02T08:00:00Z", "description": "x", "amount": "-1"},
        ),
        201,
    )
    for other in (bobs["id"], str(uuid.uuid4())):
        analytics_error(
            alice.http.post(url, json={"amount": "1", "transactionId": other}), 422, "transactionId"
        )
    # Reaching the target achieves the goal.
    _ok(alice.http.post(url, json={"amount": "799.50"}), 201)
    assert _ok(alice.http.get(f"{GOALS}/{goal['id']}"))["status"] == "achieved"


def test_analysis(alice: AnalyticsUser) -> None:
    # 1,000.00 missing with 4 month starts to go: 250.00 a month; 100.00 contributed
    # this month, the only month of history.
    target_date = _in_months(4).isoformat()
    goal = _create(alice, targetAmount="1100", targetDate=target_date)
    base = f"{GOALS}/{goal['id']}"
    _ok(alice.http.post(f"{base}/contributions", json={"amount": "100"}), 201)

    required = _ok(alice.http.get(f"{base}/analysis/required-contribution"))
    assert required == {
        "goalId": goal["id"],
        "monthlyAmount": "250.00",
        "monthsRemaining": 4,
        "remainingAmount": "1000.00",
        "targetDate": target_date,
        "overdue": False,
        "averageMonthlyContribution": "100.00",
        "difference": "150.00",
        "reason": None,
    }
    projection = _ok(alice.http.get(f"{base}/analysis/projected-completion"))
    assert projection["projectedDate"] == _in_months(10).replace(day=1).isoformat()
    assert (projection["confidence"], projection["monthlyRate"], projection["historyMonths"]) == (
        0.1667,
        "100.00",
        1,
    )
    assert (projection["onTime"], projection["monthsFromTarget"], projection["reason"]) == (
        False,
        6,
        None,
    )

    analysis = _ok(alice.http.get(f"{base}/analysis/progress"))
    assert (analysis["progressPercent"], analysis["remainingAmount"]) == ("9.09", "1000.00")
    assert (analysis["actualMonthlyPace"], analysis["neededMonthlyPace"]) == ("100.00", "250.00")
    assert (analysis["onTrack"], analysis["overdue"], analysis["daysElapsed"]) == (False, False, 0)
    assert analysis["projection"] == projection
    assert analysis["requiredContribution"] == required
    kinds = [r["kind"] for r in analysis["recommendations"]]
    assert kinds == ["increase_contribution", "projected_late"]
    first = analysis["recommendations"][0]
    assert first["amount"] == "250.00" and first["date"] is None
    assert first["message"].startswith("Contribute 250.00 a month to reach 1,100.00 by ")
    assert first["message"].endswith("150.00 more than your average of the last month.")

    open_ended = _create(alice, targetAmount="500")
    needed = _ok(alice.http.get(f"{GOALS}/{open_ended['id']}/analysis/required-contribution"))
    assert (needed["monthlyAmount"], needed["reason"]) == (None, "the goal has no target date")
    nothing = _ok(alice.http.get(f"{GOALS}/{open_ended['id']}/analysis/projected-completion"))
    assert (nothing["projectedDate"], nothing["confidence"], nothing["reason"]) == (
        None,
        0.0,
        "no contributions yet",
    )


def test_delete(alice: AnalyticsUser) -> None:
    goal = _create(alice)
    _ok(alice.http.post(f"{GOALS}/{goal['id']}/contributions", json={"amount": "5"}), 201)
    response = alice.http.delete(f"{GOALS}/{goal['id']}")
    assert response.status_code == 204 and response.content == b""
    analytics_error(alice.http.get(f"{GOALS}/{goal['id']}"), 404)
    analytics_error(alice.http.get(f"{GOALS}/{goal['id']}/contributions"), 404)
    analytics_error(alice.http.delete(f"{GOALS}/{goal['id']}"), 404)


# -- isolation ---------------------------------------------------------------------------


def test_another_user_s_goal_is_403_for_every_operation(
    alice: AnalyticsUser, bob: AnalyticsUser
) -> None:
    goal = _create(alice)
    url = f"{GOALS}/{goal['id']}"
    made = _ok(alice.http.post(f"{url}/contributions", json={"amount": "5"}), 201)
    for response in (
        bob.http.get(url),
        bob.http.put(url, json={"name": "Mine now"}),
        bob.http.patch(f"{url}/progress", json={"amount": "1"}),
        bob.http.patch(f"{url}/status", json={"status": "cancelled"}),
        bob.http.post(f"{url}/contributions", json={"amount": "1"}),
        bob.http.get(f"{url}/contributions"),
        bob.http.get(f"{url}/contributions/{made['id']}"),
        bob.http.get(f"{url}/analysis/progress"),
        bob.http.get(f"{url}/analysis/projected-completion"),
        bob.http.get(f"{url}/analysis/required-contribution"),
        bob.http.delete(url),
    ):
        body = analytics_error(response, 403)
        assert body["code"] == "forbidden" and goal["id"] not in body["error"]
    assert goal["id"] not in {g["id"] for g in _ok(bob.http.get(GOALS))["data"]}
    after = _ok(alice.http.get(url))
    assert (after["name"], after["status"], after["currentAmount"]) == ("New car", "active", "5.00")


def test_missing_goals_are_404_and_malformed_ids_400(alice: AnalyticsUser) -> None:
    missing = f"{GOALS}/{uuid.uuid4()}"
    for response in (
        alice.http.get(missing),
        alice.http.put(missing, json={"name": "x"}),
        alice.http.patch(f"{missing}/status", json={"status": "on_hold"}),
        alice.http.get(f"{missing}/analysis/progress"),
    ):
        assert analytics_error(response, 404)["code"] == "not_found"
    analytics_error(alice.http.get(f"{GOALS}/not-a-uuid"), 400, "id")
    goal = _create(alice)
    analytics_error(alice.http.get(f"{GOALS}/{goal['id']}/contributions/{uuid.uuid4()}"), 404)


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"goalType": "purchase", "targetAmount": "1"}, 400, "name"),
        ({"name": "   ", "goalType": "purchase", "targetAmount": "1"}, 400, "name"),
        ({"name": "x" * 201, "goalType": "purchase", "targetAmount": "1"}, 400, "name"),
        ({"name": "Car", "targetAmount": "1"}, 400, "goalType"),
        ({"name": "Car", "goalType": "car", "targetAmount": "1"}, 400, "goalType"),
        ({"name": "Car", "goalType": "purchase"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": "-100"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": "0"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": "1.005"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": "1e12"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": "abc"}, 400, "targetAmount"),
        ({"name": "Car", "goalType": "purchase", "targetAmount": True}, 400, "targetAmount"),
        (
            {"name": "Car", "goalType": "purchase", "targetAmount": "1", "priority": "urgent"},
            400,
            "priority",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "targetDate": "2027-02-30",
            },
            400,
            "targetDate",
        ),
        (
            {"name": "Car", "goalType": "purchase", "targetAmount": "1", "startDate": "soon"},
            400,
            "startDate",
        ),
        (
            {"name": "Car", "goalType": "purchase", "targetAmount": "1", "isPublic": "yes"},
            400,
            "isPublic",
        ),
        (
            {"name": "Car", "goalType": "purchase", "targetAmount": "1", "categoryId": "7"},
            400,
            "categoryId",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "recurrencePattern": "FREQ=MONTHLY;BYDAY=XX",
            },
            400,
            "recurrencePattern",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "startDate": "2027-05-01",
                "targetDate": "2027-04-30",
            },
            422,
            "targetDate",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "startDate": "2020-01-01",
                "targetDate": "2020-06-30",
            },
            422,
            "targetDate",
        ),
        (
            {"name": "Car", "goalType": "purchase", "targetAmount": "1", "isRecurring": True},
            422,
            "recurrencePattern",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "isRecurring": False,
                "recurrencePattern": "FREQ=MONTHLY",
            },
            422,
            "isRecurring",
        ),
        (
            {
                "name": "Car",
                "goalType": "purchase",
                "targetAmount": "1",
                "categoryId": str(uuid.uuid4()),
            },
            422,
            "categoryId",
        ),
    ],
)
def test_bad_goals(alice: AnalyticsUser, body: dict[str, Any], status: int, field: str) -> None:
    before = _ok(alice.http.get(GOALS))["pagination"]["total"]
    analytics_error(alice.http.post(GOALS, json=body), status, field)
    assert _ok(alice.http.get(GOALS))["pagination"]["total"] == before


def test_malformed_json(alice: AnalyticsUser) -> None:
    for content in (b'{"name": ', b"[]", b"null", b"\xff\xfe"):
        response = alice.http.post(
            GOALS, content=content, headers={"content-type": "application/json"}
        )
        assert 400 <= response.status_code < 500, response.text
        analytics_error(response, response.status_code)


def test_bad_updates_progress_status_and_contributions(alice: AnalyticsUser) -> None:
    goal = _create(alice, targetDate=_in_months(5).isoformat())
    url = f"{GOALS}/{goal['id']}"
    tomorrow = (utc_today() + timedelta(days=1)).isoformat()
    cases = [
        (alice.http.put(url, json={"targetAmount": "-5"}), 400, "targetAmount"),
        (alice.http.put(url, json={"goalType": "boat"}), 400, "goalType"),
        (alice.http.put(url, json={"categoryId": "nope"}), 400, "categoryId"),
        (alice.http.put(url, json={"startDate": _in_months(6).isoformat()}), 422, "startDate"),
        (
            alice.http.put(url, json={"recurrencePattern": "FREQ=SOMETIMES"}),
            400,
            "recurrencePattern",
        ),
        (alice.http.patch(f"{url}/progress", json={}), 400, "amount"),
        (alice.http.patch(f"{url}/progress", json={"amount": "-1"}), 400, "amount"),
        (alice.http.patch(f"{url}/progress", json={"amount": "0.001"}), 400, "amount"),
        (alice.http.patch(f"{url}/status", json={}), 400, "status"),
        (alice.http.patch(f"{url}/status", json={"status": "done"}), 400, "status"),
        (alice.http.post(f"{url}/contributions", json={}), 400, "amount"),
        (alice.http.post(f"{url}/contributions", json={"amount": "0"}), 400, "amount"),
        (alice.http.post(f"{url}/contributions", json={"amount": "-5"}), 400, "amount"),
        (
            alice.http.post(
                f"{url}/contributions", json={"amount": "5", "contributionDate": tomorrow}
            ),
            422,
            "contributionDate",
        ),
        (
            alice.http.post(f"{url}/contributions", json={"amount": "5", "transactionId": "x"}),
            400,
            "transactionId",
        ),
        (alice.http.get(GOALS, params={"limit": 0}), 400, "limit"),
        (alice.http.get(GOALS, params={"limit": 101}), 400, "limit"),
        (alice.http.get(GOALS, params={"offset": -1}), 400, "offset"),
        (alice.http.get(GOALS, params={"status": "paused"}), 400, "status"),
        (alice.http.get(GOALS, params={"goalType": "car"}), 400, "goalType"),
        (alice.http.get(GOALS, params={"priority": "urgent"}), 400, "priority"),
        (alice.http.get(f"{url}/contributions", params={"limit": 500}), 400, "limit"),
    ]
    for response, status, field in cases:
        analytics_error(response, status, field)
    after = _ok(alice.http.get(url))
    assert {k: v for k, v in after.items() if k != "updatedAt"} == {
        k: v for k, v in goal.items() if k != "updatedAt"
    }
