"""Stored goals for the goal charts' database tests, made through the goals capability's
own use cases (today 15 Nov 2026)."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from services.analytics.goals import usecases as goals
from services.analytics.goals.domain import Goal, NewContribution
from services.analytics.goals.validation import NewGoal
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goals.support import clock


def stored_goal(uow: UowFactory, user: uuid.UUID, **fields: Any) -> Goal:
    """A goal of `user`: by default 10,000.00 for a new car by 30 Jun 2027."""
    base: dict[str, Any] = {
        "name": "New car",
        "goal_type": "purchase",
        "target_amount": "10000",
        "start_date": (2026, 1, 1),
        "target_date": (2027, 6, 30),
    }
    return goals.create_goal(uow(), user, NewGoal(**{**base, **fields}), clock)


def contribute(uow: UowFactory, goal: Goal, *made: tuple[date, str]) -> Goal:
    """The goal after the contributions (day, amount)."""
    for day, amount in made:
        new = NewContribution(Decimal(amount), day, None, None)
        goal = goals.add_contribution(uow(), goal.user_id, goal.id, new, clock).goal
    return goal
