"""Insight operations on real databases (SQLite and PostgreSQL), over transactions
written as every writer writes them: exact totals, the periods compared, categories
rolled into their top level, currencies, isolation, trends, refresh."""

from __future__ import annotations

import uuid
from datetime import date, time, timedelta
from decimal import Decimal
from typing import Any

import pytest

from services.analytics.categories.domain import CategoryChanges
from services.analytics.categories.usecases import update_category
from services.analytics.insights import usecases
from services.analytics.insights.domain import DayRange, Summary
from services.analytics.insights.trends import TrendMemo
from services.analytics.insights.usecases import SummaryQuery, TrendsQuery
from services.analytics.rollups.domain import Totals
from tests.services.analytics.categories.support import ALICE, BOB
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.insights.support import NOISE, TODAY, clock, clock_at, monthly
from tests.services.analytics.rollups.support import Tx, category, store

MARCH = date(2026, 3, 1)


def summary(uow: UowFactory, user: uuid.UUID = ALICE, **query: Any) -> Summary:
    return usecases.get_summary(uow(), user, SummaryQuery(**query), clock)


def test_a_month_to_date_summary_is_exact_and_compared_with_the_same_days_before(
    uow: UowFactory,
) -> None:
    food = category(uow, ALICE, "Food")
    store(
        uow,
        ALICE,
        Tx(date(2026, 3, 1), "2500.0001", category=None),
        Tx(date(2026, 3, 2), "-0.0050", category=food),
        Tx(date(2026, 3, 3), "-0.0050", category=food),
        Tx(date(2026, 3, 10), "-1234.5678", category=food, at=time(23, 59)),
        Tx(date(2026, 3, 11), "-999.00"),  # after today: not in "up to today"
        Tx(date(2026, 2, 10), "2000.00"),
        Tx(date(2026, 2, 10), "-1000.00", category=food),
        Tx(date(2026, 2, 11), "-500.00"),  # after the previous period's same days
    )
    found = summary(uow)
    assert found.period == DayRange(MARCH, TODAY)
    assert found.previous_period == DayRange(date(2026, 2, 1), date(2026, 2, 10))
    assert found.currency == "EUR"
    assert found.current == Totals(Decimal("2500.0001"), Decimal("1234.5778"), 1, 3)
    assert found.current.net == Decimal("1265.4223")
    assert found.savings_rate == Decimal("50.62")
    assert found.previous == Totals(Decimal("2000"), Decimal("1000"), 1, 1)
    assert (found.income_change.difference, found.income_change.percent) == (
        Decimal("500.0001"), Decimal("25.00")
    )  # fmt: skip
    assert found.expenses_change.percent == Decimal("23.46")
    assert found.net_change.percent == Decimal("26.54")
    [top] = found.top_categories
    assert (top.category_id, top.name, top.amount, top.share, top.transaction_count) == (
        food, "Food", Decimal("1234.5778"), Decimal("100.00"), 3
    )  # fmt: skip


def test_a_user_without_transactions_gets_zeros(uow: UowFactory) -> None:
    found = summary(uow, period="yearly")
    assert found.current == found.previous == Totals()
    assert found.currency == "EUR" and found.savings_rate is None
    assert found.income_change.percent == Decimal("0.00")
    assert found.top_categories == []
    assert summary(uow, currency="JPY").currency == "JPY"


def test_subcategories_count_in_their_top_level_and_uncategorized_is_its_own(
    uow: UowFactory,
) -> None:
    food = category(uow, ALICE, "Food")
    groceries = category(uow, ALICE, "Groceries", food)
    organic = category(uow, ALICE, "Organic", groceries)
    rent = category(uow, ALICE, "Rent")
    store(
        uow,
        ALICE,
        Tx(MARCH, "-10.00", category=food),
        Tx(MARCH, "-20.00", category=groceries),
        Tx(MARCH, "-30.00", category=organic),
        Tx(MARCH, "-50.00"),
        Tx(MARCH, "-40.00", category=rent),
        Tx(MARCH, "100.00", category=rent),  # income does not make it a spending category
    )
    found = summary(uow)
    shares = [
        (c.category_id, c.name, c.amount, c.share, c.transaction_count)
        for c in found.top_categories
    ]
    assert shares == [
        (food, "Food", Decimal("60.00"), Decimal("40.00"), 3),
        (None, "Uncategorized", Decimal("50.00"), Decimal("33.33"), 1),
        (rent, "Rent", Decimal("40.00"), Decimal("26.67"), 1),
    ]  # fmt: skip
    assert found.top_categories[1].color is None and found.top_categories[0].color == "#9E9E9E"
    top = usecases.top_categories(uow(), ALICE, "monthly", 2, None, clock)
    assert [c.name for c in top.data] == ["Food", "Uncategorized"]
    assert top.total_expenses == Decimal("150.00") and top.period == DayRange(MARCH, TODAY)


