"""Budgets through the edge on PostgreSQL: every operation of spec 2's table at
/api/planning/budgets and its canonical aliases /api/budgets and
/api/v1/intelligence/budgets, progress against a bank CSV imported through
POST /api/documents (figures computed here from the CSV's rows), isolation, 404 and
bad input in the analytics error body."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from tests.e2e.analytics_support import (
    AnalyticsUser,
    DayOffset,
    analytics_error,
    dated,
    user_fixture,
    utc_today,
)

CENTS = Decimal("0.01")
BASE = "/api/planning/budgets"
ALIASES = ("/api/planning/budgets", "/api/budgets", "/api/v1/intelligence/budgets")


@dataclass(frozen=True)
class Row:
    days_ago: int
    description: str
    amount: str
    # Default category name the test files it under (None: left uncategorized).
    category: str | None

    def day(self, module_day: date) -> date:
        return module_day - timedelta(days=self.days_ago)


ROWS = (
    Row(40, "ALBERT HEIJN 1040 AMSTERDAM", "-50.00", "Groceries"),  # before the period
    Row(20, "ALBERT HEIJN 1041 AMSTERDAM", "-120.40", "Groceries"),
    Row(10, "JUMBO UTRECHT", "-80.25", "Groceries"),
    Row(5, "BISTRO DE WAAG", "-45.00", "Restaurants"),
    Row(4, "BISTRO DE WAAG REFUND", "15.00", "Restaurants"),
    Row(3, "SHELL A2 HOUTEN", "-60.00", "Fuel"),
    Row(2, "UNKNOWN SHOP", "-12.35", None),
    Row(1, "SALARY ACME BV", "2500.00", "Salary"),
)
# Food holds Groceries and Restaurants.
FAMILIES: dict[str, set[str | None]] = {
    "Food": {"Food", "Groceries", "Restaurants"},
    "Fuel": {"Fuel"},
}


@pytest.fixture(scope="module")
def module_day() -> date:
    """Today, fixed once at the module's setup: the statement's rows and the budget's
    period are dated from it, so they agree however late the module's tests run."""
    return utc_today()


def _period(module_day: date) -> tuple[date, date]:
    """The budget: the last 30 days and the next 30 (custom), so the figures do not
    depend on the day of the month the suite runs."""
    return module_day - timedelta(days=29), module_day + timedelta(days=30)


def _csv(module_day: date) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(("Date", "Description", "Amount", "Currency"))
    for row in ROWS:
        writer.writerow((row.day(module_day).isoformat(), row.description, row.amount, "EUR"))
    return out.getvalue().encode()


def _spent(categories: set[str | None], module_day: date) -> Decimal:
    """Net outflow of the CSV's rows in `categories` within the budget's days so far
    (every row is dated before the module's day: a later clock counts the same rows)."""
    start, _ = _period(module_day)
    total = sum(
        (
            -Decimal(r.amount)
            for r in ROWS
            if r.category in categories and start <= r.day(module_day) <= module_day
        ),
        Decimal(0),
    )
    return max(total, Decimal(0))


def _percent(part: Decimal, whole: Decimal) -> str:
    return str((part * 100 / whole).quantize(CENTS, ROUND_HALF_UP))


alice = user_fixture()
bob = user_fixture()


@pytest.fixture(scope="module")
def categories(alice: AnalyticsUser, module_day: date) -> dict[str, str]:
    """Alice's default categories by name, her statement imported and filed."""
    assert alice.http.post("/api/system/default-categories").status_code == 200
    by_name = {c["name"]: c["id"] for c in alice.http.get("/api/categories").json()["data"]}
    document = alice.imported(_csv(module_day), name="budget.csv")
    assert document["status"] == "completed", document
    filed = {r.description: r.category for r in ROWS}
    for transaction in alice.transactions(document["id"]):
        category = filed[transaction["description"]]
        response = alice.http.patch(
            f"/api/transactions/{transaction['id']}/category",
            json={"categoryId": None if category is None else by_name[category]},
        )
        assert response.status_code == 200, response.text
    return by_name


def _budget_body(ids: dict[str, str], module_day: date, **fields: Any) -> dict[str, Any]:
    start, end = _period(module_day)
    body: dict[str, Any] = {
        "name": "Household",
        "description": "Food and fuel",
        "totalAmount": "600.00",
        "period": "custom",
        "startDate": start.isoformat(),
        "endDate": end.isoformat(),
        "notifyThreshold": 75,
        "categories": [
            {"categoryId": ids["Food"], "amount": "350.00"},
            {"categoryId": ids["Fuel"], "categoryName": "Car", "amount": "100"},
        ],
    }
    body.update(fields)
    return body


