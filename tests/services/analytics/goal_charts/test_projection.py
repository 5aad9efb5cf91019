"""The projection chart on fixed histories (today 15 Nov 2026): its months, the
Projected, Required and Target lines with and without a target date, an overdue target,
achieved, cancelled and on-hold goals, and the 120-month cap."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from services.analytics.chart_shapes import Chart
from services.analytics.goal_charts.projection import ProjectionChart, projection_chart
from services.analytics.goals import analysis
from services.analytics.goals.domain import Goal
from tests.services.analytics.goals.support import TODAY, a_goal, monthly

D = Decimal
# 500.00 on the 1st of May-Oct 2026: a pace of 500.00 a month.
SAVER = monthly("500.00", date(2026, 5, 1), 6)


def _drawn(goal: Goal, contributions: list[tuple[date, Decimal]] = SAVER) -> ProjectionChart:
    return projection_chart(goal, analysis.monthly_history(contributions, TODAY), TODAY)


def _lines(chart: Chart) -> dict[str, tuple[Decimal, ...]]:
    for dataset in chart.datasets:
        assert len(dataset.data) == len(chart.labels)
    return {dataset.label: dataset.data for dataset in chart.datasets}


def _amounts(*values: Any) -> tuple[Decimal, ...]:
    return tuple(D(str(v)).quantize(D("0.01")) for v in values)


def test_with_a_target_date() -> None:
    goal = a_goal("3000.00")  # 10,000.00 by 30 Jun 2027
    drawn = _drawn(goal)
    history = analysis.monthly_history(SAVER, TODAY)
    assert drawn.projection == analysis.project(goal, history, TODAY)
    assert drawn.required == analysis.required(goal, history, TODAY)
    # 7,000.00 at 500.00 a month: 14 month starts, 1 Jan 2028.
    assert drawn.projection.projected_date == date(2028, 1, 1)
    assert drawn.chart.chart_type == "line"
    assert drawn.chart.labels[0] == "2026-11" and drawn.chart.labels[-1] == "2028-01"
    lines = _lines(drawn.chart)
    assert list(lines) == ["Projected", "Required", "Target"]
    assert lines["Projected"] == _amounts(*(3000 + 500 * i for i in range(15)))
    # 7 month starts to 1 Jun 2027: 1,000.00 a month, then flat at the target.
    assert lines["Required"] == _amounts(*(3000 + 1000 * i for i in range(8)), *[10000] * 7)
    assert lines["Target"] == _amounts(*[10000] * 15)


def test_without_a_target_date_there_is_no_required_line() -> None:
    drawn = _drawn(a_goal("3000.00", target_date=None))
    assert drawn.chart.labels[-1] == "2028-01"
    assert list(_lines(drawn.chart)) == ["Projected", "Target"]
    assert drawn.required.monthly_amount is None


def test_the_months_run_to_a_target_date_later_than_the_projection() -> None:
    drawn = _drawn(a_goal("3000.00", target_date=date(2028, 6, 15)))
    assert drawn.chart.labels[-1] == "2028-06"
    projected = _lines(drawn.chart)["Projected"]
    # Reached in Jan 2028, then capped: Jan-Jun at the target.
    assert projected[-7:] == _amounts(9500, *[10000] * 6)


def test_neither_date_ahead_draws_the_current_month_alone() -> None:
    drawn = _drawn(a_goal("1000.00", target_date=None), [])
    assert drawn.chart.labels == ("2026-11",)
    assert _lines(drawn.chart) == {"Projected": _amounts(1000), "Target": _amounts(10000)}


def test_an_overdue_target_needs_everything_now() -> None:
    drawn = _drawn(a_goal("3000.00", target_date=date(2026, 8, 31)))
    assert drawn.required.overdue
    lines = _lines(drawn.chart)
    assert drawn.chart.labels[-1] == "2028-01"  # the projection is still ahead
    assert lines["Required"] == _amounts(*[10000] * 15)


def test_a_target_date_this_month_needs_everything_now() -> None:
    drawn = _drawn(a_goal("3000.00", target_date=date(2026, 11, 30)), [])
    assert drawn.chart.labels == ("2026-11",)
    assert _lines(drawn.chart)["Required"] == _amounts(10000)


def test_an_achieved_goal_stays_where_it_is() -> None:
    goal = dataclasses.replace(
        a_goal("12000.00", status="achieved"), achieved_at=datetime(2026, 10, 1, tzinfo=UTC)
    )
    drawn = _drawn(goal)
    assert drawn.projection.projected_date == date(2026, 10, 1)
    # Through the target date's month, Jun 2027.
    assert len(drawn.chart.labels) == 8
    lines = _lines(drawn.chart)
    assert lines["Projected"] == lines["Required"] == _amounts(*[12000] * 8)
    assert lines["Target"] == _amounts(*[10000] * 8)


def test_a_goal_achieved_by_hand_below_its_target_stays_flat() -> None:
    drawn = _drawn(a_goal("4000.00", status="achieved", target_date=date(2026, 9, 30)))
    assert drawn.chart.labels == ("2026-11",)
    assert _lines(drawn.chart) == {
        "Projected": _amounts(4000), "Required": _amounts(4000), "Target": _amounts(10000)
    }  # fmt: skip


def test_a_cancelled_goal_is_flat_without_a_required_line() -> None:
    drawn = _drawn(a_goal("3000.00", status="cancelled"))
    lines = _lines(drawn.chart)
    assert list(lines) == ["Projected", "Target"]
    assert set(lines["Projected"]) == {D("3000.00")}
    assert drawn.chart.labels[-1] == "2027-06"


def test_an_on_hold_goal_keeps_its_pace() -> None:
    drawn = _drawn(a_goal("3000.00", status="on_hold"))
    assert drawn.projection.projected_date == date(2028, 1, 1)
    assert _lines(drawn.chart)["Projected"][1] == D("3500.00")


def test_at_most_120_months_and_amounts_not_yet_made_rounded_down() -> None:
    # 100.01 over Sep-Nov: 33.3366… a month; the 9,899.99 left takes 297 month starts.
    contributions = [(date(2026, 9, 1), D("100.00")), (date(2026, 11, 1), D("0.01"))]
    drawn = _drawn(a_goal("100.01", target_date=None), contributions)
    assert len(drawn.chart.labels) == 120
    projected = _lines(drawn.chart)["Projected"]
    # (100.01) / 3 = 33.3366… a month: 100.01 + 33.3366… = 133.3466… → 133.34.
    assert projected[:2] == (D("100.01"), D("133.34"))
