"""Stored goals for the goal charts' database tests, made through the goals capability's
own use cases (today 15 Nov 2026)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from services.analytics.goals import usecases as goals
from services.analytics.goals.domain import Goal, NewContribution
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goals.support import clock


def contribute(uow: UowFactory, goal: Goal, *made: tuple[date, str]) -> Goal:
    """The goal after the contributions (day, amount)."""
    for day, amount in made:
        new = NewContribution(Decimal(amount), day, None, None)
        goal = goals.add_contribution(uow(), goal.user_id, goal.id, new, clock).goal
    return goal
