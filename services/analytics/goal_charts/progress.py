"""What goals hold against what they still need (pure): one goal's doughnut and its
milestones, and every open goal's stacked bars with the totals.

Saved is the goal's current amount, Remaining max(0, target - current): an exceeded
target shows all it holds as saved and nothing remaining.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from services.analytics.chart_shapes import INCOME_COLOR, NEUTRAL_COLOR, Chart, Dataset, chart
from services.analytics.goal_charts.milestones import Milestone
from services.analytics.goals.domain import ZERO, Goal, Status, money, percent

SAVED_COLOR: Final = INCOME_COLOR
REMAINING_COLOR: Final = NEUTRAL_COLOR
# A doughnut's slices are parted by white lines, as Chart.js draws them by default.
SLICE_BORDER: Final = "#FFFFFF"
# The goals the summary draws: those still being worked towards (achieved and
# cancelled goals are only counted).
DRAWN: Final[tuple[Status, ...]] = ("active", "on_hold")


@dataclass(frozen=True, slots=True)
class Visualization:
    goal: Goal
    chart: Chart
    milestones: tuple[Milestone, ...]


def doughnut(goal: Goal) -> Chart:
    """Saved and Remaining, one slice each."""
    return chart(
        "doughnut",
        ("Saved", "Remaining"),
        Dataset(
            "Progress",
            (money(goal.current_amount), goal.remaining_amount),
            border_color=SLICE_BORDER,
            background_color=(SAVED_COLOR, REMAINING_COLOR),
        ),
    )


@dataclass(frozen=True, slots=True)
class GoalsSummary:
    chart: Chart
    # The goals drawn, in the labels' order.
    goals: tuple[Goal, ...]
    # Every goal per status.
    counts: Mapping[Status, int]
    total_target: Decimal
    total_saved: Decimal
    # total_saved / total_target in percent, rounded down to 2 places like a goal's
    # progressPercent; 0.00 without goals.
    overall_percent: Decimal


def summary(goals: Iterable[Goal], counts: Mapping[Status, int]) -> GoalsSummary:
    """Stacked bars of the goals given (in their order): Saved and Remaining per goal."""
    drawn = tuple(goals)
    saved = tuple(money(goal.current_amount) for goal in drawn)
    total_target = sum((goal.target_amount for goal in drawn), ZERO)
    total_saved = sum(saved, ZERO)
    bars = chart(
        "bar",
        [goal.fields.name for goal in drawn],
        Dataset("Saved", saved, border_color=SAVED_COLOR, background_color=(SAVED_COLOR,)),
        Dataset(
            "Remaining",
            tuple(goal.remaining_amount for goal in drawn),
            border_color=REMAINING_COLOR,
            background_color=(REMAINING_COLOR,),
        ),
    )
    overall = percent(total_saved, total_target) if total_target > 0 else ZERO
    return GoalsSummary(bars, drawn, counts, money(total_target), total_saved, overall)
