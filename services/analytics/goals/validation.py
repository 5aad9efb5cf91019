"""What a valid goal, progress update, contribution and list query are (pure).

Field by field problems are 400 `validation_error` naming every bad field at once
(InvalidArgument); well-formed values that break a rule between fields or against the
calendar are 422 `unprocessable` (Unprocessable), checked once the fields are valid.
Rules against stored data (the category and transaction must be the caller's) are the
use cases'. Field paths are proto field names: the edge shows them as the JSON names.
"""

from __future__ import annotations

import dataclasses
import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from services.analytics import fields
from services.analytics.goals.domain import (
    GOAL_TYPES,
    PRIORITIES,
    STATUSES,
    Goal,
    GoalFields,
    GoalType,
    NewContribution,
    Priority,
    Status,
)
from services.analytics.recurrence.rules import optional_rule
from services.runtime.calendar_dates import DateParts
from services.runtime.errors import (
    FieldViolation,
    InvalidArgument,
    Unprocessable,
    raise_if_any,
)
from services.runtime.paging import check_limit, check_offset

MAX_NOTE = 500
DEFAULT_LIMIT = 20


@dataclass(frozen=True, slots=True)
class NewGoal:
    """A goal as sent; None = not sent."""

    name: str
    goal_type: str | None
    target_amount: str
    description: str | None = None
    start_date: DateParts | None = None
    target_date: DateParts | None = None
    priority: str | None = None
    category_id: uuid.UUID | None = None
    is_public: bool | None = None
    is_recurring: bool | None = None
    recurrence_pattern: str | None = None


@dataclass(frozen=True, slots=True)
class GoalChanges:
    """New values of a goal as sent; None = not sent (kept). An empty description or
    recurrence pattern removes it; `remove_category` removes the category."""

    name: str | None = None
    description: str | None = None
    goal_type: str | None = None
    target_amount: str | None = None
    start_date: DateParts | None = None
    target_date: DateParts | None = None
    priority: str | None = None
    category_id: uuid.UUID | None = None
    remove_category: bool = False
    is_public: bool | None = None
    is_recurring: bool | None = None
    recurrence_pattern: str | None = None


@dataclass(frozen=True, slots=True)
class ListQuery:
    limit: int
    offset: int
    status: Status | None = None
    goal_type: GoalType | None = None
    priority: Priority | None = None


# -- goals -----------------------------------------------------------------------------


def validate_new(new: NewGoal, today: date) -> GoalFields:
    """The goal's fields with their defaults: start today, medium priority, not public,
    recurring when a pattern is given. InvalidArgument for bad fields, Unprocessable for
    rules between them (the target date after the start date and not in the past, a
    recurrence pattern exactly when recurring)."""
    problems: list[FieldViolation] = []
    name = fields.name(new.name, problems, collapse_spaces=True)
    description = fields.free_text(new.description, "description", problems)
    goal_type = _choice(new.goal_type, GOAL_TYPES, "goal_type", "a goal type", problems)
    if new.goal_type is None:
        problems.append(FieldViolation("goal_type", "is required"))
    target = fields.parse_money(new.target_amount, "target_amount", problems)
    start = fields.plan_day(new.start_date, "start_date", problems)
    target_date = fields.plan_day(new.target_date, "target_date", problems)
    priority = _choice(new.priority, PRIORITIES, "priority", "a priority", problems)
    pattern = _pattern(new.recurrence_pattern, problems)
    raise_if_any(problems)
    assert name is not None and goal_type is not None and target is not None
    valid = GoalFields(
        name=name,
        description=description,
        goal_type=goal_type,  # type: ignore[arg-type]
        target_amount=target,
        start_date=start or today,
        target_date=target_date,
        priority=priority or "medium",  # type: ignore[arg-type]
        category_id=new.category_id,
        is_public=bool(new.is_public),
        is_recurring=new.is_recurring if new.is_recurring is not None else pattern is not None,
        recurrence_pattern=pattern,
    )
    _require_consistent(valid, today, dates_sent=new.target_date is not None)
    return valid


def validate_changes(goal: Goal, changes: GoalChanges, today: date) -> GoalFields:
    """The goal's fields with the changes applied, checked as a whole like a new goal's
    (a date that was not sent is not held against the calendar again)."""
    problems: list[FieldViolation] = []
    current = goal.fields
    replace: dict[str, object] = {}
    if changes.name is not None:
        replace["name"] = fields.name(changes.name, problems, collapse_spaces=True)
    if changes.description is not None:
        replace["description"] = fields.free_text(changes.description, "description", problems)
    if changes.goal_type is not None:
        replace["goal_type"] = _choice(
            changes.goal_type, GOAL_TYPES, "goal_type", "a goal type", problems
        )
    if changes.target_amount is not None:
        replace["target_amount"] = fields.parse_money(
            changes.target_amount, "target_amount", problems
        )
    if changes.start_date is not None:
        replace["start_date"] = fields.plan_day(changes.start_date, "start_date", problems)
    if changes.target_date is not None:
        replace["target_date"] = fields.plan_day(changes.target_date, "target_date", problems)
    if changes.priority is not None:
        replace["priority"] = _choice(
            changes.priority, PRIORITIES, "priority", "a priority", problems
        )
    if changes.remove_category:
        replace["category_id"] = None
    elif changes.category_id is not None:
        replace["category_id"] = changes.category_id
    if changes.is_public is not None:
        replace["is_public"] = changes.is_public
    replace.update(_recurrence_changes(current, changes, problems))
    raise_if_any(problems)
    merged = dataclasses.replace(current, **replace)  # type: ignore[arg-type]
    _require_consistent(
        merged,
        today,
        dates_sent=changes.target_date is not None,
        start_sent=changes.start_date is not None and changes.target_date is None,
    )
    return merged


