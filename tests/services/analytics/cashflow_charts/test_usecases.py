"""Cash-flow chart use cases on real databases (SQLite and PostgreSQL), on the generated
3-year history: every figure against what the owning capability answers or what the
transactions add up to, the "Other categories" slice, and a user without data."""

from __future__ import annotations

import statistics
import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta
from decimal import ROUND_HALF_EVEN, Decimal

from services.analytics.cashflow import usecases as cashflow
from services.analytics.cashflow.domain import PredictionQuery
from services.analytics.cashflow_charts import usecases
from services.analytics.cashflow_charts.breakdown import OTHER_LABEL
from services.analytics.cashflow_charts.recurring import monthly_amount
from services.analytics.chart_shapes import NEUTRAL_COLOR, month_label
from services.analytics.insights import usecases as insights
from services.analytics.recurring.domain import UPCOMING_CONFIDENCE
from services.analytics.recurring.usecases import current_patterns
from services.analytics.rollups.domain import add_months
from services.analytics.suggestions.usecases import top_suggestions
from tests.services.analytics.cashflow_charts.support import HISTORY_NOW, history_clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import history, load
from tests.services.analytics.suggestions.support import Row, store

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
TODAY = HISTORY_NOW.date()
CENT = Decimal("0.01")
clock = history_clock


def places(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_EVEN)


def by_month(rows: Iterable[tuple[date, Decimal]]) -> dict[date, tuple[Decimal, Decimal]]:
    """(income, expenses) per month of (day, signed amount) rows."""
    income: dict[date, Decimal] = defaultdict(Decimal)
    spent: dict[date, Decimal] = defaultdict(Decimal)
    for day, amount in rows:
        month = day.replace(day=1)
        if amount > 0:
            income[month] += amount
        else:
            spent[month] -= amount
    return {m: (income[m], spent[m]) for m in set(income) | set(spent)}


def test_the_health_indicator_adds_up_the_history(uow: UowFactory) -> None:
    generated = history().transactions
    load(uow, ALICE, generated)
    mortgage = [
        Row(add_months(date(2026, 4, 2), n), "-600.00", "MORTGAGE 123", "Bank", "mortgage")
        for n in range(6)
    ]
    store(uow, ALICE, mortgage)
    rows = [(t.booked_on, t.amount) for t in generated]
    rows += [(r.day, Decimal(r.amount)) for r in mortgage]
    months = by_month(rows)
    recent = [add_months(date(2026, 4, 1), n) for n in range(6)]  # April .. September
    year = [add_months(date(2025, 10, 1), n) for n in range(12)]  # October 2025 ..
    income = sum((months[m][0] for m in recent), Decimal(0))
    spent = sum((months[m][1] for m in recent), Decimal(0))
    balance = sum((amount for _, amount in rows), Decimal(0))

    found = usecases.health_indicator(uow, ALICE, clock)

    values = {i.key: i.value for i in found.indicators}
    assert values["savings_rate"] == places((income - spent) * 100 / income)
    assert values["emergency_fund"] == places(balance / (spent / 6))
    yearly = [months[m][1] for m in year]
    deviation = statistics.stdev(yearly)
    assert isinstance(deviation, Decimal)
    assert values["spending_stability"] == places(deviation * 100 / (sum(yearly, Decimal(0)) / 12))
    assert values["debt_ratio"] == places(Decimal(3600) * 100 / income)
    assert found.period == (date(2025, 10, 1), date(2026, 9, 30))
    assert (found.currency, found.monthly_spending) == ("EUR", spent / 6)
    weighted = sum((i.weight * i.score for i in found.indicators), Decimal(0))
    assert abs(found.overall - weighted) <= Decimal("0.5")
    assert found.chart.datasets[0].data == tuple(Decimal(i.score) for i in found.indicators)

    # The digest: the health indicator's advice and the open suggestions, per month.
    digest = usecases.recommendations_digest(uow, ALICE, clock)
    open_ones = top_suggestions(uow(), ALICE, 100, TODAY, clock)
    assert {s.id for s in open_ones} == {
        r.suggestion_id for r in digest.recommendations if r.source == "suggestion"
    }
    for item in digest.recommendations:
        if item.source == "suggestion":
            saving = next(s for s in open_ones if s.id == item.suggestion_id)
            assert item.potential_savings == places(saving.finding.potential_saving / 12)
    assert [r for r in digest.recommendations if r.source == "health"] == list(
        found.recommendations
    )
    drawn = digest.chart.datasets[0].data
    assert (
        len(drawn)
        == len(digest.chart.labels)
        == sum(1 for r in digest.recommendations if r.potential_savings is not None)
    )
    assert digest.total_potential_savings == sum(drawn)