def test_only_the_summary_currency_counts_and_the_default_is_the_main_one(
    uow: UowFactory,
) -> None:
    store(uow, ALICE, Tx(MARCH, "-1.00", currency="USD"), Tx(MARCH, "-2.00", currency="USD"),
          Tx(MARCH, "-100.00"))  # fmt: skip
    found = summary(uow)
    assert (found.currency, found.current.expenses) == ("USD", Decimal("3.00"))
    assert summary(uow, currency="EUR").current.expenses == Decimal("100.00")
    assert summary(uow, currency="GBP").current == Totals()


def test_another_users_transactions_never_count(uow: UowFactory) -> None:
    store(uow, ALICE, Tx(MARCH, "-1.00", merchant="Shop"))
    store(uow, BOB, Tx(MARCH, "-1000.00", merchant="Shop"), Tx(MARCH, "5000.00"))
    assert summary(uow).current == Totals(Decimal(0), Decimal("1.00"), 0, 1)
    merchants = usecases.top_merchants(uow(), ALICE, "monthly", None, None, clock)
    assert [(m.name, m.amount) for m in merchants.data] == [("Shop", Decimal("1.00"))]
    assert usecases.compare_summaries(
        uow(), ALICE, "2026-03", None, None
    ).current.expenses == Decimal("1")


def test_weekly_quarterly_and_yearly_periods(uow: UowFactory) -> None:
    store(
        uow,
        ALICE,
        Tx(date(2026, 3, 9), "-1.00"),  # Monday of this week
        Tx(date(2026, 3, 3), "-2.00"),  # last week's Tuesday, as far into it as today
        Tx(date(2026, 3, 8), "-32.00"),  # last Sunday: beyond last week's same days
        Tx(date(2026, 1, 1), "-4.00"),  # first day of the quarter and the year
        Tx(date(2025, 12, 31), "-8.00"),
        Tx(date(2025, 10, 1), "-16.00"),  # Q4 2025's first day, within Q1's elapsed days
    )
    weekly = summary(uow, period="weekly")
    assert weekly.period == DayRange(date(2026, 3, 9), TODAY)
    assert (weekly.current.expenses, weekly.previous.expenses) == (Decimal("1"), Decimal("2"))
    quarterly = summary(uow, period="quarterly")
    assert quarterly.previous_period == DayRange(date(2025, 10, 1), date(2025, 12, 8))
    assert (quarterly.current.expenses, quarterly.previous.expenses) == (
        Decimal("39"),
        Decimal("16"),
    )
    yearly = summary(uow, period="yearly")
    assert (yearly.current.expenses, yearly.previous.expenses) == (Decimal("39"), Decimal("0"))
    assert yearly.previous_period == DayRange(date(2025, 1, 1), date(2025, 3, 10))
    explicit = summary(uow, start_date=(2025, 12, 31), end_date=(2026, 1, 1))
    assert (explicit.current.expenses, explicit.previous_period) == (
        Decimal("12"), DayRange(date(2025, 12, 29), date(2025, 12, 30))
    )  # fmt: skip