@pytest.fixture(scope="module")
def budget(alice: AnalyticsUser, categories: dict[str, str], module_day: date) -> dict[str, Any]:
    response = alice.http.post(BASE, json=_budget_body(categories, module_day))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    assert response.headers["location"] == f"/api/budgets/{created['id']}"
    return created


# -- the operations ------------------------------------------------------------------------


def test_a_created_budget(
    budget: dict[str, Any], categories: dict[str, str], module_day: date
) -> None:
    start, end = _period(module_day)
    assert budget["name"] == "Household"
    assert (budget["totalAmount"], budget["allocatedAmount"]) == ("600.00", "450.00")
    assert (budget["period"], budget["startDate"], budget["endDate"]) == (
        "custom",
        start.isoformat(),
        end.isoformat(),
    )
    assert (budget["isActive"], budget["autoRenew"], budget["includeRecurring"]) == (
        True,
        False,
        True,
    )
    assert budget["notifyThreshold"] == 75
    assert [(a["categoryId"], a["categoryName"], a["amount"]) for a in budget["categories"]] == [
        (categories["Food"], "Food", "350.00"),
        (categories["Fuel"], "Car", "100.00"),
    ]
    assert budget["spent"] is None and budget["calculatedAt"] is None
    assert budget["renewedFromId"] is None and budget["renewedToId"] is None
    assert budget["createdAt"].endswith("Z")


def test_every_path_answers_the_same_budget(alice: AnalyticsUser, budget: dict[str, Any]) -> None:
    for base in ALIASES:
        response = alice.http.get(f"{base}/{budget['id']}")
        assert response.status_code == 200, (base, response.text)
        assert response.json() == budget
        assert budget["id"] in [b["id"] for b in alice.http.get(base).json()["data"]]
        assert budget["id"] in [b["id"] for b in alice.http.get(f"{base}/active").json()["data"]]
        allocations = alice.http.get(f"{base}/{budget['id']}/categories")
        assert allocations.json()["data"] == budget["categories"]


def test_progress_against_the_imported_statement(
    alice: AnalyticsUser, budget: dict[str, Any], module_day: date
) -> None:
    start, end = _period(module_day)
    # Counted to the services' today: 30 on the module's day, one more if the clock has
    # since passed midnight.
    elapsed = (utc_today() - start).days + 1
    for base in ALIASES:
        response = alice.http.get(f"{base}/{budget['id']}/progress")
        assert response.status_code == 200, response.text
        progress = response.json()
        food, fuel = _spent(FAMILIES["Food"], module_day), _spent(FAMILIES["Fuel"], module_day)
        spent = food + fuel
        projected = (spent * 60 / elapsed).quantize(CENTS, ROUND_HALF_UP)
        assert progress["budgetId"] == budget["id"]
        assert (progress["periodStart"], progress["periodEnd"]) == (
            start.isoformat(),
            end.isoformat(),
        )
        assert (progress["daysElapsed"], progress["daysTotal"]) == (elapsed, 60)
        assert Decimal(progress["spent"]) == spent
        assert Decimal(progress["remaining"]) == Decimal("600.00") - spent
        assert progress["percentUsed"] == _percent(spent, Decimal("600.00"))
        assert Decimal(progress["projectedSpend"]) == projected
        assert progress["projectedOverBudget"] is (projected > 600)
        assert progress["isOverBudget"] is False
        lines = {line["categoryName"]: line for line in progress["categories"]}
        assert Decimal(lines["Food"]["spent"]) == food
        assert lines["Food"]["percentUsed"] == _percent(food, Decimal("350.00"))
        assert lines["Food"]["isOverThreshold"] is (food * 100 >= 75 * Decimal(350))
        assert Decimal(lines["Car"]["spent"]) == fuel
        assert Decimal(lines["Car"]["remaining"]) == Decimal(100) - fuel
        assert Decimal(progress["unallocatedSpent"]) == _spent({None}, module_day)
        assert progress["currency"] == "EUR"


def test_recalculation_is_stored_on_the_budget(
    alice: AnalyticsUser, budget: dict[str, Any], module_day: date
) -> None:
    response = alice.http.post(f"/api/budgets/{budget['id']}/progress/update")
    assert response.status_code == 200, response.text
    confirmation = response.json()
    spent = _spent(FAMILIES["Food"], module_day) + _spent(FAMILIES["Fuel"], module_day)
    assert confirmation["budgetId"] == budget["id"]
    assert confirmation["status"] == "recalculated"
    assert Decimal(confirmation["spent"]) == spent
    assert confirmation["percentUsed"] == _percent(spent, Decimal("600.00"))
    shown = alice.http.get(f"{BASE}/{budget['id']}").json()
    assert (shown["spent"], shown["percentUsed"], shown["calculatedAt"]) == (
        confirmation["spent"],
        confirmation["percentUsed"],
        confirmation["calculatedAt"],
    )


