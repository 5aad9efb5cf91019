"""The health indicator and its four indicators (pure): each scale's anchors and the
lines between them, the formulas on hand-made months, the windows of history, too little
history, the weights, the grade and the recommendations with their figures."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from services.analytics.cashflow_charts import health
from services.analytics.cashflow_charts.health import HealthReport, grade_of
from services.analytics.cashflow_charts.indicators import (
    DEBT_RATIO,
    EMERGENCY_FUND,
    SAVINGS_RATE,
    SPENDING_STABILITY,
    WEIGHTS,
    Indicator,
    status_of,
)
from services.analytics.cashflow_charts.scales import Scale
from services.analytics.rollups.domain import MonthTotal

TODAY = date(2026, 11, 15)  # October 2026 is the last full month


def month(year: int, number: int, income: str, expenses: str) -> MonthTotal:
    return MonthTotal(
        income=Decimal(income), expenses=Decimal(expenses), month=date(year, number, 1)
    )


def months_back(count: int, income: str, expenses: str) -> list[MonthTotal]:
    """The `count` full months before TODAY's, each with these totals."""
    found = []
    for back in range(count, 0, -1):
        index = 2026 * 12 + 10 - back  # November is index ...+10
        found.append(month(index // 12, index % 12 + 1, income, expenses))
    return found


def report(
    monthly: list[MonthTotal], balance: str = "0", debt: list[MonthTotal] | None = None
) -> HealthReport:
    return health.report(health.history(TODAY, "EUR", Decimal(balance), monthly, debt or []))


def indicator(found: HealthReport, key: str) -> Indicator:
    return next(i for i in found.indicators if i.key == key)


# -- scales --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "value", "score"),
    [
        (SAVINGS_RATE, "-15", 0),
        (SAVINGS_RATE, "0", 0),
        (SAVINGS_RATE, "5", 25),
        (SAVINGS_RATE, "10", 50),
        (SAVINGS_RATE, "19.99", 79),  # rounded down: 80 only when 20 % is reached
        (SAVINGS_RATE, "20", 80),
        (SAVINGS_RATE, "25", 90),
        (SAVINGS_RATE, "30", 100),
        (SAVINGS_RATE, "75", 100),
        (EMERGENCY_FUND, "-2", 0),
        (EMERGENCY_FUND, "0.5", 25),
        (EMERGENCY_FUND, "1", 50),
        (EMERGENCY_FUND, "2", 65),
        (EMERGENCY_FUND, "3", 80),
        (EMERGENCY_FUND, "4.5", 90),
        (EMERGENCY_FUND, "6", 100),
        (EMERGENCY_FUND, "40", 100),
        (SPENDING_STABILITY, "0", 100),
        (SPENDING_STABILITY, "7.5", 90),
        (SPENDING_STABILITY, "15", 80),
        (SPENDING_STABILITY, "15.01", 79),
        (SPENDING_STABILITY, "30", 50),
        (SPENDING_STABILITY, "45", 25),
        (SPENDING_STABILITY, "60", 0),
        (SPENDING_STABILITY, "250", 0),
        (DEBT_RATIO, "0", 100),
        (DEBT_RATIO, "18", 90),
        (DEBT_RATIO, "36", 80),
        (DEBT_RATIO, "36.01", 79),
        (DEBT_RATIO, "43", 50),
        (DEBT_RATIO, "60", 0),
        (DEBT_RATIO, "100", 0),
    ],
)
def test_scales_are_lines_between_their_anchors(scale: Scale, value: str, score: int) -> None:
    assert scale.score(Decimal(value)) == score


def test_a_scale_needs_increasing_anchors() -> None:
    with pytest.raises(ValueError):
        Scale.of((0, 0))
    with pytest.raises(ValueError):
        Scale.of((10, 0), (5, 100))


@pytest.mark.parametrize(("score", "status"), [(100, "good"), (80, "good"), (79, "fair"),
                                              (50, "fair"), (49, "poor"), (0, "poor")])  # fmt: skip
def test_status_of_a_score(score: int, status: str) -> None:
    assert status_of(score) == status


@pytest.mark.parametrize(("score", "grade"), [(100, "excellent"), (80, "excellent"),
                                             (79, "good"), (60, "good"), (59, "fair"),
                                             (40, "fair"), (39, "poor"), (0, "poor")])  # fmt: skip
def test_grade_of_the_overall_score(score: int, grade: str) -> None:
    assert grade_of(score) == grade


def test_the_weights_add_up_to_one() -> None:
    assert sum(WEIGHTS.values()) == 1


# -- formulas ------------------------------------------------------------------------------


def test_the_savings_rate_is_of_the_sums_over_six_months() -> None:
    # 12 months of history; only the last 6 count: 4 x (3000 in, 2700 out), 2 x (2000, 2000).
    monthly = months_back(12, "9999", "1")
    monthly[6:] = months_back(6, "3000", "2700")
    monthly[-2:] = months_back(2, "2000", "2000")
    found = indicator(report(monthly), "savings_rate")
    # (16000 - 14800) / 16000 = 7.5 %.
    assert found.value == Decimal("7.50") and found.unit == "percent"
    assert (found.score, found.status) == (37, "poor")
    assert "You kept 7.50% of your income over the last 6 months" in found.explanation
    advice = found.recommendation
    assert advice is not None and advice.priority == "high"
    # 20 % of 2666.67 a month is 533.33; 200.00 is kept: 333.33 more.
    assert advice.message.startswith("Save 333.33 EUR more a month to reach a 20% savings rate")
    assert advice.potential_savings == Decimal("333.33")


def test_a_good_savings_rate_recommends_nothing() -> None:
    found = indicator(report(months_back(6, "3000", "2400")), "savings_rate")
    assert (found.value, found.score, found.status) == (Decimal("20.00"), 80, "good")
    assert found.recommendation is None


def test_spending_more_than_earned_is_a_negative_rate() -> None:
    found = indicator(report(months_back(6, "1000", "1500")), "savings_rate")
    assert (found.value, found.score, found.status) == (Decimal("-50.00"), 0, "poor")
    assert found.explanation == (
        "You spent 50.00% more than your income over the last 6 months (500.00 EUR a month"
        " more than 1000.00 EUR); the usual guideline is to keep 20%."
    )


def test_the_emergency_fund_is_the_balance_over_average_spending() -> None:
    monthly = months_back(6, "3000", "2000")
    found = indicator(report(monthly, balance="3000"), "emergency_fund")
    assert (found.value, found.unit, found.score, found.status) == (
        Decimal("1.50"), "months", 57, "fair"
    )  # fmt: skip
    advice = found.recommendation
    assert advice is not None and advice.priority == "medium"
    assert advice.potential_savings is None
    assert "Set aside 3000.00 EUR more to cover 3 months of spending (6000.00 EUR)" in (
        advice.message
    )
    enough = indicator(report(monthly, balance="12000"), "emergency_fund")
    assert (enough.value, enough.score, enough.recommendation) == (Decimal("6.00"), 100, None)
    assert found.explanation == (
        "Your balance of 3000.00 EUR covers 1.50 months of your average spending (2000.00 EUR"
        " a month); 3-6 months of it is the usual advice."
    )
    overdrawn = indicator(report(monthly, balance="-500"), "emergency_fund")
    assert (overdrawn.value, overdrawn.score) == (Decimal("-0.25"), 0)
    assert overdrawn.explanation.startswith(
        "Your balance of -500.00 EUR is no buffer against your average spending"
    )


def test_spending_stability_is_the_coefficient_of_variation_of_twelve_months() -> None:
    # Alternating 1000 / 3000: mean 2000, sample deviation sqrt(12 * 1000² / 11).
    monthly = [
        month(m.month.year, m.month.month, "5000", "1000" if n % 2 else "3000")
        for n, m in enumerate(months_back(12, "0", "0"))
    ]
    found = indicator(report(monthly), "spending_stability")
    assert found.value == Decimal("52.22")  # 1044.47 / 2000
    assert (found.score, found.status) == (12, "poor")
    assert found.recommendation is not None
    assert "ranged from 1000.00 EUR to 3000.00 EUR a month" in found.recommendation.message
    steady = indicator(report(months_back(12, "5000", "2000")), "spending_stability")
    assert (steady.value, steady.score, steady.recommendation) == (Decimal("0.00"), 100, None)


def test_the_debt_ratio_is_debt_payments_over_income() -> None:
    monthly = months_back(6, "4000", "3000")
    debt = months_back(6, "0", "1800")
    found = indicator(report(monthly, debt=debt), "debt_ratio")
    assert (found.value, found.score, found.status) == (Decimal("45.00"), 44, "poor")
    advice = found.recommendation
    assert advice is not None and advice.priority == "high"
    # 1800 - 36 % of 4000 = 360.
    assert advice.message.startswith("Reduce debt payments by 360.00 EUR a month")
    none = indicator(report(monthly), "debt_ratio")
    assert (none.value, none.score, none.status) == (Decimal("0.00"), 100, "good")


# -- history -------------------------------------------------------------------------------


def test_months_before_the_history_began_are_not_counted() -> None:
    # History began in July: 4 full months (July-October), August without transactions.
    monthly = [month(2026, 7, "3000", "2000"), month(2026, 9, "3000", "2000"),
               month(2026, 10, "3000", "2000")]  # fmt: skip
    found = report(monthly, balance="1000")
    # (9000 - 6000) / 9000 over 4 months, August counting as a real zero.
    assert indicator(found, "savings_rate").value == Decimal("33.33")
    assert indicator(found, "emergency_fund").value == Decimal("0.67")  # 1000 / 1500
    assert found.period == (date(2026, 7, 1), date(2026, 10, 31))
    stability = indicator(found, "spending_stability")
    assert stability.value is None and stability.score == 0
    assert "needs at least 6 full months of transactions, and there are 4" in (
        stability.explanation
    )


def test_the_current_month_never_counts() -> None:
    found = report([month(2026, 11, "3000", "100")])
    assert found.period is None
    assert all(i.value is None and i.score == 0 for i in found.indicators)


def test_too_little_history_scores_zero_with_a_recommendation_saying_why() -> None:
    found = report(months_back(2, "3000", "2000"))
    assert [(i.key, i.value, i.score, i.status) for i in found.indicators] == [
        ("savings_rate", None, 0, "poor"),
        ("emergency_fund", None, 0, "poor"),
        ("spending_stability", None, 0, "poor"),
        ("debt_ratio", None, 0, "poor"),
    ]
    assert (found.overall, found.grade) == (0, "poor")
    assert [r.kind for r in found.recommendations] == [
        "debt_ratio", "emergency_fund", "savings_rate", "spending_stability"
    ]  # fmt: skip
    first = found.recommendations[0]
    assert (first.priority, first.potential_savings, first.source) == ("low", None, "health")
    assert "needs at least 3 full months of transactions, and there are 2" in first.message


def test_no_income_leaves_the_ratios_unmeasured() -> None:
    found = report(months_back(6, "0", "900"), balance="1800")
    assert indicator(found, "savings_rate").value is None
    assert indicator(found, "debt_ratio").value is None
    assert "no income was recorded in the last 6 months" in (
        indicator(found, "savings_rate").explanation
    )
    assert indicator(found, "emergency_fund").value == Decimal("2.00")


def test_an_empty_user_is_poor_with_zero_everywhere() -> None:
    found = report([])
    assert (found.overall, found.grade, found.period, found.monthly_spending) == (
        0, "poor", None, None
    )  # fmt: skip
    assert found.chart.labels == (
        "Savings rate", "Emergency fund", "Spending stability", "Debt ratio"
    )  # fmt: skip
    assert found.chart.datasets[0].data == tuple(map(Decimal, (0, 0, 0, 0)))


# -- overall -------------------------------------------------------------------------------


def test_overall_is_the_rounded_weighted_mean_and_the_radar_draws_the_scores() -> None:
    # Savings 20 % (80), emergency 1.5 months (57), stable (100), no debt (100).
    found = report(months_back(12, "2500", "2000"), balance="3000")
    scores = [i.score for i in found.indicators]
    assert scores == [80, 57, 100, 100]
    # 0.30 * 80 + 0.25 * 57 + 0.20 * 100 + 0.25 * 100 = 83.25.
    assert (found.overall, found.grade) == (83, "excellent")
    radar = found.chart
    assert radar.chart_type == "radar"
    assert radar.datasets[0].data == tuple(Decimal(s) for s in scores)
    assert found.monthly_spending == Decimal(2000)
    assert [r.kind for r in found.recommendations] == ["emergency_fund"]


def test_recommendations_put_the_highest_priority_and_saving_first() -> None:
    monthly = months_back(12, "3000", "2950")
    found = report(monthly, balance="100", debt=months_back(6, "0", "1500"))
    assert [(r.kind, r.priority) for r in found.recommendations] == [
        ("savings_rate", "high"),  # names an amount: first among the high ones
        ("emergency_fund", "high"),  # then by title
        ("debt_ratio", "high"),
    ]