def test_compare_by_category_largest_difference_first(uow: UowFactory) -> None:
    food = category(uow, ALICE, "Food")
    rent = category(uow, ALICE, "Rent")
    fun = category(uow, ALICE, "Fun")
    store(
        uow,
        ALICE,
        Tx(date(2026, 1, 5), "-100.00", category=food),
        Tx(date(2026, 1, 5), "-700.00", category=rent),
        Tx(date(2026, 1, 5), "1000.00"),
        Tx(date(2026, 2, 5), "-150.0050", category=food),
        Tx(date(2026, 2, 5), "-700.00", category=rent),
        Tx(date(2026, 2, 5), "-30.00", category=fun),
        Tx(date(2026, 2, 5), "-5.00"),
    )
    found = usecases.compare_summaries(uow(), ALICE, "2026-02", None, None)
    assert (found.current_period.label, found.previous_period.label) == ("2026-02", "2026-01")
    assert found.current == Totals(Decimal(0), Decimal("885.0050"), 0, 4)
    assert found.previous == Totals(Decimal(1000), Decimal(800), 1, 2)
    assert found.income_change.percent == Decimal("-100.00")
    assert found.net_change.percent == Decimal("-542.50")  # 200 → -885.005
    moves = [
        (m.name, m.change.current, m.change.difference, m.change.percent) for m in found.categories
    ]
    assert moves == [
        ("Food", Decimal("150.0050"), Decimal("50.0050"), Decimal("50.01")),
        ("Fun", Decimal("30"), Decimal("30"), None),
        ("Uncategorized", Decimal("5"), Decimal("5"), None),
        ("Rent", Decimal("700"), Decimal("0"), Decimal("0.00")),
    ]
    quarters = usecases.compare_summaries(uow(), ALICE, "2026-Q1", "2025-Q1", None)
    assert quarters.previous == Totals() and quarters.current.expenses == Decimal("1685.0050")


def test_top_merchants_with_their_share_of_all_spending(uow: UowFactory) -> None:
    store(
        uow,
        ALICE,
        Tx(MARCH, "-30.00", merchant="Tesco"),
        Tx(date(2026, 3, 2), "-10.00", merchant="TESCO"),
        Tx(MARCH, "-20.00", merchant="Aldi"),
        Tx(MARCH, "-40.00"),  # no merchant: in the total, not in the list
        Tx(MARCH, "500.00", merchant="Employer"),  # income only: not spending
        Tx(date(2026, 2, 27), "-1000.00", merchant="Aldi"),  # last month
    )
    found = usecases.top_merchants(uow(), ALICE, "monthly", None, None, clock)
    assert found.total_expenses == Decimal("100.00")
    assert [(m.name, m.amount, m.share, m.transaction_count) for m in found.data] == [
        ("Tesco", Decimal("40.00"), Decimal("40.00"), 2),
        ("Aldi", Decimal("20.00"), Decimal("20.00"), 1),
    ]
    assert len(usecases.top_merchants(uow(), ALICE, "monthly", 1, None, clock).data) == 1
    yearly = usecases.top_merchants(uow(), ALICE, "yearly", None, None, clock)
    assert [(m.name, m.amount) for m in yearly.data] == [
        ("Aldi", Decimal("1020.00")), ("Tesco", Decimal("40.00"))
    ]  # fmt: skip


# -- trends ----------------------------------------------------------------------------------


@pytest.fixture
def planted(uow: UowFactory) -> dict[str, object]:
    """24 months of groceries (flat noise), restaurants (rising), travel (one spike), and
    a half month so far in March that must not look like a dip."""
    food = category(uow, ALICE, "Food")
    groceries = category(uow, ALICE, "Groceries", food)
    restaurants = category(uow, ALICE, "Restaurants")
    travel = category(uow, ALICE, "Travel")
    monthly(uow, ALICE, [300 + n for n in NOISE], category=groceries, merchant="Aldi")
    monthly(uow, ALICE, [100 + 10 * i + n for i, n in enumerate(NOISE)],
            category=restaurants, merchant="Luigi's")  # fmt: skip
    spike = [50 + n / 2 for n in NOISE]
    spike[15] = 1000  # June 2025
    monthly(uow, ALICE, spike, category=travel)
    store(uow, ALICE, Tx(date(2026, 3, 2), "-1.00", category=groceries))
    return {"food": food, "restaurants": restaurants, "travel": travel}


