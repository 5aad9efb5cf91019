"""A goal's milestones (pure): 25, 50, 75 and 100% of its target, whether the current
amount has reached each, the day the contributions reached it, and when the pace is
projected to reach the others.

Amount
    The share of the target rounded UP to the cent, so that a milestone shown reached
    holds at least its share and agrees with the goal's progressPercent (rounded down):
    the 25% milestone is reached exactly when progressPercent shows 25.00 or more.

Reached on
    The day of the first contribution at which the running total of the contributions
    (oldest first) reached the amount. A milestone reached only because the amount was
    set by a progress update (not a contribution) has none, and neither has one the
    current amount no longer reaches (a progress update lowered it).

Projected on
    The goal's projected completion (goals.analysis.project) for a goal whose target is
    the milestone's amount: one implementation, so the 100% milestone's day is the
    projected completion date. None for a reached milestone, and for an achieved or
    cancelled goal (no more contributions come).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_CEILING, Decimal
from itertools import accumulate
from operator import itemgetter
from typing import Final

from services.analytics.fields import CENTS
from services.analytics.goals import analysis
from services.analytics.goals.analysis import History
from services.analytics.goals.domain import HUNDRED, Goal

PERCENTS: Final = (25, 50, 75, 100)


@dataclass(frozen=True, slots=True)
class Milestone:
    percent: int
    amount: Decimal
    reached: bool
    reached_on: date | None
    projected_on: date | None


def milestone_amount(target: Decimal, percent: int) -> Decimal:
    return (target * percent / HUNDRED).quantize(CENTS, ROUND_CEILING)


def milestones(
    goal: Goal, contributions: Iterable[tuple[date, Decimal]], history: History, today: date
) -> tuple[Milestone, ...]:
    """The goal's four milestones, 25% first."""
    running = _running_totals(contributions)
    return tuple(_milestone(goal, percent, running, history, today) for percent in PERCENTS)


def _milestone(
    goal: Goal,
    percent: int,
    running: list[tuple[date, Decimal]],
    history: History,
    today: date,
) -> Milestone:
    amount = milestone_amount(goal.target_amount, percent)
    if goal.current_amount >= amount:
        reached_on = next((day for day, total in running if total >= amount), None)
        return Milestone(percent, amount, True, reached_on, None)
    return Milestone(percent, amount, False, None, _projected(goal, amount, history, today))


def _running_totals(contributions: Iterable[tuple[date, Decimal]]) -> list[tuple[date, Decimal]]:
    """(day, total of the contributions up to that one), oldest first."""
    ordered = sorted(contributions, key=itemgetter(0))
    totals = accumulate(amount for _, amount in ordered)
    return [(day, total) for (day, _), total in zip(ordered, totals, strict=True)]


def _projected(goal: Goal, amount: Decimal, history: History, today: date) -> date | None:
    if goal.is_final:
        return None
    toward = dataclasses.replace(
        goal, fields=dataclasses.replace(goal.fields, target_amount=amount)
    )
    return analysis.project(toward, history, today).projected_date
