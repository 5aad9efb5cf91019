"""The recurring transactions chart (pure): monthly equivalents to the cent, cadence and
next-date words, which series are listed, their order, totals and bars."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from services.analytics.cashflow_charts.recurring import (
    monthly_amount,
    next_date_label,
    recurring_chart,
)
from services.analytics.chart_shapes import EXPENSE_COLOR, INCOME_COLOR
from services.analytics.recurring.detector import Cadence
from tests.services.analytics.cashflow_charts.support import TODAY, pattern


@pytest.mark.parametrize(
    ("amount", "cadence", "monthly"),
    [
        ("-10.00", "weekly", "-43.33"),  # 10 * 52 / 12 = 43.333…
        ("-25.00", "weekly", "-108.33"),
        ("-40.00", "biweekly", "-86.67"),  # 40 * 26 / 12 = 86.666…
        ("2500.00", "monthly", "2500.00"),
        ("-90.00", "quarterly", "-30.00"),
        ("-100.00", "quarterly", "-33.33"),
        ("-120.00", "yearly", "-10.00"),
        ("-59.99", "yearly", "-5.00"),  # 4.99916… to the cent
        ("-0.03", "yearly", "0.00"),  # never "-0.00"
        ("-0.15", "quarterly", "-0.05"),
        ("-0.06", "yearly", "0.00"),  # 0.005 to even
        ("-0.18", "yearly", "-0.02"),  # 0.015 to even
    ],
)
def test_monthly_equivalents(amount: str, cadence: Cadence, monthly: str) -> None:
    found = monthly_amount(Decimal(amount), cadence)
    assert format(found, "f") == monthly


@pytest.mark.parametrize(
    ("day", "label"),
    [
        (date(2026, 11, 15), "today"),
        (date(2026, 11, 16), "tomorrow"),
        (date(2026, 11, 27), "in 12 days"),
        (date(2026, 11, 14), "1 day overdue"),
        (date(2026, 11, 12), "3 days overdue"),
    ],
)
def test_next_date_in_words(day: date, label: str) -> None:
    assert next_date_label(day, TODAY) == label


def test_the_active_confident_series_in_the_main_currency_largest_first() -> None:
    patterns = [
        pattern("Netflix", "-15.99", next_in=1),
        pattern("Salary", "3000.00", next_in=10),
        pattern("Cleaner", "-25.00", "weekly", next_in=0),
        pattern("Insurance", "-240.00", "yearly", next_in=200),
        pattern("Water", "-90.00", "quarterly", next_in=-2),  # overdue, inside its window
        pattern("Veggie box", "-20.00", "biweekly", next_in=5),
        pattern("Unsure", "-50.00", confidence=0.79),  # below the upcoming threshold
        pattern("Stopped", "-30.00", active=False),
        pattern("Lapsed", "-30.00", next_in=-4),  # its window (3 days) has passed
        pattern("Dollar", "-12.00", currency="USD"),
    ]
    found = recurring_chart(patterns, TODAY, "EUR")
    assert [
        (t.pattern.merchant_name, t.cadence_label, format(t.monthly, "f"), t.next_date_label)
        for t in found.transactions
    ] == [
        ("Salary", "every month", "3000.00", "in 10 days"),
        ("Cleaner", "every week", "-108.33", "today"),
        ("Veggie box", "every 2 weeks", "-43.33", "in 5 days"),
        ("Water", "every 3 months", "-30.00", "2 days overdue"),
        ("Insurance", "every year", "-20.00", "in 200 days"),
        ("Netflix", "every month", "-15.99", "tomorrow"),
    ]
    assert (found.monthly_income, found.monthly_expenses, found.currency) == (
        Decimal("3000.00"), Decimal("217.65"), "EUR"
    )  # fmt: skip
    chart = found.chart
    assert chart.chart_type == "bar"
    assert chart.labels == ("Salary", "Cleaner", "Veggie box", "Water", "Insurance", "Netflix")
    (bars,) = chart.datasets
    assert [format(v, "f") for v in bars.data] == [
        "3000.00", "108.33", "43.33", "30.00", "20.00", "15.99"
    ]  # fmt: skip
    assert bars.background_color == (INCOME_COLOR,) + (EXPENSE_COLOR,) * 5


def test_equal_amounts_are_ordered_by_name() -> None:
    found = recurring_chart(
        [pattern("spotify", "-9.99"), pattern("Apple", "-9.99"), pattern("Bank", "9.99")],
        TODAY,
        "EUR",
    )
    assert found.chart.labels == ("Apple", "Bank", "spotify")


def test_no_series_is_an_empty_chart() -> None:
    found = recurring_chart([], TODAY, "EUR")
    assert found.chart.labels == ()
    assert [d.data for d in found.chart.datasets] == [()]
    assert (found.monthly_income, found.monthly_expenses) == (Decimal("0.00"), Decimal("0.00"))
