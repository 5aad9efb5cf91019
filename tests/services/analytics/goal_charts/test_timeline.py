"""The contributions chart (today 15 Nov 2026): the months shown, the bars per month,
the running total counting contributions before the window, the figures and `months`."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from services.analytics.goal_charts.timeline import checked_months, contribution_timeline
from services.runtime.errors import InvalidArgument
from tests.services.analytics.goals.support import TODAY, a_goal

D = Decimal


def test_months_end_with_the_current_one_across_a_year_end() -> None:
    drawn = contribution_timeline(a_goal(), [], 12, TODAY)
    assert drawn.chart.labels == ("2025-12", *(f"2026-{m:02d}" for m in range(1, 12)))
    assert contribution_timeline(a_goal(), [], 1, TODAY).chart.labels == ("2026-11",)
    assert len(contribution_timeline(a_goal(), [], 120, TODAY).chart.labels) == 120


def test_bars_per_month_and_a_running_total_from_before_the_window() -> None:
    contributions = [
        (date(2026, 1, 10), D("500.00")),  # before the window: only in the running total
        (date(2026, 9, 1), D("100.00")),
        (date(2026, 9, 20), D("50.00")),
        (date(2026, 11, 2), D("200.00")),
    ]
    drawn = contribution_timeline(a_goal("850.00"), contributions, 3, TODAY)
    bars, line = drawn.chart.datasets
    assert drawn.chart.chart_type == "bar"
    assert drawn.chart.labels == ("2026-09", "2026-10", "2026-11")
    assert (bars.label, bars.type, bars.data) == (
        "Contributions", None, (D("150.00"), D("0.00"), D("200.00"))
    )  # fmt: skip
    assert (line.label, line.type, line.data) == (
        "Running total", "line", (D("650.00"), D("650.00"), D("850.00"))
    )  # fmt: skip
    # 350.00 / 3 = 116.666…
    assert (drawn.total, drawn.monthly_average) == (D("350.00"), D("116.67"))


def test_a_goal_without_contributions_draws_zeros() -> None:
    drawn = contribution_timeline(a_goal("3000.00"), [], 4, TODAY)
    assert all(d.data == (D("0.00"),) * 4 for d in drawn.chart.datasets)
    assert (str(drawn.total), str(drawn.monthly_average)) == ("0.00", "0.00")


def test_months_defaults_to_12_and_must_be_1_to_120() -> None:
    assert checked_months(None) == 12
    assert (checked_months(1), checked_months(120)) == (1, 120)
    for bad in (0, -1, 121):
        with pytest.raises(InvalidArgument) as refused:
            checked_months(bad)
        assert [v.field for v in refused.value.violations] == ["months"]
        assert refused.value.violations[0].description == "must be between 1 and 120"
