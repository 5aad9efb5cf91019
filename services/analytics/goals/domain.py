"""Goals as rules and values (pure): what a goal and a contribution are, the money
arithmetic shown on a goal, and how a goal's status moves.

Statuses (GAPS): active ⇄ on_hold, active | on_hold → achieved | cancelled; achieved and
cancelled are final. A goal also becomes achieved by itself when its current amount
reaches its target: by a progress update, a contribution, or a target lowered to the
current amount or below. Any other move, and any change to a final goal, is 409
`invalid_transition`. Asking for the status a goal already has is not a move: it is
answered with the goal unchanged.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import Final, Literal, get_args

from services.analytics.fields import CENTS
from services.runtime.errors import FailedPrecondition

GoalType = Literal[
    "savings", "debt_payoff", "emergency_fund", "purchase", "investment", "retirement", "other"
]
Status = Literal["active", "achieved", "cancelled", "on_hold"]
Priority = Literal["low", "medium", "high"]
GOAL_TYPES: Final[frozenset[str]] = frozenset(get_args(GoalType))
STATUSES: Final[frozenset[str]] = frozenset(get_args(Status))
# Every status, in the order the proto declares them.
STATUS_ORDER: Final[tuple[Status, ...]] = get_args(Status)
PRIORITIES: Final[frozenset[str]] = frozenset(get_args(Priority))
FINAL: Final[frozenset[str]] = frozenset({"achieved", "cancelled"})
_MOVES: Final[Mapping[str, frozenset[str]]] = {
    "active": frozenset({"on_hold", "achieved", "cancelled"}),
    "on_hold": frozenset({"active", "achieved", "cancelled"}),
    "achieved": frozenset(),
    "cancelled": frozenset(),
}
# Lists put the goals that matter most first.
PRIORITY_ORDER: Final[tuple[Priority, ...]] = ("high", "medium", "low")

HUNDRED = Decimal(100)
ZERO = Decimal("0.00")


@dataclass(frozen=True, slots=True)
class GoalFields:
    """What the user sets on a goal (the create and update bodies)."""

    name: str
    description: str | None
    goal_type: GoalType
    target_amount: Decimal
    start_date: date
    target_date: date | None
    priority: Priority
    category_id: uuid.UUID | None
    is_public: bool
    is_recurring: bool
    # The RRULE in canonical form, None when the goal does not recur.
    recurrence_pattern: str | None


@dataclass(frozen=True, slots=True)
class Goal:
    id: uuid.UUID
    user_id: uuid.UUID
    fields: GoalFields
    current_amount: Decimal
    status: Status
    achieved_at: datetime | None
    created_at: datetime
    updated_at: datetime
    # The recurrence in words (from the pattern), None when it does not recur.
    recurrence_description: str | None = None

    @property
    def target_amount(self) -> Decimal:
        return self.fields.target_amount

    @property
    def remaining_amount(self) -> Decimal:
        return max(ZERO, money(self.fields.target_amount - self.current_amount))

    @property
    def progress_percent(self) -> Decimal:
        return percent(self.current_amount, self.fields.target_amount)

    @property
    def is_final(self) -> bool:
        return self.status in FINAL

    @property
    def is_reached(self) -> bool:
        return self.current_amount >= self.fields.target_amount


@dataclass(frozen=True, slots=True)
class Contribution:
    id: uuid.UUID
    user_id: uuid.UUID
    goal_id: uuid.UUID
    amount: Decimal
    contribution_date: date
    transaction_id: uuid.UUID | None
    description: str | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewContribution:
    """A validated contribution, before it is stored."""

    amount: Decimal
    contribution_date: date
    transaction_id: uuid.UUID | None
    description: str | None


# -- money -----------------------------------------------------------------------------


def money(amount: Decimal) -> Decimal:
    """An amount as stored and shown: cents, never "-0.00"."""
    return amount.quantize(CENTS, ROUND_HALF_UP) + 0


def money_text(amount: Decimal) -> str:
    return format(money(amount), "f")


def percent(part: Decimal, whole: Decimal) -> Decimal:
    """part / whole in percent, rounded down to 2 places (whole > 0): progress is never
    shown as more than was made, so "100.00" means reached."""
    return (part * HUNDRED / whole).quantize(CENTS, ROUND_DOWN) + 0


# -- life of a goal --------------------------------------------------------------------


def new_goal(user_id: uuid.UUID, fields: GoalFields, now: datetime) -> Goal:
    """A goal starts active with nothing reached."""
    return Goal(
        id=uuid.uuid4(),
        user_id=user_id,
        fields=fields,
        current_amount=ZERO,
        status="active",
        achieved_at=None,
        created_at=now,
        updated_at=now,
    )


def require_open(goal: Goal) -> None:
    """FailedPrecondition (409) when the goal is final: nothing about it changes any more."""
    if goal.is_final:
        raise FailedPrecondition(
            f"the goal is {goal.status} and cannot be changed: achieved and cancelled goals "
            "are final"
        )


def edited(goal: Goal, fields: GoalFields, now: datetime) -> Goal:
    """The goal with new fields (validated); a target lowered to the current amount or
    below achieves it."""
    require_open(goal)
    return _settled(dataclasses.replace(goal, fields=fields, updated_at=now), now)


def with_progress(goal: Goal, amount: Decimal, now: datetime) -> Goal:
    """The goal with its current amount set; reaching the target achieves it."""
    require_open(goal)
    return _settled(dataclasses.replace(goal, current_amount=amount, updated_at=now), now)


def contributed(goal: Goal, amount: Decimal, now: datetime) -> Goal:
    """The goal with a contribution added; reaching the target achieves it."""
    require_open(goal)
    total = goal.current_amount + amount
    return _settled(dataclasses.replace(goal, current_amount=total, updated_at=now), now)


def moved(goal: Goal, target: Status, now: datetime) -> Goal | None:
    """The goal in `target` status, None when it is already there; FailedPrecondition
    (409 invalid_transition) for a move GAPS does not list. Achieving by hand is allowed
    below the target (the user says it is done)."""
    if target == goal.status:
        return None
    if target not in _MOVES[goal.status]:
        reason = " (achieved and cancelled goals are final)" if goal.is_final else ""
        raise FailedPrecondition(
            f"a goal cannot move from {goal.status} to {target}{reason}",
            metadata={"from": goal.status, "to": target},
        )
    achieved_at = now if target == "achieved" else goal.achieved_at
    return dataclasses.replace(goal, status=target, achieved_at=achieved_at, updated_at=now)


def _settled(goal: Goal, now: datetime) -> Goal:
    if not goal.is_final and goal.is_reached:
        return dataclasses.replace(goal, status="achieved", achieved_at=now)
    return goal