def test_update_keeps_what_is_not_sent(
    alice: AnalyticsUser, categories: dict[str, str], module_day: date
) -> None:
    made = alice.http.post(BASE, json=_budget_body(categories, module_day, name="To change")).json()
    response = alice.http.put(
        f"/api/v1/intelligence/budgets/{made['id']}",
        json={"name": "Changed", "period": "monthly", "startDate": "2026-01-31"},
    )
    assert response.status_code == 200, response.text
    changed = response.json()
    assert (changed["name"], changed["period"], changed["endDate"]) == (
        "Changed",
        "monthly",
        "2026-02-27",
    )
    assert changed["description"] == made["description"]
    assert changed["categories"] == made["categories"]
    lowered = alice.http.put(f"{BASE}/{made['id']}", json={"totalAmount": "449.99"})
    analytics_error(lowered, 422, "totalAmount")
    cleared = alice.http.put(f"{BASE}/{made['id']}", json={"description": ""})
    assert cleared.json()["description"] is None


def test_add_and_list_allocations(
    alice: AnalyticsUser, categories: dict[str, str], module_day: date
) -> None:
    made = alice.http.post(BASE, json=_budget_body(categories, module_day, categories=[])).json()
    response = alice.http.post(
        f"{BASE}/{made['id']}/categories",
        json={"categoryId": categories["Transport"], "amount": "200.10"},
    )
    assert response.status_code == 201, response.text
    allocation = response.json()
    assert response.headers["location"] == f"/api/budgets/{made['id']}/categories"
    assert (allocation["budgetId"], allocation["categoryName"], allocation["amount"]) == (
        made["id"],
        "Transport",
        "200.10",
    )
    listed = alice.http.get(f"/api/budgets/{made['id']}/categories").json()["data"]
    assert listed == [allocation]
    analytics_error(
        alice.http.post(
            f"{BASE}/{made['id']}/categories",
            json={"categoryId": categories["Housing"], "amount": "399.91"},
        ),
        422,
        "amount",
    )
    for taken in ("Transport", "Fuel"):  # the same, and one under it
        analytics_error(
            alice.http.post(
                f"{BASE}/{made['id']}/categories",
                json={"categoryId": categories[taken], "amount": "1"},
            ),
            422,
            "categoryId",
        )


def test_lists_filter_and_page(alice: AnalyticsUser, categories: dict[str, str]) -> None:
    names = ("Filter weekly", "Filter yearly", "Filter idle")
    bodies = [
        {"name": names[0], "totalAmount": "10", "period": "weekly", "startDate": "2031-01-06"},
        {"name": names[1], "totalAmount": "10", "period": "yearly", "startDate": "2031-01-01"},
        {"name": names[2], "totalAmount": "10", "period": "monthly", "startDate": "2031-02-01",
         "isActive": False},
    ]  # fmt: skip
    made = [alice.http.post("/api/budgets", json=b).json() for b in bodies]

    def listed(**params: Any) -> list[str]:
        response = alice.http.get(BASE, params={"name": "FILTER", **params})
        assert response.status_code == 200, response.text
        return [b["name"] for b in response.json()["data"]]

    assert listed() == [names[0], names[1]]  # newest start first, active only
    assert listed(includeInactive="true") == [names[2], names[0], names[1]]
    assert listed(isActive="false") == [names[2]]
    assert listed(period="yearly") == [names[1]]
    assert listed(startDateFrom="2031-01-02", includeInactive="true") == [names[2], names[0]]
    assert listed(startDateTo="2031-01-05") == [names[1]]
    page = alice.http.get(BASE, params={"name": "filter", "limit": 1, "offset": 1}).json()
    assert [b["name"] for b in page["data"]] == [names[1]]
    assert page["pagination"] == {"limit": 1, "offset": 1, "total": 2, "hasMore": False}
    active = alice.http.get("/api/budgets/active").json()["data"]
    assert not {b["id"] for b in made} & {b["id"] for b in active}  # they start in 2031


def test_delete(alice: AnalyticsUser, categories: dict[str, str], module_day: date) -> None:
    made = alice.http.post(BASE, json=_budget_body(categories, module_day)).json()
    response = alice.http.delete(f"/api/budgets/{made['id']}")
    assert response.status_code == 204 and response.content == b""
    analytics_error(alice.http.get(f"{BASE}/{made['id']}"), 404)
    analytics_error(alice.http.delete(f"{BASE}/{made['id']}"), 404)


# -- isolation and bad input -----------------------------------------------------------------


