"""Insights through the edge on PostgreSQL, on 3 years of generated history imported as a
real bank CSV: exact summaries and comparisons, top lists, trends with significance,
recurring detection with confidence, forecasts with their backtest, saving suggestions
and their transitions, refresh, invalidation on new data, isolation and bad input.

The user categorizes the way a person would: one correction per merchant (teaching a
rule), then re-processing the statement, so every category figure below went through
the import, the learned rules and the roll-ups."""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
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


@pytest.fixture(scope="module")
def history() -> History:
    # Ends yesterday: "the current period up to today" then holds generated data.
    return generate_history(seed=11, end=utc_today() - timedelta(days=1), years=3)


def _category_ids(user: AnalyticsUser) -> dict[str, str]:
    """Default category key → the user's category id (names are unique per parent)."""
    assert user.http.post("/api/system/default-categories").status_code == 200
    listed = user.http.get("/api/categories").json()["data"]
    by_place = {(c["parentId"], c["name"]): c["id"] for c in listed}
    keys: dict[str, str] = {}
    for default in sorted(DEFAULTS, key=lambda d: d.parent_key is not None):
        parent = None if default.parent_key is None else keys[default.parent_key]
        keys[default.key] = by_place[(parent, default.name)]
    return keys


def _teach_and_reprocess(user: AnalyticsUser, document_id: str, history: History) -> None:
    """One correction per merchant the import recognised, then the statement again."""
    categories = _category_ids(user)
    truth = {
        (t.booked_on.isoformat(), str(t.amount), t.description): t.category
        for t in history.transactions
    }
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    example: dict[str, str] = {}
    for row in user.transactions(document_id):
        key = (row["transactionDate"][:10], _plain(row["amount"]), row["description"])
        merchant = row["merchantName"] or row["description"]
        votes[merchant][truth[key]] += 1
        example.setdefault(merchant, row["id"])
    for merchant, counted in votes.items():
        category = counted.most_common(1)[0][0]
        response = user.http.patch(
            f"/api/transactions/{example[merchant]}/category",
            json={"categoryId": categories[category], "learnFromCorrection": True},
        )
        assert response.status_code == 200, response.text
    assert user.http.post(f"/api/documents/{document_id}/process").status_code == 200
    assert user.wait_done(document_id, timeout=300)["status"] == "completed"


def _plain(amount: str) -> str:
    return str(Decimal(amount).quantize(CENT))


@pytest.fixture(scope="module")
def alice(
    analytics_stack: RunningStack, analytics_identity: IdentityClient, history: History
) -> Iterator[AnalyticsUser]:
    with signed_in(analytics_identity, analytics_stack) as user:
        document = user.imported_history(history)
        _teach_and_reprocess(user, document["id"], history)
        yield user


bob = user_fixture()


def _totals(history: History, first: date, last: date) -> tuple[Decimal, Decimal]:
    income = sum(
        (t.amount for t in history.transactions if first <= t.booked_on <= last and t.amount > 0),
        Decimal(0),
    )
    spent = sum(
        (-t.amount for t in history.transactions if first <= t.booked_on <= last and t.amount < 0),
        Decimal(0),
    )
    return income, spent


