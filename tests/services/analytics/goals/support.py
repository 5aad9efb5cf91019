"""Goals for the goal tests: one fixed day, a goal built from a few overrides, and one
stored through the use cases."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from services.analytics.goals import usecases as goals
from services.analytics.goals.domain import Goal, GoalFields
from services.analytics.goals.validation import NewGoal
from tests.services.analytics.conftest import UowFactory

TODAY = date(2026, 11, 15)
NOW = datetime(2026, 11, 15, 9, 30, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def fields(**overrides: Any) -> GoalFields:
    base = GoalFields(
        name="New car",
        description=None,
        goal_type="purchase",
        target_amount=Decimal("10000.00"),
        start_date=date(2026, 1, 1),
        target_date=date(2027, 6, 30),
        priority="medium",
        category_id=None,
        is_public=False,
        is_recurring=False,
        recurrence_pattern=None,
    )
    return dataclasses.replace(base, **overrides)


def a_goal(current: str = "0.00", status: str = "active", **field_overrides: Any) -> Goal:
    return Goal(
        id=uuid.uuid4(),
        user_id=uuid.uuid4(),
        fields=fields(**field_overrides),
        current_amount=Decimal(current),
        status=status,  # type: ignore[arg-type]
        achieved_at=None,
        created_at=NOW,
        updated_at=NOW,
    )


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


def monthly(amount: str, first: date, months: int) -> list[tuple[date, Decimal]]:
    """`amount` on `first`'s day of `months` consecutive months."""
    found = []
    for i in range(months):
        index = first.year * 12 + first.month - 1 + i
        found.append((date(index // 12, index % 12 + 1, first.day), Decimal(amount)))
    return found
