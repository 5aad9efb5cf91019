"""One goal's doughnut and every open goal's stacked bars with their totals."""

from __future__ import annotations

from decimal import Decimal

from services.analytics.goal_charts.progress import doughnut, summary
from services.analytics.goals.domain import Status
from tests.services.analytics.goals.support import a_goal

D = Decimal
COUNTS: dict[Status, int] = {"active": 2, "on_hold": 1, "achieved": 3, "cancelled": 0}


def test_the_doughnut_is_saved_against_remaining() -> None:
    drawn = doughnut(a_goal("3000.00"))
    assert (drawn.chart_type, drawn.labels) == ("doughnut", ("Saved", "Remaining"))
    (slices,) = drawn.datasets
    assert slices.data == (D("3000.00"), D("7000.00"))
    assert len(slices.background_color) == 2


def test_an_exceeded_target_shows_nothing_remaining() -> None:
    (slices,) = doughnut(a_goal("12000.00", status="achieved")).datasets
    assert slices.data == (D("12000.00"), D("0.00"))


def test_summary_bars_and_totals_in_the_order_given() -> None:
    goals = [
        a_goal("2500.00", name="Car"),
        a_goal("1000.00", status="on_hold", name="Trip", target_amount=D("3000.00")),
    ]
    drawn = summary(goals, COUNTS)
    assert (drawn.chart.chart_type, drawn.chart.labels) == ("bar", ("Car", "Trip"))
    saved, remaining = drawn.chart.datasets
    assert (saved.label, saved.data) == ("Saved", (D("2500.00"), D("1000.00")))
    assert (remaining.label, remaining.data) == ("Remaining", (D("7500.00"), D("2000.00")))
    assert [g.id for g in drawn.goals] == [g.id for g in goals]
    assert drawn.counts == COUNTS
    # 3,500 / 13,000 = 26.923…%, rounded down like progressPercent.
    assert (drawn.total_target, drawn.total_saved, drawn.overall_percent) == (
        D("13000.00"), D("3500.00"), D("26.92")
    )  # fmt: skip


def test_the_overall_percent_rounds_down_and_may_pass_100() -> None:
    third = summary([a_goal("1.00", target_amount=D("3.00"))], COUNTS)
    assert third.overall_percent == D("33.33")
    over = summary([a_goal("150.00", target_amount=D("100.00"))], COUNTS)
    assert over.overall_percent == D("150.00")


def test_summary_without_goals() -> None:
    drawn = summary([], dict.fromkeys(COUNTS, 0))  # type: ignore[arg-type]
    assert drawn.chart.labels == ()
    assert [(d.label, d.data) for d in drawn.chart.datasets] == [("Saved", ()), ("Remaining", ())]
    assert (str(drawn.total_target), str(drawn.total_saved), str(drawn.overall_percent)) == (
        "0.00", "0.00", "0.00"
    )  # fmt: skip