def _month(day: date, back: int = 0) -> date:
    index = day.year * 12 + day.month - 1 - back
    return date(index // 12, index % 12 + 1, 1)


def _month_end(first: date) -> date:
    return _month(first, -1) - timedelta(days=1)


# --- summaries -------------------------------------------------------------------------


def test_a_summary_s_totals_are_exact(alice: AnalyticsUser, history: History) -> None:
    first, last = history.end - timedelta(days=364), history.end
    response = alice.http.get(
        "/api/analytics/summary",
        params={"startDate": first.isoformat(), "endDate": last.isoformat()},
    )
    assert response.status_code == 200, response.text
    summary = response.json()
    income, spent = _totals(history, first, last)
    assert Decimal(summary["income"]) == income
    assert Decimal(summary["expenses"]) == spent
    assert Decimal(summary["net"]) == income - spent
    assert summary["currency"] == "EUR"
    assert summary["period"] == {"startDate": first.isoformat(), "endDate": last.isoformat()}
    before_first, before_last = first - timedelta(days=365), first - timedelta(days=1)
    assert summary["previousPeriod"] == {
        "startDate": before_first.isoformat(),
        "endDate": before_last.isoformat(),
    }
    prev_income, prev_spent = _totals(history, before_first, before_last)
    assert Decimal(summary["trends"]["expenses"]["previous"]) == prev_spent
    assert Decimal(summary["trends"]["income"]["difference"]) == income - prev_income
    rate = ((income - spent) / income * 100).quantize(CENT)
    assert Decimal(summary["savingsRate"]) == rate
    assert 1 <= len(summary["topCategories"]) <= 5
    amounts = [Decimal(c["amount"]) for c in summary["topCategories"]]
    assert amounts == sorted(amounts, reverse=True)


def test_the_default_summary_is_this_month_to_date(alice: AnalyticsUser, history: History) -> None:
    today = utc_today()
    summary = alice.http.get("/api/analytics/summary").json()
    assert summary["period"] == {
        "startDate": _month(today).isoformat(),
        "endDate": today.isoformat(),
    }
    income, spent = _totals(history, _month(today), today)
    assert (Decimal(summary["income"]), Decimal(summary["expenses"])) == (income, spent)


def test_compare_two_months_and_two_quarters(alice: AnalyticsUser, history: History) -> None:
    current, previous = _month(history.end, 1), _month(history.end, 2)
    response = alice.http.get(
        "/api/analytics/summary/compare",
        params={
            "currentPeriod": current.strftime("%Y-%m"),
            "previousPeriod": previous.strftime("%Y-%m"),
        },
    )
    assert response.status_code == 200, response.text
    comparison = response.json()
    spent = _totals(history, current, _month_end(current))[1]
    before_income, before_spent = _totals(history, previous, _month_end(previous))
    assert Decimal(comparison["current"]["expenses"]) == spent
    assert Decimal(comparison["previous"]["income"]) == before_income
    change = comparison["expensesChange"]
    assert Decimal(change["difference"]) == spent - before_spent
    expected = ((spent - before_spent) / before_spent * 100).quantize(CENT)
    assert abs(Decimal(change["percentChange"]) - expected) <= CENT
    assert comparison["categories"], comparison
    assert sum(Decimal(c["current"]) for c in comparison["categories"]) == spent

    year = history.end.year - 1
    quarters = alice.http.get(
        "/api/analytics/summary/compare", params={"currentPeriod": f"{year}-Q2"}
    ).json()
    assert quarters["previous"]["label"] == f"{year}-Q1"
    assert quarters["current"]["range"] == {
        "startDate": f"{year}-04-01",
        "endDate": f"{year}-06-30",
    }
    assert (
        Decimal(quarters["current"]["expenses"])
        == _totals(history, date(year, 4, 1), date(year, 6, 30))[1]
    )


def test_a_period_without_data_changes_by_null_not_nan(alice: AnalyticsUser) -> None:
    comparison = alice.http.get(
        "/api/analytics/summary/compare",
        params={"currentPeriod": "2015-02", "previousPeriod": "2015-01"},
    ).json()
    assert comparison["expensesChange"] == {
        "previous": "0.00",
        "difference": "0.00",
        "percentChange": "0.00",
    }
    summary = alice.http.get(
        "/api/analytics/summary", params={"startDate": "2015-01-01", "endDate": "2015-01-31"}
    ).json()
    assert summary["savingsRate"] is None


def test_top_categories_and_merchants(alice: AnalyticsUser, history: History) -> None:
    today = utc_today()
    for path in ("/api/analytics/summary/categories", "/api/analytics/summary/merchants"):
        page = alice.http.get(path, params={"period": "yearly", "limit": 3}).json()
        assert len(page["data"]) == 3
        assert page["period"]["startDate"] == f"{today.year}-01-01"
        amounts = [Decimal(item["amount"]) for item in page["data"]]
        assert amounts == sorted(amounts, reverse=True)
        assert Decimal(page["totalExpenses"]) == _totals(history, date(today.year, 1, 1), today)[1]
        assert len(alice.http.get(path).json()["data"]) <= 10


# --- trends ----------------------------------------------------------------------------


def test_the_planted_spike_and_trend_are_found(alice: AnalyticsUser, history: History) -> None:
    categories = {c["id"]: c["name"] for c in alice.http.get("/api/categories").json()["data"]}
    names = {d.key: d.name for d in DEFAULTS}
    found = alice.http.get(
        "/api/analytics/trends",
        params={
            "entityType": "category",
            "startDate": history.start.isoformat(),
            "endDate": history.end.isoformat(),
            "minSignificance": 0.8,
            "limit": 100,
        },
    ).json()["data"]
    assert all(0.8 <= t["significance"] <= 1 for t in found)
    # Every level is tested: the planted subcategories are found themselves.
    spike_in, trend_in = names[history.spike.category], names[history.trend.category]
    summary = [(t["trendType"], t["entityName"], t["period"]["startDate"]) for t in found]
    spikes = [t for t in found if t["trendType"] == "spike" and t["entityName"] == spike_in]
    assert any(t["period"]["startDate"] == history.spike.month.isoformat() for t in spikes), summary
    rising = [t for t in found if t["trendType"] == "increasing" and t["entityName"] == trend_in]
    assert rising and rising[0]["significance"] >= 0.8, summary
    assert {t["entityName"] for t in found} <= set(categories.values())


def test_significant_trends_are_the_strongest(alice: AnalyticsUser) -> None:
    found = alice.http.get("/api/analytics/trends/significant").json()["data"]
    assert len(found) <= 5
    scores = [t["significance"] for t in found]
    assert scores == sorted(scores, reverse=True) and all(s >= 0.8 for s in scores)


# --- recurring -------------------------------------------------------------------------


def _same_merchant(found: str, planted: str) -> bool:
    a, b = found.casefold(), planted.casefold()
    return a == b or a in b or b in a


def test_recurring_detection_finds_the_planted_series(
    alice: AnalyticsUser, history: History
) -> None:
    patterns = alice.http.get("/api/analytics/recurring", params={"limit": 100}).json()["data"]
    assert all(p["confidence"] >= 0.8 for p in patterns)
    planted = list(history.series)
    matched = [
        p
        for p in patterns
        if any(
            _same_merchant(p["merchantName"], s.merchant) and p["cadence"] == s.cadence
            for s in planted
        )
    ]
    recalled = [
        s
        for s in planted
        if any(
            _same_merchant(p["merchantName"], s.merchant) and p["cadence"] == s.cadence
            for p in patterns
        )
    ]
    precision = len(matched) / max(1, len(patterns))
    recall = len(recalled) / len(planted)
    print(f"recurring through the edge: precision {precision:.3f} recall {recall:.3f}")
    assert precision >= 0.9 and recall >= 0.9, (precision, recall)
    for pattern in patterns:
        assert pattern["rrule"].startswith("FREQ=")
        assert pattern["status"] in ("active", "stopped")
        amount = pattern["amount"]
        assert (
            Decimal(amount["minimum"]) <= Decimal(amount["typical"]) <= Decimal(amount["maximum"])
        )


def test_upcoming_transactions_come_from_active_patterns(alice: AnalyticsUser) -> None:
    today = utc_today()
    upcoming = alice.http.get("/api/analytics/recurring/upcoming", params={"days": 45}).json()
    assert upcoming["period"]["endDate"] == (today + timedelta(days=45)).isoformat()
    dates = [u["expectedDate"] for u in upcoming["data"]]
    assert dates == sorted(dates) and dates, upcoming
    assert all(today.isoformat() < d <= (today + timedelta(days=45)).isoformat() for d in dates)
    assert all(u["windowStart"] <= u["expectedDate"] <= u["windowEnd"] for u in upcoming["data"])


# --- forecasts -------------------------------------------------------------------------


def test_the_overall_forecast_beats_seasonal_naive(alice: AnalyticsUser) -> None:
    today = utc_today()
    forecast = alice.http.get(
        "/api/analytics/forecasts/overall", params={"period": "monthly", "limit": 12}
    ).json()
    print(f"overall monthly forecast: {forecast['method']}, backtest {forecast['backtest']}")
    assert forecast["historyLength"] >= 30
    assert len(forecast["points"]) == 12
    assert forecast["points"][0]["periodStart"] == _month(today).isoformat()
    assert forecast["backtest"]["mase"] < 1
    for point in forecast["points"]:
        low95, low80 = Decimal(point["interval95"]["lower"]), Decimal(point["interval80"]["lower"])
        high80, high95 = (
            Decimal(point["interval80"]["upper"]),
            Decimal(point["interval95"]["upper"]),
        )
        assert 0 <= low95 <= low80 <= Decimal(point["amount"]) <= high80 <= high95


def test_forecast_list_category_merchant_and_regenerate(
    alice: AnalyticsUser, bob: AnalyticsUser
) -> None:
    listed = alice.http.get("/api/analytics/forecasts", params={"limit": 3}).json()["data"]
    assert listed[0]["entityType"] == "overall"
    assert all(len(f["points"]) == 3 for f in listed)
    category = next(f for f in listed if f["entityType"] == "category")
    one = alice.http.get(f"/api/analytics/forecasts/category/{category['entityId']}").json()
    assert one["entityId"] == category["entityId"] and len(one["points"]) == 6
    merchant = alice.http.get(
        "/api/analytics/summary/merchants", params={"period": "yearly"}
    ).json()["data"][0]
    shouted = merchant["merchantName"].upper()
    by_name = alice.http.get(f"/api/analytics/forecasts/merchant/{shouted}")
    assert by_name.status_code == 200, by_name.text
    assert by_name.json()["entityName"].casefold() == merchant["merchantName"].casefold()
    analytics_error(alice.http.get("/api/analytics/forecasts/merchant/No Such Shop"), 404)
    analytics_error(bob.http.get(f"/api/analytics/forecasts/category/{category['entityId']}"), 403)
    analytics_error(alice.http.get(f"/api/analytics/forecasts/category/{uuid.uuid4()}"), 404)
    regenerated = alice.http.post("/api/analytics/forecasts/regenerate").json()
    assert regenerated["status"] == "completed" and regenerated["forecasts"] >= 3


# --- suggestions -----------------------------------------------------------------------


def test_suggestions_are_found_and_move_through_their_states(
    alice: AnalyticsUser, bob: AnalyticsUser, history: History
) -> None:
    generated = alice.http.post("/api/analytics/suggestions/generate").json()
    assert generated["status"] == "completed" and generated["open"] >= 3, generated
    listed = alice.http.get("/api/analytics/suggestions", params={"limit": 100}).json()
    kinds = {s["suggestionType"] for s in listed["data"]}
    assert {"duplicate_subscription", "fees_and_interest", "unused_subscription"} <= kinds, kinds
    savings = [Decimal(s["potentialSaving"]) for s in listed["data"]]
    assert savings == sorted(savings, reverse=True) and all(s > 0 for s in savings)
    duplicate = next(s for s in listed["data"] if s["suggestionType"] == "duplicate_subscription")
    assert _same_merchant(duplicate["merchantName"], history.duplicate.merchant)

    top = alice.http.get("/api/analytics/suggestions/top", params={"limit": 2}).json()["data"]
    assert [s["id"] for s in top] == [s["id"] for s in listed["data"][:2]]

    path = f"/api/analytics/suggestions/{duplicate['id']}/status"
    assert alice.http.put(path, json={"status": "viewed"}).json()["status"] == "viewed"
    assert alice.http.put(path, json={"status": "dismissed"}).json()["status"] == "dismissed"
    refused = analytics_error(alice.http.put(path, json={"status": "new"}), 409)
    assert refused["code"] == "invalid_transition"
    analytics_error(bob.http.put(path, json={"status": "viewed"}), 403)
    # Generating again keeps the user's decision.
    assert alice.http.post("/api/analytics/suggestions/generate").json()["created"] == 0
    dismissed = alice.http.get("/api/analytics/suggestions", params={"status": "dismissed"}).json()
    assert [s["id"] for s in dismissed["data"]] == [duplicate["id"]]
    rich = alice.http.get("/api/analytics/suggestions", params={"minSaving": "100000"}).json()
    assert rich["data"] == [] and rich["pagination"]["total"] == 0


# --- refresh, invalidation, isolation --------------------------------------------------


def test_refresh_and_a_new_transaction_is_counted_at_once(
    alice: AnalyticsUser, history: History
) -> None:
    today = utc_today()
    refreshed = alice.http.post("/api/analytics/refresh").json()
    assert refreshed["status"] == "completed"
    assert refreshed["transactions"] >= len(history.transactions)
    before = alice.http.get(
        "/api/analytics/summary",
        params={"startDate": today.isoformat(), "endDate": today.isoformat()},
    ).json()
    created = alice.http.post(
        "/api/transactions",
        json={
            "transactionDate": f"{today.isoformat()}T12:00:00Z",
            "description": "Bookshop by hand",
            "amount": "-123.4567",
        },
    )
    assert created.status_code == 201, created.text
    after = alice.http.get(
        "/api/analytics/summary",
        params={"startDate": today.isoformat(), "endDate": today.isoformat()},
    ).json()
    assert Decimal(after["expenses"]) - Decimal(before["expenses"]) == Decimal("123.4567")


def test_another_user_sees_none_of_it(bob: AnalyticsUser) -> None:
    summary = bob.http.get("/api/analytics/summary", params={"period": "yearly"}).json()
    assert (summary["income"], summary["expenses"], summary["transactionCount"]) == (
        "0.00",
        "0.00",
        0,
    )
    assert bob.http.get("/api/analytics/recurring").json()["data"] == []
    assert bob.http.get("/api/analytics/suggestions").json()["data"] == []
    assert bob.http.get("/api/analytics/trends").json()["data"] == []


# --- bad input -------------------------------------------------------------------------

BAD_QUERIES = [
    ("/api/analytics/summary/compare", {"currentPeriod": "2026-13"}, "currentPeriod"),
    ("/api/analytics/summary/compare", {"currentPeriod": "2026-Q5"}, "currentPeriod"),
    ("/api/analytics/summary/compare", {}, "currentPeriod"),
    (
        "/api/analytics/summary/compare",
        {"currentPeriod": "2026-03", "previousPeriod": "2026"},
        "previousPeriod",
    ),
    ("/api/analytics/summary", {"startDate": "2026-02-30", "endDate": "2026-03-01"}, "startDate"),
    ("/api/analytics/summary", {"startDate": "2026-03-01"}, "endDate"),
    ("/api/analytics/summary", {"startDate": "2026-03-02", "endDate": "2026-03-01"}, "endDate"),
    ("/api/analytics/summary", {"period": "daily"}, "period"),
    ("/api/analytics/summary/categories", {"limit": 0}, "limit"),
    ("/api/analytics/summary/categories", {"limit": 101}, "limit"),
    ("/api/analytics/summary/merchants", {"limit": "ten"}, "limit"),
    ("/api/analytics/trends", {"minSignificance": -1}, "minSignificance"),
    ("/api/analytics/trends", {"minSignificance": 1.5}, "minSignificance"),
    ("/api/analytics/trends", {"trendType": "sideways"}, "trendType"),
    ("/api/analytics/trends", {"limit": 101}, "limit"),
    ("/api/analytics/trends", {"startDate": "yesterday"}, "startDate"),
    ("/api/analytics/trends/significant", {"limit": 0}, "limit"),
    ("/api/analytics/recurring", {"confidence": 1.5}, "confidence"),
    ("/api/analytics/recurring", {"confidence": -0.1}, "confidence"),
    ("/api/analytics/recurring", {"limit": 0}, "limit"),
    ("/api/analytics/recurring/upcoming", {"days": 0}, "days"),
    ("/api/analytics/recurring/upcoming", {"days": 367}, "days"),
    ("/api/analytics/forecasts", {"limit": 101}, "limit"),
    ("/api/analytics/forecasts", {"period": "weekly"}, "period"),
    ("/api/analytics/forecasts/overall", {"limit": 0}, "limit"),
    ("/api/analytics/suggestions", {"minSaving": "-1"}, "minSaving"),
    ("/api/analytics/suggestions", {"minSaving": "abc"}, "minSaving"),
    ("/api/analytics/suggestions", {"minSaving": "1.234"}, "minSaving"),
    ("/api/analytics/suggestions", {"limit": 101}, "limit"),
    ("/api/analytics/suggestions", {"suggestionType": "lottery"}, "suggestionType"),
    ("/api/analytics/suggestions/top", {"limit": 0}, "limit"),
    ("/api/analytics/forecasts/category/not-a-uuid", {}, "id"),
]


@pytest.mark.parametrize(("path", "params", "field"), BAD_QUERIES)
def test_bad_queries_name_the_parameter(
    bob: AnalyticsUser, path: str, params: dict[str, Any], field: str
) -> None:
    analytics_error(bob.http.get(path, params=params), 400, field)


def test_bad_status_bodies(alice: AnalyticsUser) -> None:
    listed = alice.http.get("/api/analytics/suggestions", params={"limit": 1}).json()["data"]
    path = f"/api/analytics/suggestions/{listed[0]['id']}/status"
    analytics_error(
        alice.http.put(path, content=b"{", headers={"content-type": "application/json"}), 400
    )
    analytics_error(alice.http.put(path, json={"status": "archived"}), 400, "status")
    analytics_error(alice.http.put(path, json={}), 400, "status")
    analytics_error(alice.http.put(path, json={"status": 3.5}), 400, "status")
    analytics_error(
        alice.http.put("/api/analytics/suggestions/nope/status", json={"status": "viewed"}),
        400,
        "id",
    )
    analytics_error(
        alice.http.put(
            f"/api/analytics/suggestions/{uuid.uuid4()}/status", json={"status": "viewed"}
        ),
        404,
    )


def test_writes_to_read_only_paths_are_refused(bob: AnalyticsUser) -> None:
    response = bob.http.post("/api/analytics/summary")
    assert response.status_code in (404, 405), response.text