def test_a_rising_category_is_found_increasing(uow: UowFactory, planted: dict[str, object]) -> None:
    found = usecases.list_trends(
        uow(), ALICE, TrendsQuery(kind="increasing", entity_type="category"), clock
    )
    assert found.period == DayRange(date(2024, 3, 1), date(2026, 2, 28))
    [rising] = found.data
    assert (rising.entity_id, rising.entity_name, rising.method, rising.bucket) == (
        planted["restaurants"], "Restaurants", "mann_kendall", "month"
    )  # fmt: skip
    assert rising.significance >= 0.8 and rising.points == 24
    assert rising.change == Decimal("9.94") and rising.statistic > 0.9
    assert (rising.baseline, rising.value) == (Decimal("105"), Decimal("334"))
    assert rising.description == "Restaurants spending rose by about 9.94 EUR a month"
    merchants = usecases.list_trends(uow(), ALICE, TrendsQuery(entity_type="merchant"), clock)
    assert [(t.kind, t.entity_name, t.entity_id) for t in merchants.data] == [
        ("increasing", "Luigi's", None)
    ]


def test_a_spike_month_is_found(uow: UowFactory, planted: dict[str, object]) -> None:
    found = usecases.list_trends(uow(), ALICE, TrendsQuery(kind="spike"), clock)
    travel = [t for t in found.data if t.entity_name == "Travel"]
    [spike] = travel
    assert spike.significance >= 0.8 and spike.method == "robust_z"
    assert spike.period == DayRange(date(2025, 6, 1), date(2025, 6, 30))
    assert (spike.value, spike.baseline, spike.change) == (
        Decimal("1000"), Decimal("50.00"), Decimal("950.00")
    )  # fmt: skip
    assert (
        spike.description
        == "Travel spending in June 2025 was 1000.00 EUR, well above its usual 50.00"
    )
    # The half month so far is not a dip.
    dips = usecases.list_trends(uow(), ALICE, TrendsQuery(kind="dip", min_significance=0), clock)
    assert all(t.period.last < date(2026, 3, 1) for t in dips.data)


def test_significant_trends_rank_every_kind_together(
    uow: UowFactory, planted: dict[str, object]
) -> None:
    found = usecases.significant_trends(uow(), ALICE, None, clock)
    assert 1 <= len(found.data) <= 5
    assert all(t.significance >= 0.8 for t in found.data)
    assert [t.significance for t in found.data] == sorted(
        (t.significance for t in found.data), reverse=True
    )
    kinds = {(t.kind, t.entity_name) for t in found.data}
    assert {("increasing", "Restaurants"), ("spike", "Travel")} <= kinds
    assert not any(t.entity_name in ("Food", "Aldi") for t in found.data)  # the noise


def test_remembered_findings_follow_every_change(
    uow: UowFactory, planted: dict[str, object]
) -> None:
    memo = TrendMemo()

    def rising() -> list[tuple[str, str]]:
        found = usecases.list_trends(uow(), ALICE, TrendsQuery(kind="increasing"), clock, memo)
        return [(t.entity_name, t.description) for t in found.data if t.entity_type == "category"]

    assert rising() == [("Restaurants", "Restaurants spending rose by about 9.94 EUR a month")]
    assert rising() == rising()  # remembered
    # A renamed category is named anew; a write is tested anew.
    restaurants = planted["restaurants"]
    assert isinstance(restaurants, uuid.UUID)
    update_category(uow(), ALICE, restaurants, CategoryChanges(name="Dining"), clock)
    assert [name for name, _ in rising()] == ["Dining"]
    store(uow, ALICE, Tx(date(2026, 2, 20), "-10000.00", category=restaurants))
    assert rising() == [("Dining", "Dining spending rose by about 10.00 EUR a month")]


def test_flat_noise_is_no_trend(uow: UowFactory) -> None:
    groceries = category(uow, ALICE, "Groceries")
    monthly(uow, ALICE, [300 + n for n in NOISE], category=groceries, merchant="Aldi")
    found = usecases.list_trends(uow(), ALICE, TrendsQuery(min_significance=0.8), clock)
    assert found.data == []
    assert usecases.significant_trends(uow(), ALICE, None, clock).data == []
    # At no threshold the test's weak verdicts are there, ranked.
    weak = usecases.list_trends(uow(), ALICE, TrendsQuery(min_significance=0), clock)
    assert weak.data and all(t.significance < 0.8 for t in weak.data)


