"""The transaction breakdown (pure): the top categories as slices, the "Other
categories" slice for the rest, colours, and the request's words."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import date
from decimal import Decimal

import pytest

from services.analytics.cashflow_charts.breakdown import (
    OTHER_LABEL,
    breakdown,
    kind_of,
    period_of,
)
from services.analytics.chart_shapes import NEUTRAL_COLOR, palette_color
from services.analytics.insights.domain import CategoryShare, DayRange, TopCategories
from services.runtime.errors import InvalidArgument

PERIOD = DayRange(date(2026, 11, 1), date(2026, 11, 15))


def share(name: str, amount: str, color: str | None = "#112233") -> CategoryShare:
    return CategoryShare(
        category_id=None if color is None else uuid.uuid5(uuid.NAMESPACE_URL, name),
        name=name,
        color=color,
        amount=Decimal(amount),
        share=Decimal("0"),
        transaction_count=1,
    )


def top(total: str, *shares: CategoryShare) -> TopCategories:
    return TopCategories(PERIOD, "EUR", Decimal(total), list(shares))


def test_up_to_nine_categories_are_drawn_as_they_are() -> None:
    found = breakdown(
        top("150.0050", share("Food", "100.0050", "#FF9800"), share("Uncategorized", "50", None)),
        "pie",
    )
    assert found.chart.chart_type == "pie"
    assert found.chart.labels == ("Food", "Uncategorized")
    (slices,) = found.chart.datasets
    assert slices.data == (Decimal("100.00"), Decimal("50.00"))  # to the cent, half to even
    assert slices.background_color == ("#FF9800", NEUTRAL_COLOR)
    assert [c.name for c in found.categories] == ["Food", "Uncategorized"]
    assert (found.other, found.total_expenses, found.currency) == (
        None, Decimal("150.0050"), "EUR"
    )  # fmt: skip


def test_a_category_without_a_colour_takes_the_palette_s() -> None:
    colourless = dataclasses.replace(share("Hobby", "30"), color=None)
    found = breakdown(top("80", share("Food", "50", "#FF9800"), colourless), "pie")
    assert found.chart.datasets[0].background_color == ("#FF9800", palette_color(1))


def test_the_rest_is_one_other_slice_with_no_category_entry() -> None:
    # Ten asked for (one more than drawn); the total holds more categories than that.
    shares = [share(f"C{n}", str(100 - n)) for n in range(10)]
    found = breakdown(top("1000.00", *shares), "bar")
    assert found.chart.chart_type == "bar"
    assert found.chart.labels == (*(f"C{n}" for n in range(9)), OTHER_LABEL)
    (bars,) = found.chart.datasets
    drawn = sum(100 - n for n in range(9))  # 864
    assert bars.data[-1] == Decimal(1000 - drawn)
    assert sum(bars.data) == Decimal("1000.00")
    assert bars.background_color[-1] == NEUTRAL_COLOR
    assert len(bars.background_color) == len(found.chart.labels) == 10
    assert len(found.categories) == 9
    assert found.other == Decimal(1000 - drawn)


def test_no_spending_is_an_empty_chart() -> None:
    found = breakdown(top("0"), "pie")
    assert found.chart.labels == ()
    assert [d.data for d in found.chart.datasets] == [()]


def test_the_request_s_words() -> None:
    assert (kind_of(None), kind_of("pie"), kind_of("bar")) == ("pie", "pie", "bar")
    assert (period_of(None), period_of("weekly"), period_of("yearly")) == (
        "monthly", "weekly", "yearly"
    )  # fmt: skip
    refusals = [
        ("line", kind_of, "chart_type"),
        ("#9", kind_of, "chart_type"),
        ("daily", period_of, "period"),
        ("#7", period_of, "period"),
    ]
    for bad, call, field in refusals:
        with pytest.raises(InvalidArgument) as refused:
            call(bad)
        (violation,) = refused.value.violations
        assert violation.field == field
        assert violation.description.startswith("must be one of: ")
