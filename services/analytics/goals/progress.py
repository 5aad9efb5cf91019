"""A goal's progress analysis (pure): where it stands, the time elapsed and left, the
actual pace against the needed one, the projection, the required contribution and the
recommendations, all as of `today`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from services.analytics.goals import analysis
from services.analytics.goals.analysis import History, Projection, Required
from services.analytics.goals.domain import Goal
from services.analytics.goals.recommendations import Recommendation, recommend


@dataclass(frozen=True, slots=True)
class ProgressAnalysis:
    goal: Goal
    days_elapsed: int
    # None without a target date; 0 once it has passed.
    days_remaining: int | None
    # The history's mean monthly contribution, cents (None without history).
    actual_monthly_pace: Decimal | None
    # The required monthly contribution (None without a target date).
    needed_monthly_pace: Decimal | None
    # None when it cannot be told: no target date, or a cancelled goal.
    on_track: bool | None
    projection: Projection
    required: Required
    recommendations: tuple[Recommendation, ...]

    @property
    def overdue(self) -> bool:
        return self.required.overdue


def analyse(goal: Goal, history: History, today: date) -> ProgressAnalysis:
    projection = analysis.project(goal, history, today)
    need = analysis.required(goal, history, today)
    target_date = goal.fields.target_date
    return ProgressAnalysis(
        goal=goal,
        days_elapsed=max(0, (today - goal.fields.start_date).days),
        days_remaining=None if target_date is None else max(0, (target_date - today).days),
        actual_monthly_pace=projection.monthly_rate,
        needed_monthly_pace=need.monthly_amount,
        on_track=_on_track(goal, projection),
        projection=projection,
        required=need,
        recommendations=tuple(recommend(goal, history, projection, need, today)),
    )


def _on_track(goal: Goal, projection: Projection) -> bool | None:
    """Reached is on track; otherwise the pace must be projected to reach the target by
    its date (no pace at all is not on track)."""
    if goal.status == "cancelled" or goal.fields.target_date is None:
        return None
    if goal.status == "achieved" or goal.remaining_amount == 0:
        return True
    return bool(projection.on_time)