def test_the_months_before_a_users_history_are_no_data(uow: UowFactory) -> None:
    # A new user since November: their first month is not a spike above the empty ones.
    monthly(uow, ALICE, [100, 900, 100, 100], first_month=date(2025, 11, 1))
    found = usecases.list_trends(uow(), ALICE, TrendsQuery(min_significance=0), clock)
    assert found.period == DayRange(date(2025, 11, 1), date(2026, 2, 28))
    assert all(t.points == 4 for t in found.data)
    assert not any(t.kind == "spike" and t.period.first == date(2025, 11, 1) for t in found.data)


def test_occasional_spending_is_no_spike(uow: UowFactory) -> None:
    groceries = category(uow, ALICE, "Groceries")
    health = category(uow, ALICE, "Health")
    monthly(uow, ALICE, [300 + n for n in NOISE], category=groceries)
    monthly(uow, ALICE, [200 if i in (5, 12, 20) else 0 for i in range(24)], category=health)
    found = usecases.list_trends(uow(), ALICE, TrendsQuery(min_significance=0), clock)
    assert not any(t.entity_name == "Health" and t.kind in ("spike", "dip") for t in found.data)
    # Overall spending did jump in those months.
    overall = {
        t.period.first for t in found.data if t.kind == "spike" and t.entity_type == "overall"
    }
    # (The first months have too short a baseline to be tested: a year's is wanted.)
    assert {date(2025, 3, 1), date(2025, 11, 1)} <= overall


def test_short_windows_find_weekly_trends(uow: UowFactory) -> None:
    # 12 whole weeks from Monday 2025-12-01; a spike in the 9th.
    amounts = [40 + n for n in NOISE[:12]]
    amounts[8] = 400
    store(
        uow,
        ALICE,
        *(Tx(date(2025, 12, 3) + timedelta(weeks=i), f"-{a}.00") for i, a in enumerate(amounts)),
    )
    found = usecases.list_trends(
        uow(), ALICE, TrendsQuery(start_date=(2025, 12, 1), end_date=(2026, 2, 22)), clock
    )
    assert found.period == DayRange(date(2025, 12, 1), date(2026, 2, 22))
    [spike] = [t for t in found.data if t.kind == "spike"]
    assert (spike.bucket, spike.entity_type, spike.points) == ("week", "overall", 12)
    assert spike.period == DayRange(date(2026, 1, 26), date(2026, 2, 1))
    assert "in the week of 2026-01-26 was 400.00 EUR" in spike.description


def test_trends_of_a_user_without_transactions(uow: UowFactory) -> None:
    assert usecases.list_trends(uow(), ALICE, TrendsQuery(), clock).data == []
    # A window that has no whole bucket yet answers the window itself.
    found = usecases.list_trends(
        uow(), ALICE, TrendsQuery(start_date=(2026, 3, 9), end_date=(2026, 3, 10)), clock
    )
    assert (found.data, found.period) == ([], DayRange(date(2026, 3, 9), TODAY))


# -- refresh -----------------------------------------------------------------------------------


def test_refresh_rebuilds_everything_and_detects_patterns_again(uow: UowFactory) -> None:
    assert summary(uow).current == Totals()
    # Written without invalidation (as if the roll-ups had been lost): only a refresh sees them.
    store(uow, ALICE, Tx(MARCH, "-10.00"), Tx(date(2026, 2, 1), "-5.00"), invalidate=False)
    assert summary(uow).current == Totals()
    with uow() as unit:
        before = unit.repos.rollups.version(ALICE)
    done = usecases.refresh_analytics(uow, ALICE, clock_at(TODAY))
    assert done.transactions == 2 and done.recurring_patterns >= 0
    assert done.duration_ms >= 0 and done.refreshed_at == clock()
    with uow() as unit:
        assert unit.repos.rollups.version(ALICE) == before + 1
        assert unit.repos.rollups.recurring_version(ALICE) == before + 1
    assert summary(uow).current.expenses == Decimal("10.00")
