"""Cash-flow charts through the edge on PostgreSQL (docs/cashflow-charts.md): every
/api/cashflow/ui/* endpoint's Chart.js shape, the figures against two years of generated
history imported as a real bank CSV (ending yesterday), line versus area and pie versus
bar, the "Other categories" slice, a user without data, and bad input in the analytics
error shape naming the parameter — never a 5xx (the client's response hook)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

import pytest

from services.analytics.categories.domain import DEFAULTS
from tests.e2e.analytics_support import (
    AnalyticsUser,
    analytics_error,
    signed_in,
    user_fixture,
    utc_today,
)
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient
from tools.bench.history_gen import History, generate_history

CENT = Decimal("0.01")
UI = "/api/cashflow/ui"
ENDPOINTS = {
    "balance-projection": "line",
    "transaction-breakdown": "pie",
    "health-indicator": "radar",
    "alerts-digest": "doughnut",
    "recommendations-digest": "bar",
    "recurring-transactions": "bar",
}


@pytest.fixture(scope="module")
def history() -> History:
    # Ends yesterday: the current month holds generated data, the last 12 are full.
    return generate_history(seed=5, end=utc_today() - timedelta(days=1), years=2)


@pytest.fixture(scope="module")
def alice(
    analytics_stack: RunningStack, analytics_identity: IdentityClient, history: History
) -> Iterator[AnalyticsUser]:
    with signed_in(analytics_identity, analytics_stack) as user:
        user.imported_history(history)
        yield user


bob = user_fixture()
carol = user_fixture()


def _get(user: AnalyticsUser, endpoint: str, **params: Any) -> dict[str, Any]:
    response = user.http.get(f"{UI}/{endpoint}", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _assert_chart(body: dict[str, Any], chart_type: str) -> None:
    """Chart.js's shape: the type asked for, every dataset as long as the labels, its
    values decimal strings."""
    assert body["chartType"] == chart_type
    labels = body["labels"]
    assert isinstance(labels, list) and all(isinstance(label, str) for label in labels)
    assert body["datasets"]
    for dataset in body["datasets"]:
        assert isinstance(dataset["label"], str) and dataset["label"]
        assert len(dataset["data"]) == len(labels), dataset["label"]
        for value in dataset["data"]:
            assert isinstance(value, str)
            Decimal(value)
        assert dataset["borderColor"].startswith("#")
        assert isinstance(dataset["backgroundColor"], list)
        assert isinstance(dataset["fill"], bool)


def _month(day: date, back: int = 0) -> date:
    index = day.year * 12 + day.month - 1 - back
    return date(index // 12, index % 12 + 1, 1)


def _places(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_EVEN)


def test_every_chart_has_chart_js_s_shape(alice: AnalyticsUser) -> None:
    for endpoint, chart_type in ENDPOINTS.items():
        _assert_chart(_get(alice, endpoint), chart_type)


def test_the_balance_projection(alice: AnalyticsUser, history: History) -> None:
    today = utc_today()
    line = _get(alice, "balance-projection")
    assert len(line["labels"]) == 12
    assert line["labels"][0] == f"{today.year:04d}-{today.month:02d}"
    assert [d["label"] for d in line["datasets"]] == [
        "Projected balance", "Expected income", "Expected expenses"
    ]  # fmt: skip
    assert not any(d["fill"] for d in line["datasets"])
    balance = sum((t.amount for t in history.transactions), Decimal(0))
    assert Decimal(line["currentBalance"]) == balance
    assert line["currency"] == "EUR"
    assert len(line["confidence"]) == 12 and all(0 <= c <= 1 for c in line["confidence"])
    lowest = line["lowestBalance"]
    assert Decimal(lowest["balance"]) <= min(Decimal(v) for v in line["datasets"][0]["data"])
    date.fromisoformat(lowest["date"])

    area = _get(alice, "balance-projection", months=3, chartType="area")
    _assert_chart(area, "area")
    assert len(area["labels"]) == 3 and area["labels"] == line["labels"][:3]
    assert [d["fill"] for d in area["datasets"]] == [True, False, False]
    assert area["datasets"][0]["data"] == line["datasets"][0]["data"][:3]
    assert len(_get(alice, "balance-projection", months=36)["labels"]) == 36


def test_the_breakdown_of_this_month(alice: AnalyticsUser, history: History) -> None:
    today = utc_today()
    pie = _get(alice, "transaction-breakdown")
    first = today.replace(day=1)
    spent = sum((-t.amount for t in history.transactions
                 if t.booked_on >= first and t.amount < 0), Decimal(0))  # fmt: skip
    assert Decimal(pie["totalExpenses"]) == spent
    assert pie["period"] == {"startDate": first.isoformat(), "endDate": today.isoformat()}
    if spent:  # the first of the month has no history yet
        # Imported without rules: one uncategorized slice, grey.
        assert pie["labels"] == ["Uncategorized"]
        assert pie["datasets"][0]["backgroundColor"] == ["#999999"]
        assert pie["categories"][0]["categoryId"] is None
    bar = _get(alice, "transaction-breakdown", period="yearly", chartType="bar")
    _assert_chart(bar, "bar")
    assert bar["period"]["startDate"] == date(today.year, 1, 1).isoformat()
    assert sum(Decimal(v) for v in bar["datasets"][0]["data"]) == _places(
        Decimal(bar["totalExpenses"])
    )


def test_the_health_indicator_measures_the_history(alice: AnalyticsUser, history: History) -> None:
    today = utc_today()
    body = _get(alice, "health-indicator")
    scores = {s["key"]: s for s in body["scores"]}
    assert list(scores) == ["savings_rate", "emergency_fund", "spending_stability", "debt_ratio"]
    assert body["labels"] == [s["label"] for s in body["scores"]]
    assert body["datasets"][0]["data"] == [str(s["score"]) for s in body["scores"]]
    assert sum(s["weight"] for s in body["scores"]) == pytest.approx(1)
    start, end = _month(today, 6), _month(today) - timedelta(days=1)
    income = sum((t.amount for t in history.transactions
                  if start <= t.booked_on <= end and t.amount > 0), Decimal(0))  # fmt: skip
    spent = sum((-t.amount for t in history.transactions
                 if start <= t.booked_on <= end and t.amount < 0), Decimal(0))  # fmt: skip
    assert Decimal(scores["savings_rate"]["value"]) == _places((income - spent) * 100 / income)
    balance = sum((t.amount for t in history.transactions), Decimal(0))
    assert Decimal(scores["emergency_fund"]["value"]) == _places(balance / (spent / 6))
    assert scores["debt_ratio"]["value"] == "0.00"  # no debt categories
    assert body["period"] == {
        "startDate": _month(today, 12).isoformat(), "endDate": end.isoformat()
    }  # fmt: skip
    weighted = sum(Decimal(str(s["weight"])) * s["score"] for s in body["scores"])
    assert abs(body["overallScore"] - weighted) <= Decimal("0.5")
    grade = ("excellent" if body["overallScore"] >= 80 else "good" if body["overallScore"] >= 60
             else "fair" if body["overallScore"] >= 40 else "poor")  # fmt: skip
    assert body["grade"] == grade
    for recommendation in body["recommendations"]:
        assert recommendation["source"] == "health"
        assert scores[recommendation["kind"]]["status"] != "good"


def test_the_digests(alice: AnalyticsUser) -> None:
    alerts = _get(alice, "alerts-digest")
    assert alerts["labels"] == ["high", "medium", "low"]
    counts = [int(v) for v in alerts["datasets"][0]["data"]]
    assert sum(counts) == alerts["totalActive"] >= alerts["pending"]
    listed = alice.http.get("/api/cashflow/alerts", params={"limit": 100}).json()
    assert alerts["totalActive"] == listed["pagination"]["total"]
    rank = {"high": 0, "medium": 1, "low": 2}
    severities = [rank[a["severity"]] for a in alerts["alerts"]]
    assert severities == sorted(severities) and len(alerts["alerts"]) <= 20

    digest = _get(alice, "recommendations-digest")
    items = digest["recommendations"]
    assert len(items) <= 20 and {i["source"] for i in items} <= {"health", "suggestion"}
    priced = [i for i in items if i["potentialSavings"] is not None]
    assert digest["labels"] == [i["title"] for i in priced]
    assert digest["datasets"][0]["data"] == [i["potentialSavings"] for i in priced]
    assert Decimal(digest["totalPotentialSavings"]) == sum(
        (Decimal(i["potentialSavings"]) for i in priced), Decimal(0)
    )
    suggestions = [i for i in items if i["source"] == "suggestion"]
    assert suggestions and all(i["suggestionId"] for i in suggestions)
    rank = {"high": 0, "medium": 1, "low": 2}
    priorities = [rank[i["priority"]] for i in items]
    assert priorities == sorted(priorities)


def test_the_recurring_transactions(alice: AnalyticsUser) -> None:
    body = _get(alice, "recurring-transactions")
    rows = body["transactions"]
    assert body["labels"] == [t["merchantName"] for t in rows]
    monthly = [Decimal(t["monthlyAmount"]) for t in rows]
    assert [Decimal(v) for v in body["datasets"][0]["data"]] == [abs(m) for m in monthly]
    assert [abs(m) for m in monthly] == sorted((abs(m) for m in monthly), reverse=True)
    per_year = {"weekly": 52, "biweekly": 26, "monthly": 12, "quarterly": 4, "yearly": 1}
    for row in rows:
        expected = _places(Decimal(row["amount"]) * per_year[row["cadence"]] / 12)
        assert Decimal(row["monthlyAmount"]) == expected
        assert row["confidence"] >= 0.8
    salary = rows[0]  # the largest: the salary, monthly income
    assert (salary["transactionType"], salary["cadence"], salary["cadenceLabel"]) == (
        "credit", "monthly", "every month"
    )  # fmt: skip
    assert Decimal(body["monthlyIncome"]) == sum(m for m in monthly if m > 0)
    assert Decimal(body["monthlyExpenses"]) == -sum(m for m in monthly if m < 0)
    colors = body["datasets"][0]["backgroundColor"]
    assert colors == ["#009E73" if m > 0 else "#D55E00" for m in monthly]


def test_the_rest_of_the_categories_is_one_slice(carol: AnalyticsUser) -> None:
    today = utc_today()
    assert carol.http.post("/api/system/default-categories").status_code == 200
    listed = carol.http.get("/api/categories").json()["data"]
    tops = {c["name"]: c["id"] for c in listed if c["parentId"] is None}
    assert len(tops) == len([d for d in DEFAULTS if d.parent_key is None]) == 11
    for n, name in enumerate(sorted(tops)):
        response = carol.http.post(
            "/api/transactions",
            json={
                "transactionDate": f"{today.isoformat()}T08:00:00Z",
                "description": f"Purchase {n}",
                "amount": f"-{(n + 1) * 10}.00",
                "categoryId": tops[name],
            },
        )
        assert response.status_code == 201, response.text
    pie = _get(carol, "transaction-breakdown")
    _assert_chart(pie, "pie")
    assert len(pie["labels"]) == 10 and pie["labels"][-1] == "Other categories"
    data = [Decimal(v) for v in pie["datasets"][0]["data"]]
    assert data[-1] == Decimal("30.00")  # the two smallest: 20 + 10
    assert sum(data) == Decimal(pie["totalExpenses"]) == Decimal(660)
    assert len(pie["categories"]) == 9
    assert pie["datasets"][0]["backgroundColor"][-1] == "#999999"


def test_a_user_without_data_gets_empty_charts(bob: AnalyticsUser) -> None:
    for endpoint, chart_type in ENDPOINTS.items():
        body = _get(bob, endpoint)
        _assert_chart(body, chart_type)
        if endpoint not in ("health-indicator", "alerts-digest"):
            assert body["labels"] == [], endpoint
            assert all(d["data"] == [] for d in body["datasets"]), endpoint
    balance = _get(bob, "balance-projection")
    assert (balance["currentBalance"], balance["lowestBalance"]) == ("0.00", None)
    health = _get(bob, "health-indicator")
    assert [s["value"] for s in health["scores"]] == [None] * 4
    assert (health["overallScore"], health["grade"], health["period"]) == (0, "poor", None)
    assert _get(bob, "alerts-digest")["labels"] == ["high", "medium", "low"]


@pytest.mark.parametrize(
    ("endpoint", "params", "field"),
    [
        ("balance-projection", {"months": "0"}, "months"),
        ("balance-projection", {"months": "37"}, "months"),
        ("balance-projection", {"months": "abc"}, "months"),
        ("balance-projection", {"chartType": "pie"}, "chartType"),
        ("balance-projection", {"chartType": "LINE!"}, "chartType"),
        ("transaction-breakdown", {"chartType": "area"}, "chartType"),
        ("transaction-breakdown", {"period": "daily"}, "period"),
    ],
)
def test_bad_input_names_the_parameter(
    bob: AnalyticsUser, endpoint: str, params: dict[str, str], field: str
) -> None:
    body = analytics_error(bob.http.get(f"{UI}/{endpoint}", params=params), 400, field)
    assert body["code"] == "validation_error"