def test_another_user_s_budget_is_forbidden(
    alice: AnalyticsUser, bob: AnalyticsUser, budget: dict[str, Any]
) -> None:
    path = f"{BASE}/{budget['id']}"
    refusals = [
        bob.http.get(path),
        bob.http.put(path, json={"name": "Mine now"}),
        bob.http.delete(path),
        bob.http.get(f"{path}/progress"),
        bob.http.post(f"{path}/progress/update"),
        bob.http.get(f"{path}/categories"),
        bob.http.post(f"{path}/categories", json={"categoryId": budget["id"], "amount": "1"}),
        bob.http.get(f"/api/budgets/{budget['id']}"),
    ]
    for response in refusals:
        body = analytics_error(response, 403)
        assert body["code"] == "forbidden"
        assert "Household" not in response.text
    assert bob.http.get(BASE, params={"includeInactive": "true"}).json()["data"] == []
    assert alice.http.get(path).json()["name"] == "Household"


def test_a_missing_budget_is_not_found(alice: AnalyticsUser) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    for path in (f"{BASE}/{missing}", f"{BASE}/{missing}/progress", f"/api/budgets/{missing}"):
        assert analytics_error(alice.http.get(path), 404)["code"] == "not_found"


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        ({"name": None}, 400, "name"),
        ({"name": "   "}, 400, "name"),
        ({"totalAmount": "-5.00"}, 400, "totalAmount"),
        ({"totalAmount": "0"}, 400, "totalAmount"),
        ({"totalAmount": "12.345"}, 400, "totalAmount"),
        ({"totalAmount": "12,50"}, 400, "totalAmount"),
        ({"period": "fortnightly"}, 400, "period"),
        ({"startDate": "2026-02-30"}, 400, "startDate"),
        ({"notifyThreshold": 0}, 400, "notifyThreshold"),
        ({"notifyThreshold": 101}, 400, "notifyThreshold"),
        # DayOffset: days from the budget's start (the day before it; the day itself).
        ({"endDate": DayOffset(-1)}, 422, "endDate"),
        ({"period": "monthly"}, 422, "endDate"),
        ({"period": "custom", "endDate": None}, 422, "endDate"),
        ({"totalAmount": "449.99"}, 422, "categories"),
        ({"categories": [{"categoryId": "nope", "amount": "1"}]}, 400, "categories[0].categoryId"),
        ({"categories": [{"categoryId": DayOffset(0), "amount": "1"}]}, 400,
         "categories[0].categoryId"),
        ({"categories": [{"amount": "1"}]}, 400, "categories[0].categoryId"),
        ({"categories": [{"categoryId": "00000000-0000-4000-8000-000000000000", "amount": "1"}]},
         422, "categories[0].categoryId"),
        ({"categories": [{"categoryId": "00000000-0000-4000-8000-000000000000",
                          "amount": "-1"}]}, 400, "categories[0].amount"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field(
    alice: AnalyticsUser,
    categories: dict[str, str],
    module_day: date,
    change: dict[str, Any],
    status: int,
    field: str,
) -> None:
    start, _ = _period(module_day)
    body = _budget_body(categories, module_day) | dated(change, start)
    body = {k: v for k, v in body.items() if v is not None}
    response = alice.http.post(BASE, json=body)
    error = analytics_error(response, status, field)
    assert error["code"] == ("validation_error" if status == 400 else "unprocessable")


def test_malformed_requests(alice: AnalyticsUser, budget: dict[str, Any]) -> None:
    malformed = alice.http.post(
        BASE, content=b'{"name": "x",', headers={"content-type": "application/json"}
    )
    analytics_error(malformed, 400)
    analytics_error(alice.http.get(f"{BASE}/not-a-uuid"), 400, "id")
    analytics_error(alice.http.get(f"{BASE}/not-a-uuid/progress"), 400, "id")
    analytics_error(alice.http.get(BASE, params={"limit": 101}), 400, "limit")
    analytics_error(alice.http.get(BASE, params={"limit": 0}), 400, "limit")
    analytics_error(alice.http.get(BASE, params={"offset": -1}), 400, "offset")
    analytics_error(alice.http.get(BASE, params={"period": "daily"}), 400, "period")
    analytics_error(alice.http.get(BASE, params={"isActive": "maybe"}), 400, "isActive")
    analytics_error(
        alice.http.get(BASE, params={"startDateFrom": "2026-03-02", "startDateTo": "2026-03-01"}),
        400,
        "startDateTo",
    )
    analytics_error(
        alice.http.put(f"{BASE}/{budget['id']}", json={"totalAmount": "ten"}), 400, "totalAmount"
    )
    analytics_error(
        alice.http.post(f"{BASE}/{budget['id']}/categories", json={"amount": "1"}),
        400,
        "categoryId",
    )
