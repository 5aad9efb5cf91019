"""Planned expenses through the edge on PostgreSQL: every operation of spec 2's table
(and get, payments and delete) with its status and Location, the JSON shapes (decimal
strings, civil dates, nulls), recurring roll-over, the lists and the statistics,
isolation (403), 404s and the bad-input list in the analytics error shape naming the
field, never a 5xx. Dates are relative to today (the backend's real clock)."""

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

BASE = "/api/planning/expenses"


def _day(days: int) -> str:
    """The date `days` from today, read as the test runs (as the services read theirs)."""
    return (utc_today() + timedelta(days=days)).isoformat()


alice = user_fixture()
bob = user_fixture()


def _create(user: AnalyticsUser, **fields: Any) -> dict[str, Any]:
    body = {"title": "Rent", "amount": "950.00", "dueDate": _day(10), **fields}
    response = user.http.post(BASE, json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{BASE}/{created['id']}"
    return created


def _get(user: AnalyticsUser, path: str, **params: Any) -> Any:
    response = user.http.get(path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def _pay(user: AnalyticsUser, expense_id: str, **body: Any) -> dict[str, Any]:
    response = user.http.post(f"{BASE}/{expense_id}/paid", json=body)
    assert response.status_code == 200, response.text
    paid: dict[str, Any] = response.json()
    return paid


@pytest.fixture(scope="module")
def category(alice: AnalyticsUser) -> str:
    response = alice.http.post("/api/categories", json={"name": "Bills"})
    assert response.status_code == 201, response.text
    category_id: str = response.json()["id"]
    return category_id


def test_the_resource_get_and_delete(alice: AnalyticsUser) -> None:
    created = _create(alice, description="Flat", notifyDaysBefore=5)
    assert created == {
        "id": created["id"],
        "title": "Rent",
        "description": "Flat",
        "amount": "950.00",
        "dueDate": _day(10),
        "categoryId": None,
        "isRecurring": False,
        "recurrenceRule": None,
        "recurrenceDescription": None,
        "seriesStart": _day(10),
        "occurrence": 1,
        "notifyDaysBefore": 5,
        "notifyOn": _day(5),
        "isPaid": False,
        "paidDate": None,
        "actualAmount": None,
        "transactionId": None,
        "isOverdue": False,
        "daysUntilDue": 10,
        "lastPayment": None,
        "isProjected": False,
        "createdAt": created["createdAt"],
        "updatedAt": created["createdAt"],
    }
    assert _get(alice, f"{BASE}/{created['id']}") == created
    response = alice.http.delete(f"{BASE}/{created['id']}")
    assert (response.status_code, response.content) == (204, b"")
    analytics_error(alice.http.get(f"{BASE}/{created['id']}"), 404)


def test_a_recurring_expense_rolls_on_when_paid(alice: AnalyticsUser) -> None:
    gym = _create(alice, title="Gym", amount="25", dueDate=_day(-14), recurrenceRule="freq=weekly")
    assert (gym["isRecurring"], gym["recurrenceRule"]) == (True, "FREQ=WEEKLY")
    assert gym["recurrenceDescription"] and (gym["isOverdue"], gym["daysUntilDue"]) == (True, -14)
    paid = _pay(alice, gym["id"], paidDate=_day(-1), actualAmount="24.5", dueDate=_day(-14))
    assert (paid["dueDate"], paid["occurrence"], paid["isPaid"]) == (_day(-7), 2, False)
    assert (paid["paidDate"], paid["actualAmount"]) == (None, None)
    assert paid["lastPayment"] == {
        "dueDate": _day(-14),
        "paidDate": _day(-1),
        "actualAmount": "24.50",
        "transactionId": None,
        "occurrence": 1,
        "createdAt": paid["lastPayment"]["createdAt"],
    }
    # The same occurrence again (a retried request): 409, nothing paid twice.
    retried = alice.http.post(f"{BASE}/{gym['id']}/paid", json={"dueDate": _day(-14)})
    assert analytics_error(retried, 409)["code"] == "invalid_transition"
    again = _pay(alice, gym["id"])
    assert (again["dueDate"], again["lastPayment"]["actualAmount"]) == (_day(0), "25.00")
    history = _get(alice, f"{BASE}/{gym['id']}/payments")
    assert [p["occurrence"] for p in history["data"]] == [2, 1]
    assert history["pagination"] == {"limit": 20, "offset": 0, "total": 2, "hasMore": False}
    alice.http.delete(f"{BASE}/{gym['id']}")


def test_a_one_off_payment_and_the_409_after_it(alice: AnalyticsUser) -> None:
    bill = _create(alice, title="Dentist", amount="80.00", dueDate=_day(-2))
    paid = _pay(alice, bill["id"])
    assert (paid["isPaid"], paid["paidDate"], paid["actualAmount"]) == (True, _day(0), "80.00")
    assert (paid["isOverdue"], paid["daysUntilDue"]) == (False, None)
    body = analytics_error(alice.http.post(f"{BASE}/{bill['id']}/paid", json={}), 409)
    assert body["code"] == "invalid_transition"
    alice.http.delete(f"{BASE}/{bill['id']}")


def _transaction(user: AnalyticsUser) -> str:
    made = user.http.post(
        "/api/transactions",
        json={"transactionDate": f"{_day(0)}T08:00:00Z", "description": "Insurer", "amount": "-60"},
    )
    assert made.status_code == 201, made.text
    transaction_id: str = made.json()["id"]
    return transaction_id


def test_the_paying_transaction(alice: AnalyticsUser, bob: AnalyticsUser) -> None:
    mine, theirs = _transaction(alice), _transaction(bob)
    bill = _create(alice, title="Insurance", amount="60.00")
    for transaction in (str(uuid.uuid4()), theirs):
        response = alice.http.post(f"{BASE}/{bill['id']}/paid", json={"transactionId": transaction})
        assert analytics_error(response, 422, "transactionId")["code"] == "unprocessable"
    paid = _pay(alice, bill["id"], transactionId=mine)
    assert (paid["transactionId"], paid["lastPayment"]["transactionId"]) == (mine, mine)
    alice.http.delete(f"{BASE}/{bill['id']}")


def test_lists_filters_and_statistics(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> None:
    with signed_in(analytics_identity, analytics_stack) as user:
        bills = user.http.post("/api/categories", json={"name": "Bills"}).json()["id"]
        power = _create(user, title="Power", amount="70.10", dueDate=_day(3), categoryId=bills)
        water = _create(user, title="Water", amount="0.20", dueDate=_day(-3))
        weekly = _create(
            user, title="Lunch", amount="0.10", dueDate=_day(1), recurrenceRule="FREQ=WEEKLY"
        )
        done = _create(user, title="Done", amount="5.00", dueDate=_day(-30))
        _pay(user, done["id"], actualAmount="4.99")

        listed = _get(user, BASE)
        assert [e["title"] for e in listed["data"]] == ["Done", "Water", "Lunch", "Power"]
        assert listed["pagination"] == {"limit": 20, "offset": 0, "total": 4, "hasMore": False}
        assert [e["title"] for e in _get(user, BASE, isPaid="true")["data"]] == ["Done"]
        assert [e["title"] for e in _get(user, BASE, categoryId=bills)["data"]] == ["Power"]
        page = _get(user, BASE, limit=1, offset=1, isPaid="false")
        assert ([e["title"] for e in page["data"]], page["pagination"]["hasMore"]) == (
            ["Lunch"], True
        )  # fmt: skip

        upcoming = _get(user, f"{BASE}/upcoming", days=14)
        assert [(e["title"], e["dueDate"], e["isProjected"]) for e in upcoming["data"]] == [
            ("Lunch", _day(1), False),
            ("Power", _day(3), False),
            ("Lunch", _day(8), True),
        ]
        assert upcoming["data"][2]["id"] == weekly["id"] and upcoming["data"][2]["occurrence"] == 2
        assert _get(user, f"{BASE}/upcoming")["pagination"]["total"] == 6  # 30 days by default
        only_bills = _get(user, f"{BASE}/upcoming", categoryId=bills)["data"]
        assert [e["id"] for e in only_bills] == [power["id"]]
        overdue = _get(user, f"{BASE}/overdue")["data"]
        assert [e["id"] for e in overdue] == [water["id"]] and overdue[0]["isOverdue"]
        assert [e["id"] for e in _get(user, f"{BASE}/recurring")["data"]] == [weekly["id"]]

        figures = _get(user, f"{BASE}/statistics")
        assert figures["asOf"] == _day(0)
        assert (figures["expenseCount"], figures["recurringCount"]) == (4, 1)
        assert figures["paid"] == {"count": 1, "amount": "4.99"}
        assert figures["unpaid"] == {"count": 3, "amount": "70.40"}
        assert figures["overdue"] == {"count": 1, "amount": "0.20"}
        # Power, and Lunch on days 1, 8, 15, 22 and 29.
        assert figures["upcoming30Days"] == {"count": 6, "amount": "70.60"}
        by_category = {c["categoryId"]: c for c in figures["byCategory"]}
        assert by_category[bills] == {
            "categoryId": bills,
            "expenseCount": 1,
            "unpaid": {"count": 1, "amount": "70.10"},
            "paid": {"count": 0, "amount": "0.00"},
        }
        assert by_category[None]["paid"] == {"count": 1, "amount": "4.99"}
        assert len(figures["plannedByMonth"]) == len(figures["paidByMonth"]) == 12
        assert figures["plannedByMonth"][0]["month"] == utc_today().strftime("%Y-%m")
        assert figures["paidByMonth"][-1]["month"] == utc_today().strftime("%Y-%m")
        assert sum(int(m["total"]["count"]) for m in figures["paidByMonth"]) == 1


def test_another_users_expense_is_403(alice: AnalyticsUser, bob: AnalyticsUser) -> None:
    mine = _create(alice, title="Private")
    path = f"{BASE}/{mine['id']}"
    for response in (
        bob.http.get(path),
        bob.http.delete(path),
        bob.http.post(f"{path}/paid", json={}),
        bob.http.get(f"{path}/payments"),
    ):
        assert analytics_error(response, 403)["code"] == "forbidden"
    assert mine["id"] not in {e["id"] for e in _get(bob, BASE)["data"]}
    assert _get(alice, path)["isPaid"] is False


def test_missing_and_malformed_ids(alice: AnalyticsUser) -> None:
    missing = f"{BASE}/{uuid.uuid4()}"
    for response in (
        alice.http.get(missing),
        alice.http.delete(missing),
        alice.http.post(f"{missing}/paid", json={}),
        alice.http.get(f"{missing}/payments"),
    ):
        assert analytics_error(response, 404)["code"] == "not_found"
    analytics_error(alice.http.get(f"{BASE}/not-a-uuid"), 400, "id")
    # A literal path is never an id: another method on it is 405 naming GET; below it,
    # the literal is just a malformed id.
    refused = alice.http.delete(f"{BASE}/upcoming")
    assert analytics_error(refused, 405)["code"] == "method_not_allowed"
    assert refused.headers["allow"] == "GET, HEAD"
    analytics_error(alice.http.post(f"{BASE}/statistics/paid", json={}), 400, "id")


@pytest.mark.parametrize(
    ("body", "field", "problem"),
    [
        ({"amount": "-5.00"}, "amount", "must be greater than 0"),
        ({"amount": "0"}, "amount", "must be greater than 0"),
        ({"amount": "1.001"}, "amount", "must have at most 2 decimal places"),
        ({"amount": "ten"}, "amount", None),
        ({"title": "   "}, "title", "must not be blank"),
        ({"title": 7}, "title", None),
        ({"dueDate": "2026-02-30"}, "dueDate", None),
        ({"dueDate": "0001-01-01"}, "dueDate", "must be between 1900-01-01 and 2999-12-31"),
        ({"notifyDaysBefore": 400}, "notifyDaysBefore", None),
        ({"categoryId": "nope"}, "categoryId", None),
        ({"isRecurring": "yes"}, "isRecurring", None),
        (
            {"recurrenceRule": "FREQ=MONTHLY;BYMONTHDAY=32"},
            "recurrenceRule",
            "BYMONTHDAY=32: a day of the month must be 1 to 31 or -31 to -1",
        ),
        ({"recurrenceRule": "FREQ=FORTNIGHTLY"}, "recurrenceRule", None),
        ({"recurrenceRule": "FREQ=WEEKLY;BYDAY=XX"}, "recurrenceRule", None),
        ({"recurrenceRule": "FREQ=DAILY;COUNT=0"}, "recurrenceRule", None),
        ({"recurrenceRule": "FREQ=DAILY;COLOR=RED"}, "recurrenceRule", None),
        ({"recurrenceRule": "FREQ=DAILY;COUNT=2;UNTIL=20300101"}, "recurrenceRule", None),
    ],
)
def test_malformed_fields_are_400_naming_them(
    alice: AnalyticsUser, body: dict[str, Any], field: str, problem: str | None
) -> None:
    full = {"title": "Rent", "amount": "950.00", "dueDate": _day(10), **body}
    error = analytics_error(alice.http.post(BASE, json=full), 400, field)
    assert error["code"] == "validation_error"
    if problem is not None:
        assert problem in error["details"][field], error


def test_missing_fields_and_malformed_json(alice: AnalyticsUser) -> None:
    error = analytics_error(alice.http.post(BASE, json={}), 400)
    assert {"title", "amount", "dueDate"} <= set(error["details"])
    response = alice.http.post(
        BASE, content=b'{"title": ', headers={"content-type": "application/json"}
    )
    analytics_error(response, 400)
    analytics_error(alice.http.post(BASE, json=["not", "an", "object"]), 400)


def test_rules_between_fields_are_422(alice: AnalyticsUser, bob: AnalyticsUser) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"isRecurring": True}, "recurrenceRule"),
        ({"isRecurring": False, "recurrenceRule": "FREQ=DAILY"}, "isRecurring"),
        (
            {"dueDate": _day(10), "recurrenceRule": f"FREQ=DAILY;UNTIL={utc_today():%Y%m%d}"},
            "recurrenceRule",
        ),
        ({"categoryId": str(uuid.uuid4())}, "categoryId"),
    ]
    bobs = bob.http.post("/api/categories", json={"name": "Bob's"}).json()["id"]
    cases.append(({"categoryId": bobs}, "categoryId"))
    for body, field in cases:
        full = {"title": "Rent", "amount": "950.00", "dueDate": _day(10), **body}
        error = analytics_error(alice.http.post(BASE, json=full), 422, field)
        assert error["code"] == "unprocessable"