def _recurrence_changes(
    current: GoalFields, changes: GoalChanges, problems: list[FieldViolation]
) -> dict[str, object]:
    """isRecurring false removes the pattern; a pattern makes the goal recurring; ""
    removes the pattern (the goal then needs isRecurring false, or stays 422)."""
    replace: dict[str, object] = {}
    if changes.recurrence_pattern is not None:
        pattern = _pattern(changes.recurrence_pattern, problems)
        replace["recurrence_pattern"] = pattern
        if changes.is_recurring is None and pattern is not None:
            replace["is_recurring"] = True
    if changes.is_recurring is not None:
        replace["is_recurring"] = changes.is_recurring
        if not changes.is_recurring and changes.recurrence_pattern is None:
            replace["recurrence_pattern"] = None
    return replace


def _require_consistent(
    valid: GoalFields, today: date, *, dates_sent: bool, start_sent: bool = False
) -> None:
    problems: list[FieldViolation] = []
    target_date = valid.target_date
    if target_date is not None and target_date <= valid.start_date:
        # Name the field the request moved: a new start date past the stored target
        # date is the start date's fault.
        if start_sent:
            problems.append(
                FieldViolation(
                    "start_date", f"must be before the target date {target_date.isoformat()}"
                )
            )
        else:
            problems.append(
                FieldViolation(
                    "target_date", f"must be after the start date {valid.start_date.isoformat()}"
                )
            )
    elif target_date is not None and dates_sent and target_date < today:
        problems.append(FieldViolation("target_date", "must not be in the past"))
    if valid.is_recurring and valid.recurrence_pattern is None:
        problems.append(
            FieldViolation("recurrence_pattern", "is required when isRecurring is true")
        )
    if not valid.is_recurring and valid.recurrence_pattern is not None:
        problems.append(
            FieldViolation("is_recurring", "must be true when a recurrencePattern is given")
        )
    if problems:
        summary = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise Unprocessable(summary, violations=problems)


# -- progress, status, contributions -----------------------------------------------------


def validate_progress(amount: str) -> Decimal:
    """The current amount a progress update sets: 0 to MAX_AMOUNT, cents."""
    problems: list[FieldViolation] = []
    value = fields.parse_money(amount, "amount", problems, positive=False)
    raise_if_any(problems)
    assert value is not None
    return value


def validate_status(status: str | None) -> Status:
    if status is None:
        raise InvalidArgument.for_field("status", "is required")
    if status not in STATUSES:
        raise InvalidArgument.for_field("status", "is not a goal status")
    return status  # type: ignore[return-value]


def validate_contribution(
    amount: str,
    contribution_date: DateParts | None,
    transaction_id: uuid.UUID | None,
    description: str | None,
    today: date,
) -> NewContribution:
    """A contribution: amount above 0, made today unless dated, never in the future."""
    problems: list[FieldViolation] = []
    value = fields.parse_money(amount, "amount", problems)
    day = fields.plan_day(contribution_date, "contribution_date", problems)
    note = fields.free_text(description, "description", problems, limit=MAX_NOTE)
    raise_if_any(problems)
    assert value is not None
    if day is not None and day > today:
        raise Unprocessable.for_field(
            "contribution_date", f"must not be in the future (today is {today.isoformat()})"
        )
    return NewContribution(value, day or today, transaction_id, note)


def validate_list_query(
    limit: int | None,
    offset: int,
    status: str | None,
    goal_type: str | None,
    priority: str | None,
) -> ListQuery:
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    check_offset(offset, problems)
    _choice(status, STATUSES, "status", "a goal status", problems)
    _choice(goal_type, GOAL_TYPES, "goal_type", "a goal type", problems)
    _choice(priority, PRIORITIES, "priority", "a priority", problems)
    raise_if_any(problems)
    return ListQuery(
        limit=limit or DEFAULT_LIMIT,
        offset=offset,
        status=status,  # type: ignore[arg-type]
        goal_type=goal_type,  # type: ignore[arg-type]
        priority=priority,  # type: ignore[arg-type]
    )


# -- fields only goals have ------------------------------------------------------------------


def _choice(
    raw: str | None,
    allowed: frozenset[str],
    field: str,
    noun: str,
    problems: list[FieldViolation],
) -> str | None:
    if raw is not None and raw not in allowed:
        problems.append(
            FieldViolation(field, f"is not {noun} (one of {', '.join(sorted(allowed))})")
        )
        return None
    return raw


def _pattern(raw: str | None, problems: list[FieldViolation]) -> str | None:
    """The canonical RRULE of a recurrence pattern; None when absent or blank."""
    rule = optional_rule(raw, "recurrence_pattern", problems)
    return None if rule is None else rule.text
