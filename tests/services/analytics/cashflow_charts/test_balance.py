"""The balance projection (pure): labels and datasets from the monthly predictions, line
versus area, the lowest balance, confidences, nothing to project, and months."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from services.analytics.cashflow_charts.balance import kind_of, months_of, projection
from services.analytics.chart_shapes import EXPENSE_COLOR, INCOME_COLOR, PALETTE
from services.runtime.errors import InvalidArgument
from tests.services.analytics.cashflow_charts.support import prediction, prediction_set

PREDICTIONS = prediction_set(
    "1500.005",
    prediction(date(2026, 11, 1), "0", "400.10", "1099.90", lowest="1000.00", confidence=0.91234),
    prediction(date(2026, 12, 1), "3000", "3300.554", "799.346", lowest="-120.50", lowest_on=28),
    prediction(date(2027, 1, 1), "3000", "2500", "1299.35", lowest="-120.50", lowest_on=3),
)


def test_the_predictions_drawn_as_three_lines() -> None:
    found = projection(PREDICTIONS, "line")
    chart = found.chart
    assert chart.chart_type == "line"
    assert chart.labels == ("2026-11", "2026-12", "2027-01")
    balance, income, expenses = chart.datasets
    assert (balance.label, income.label, expenses.label) == (
        "Projected balance", "Expected income", "Expected expenses"
    )  # fmt: skip
    assert [format(v, "f") for v in balance.data] == ["1099.90", "799.35", "1299.35"]
    assert [format(v, "f") for v in income.data] == ["0.00", "3000.00", "3000.00"]
    assert [format(v, "f") for v in expenses.data] == ["400.10", "3300.55", "2500.00"]
    assert (balance.border_color, income.border_color, expenses.border_color) == (
        PALETTE[0], INCOME_COLOR, EXPENSE_COLOR
    )  # fmt: skip
    assert not any(d.fill for d in chart.datasets)
    assert (found.currency, format(found.current_balance, "f")) == ("EUR", "1500.00")
    # The lowest of the months' lows; the earliest day of equal ones.
    assert found.lowest == (date(2026, 12, 28), Decimal("-120.50"))
    assert found.confidence == (0.9123, 0.8, 0.8)


def test_an_area_chart_fills_only_the_balance() -> None:
    found = projection(PREDICTIONS, "area")
    assert found.chart.chart_type == "area"
    assert [d.fill for d in found.chart.datasets] == [True, False, False]
    assert found.chart.datasets[0].background_color == (PALETTE[0] + "33",)


def test_nothing_to_project_is_an_empty_chart() -> None:
    empty = prediction_set("0", prediction(date(2026, 11, 1), "0", "0", "0"))
    found = projection(empty, "line")
    assert found.chart.labels == ()
    assert [d.data for d in found.chart.datasets] == [(), (), ()]
    assert (found.lowest, found.confidence) == (None, ())
    # A balance alone is something to project: a flat line.
    flat = projection(prediction_set("10", prediction(date(2026, 11, 1), "0", "0", "10")), "line")
    assert flat.chart.labels == ("2026-11",)


def test_months_and_chart_type() -> None:
    assert (months_of(None), months_of(1), months_of(36)) == (12, 1, 36)
    assert (kind_of(None), kind_of("area")) == ("line", "area")
    for bad in (0, 37, -1):
        with pytest.raises(InvalidArgument) as refused:
            months_of(bad)
        assert [(v.field, v.description) for v in refused.value.violations] == [
            ("months", "must be between 1 and 36")
        ]
    with pytest.raises(InvalidArgument) as refused:
        kind_of("pie")
    assert [(v.field, v.description) for v in refused.value.violations] == [
        ("chart_type", "must be one of: line, area")
    ]