def test_bad_payments_and_list_parameters(alice: AnalyticsUser) -> None:
    bill = _create(alice, title="Phone")
    path = f"{BASE}/{bill['id']}/paid"
    analytics_error(alice.http.post(path, json={"paidDate": _day(2)}), 422, "paidDate")
    analytics_error(alice.http.post(path, json={"actualAmount": "-1"}), 400, "actualAmount")
    analytics_error(alice.http.post(path, json={"paidDate": "yesterday"}), 400, "paidDate")
    analytics_error(alice.http.post(path, json={"transactionId": "x"}), 400, "transactionId")
    assert _get(alice, f"{BASE}/{bill['id']}")["isPaid"] is False
    analytics_error(alice.http.get(BASE, params={"isPaid": "maybe"}), 400, "isPaid")
    analytics_error(alice.http.get(BASE, params={"limit": 101}), 400, "limit")
    analytics_error(alice.http.get(BASE, params={"categoryId": "x"}), 400, "categoryId")
    analytics_error(alice.http.get(f"{BASE}/upcoming", params={"days": 0}), 400, "days")
    analytics_error(alice.http.get(f"{BASE}/upcoming", params={"days": 366}), 400, "days")
    analytics_error(alice.http.get(f"{BASE}/overdue", params={"offset": -1}), 400, "offset")
    alice.http.delete(f"{BASE}/{bill['id']}")


def test_dates_stay_exact(alice: AnalyticsUser) -> None:
    """A month-end series anchored on a 31st keeps to month ends."""
    year = utc_today().year
    start = date(year, 1, 31)
    expense = _create(
        alice, dueDate=start.isoformat(), recurrenceRule="FREQ=MONTHLY;BYMONTHDAY=-1", amount="1"
    )
    paid = _pay(alice, expense["id"], paidDate=_day(0))
    february = date(year, 3, 1) - timedelta(days=1)
    assert (paid["dueDate"], paid["amount"]) == (february.isoformat(), "1.00")
    alice.http.delete(f"{BASE}/{expense['id']}")
