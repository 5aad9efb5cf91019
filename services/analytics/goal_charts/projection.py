"""Where a goal's amount is heading, month by month (pure).

Months
    From the current month to the later of the projected completion and the target
    date, MAX_MONTHS at most and at least the current month alone (a goal with neither
    date ahead: achieved, no pace, no or a passed target date).

The lines share the goals analysis' model: a contribution lands at each month start
from next month on, so the month of label i (0 = the current month) has received i of
them.

Projected
    current + pace * i, capped at the target (rounded down to the cent: an amount not
    yet made is never shown larger). It reaches the target in the month of the
    projected completion. Flat at the current amount when nothing more comes: no
    contributions yet, or an achieved or cancelled goal (which take no contributions).
    A goal already at or above its target stays where it is.

Required
    Drawn when the required-contribution answer has a monthly amount (a target date,
    the goal not cancelled): current + required * i, capped at the target, so it
    reaches the target in the target date's month and stays there. A target date this
    month or already passed needs everything now: flat at the target. A reached or
    achieved goal needs nothing more: flat at its current amount.

Target
    Flat at the target amount.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_DOWN, Decimal
from typing import Final

from services.analytics.chart_shapes import NEUTRAL_COLOR, Chart, Dataset, chart, palette_color
from services.analytics.fields import CENTS
from services.analytics.goal_charts.months import MAX_MONTHS, month_labels
from services.analytics.goals import analysis
from services.analytics.goals.analysis import History, Projection, Required, month_index
from services.analytics.goals.domain import ZERO, Goal, money

PROJECTED_COLOR: Final = palette_color(0)
REQUIRED_COLOR: Final = palette_color(1)
TARGET_COLOR: Final = NEUTRAL_COLOR


@dataclass(frozen=True, slots=True)
class ProjectionChart:
    goal: Goal
    chart: Chart
    # The analysis' answers the chart draws (GET …/analysis/projected-completion and
    # …/required-contribution answer the same).
    projection: Projection
    required: Required


def projection_chart(goal: Goal, history: History, today: date) -> ProjectionChart:
    projection = analysis.project(goal, history, today)
    need = analysis.required(goal, history, today)
    now = month_index(today)
    ends = (projection.projected_date, goal.fields.target_date)
    last = max((month_index(day) for day in ends if day is not None), default=now)
    count = min(MAX_MONTHS, max(1, last - now + 1))
    current, target = money(goal.current_amount), money(goal.target_amount)

    pace = history.rate if not goal.is_final and history.rate is not None else ZERO
    datasets = [
        _line(
            "Projected", [_toward(current, pace, target, i) for i in range(count)], PROJECTED_COLOR
        )
    ]
    if need.monthly_amount is not None and goal.fields.target_date is not None:
        ahead = month_index(goal.fields.target_date) - now
        path = [_required_at(current, need.monthly_amount, target, ahead, i) for i in range(count)]
        datasets.append(_line("Required", path, REQUIRED_COLOR))
    datasets.append(_line("Target", [target] * count, TARGET_COLOR))
    return ProjectionChart(
        goal, chart("line", month_labels(now, count), *datasets), projection, need
    )


def _toward(current: Decimal, monthly: Decimal, target: Decimal, months: int) -> Decimal:
    """The amount after `months` contributions of `monthly`, capped at the target (an
    amount already at or above it stays)."""
    if current >= target or monthly <= 0:
        return current
    return min(target, (current + monthly * months).quantize(CENTS, ROUND_DOWN))


def _required_at(
    current: Decimal, monthly: Decimal, target: Decimal, ahead: int, months: int
) -> Decimal:
    if current < target and monthly > 0 and ahead <= 0:
        return target
    return _toward(current, monthly, target, months)


def _line(label: str, data: list[Decimal], color: str) -> Dataset:
    return Dataset(label, tuple(data), border_color=color, background_color=(color,))