def test_recurring_series_and_the_breakdown(uow: UowFactory) -> None:
    load(uow, ALICE, history().transactions)

    found = usecases.recurring_transactions(uow, ALICE, clock)

    patterns = current_patterns(uow(), ALICE, TODAY, clock)
    listed = {
        p.id
        for p in patterns
        if p.confidence >= UPCOMING_CONFIDENCE and p.is_active(TODAY) and p.currency == "EUR"
    }
    assert {t.pattern.id for t in found.transactions} == listed
    planted = {s.merchant for s in history().series if s.active}
    assert {t.pattern.merchant_name for t in found.transactions} >= planted
    assert "Disney Plus" not in found.chart.labels  # stopped a year ago
    for item in found.transactions:
        assert item.monthly == monthly_amount(item.pattern.typical_amount, item.pattern.cadence)
    magnitudes = [abs(t.monthly) for t in found.transactions]
    assert magnitudes == sorted(magnitudes, reverse=True)
    assert found.chart.datasets[0].data == tuple(magnitudes)
    assert found.monthly_income == sum(t.monthly for t in found.transactions if t.monthly > 0)
    assert found.monthly_expenses == -sum(t.monthly for t in found.transactions if t.monthly < 0)
    salary = next(t for t in found.transactions if t.pattern.merchant_name == "Acme Corp")
    assert (salary.cadence_label, salary.next_date_label) == ("every month", "in 25 days")

    pie = usecases.transaction_breakdown(uow, ALICE, "monthly", "pie", clock)
    top = insights.top_categories(uow(), ALICE, "monthly", 100, None, clock)
    assert pie.chart.labels == tuple(c.name for c in top.data)  # 8 categories: no rest
    (slices,) = pie.chart.datasets
    assert slices.data == tuple(places(c.amount) for c in top.data)
    assert sum(slices.data) == places(top.total_expenses)
    assert slices.background_color == tuple(c.color or NEUTRAL_COLOR for c in top.data)
    assert (pie.period.first, pie.period.last) == (date(2026, 10, 1), TODAY)
    bar = usecases.transaction_breakdown(uow, ALICE, "yearly", "bar", clock)
    assert bar.chart.chart_type == "bar"
    assert bar.period.first == date(2026, 1, 1)


def test_the_balance_projection_and_the_alerts_are_the_cash_flow_s(uow: UowFactory) -> None:
    load(uow, ALICE, history().transactions)

    line = usecases.balance_projection(uow, ALICE, 6, "line", clock)

    predicted = cashflow.list_predictions(uow(), ALICE, PredictionQuery(limit=6), clock)
    assert line.chart.labels == tuple(month_label(p.period_start) for p in predicted.predictions)
    assert line.chart.labels[0] == "2026-10"
    balance, income, expenses = line.chart.datasets
    assert balance.data == tuple(places(p.expected_balance) for p in predicted.predictions)
    assert income.data == tuple(places(p.expected_income) for p in predicted.predictions)
    assert expenses.data == tuple(places(p.expected_expenses) for p in predicted.predictions)
    assert line.current_balance == places(predicted.current_balance) == Decimal("3488.25")
    lowest = min(predicted.predictions, key=lambda p: (p.lowest_balance, p.lowest_balance_on))
    assert line.lowest == (lowest.lowest_balance_on, places(lowest.lowest_balance))
    assert line.confidence == tuple(round(p.confidence, 4) for p in predicted.predictions)
    area = usecases.balance_projection(uow, ALICE, 36, "area", clock)
    assert (area.chart.chart_type, len(area.chart.labels)) == ("area", 36)
    assert [d.fill for d in area.chart.datasets] == [True, False, False]

    digest = usecases.alerts_digest(uow, ALICE, clock)
    active = cashflow.active_alerts(uow(), ALICE, clock)
    assert {a.id for a in digest.alerts} == {a.id for a in active}
    assert digest.total_active == len(active)
    assert digest.chart.datasets[0].data == tuple(
        Decimal(sum(1 for a in active if a.severity == s)) for s in ("high", "medium", "low")
    )


def test_the_rest_of_the_categories_is_one_slice(uow: UowFactory) -> None:
    keys = ["groceries", "rent", "fuel", "clothing", "subscriptions", "pharmacy", "flights",
            "books", "fees", "other", "salary"]  # fmt: skip
    # 11 top-level categories, spending 110, 100, … 10 this month, largest first.
    rows = [
        Row(TODAY - timedelta(days=n), f"-{110 - 10 * n}.00", f"shop {n}", f"Shop {n}", key)
        for n, key in enumerate(keys)
    ]
    store(uow, ALICE, rows)

    found = usecases.transaction_breakdown(uow, ALICE, "monthly", "pie", clock)

    assert found.chart.labels[-1] == OTHER_LABEL and len(found.chart.labels) == 10
    assert found.chart.labels[:2] == ("Food", "Housing")
    (slices,) = found.chart.datasets
    assert slices.data[-1] == Decimal("30.00")  # Other (20) and Income (10)
    assert sum(slices.data) == found.total_expenses == Decimal(660)
    assert len(found.categories) == 9
    assert slices.background_color[-1] == NEUTRAL_COLOR


def test_a_user_without_data_gets_empty_charts(uow: UowFactory) -> None:
    nobody = uuid.uuid4()
    projection = usecases.balance_projection(uow, nobody, 12, "line", clock)
    assert projection.chart.labels == ()
    assert [d.data for d in projection.chart.datasets] == [(), (), ()]
    assert (projection.current_balance, projection.lowest, projection.currency) == (
        Decimal("0.00"), None, "EUR"
    )  # fmt: skip
    breakdown = usecases.transaction_breakdown(uow, nobody, "monthly", "pie", clock)
    assert breakdown.chart.labels == () and breakdown.total_expenses == 0
    health = usecases.health_indicator(uow, nobody, clock)
    assert [i.value for i in health.indicators] == [None] * 4
    assert (health.overall, health.grade, health.period) == (0, "poor", None)
    alerts = usecases.alerts_digest(uow, nobody, clock)
    # Whatever the cash flow raises for an empty account (its low-balance rule may).
    assert alerts.total_active == len(cashflow.active_alerts(uow(), nobody, clock))
    assert alerts.chart.labels == ("high", "medium", "low")
    digest = usecases.recommendations_digest(uow, nobody, clock)
    assert [r.kind for r in digest.recommendations] == [
        "debt_ratio", "emergency_fund", "savings_rate", "spending_stability"
    ]  # fmt: skip
    assert (digest.chart.labels, digest.total_potential_savings) == ((), Decimal("0.00"))
    recurring = usecases.recurring_transactions(uow, nobody, clock)
    assert (recurring.chart.labels, recurring.transactions) == ((), ())
