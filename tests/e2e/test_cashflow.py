"""Cash flow through the edge on PostgreSQL, on two years of generated history imported as
a real bank CSV (ending yesterday, so its series are running): all nine operations and
their JSON, the planted low-balance month raising exactly one alert however often the
predictions are generated, the alert moves with their 409s, isolation (403), 404, and
bad input in the analytics error shape naming the field, never a 5xx. Dates are
relative to today (the backend's real clock)."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest

from tests.e2e.analytics_support import (
    AnalyticsUser,
    DayOffset,
    analytics_error,
    dated,
    signed_in,
    user_fixture,
    utc_today,
)
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient
from tools.bench.history_gen import GeneratedTransaction, History, generate_history

BASE = "/api/cashflow"
# The planted month: a planned expense far larger than any projected balance, due this
# many days from today.
PLANTED_IN_DAYS = 45


# A bank export holds no opening balance: the first row brings one, so that the balance
# (the sum of the transactions) starts where an account in use would, well above the
# low-balance threshold whatever day the generated history ends on.
OPENING = Decimal("10000.00")


@pytest.fixture(scope="module")
def history() -> History:
    return generate_history(seed=7, end=utc_today() - timedelta(days=1), years=2)


def _statement(history: History) -> list[GeneratedTransaction]:
    opening = GeneratedTransaction(
        history.start, OPENING, "OPENING BALANCE", "Opening balance", "other_income"
    )
    return [opening, *history.transactions]


@pytest.fixture(scope="module")
def alice(
    analytics_stack: RunningStack, analytics_identity: IdentityClient, history: History
) -> Iterator[AnalyticsUser]:
    with signed_in(analytics_identity, analytics_stack) as user:
        user.imported_history(_statement(history))
        yield user


bob = user_fixture()


def _day(days: int) -> str:
    """The date `days` from today, read as the test runs (as the services read theirs)."""
    return (utc_today() + timedelta(days=days)).isoformat()


def _get(user: AnalyticsUser, path: str, **params: Any) -> Any:
    response = user.http.get(f"{BASE}{path}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def _post(user: AnalyticsUser, path: str) -> Any:
    response = user.http.post(f"{BASE}{path}")
    assert response.status_code == 200, response.text
    return response.json()


def _alerts(user: AnalyticsUser, **params: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = _get(user, "/alerts", limit=100, **params)["data"]
    return found


def _month_start(day: date) -> str:
    return day.replace(day=1).isoformat()


def test_predictions_of_the_imported_history(alice: AnalyticsUser, history: History) -> None:
    body = _get(alice, "/predictions")
    balance = OPENING + sum(t.amount for t in history.transactions)
    assert set(body) == {"data", "periodType", "currency", "currentBalance", "generatedAt"}
    assert (body["periodType"], body["currency"]) == ("monthly", "EUR")
    assert Decimal(body["currentBalance"]) == balance
    months = body["data"]
    assert len(months) == 12
    first = months[0]
    assert set(first) == {
        "periodType", "periodStart", "periodEnd", "predictedFrom", "currency",
        "openingBalance", "expectedIncome", "expectedExpenses", "netFlow", "expectedBalance",
        "lowestBalance", "balanceRange", "confidence", "components",
    }  # fmt: skip
    assert first["periodStart"] == _month_start(utc_today())
    assert first["predictedFrom"] == _day(1)
    assert Decimal(first["openingBalance"]) == balance
    for month, following in itertools.pairwise(months):
        assert following["openingBalance"] == month["expectedBalance"]
    full = months[1]
    parts = full["components"]
    # The salary is the one confident income series; rent the largest bill.
    assert Decimal(parts["recurringIncome"]) == Decimal(full["expectedIncome"]) > Decimal("3000")
    assert Decimal(parts["recurringExpenses"]) > Decimal("1270")
    assert Decimal(full["expectedExpenses"]) == sum(
        Decimal(v) for k, v in parts.items() if k != "recurringIncome"
    )
    assert (
        Decimal(full["balanceRange"]["lower"])
        < Decimal(full["expectedBalance"])
        < Decimal(full["balanceRange"]["upper"])
    )
    assert 0 < full["confidence"] <= 1
    assert all(v.count(".") == 1 and len(v.split(".")[1]) == 2 for v in parts.values())
    weeks = _get(
        alice,
        "/predictions",
        periodType="weekly",
        startDate=_day(14),
        endDate=_day(40),
        limit=3,
    )
    assert weeks["periodType"] == "weekly" and len(weeks["data"]) == 3
    assert all(date.fromisoformat(w["periodStart"]).weekday() == 0 for w in weeks["data"])
    quarters = _get(alice, "/predictions", periodType="quarterly", limit=100)["data"]
    assert 12 <= len(quarters) <= 13  # to the quarter holding the day three years ahead


def test_the_planted_low_balance_month_raises_exactly_one_alert(alice: AnalyticsUser) -> None:
    planted_due = utc_today() + timedelta(days=PLANTED_IN_DAYS)
    assert _alerts(alice, alertType="low_balance") == []
    planned = alice.http.post(
        "/api/planning/expenses",
        json={"title": "New car", "amount": "25000.00", "dueDate": planted_due.isoformat()},
    )
    assert planned.status_code == 201, planned.text
    generated = _post(alice, "/predictions/generate")
    assert set(generated) == {
        "status", "predictions", "alertsRaised", "alertsCleared", "generatedAt", "durationMs",
    }  # fmt: skip
    assert generated["status"] == "completed" and generated["predictions"] > 200
    assert generated["alertsRaised"] >= 1
    [alert] = _alerts(alice, alertType="low_balance")
    assert (alert["severity"], alert["status"], alert["currency"]) == ("high", "pending", "EUR")
    assert alert["periodStart"] == _month_start(planted_due)
    assert alert["title"] == "Balance projected below 100.00 EUR"
    assert (alert["reference"], alert["categoryId"], alert["score"]) == ("100.00", None, None)
    assert Decimal(alert["amount"]) < 0 and alert["amount"] in alert["message"]
    assert (alert["acknowledgedAt"], alert["resolvedAt"], alert["resolvedBy"]) == (None, None, None)
    again = _post(alice, "/predictions/generate")
    assert (again["alertsRaised"], again["alertsCleared"]) == (0, 0)
    assert [a["id"] for a in _alerts(alice, alertType="low_balance")] == [alert["id"]]
    # The month's negative flow is active too, and goes when the expense is deleted.
    [flow] = [
        a
        for a in _alerts(alice, alertType="negative_flow")
        if a["periodStart"] == _month_start(planted_due)
    ]
    assert (flow["severity"], Decimal(flow["amount"]) < 0) == ("high", True)
    deleted = alice.http.delete(f"/api/planning/expenses/{planned.json()['id']}")
    assert deleted.status_code == 204
    assert _alerts(alice, alertType="low_balance") == []
    resolved = {a["id"]: a for a in _alerts(alice, status="resolved")}
    assert resolved[alert["id"]]["resolvedBy"] == "system"
    # The month may still spend more than it earns without the car (a January, say): then
    # its alert stays, its figures refreshed; otherwise the system resolved it too.
    if flow["id"] in resolved:
        assert resolved[flow["id"]]["resolvedBy"] == "system"
    else:
        [still] = [a for a in _alerts(alice, alertType="negative_flow") if a["id"] == flow["id"]]
        assert Decimal(still["amount"]) > Decimal(flow["amount"]) + Decimal("20000")
    # The same cause seen again raises nothing.
    alice.http.post(
        "/api/planning/expenses",
        json={"title": "Boat", "amount": "30000.00", "dueDate": planted_due.isoformat()},
    )
    assert _post(alice, "/predictions/generate")["alertsRaised"] == 0
    assert _alerts(alice, alertType="low_balance") == []


@pytest.fixture(scope="module")
def bills(bob: AnalyticsUser) -> list[dict[str, Any]]:
    """Bob: no transactions, two bills (one next week): a low balance and two months
    spending more than they earn."""
    for days, amount in ((7, "300.00"), (40, "80.00")):
        response = bob.http.post(
            "/api/planning/expenses",
            json={
                "title": "Bill",
                "amount": amount,
                "dueDate": _day(days),
            },
        )
        assert response.status_code == 201, response.text
    return _alerts(bob)


def test_a_user_without_transactions(bob: AnalyticsUser, bills: list[dict[str, Any]]) -> None:
    body = _get(bob, "/predictions", limit=2)
    assert (body["currentBalance"], body["data"][0]["openingBalance"]) == ("0.00", "0.00")
    assert body["data"][-1]["expectedBalance"] in ("-300.00", "-380.00")
    assert {a["alertType"] for a in bills} == {"low_balance", "negative_flow"}
    assert [a["severity"] for a in bills] == sorted(
        (a["severity"] for a in bills), key=["high", "medium", "low"].index
    )


def test_acknowledge_resolve_and_the_refused_moves(
    alice: AnalyticsUser, bob: AnalyticsUser, bills: list[dict[str, Any]]
) -> None:
    alert = next(a for a in bills if a["alertType"] == "low_balance")
    path = f"{BASE}/alerts/{alert['id']}"
    analytics_error(alice.http.post(f"{path}/acknowledge"), 403)
    analytics_error(alice.http.post(f"{path}/resolve"), 403)
    seen = bob.http.post(f"{path}/acknowledge")
    assert seen.status_code == 200, seen.text
    assert (seen.json()["status"], seen.json()["id"]) == ("acknowledged", alert["id"])
    assert seen.json()["acknowledgedAt"] is not None
    assert bob.http.post(f"{path}/acknowledge").json() == seen.json()  # unchanged
    assert [a["status"] for a in _alerts(bob, alertType="low_balance")] == ["acknowledged"]
    done = bob.http.post(f"{path}/resolve").json()
    assert (done["status"], done["resolvedBy"]) == ("resolved", "user")
    assert bob.http.post(f"{path}/resolve").json() == done
    error = analytics_error(bob.http.post(f"{path}/acknowledge"), 409)
    assert error["code"] == "invalid_transition"
    assert _alerts(bob, alertType="low_balance") == []
    assert [a["id"] for a in _alerts(bob, status="resolved", severity=alert["severity"])] == [
        alert["id"]
    ]
    missing = f"{BASE}/alerts/{uuid.uuid4()}"
    analytics_error(bob.http.post(f"{missing}/acknowledge"), 404)
    analytics_error(bob.http.post(f"{missing}/resolve"), 404)
    analytics_error(bob.http.post(f"{BASE}/alerts/not-a-uuid/acknowledge"), 400, "id")
    paged = _get(bob, "/alerts", status="resolved", limit=1, offset=0)
    assert paged["pagination"] == {"limit": 1, "offset": 0, "total": 1, "hasMore": False}


def test_snapshots(alice: AnalyticsUser) -> None:
    latest = _get(alice, "/snapshot/latest")
    assert set(latest) == {
        "id", "snapshotDate", "currency", "currentBalance", "projections", "lowestBalance",
        "activeAlerts", "generatedAt",
    }  # fmt: skip
    assert latest["snapshotDate"] == _day(0)
    assert [(p["days"], p["date"]) for p in latest["projections"]] == [
        (n, _day(n)) for n in (30, 60, 90)
    ]
    assert set(latest["lowestBalance"]) == {"date", "balance"}
    assert _get(alice, "/snapshot/latest")["id"] == latest["id"]
    taken = _post(alice, "/snapshot/generate")
    assert taken["id"] != latest["id"] and taken["currentBalance"] == latest["currentBalance"]
    assert _get(alice, "/snapshot/latest")["id"] == taken["id"]


def test_upcoming_and_detected_recurring_transactions(alice: AnalyticsUser) -> None:
    upcoming = _get(alice, "/recurring/upcoming")
    assert upcoming["period"] == {"startDate": _day(1), "endDate": _day(30)}
    assert upcoming["total"] >= len(upcoming["data"]) >= 5
    two = _get(alice, "/recurring/upcoming", days=60, limit=2)
    assert len(two["data"]) == 2 and two["total"] > 2
    assert two["data"][0]["expectedDate"] <= two["data"][1]["expectedDate"]
    detected = _post(alice, "/recurring/detect")
    assert detected["status"] == "completed"
    assert detected["patterns"] >= detected["activePatterns"] >= 10
    assert detected["durationMs"] >= 0 and detected["detectedAt"].endswith("Z")


@pytest.mark.parametrize(
    ("path", "params", "status", "field"),
    [
        ("/predictions", {"periodType": "yearly"}, 400, "periodType"),
        ("/predictions", {"limit": 0}, 400, "limit"),
        ("/predictions", {"limit": 101}, 400, "limit"),
        ("/predictions", {"startDate": "2026-02-30"}, 400, "startDate"),
        ("/predictions", {"endDate": "tomorrow"}, 400, "endDate"),
        # DayOffset: days from today, made dates as the test runs.
        ("/predictions", {"startDate": DayOffset(-40)}, 422, "startDate"),
        ("/predictions", {"startDate": DayOffset(5), "endDate": DayOffset(4)}, 422, "endDate"),
        ("/predictions", {"endDate": DayOffset(3 * 366)}, 422, "endDate"),
        ("/predictions", {"startDate": DayOffset(3 * 366)}, 422, "startDate"),
        ("/alerts", {"status": "closed"}, 400, "status"),
        ("/alerts", {"severity": "critical"}, 400, "severity"),
        ("/alerts", {"alertType": "overdraft"}, 400, "alertType"),
        ("/alerts", {"limit": 0}, 400, "limit"),
        ("/alerts", {"limit": 101}, 400, "limit"),
        ("/alerts", {"offset": -1}, 400, "offset"),
        ("/recurring/upcoming", {"days": 0}, 400, "days"),
        ("/recurring/upcoming", {"days": 367}, 400, "days"),
        ("/recurring/upcoming", {"limit": 101}, 400, "limit"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_naming_the_field(
    bob: AnalyticsUser, path: str, params: dict[str, Any], status: int, field: str
) -> None:
    response = bob.http.get(f"{BASE}{path}", params=dated(params, utc_today()))
    analytics_error(response, status, field)
