"""What a valid goal, change, progress update, contribution and list query are: 400s
naming every bad field at once, 422s for rules between fields and the calendar."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from services.analytics.goals.validation import (
    GoalChanges,
    NewGoal,
    validate_changes,
    validate_contribution,
    validate_list_query,
    validate_new,
    validate_progress,
    validate_status,
)
from services.runtime.errors import DomainError, InvalidArgument, Unprocessable
from tests.services.analytics.goals.support import TODAY, a_goal

D = Decimal


def _new(**overrides: Any) -> NewGoal:
    base: dict[str, Any] = {"name": "Holiday", "goal_type": "savings", "target_amount": "1500"}
    return NewGoal(**{**base, **overrides})


def _refused(error: type[DomainError], call: Any) -> dict[str, str]:
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    return {v.field: v.description for v in caught.value.violations}


# -- create ----------------------------------------------------------------------------


def test_defaults() -> None:
    fields = validate_new(_new(name="  Holiday   in  Rome "), TODAY)
    assert fields.name == "Holiday in Rome"
    assert (fields.target_amount, fields.start_date, fields.target_date) == (
        D("1500.00"), TODAY, None
    )  # fmt: skip
    assert (fields.priority, fields.is_public, fields.is_recurring) == ("medium", False, False)
    assert (fields.description, fields.category_id, fields.recurrence_pattern) == (None, None, None)


def test_every_field_given() -> None:
    category = uuid.uuid4()
    fields = validate_new(
        _new(
            description=" Two weeks\nin June ",
            target_amount="1e3",
            start_date=(2026, 12, 1),
            target_date=(2027, 6, 1),
            priority="high",
            category_id=category,
            is_public=True,
            recurrence_pattern="rrule:freq=yearly;bymonth=6;bymonthday=1",
        ),
        TODAY,
    )
    assert fields.description == "Two weeks\nin June"
    assert fields.target_amount == D("1000.00")
    assert (fields.start_date, fields.target_date) == (date(2026, 12, 1), date(2027, 6, 1))
    assert (fields.priority, fields.category_id, fields.is_public) == ("high", category, True)
    # A pattern makes the goal recurring; it is stored canonical.
    assert fields.is_recurring is True
    assert fields.recurrence_pattern == "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1"


def test_every_bad_field_is_named_at_once() -> None:
    named = _refused(
        InvalidArgument,
        lambda: validate_new(
            NewGoal(
                name=" ",
                goal_type=None,
                target_amount="12.345",
                description="x" * 1001,
                start_date=(2026, 2, 30),
                target_date=(1899, 12, 31),
                priority="urgent",
                recurrence_pattern="FREQ=FORTNIGHTLY",
            ),
            TODAY,
        ),
    )
    assert named == {
        "name": "is required",
        "goal_type": "is required",
        "target_amount": "must have at most 2 decimal places",
        "description": "must be at most 1000 characters",
        "start_date": "is not a valid calendar date",
        "target_date": "must be between 1900-01-01 and 2999-12-31",
        "priority": "is not a priority (one of high, low, medium)",
        "recurrence_pattern": named["recurrence_pattern"],
    }
    assert "FORTNIGHTLY" in named["recurrence_pattern"]


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("", "is required"),
        ("0", "must be greater than 0"),
        ("0.00", "must be greater than 0"),
        ("-5", "must be greater than 0"),
        ("100000000000", "must be at most 99999999999.99"),
        ("1e999999999", "must be at most 99999999999.99"),
        ("0.001", "must have at most 2 decimal places"),
        ("NaN", "must be a decimal string such as 250.00"),
        ("1,000", "must be a decimal string such as 250.00"),
        ("twelve", "must be a decimal string such as 250.00"),
    ],
)
def test_bad_target_amounts(raw: str, problem: str) -> None:
    assert _refused(InvalidArgument, lambda: validate_new(_new(target_amount=raw), TODAY)) == {
        "target_amount": problem
    }


def test_the_largest_target_and_trailing_zeros_are_fine() -> None:
    assert validate_new(_new(target_amount="99999999999.99"), TODAY).target_amount == D(
        "99999999999.99"
    )
    assert validate_new(_new(target_amount="5.1000"), TODAY).target_amount == D("5.10")


def test_names() -> None:
    assert validate_new(_new(name="x" * 200), TODAY).name == "x" * 200
    assert _refused(InvalidArgument, lambda: validate_new(_new(name="x" * 201), TODAY)) == {
        "name": "must be at most 200 characters"
    }
    hidden = _refused(InvalidArgument, lambda: validate_new(_new(name="Car\u202e"), TODAY))
    assert hidden == {"name": "must not contain control or invisible formatting characters"}
    assert validate_new(_new(name="👩\u200d💻 fund"), TODAY).name == "👩\u200d💻 fund"


def test_unknown_enum_values() -> None:
    named = _refused(InvalidArgument, lambda: validate_new(_new(goal_type="#9"), TODAY))
    assert named == {
        "goal_type": "is not a goal type (one of debt_payoff, emergency_fund, investment, "
        "other, purchase, retirement, savings)"
    }


def test_the_target_date_must_follow_the_start_date() -> None:
    same = _new(start_date=(2027, 1, 1), target_date=(2027, 1, 1))
    assert _refused(Unprocessable, lambda: validate_new(same, TODAY)) == {
        "target_date": "must be after the start date 2027-01-01"
    }
    before_today = _new(start_date=(2026, 1, 1), target_date=(2026, 11, 14))
    assert _refused(Unprocessable, lambda: validate_new(before_today, TODAY)) == {
        "target_date": "must not be in the past"
    }
    assert validate_new(_new(target_date=(2026, 11, 16)), TODAY).target_date == date(2026, 11, 16)


def test_recurring_needs_a_pattern_and_a_pattern_needs_recurring() -> None:
    assert _refused(Unprocessable, lambda: validate_new(_new(is_recurring=True), TODAY)) == {
        "recurrence_pattern": "is required when isRecurring is true"
    }
    contradicting = _new(is_recurring=False, recurrence_pattern="FREQ=MONTHLY")
    assert _refused(Unprocessable, lambda: validate_new(contradicting, TODAY)) == {
        "is_recurring": "must be true when a recurrencePattern is given"
    }
    # A blank pattern is no pattern.
    assert validate_new(_new(recurrence_pattern="  "), TODAY).is_recurring is False


# -- update ----------------------------------------------------------------------------


def test_changes_keep_what_was_not_sent() -> None:
    goal = a_goal()
    fields = validate_changes(goal, GoalChanges(name="Used car", priority="low"), TODAY)
    assert (fields.name, fields.priority) == ("Used car", "low")
    assert fields.target_amount == goal.fields.target_amount
    assert validate_changes(goal, GoalChanges(), TODAY) == goal.fields


def test_changes_remove_the_description_and_the_category() -> None:
    goal = a_goal(description="old", category_id=uuid.uuid4())
    fields = validate_changes(goal, GoalChanges(description="", remove_category=True), TODAY)
    assert (fields.description, fields.category_id) == (None, None)


def test_a_start_date_moved_past_the_target_date_names_the_start_date() -> None:
    goal = a_goal()  # 2026-01-01 → 2027-06-30
    assert _refused(
        Unprocessable, lambda: validate_changes(goal, GoalChanges(start_date=(2027, 7, 1)), TODAY)
    ) == {"start_date": "must be before the target date 2027-06-30"}
    both = GoalChanges(start_date=(2027, 7, 1), target_date=(2027, 7, 1))
    assert _refused(Unprocessable, lambda: validate_changes(goal, both, TODAY)) == {
        "target_date": "must be after the start date 2027-07-01"
    }


def test_a_stored_target_date_in_the_past_is_not_held_against_an_edit() -> None:
    goal = a_goal(target_date=date(2026, 10, 1))
    assert validate_changes(goal, GoalChanges(name="Late"), TODAY).target_date == date(2026, 10, 1)
    moved_back = GoalChanges(target_date=(2026, 10, 2))
    assert _refused(Unprocessable, lambda: validate_changes(goal, moved_back, TODAY)) == {
        "target_date": "must not be in the past"
    }


def test_recurrence_changes() -> None:
    recurring = a_goal(is_recurring=True, recurrence_pattern="FREQ=MONTHLY")
    stopped = validate_changes(recurring, GoalChanges(is_recurring=False), TODAY)
    assert (stopped.is_recurring, stopped.recurrence_pattern) == (False, None)
    started = validate_changes(a_goal(), GoalChanges(recurrence_pattern="freq=weekly"), TODAY)
    assert (started.is_recurring, started.recurrence_pattern) == (True, "FREQ=WEEKLY")
    cleared = GoalChanges(recurrence_pattern="")
    assert _refused(Unprocessable, lambda: validate_changes(recurring, cleared, TODAY)) == {
        "recurrence_pattern": "is required when isRecurring is true"
    }
    both_cleared = validate_changes(
        recurring, GoalChanges(recurrence_pattern="", is_recurring=False), TODAY
    )
    assert (both_cleared.is_recurring, both_cleared.recurrence_pattern) == (False, None)
    contradicting = GoalChanges(recurrence_pattern="FREQ=DAILY", is_recurring=False)
    assert _refused(Unprocessable, lambda: validate_changes(recurring, contradicting, TODAY)) == {
        "is_recurring": "must be true when a recurrencePattern is given"
    }
    assert _refused(
        Unprocessable, lambda: validate_changes(a_goal(), GoalChanges(is_recurring=True), TODAY)
    ) == {"recurrence_pattern": "is required when isRecurring is true"}


def test_bad_changes_are_named() -> None:
    changes = GoalChanges(name="", target_amount="-1", goal_type="car", priority="#7")
    assert set(_refused(InvalidArgument, lambda: validate_changes(a_goal(), changes, TODAY))) == {
        "name", "target_amount", "goal_type", "priority"
    }  # fmt: skip


# -- progress, status, contribution, lists ---------------------------------------------------


def test_progress_amounts() -> None:
    assert validate_progress("0") == D("0.00")
    assert validate_progress("99999999999.99") == D("99999999999.99")
    assert _refused(InvalidArgument, lambda: validate_progress("-0.01")) == {
        "amount": "must be 0 or more"
    }
    assert _refused(InvalidArgument, lambda: validate_progress("")) == {"amount": "is required"}


def test_statuses() -> None:
    assert validate_status("on_hold") == "on_hold"
    assert _refused(InvalidArgument, lambda: validate_status(None)) == {"status": "is required"}
    assert _refused(InvalidArgument, lambda: validate_status("#9")) == {
        "status": "is not a goal status"
    }


def test_contributions() -> None:
    made = validate_contribution("25.5", None, None, "  ", TODAY)
    assert (made.amount, made.contribution_date, made.description) == (D("25.50"), TODAY, None)
    dated = validate_contribution("1", (2026, 11, 15), None, "bonus", TODAY)
    assert (dated.contribution_date, dated.description) == (TODAY, "bonus")
    assert _refused(
        Unprocessable, lambda: validate_contribution("1", (2026, 11, 16), None, None, TODAY)
    ) == {"contribution_date": "must not be in the future (today is 2026-11-15)"}
    assert _refused(
        InvalidArgument, lambda: validate_contribution("0", (2026, 13, 1), None, "\x00", TODAY)
    ) == {
        "amount": "must be greater than 0",
        "contribution_date": "is not a valid calendar date",
        "description": "must not contain NUL characters",
    }


def test_list_queries() -> None:
    query = validate_list_query(None, 0, None, None, None)
    assert (query.limit, query.offset) == (20, 0)
    assert validate_list_query(100, 5, "active", "savings", "high").priority == "high"
    assert _refused(InvalidArgument, lambda: validate_list_query(0, -1, "#9", "#9", "#9")) == {
        "limit": "must be between 1 and 100",
        "offset": "must be 0 or more",
        "status": "is not a goal status (one of achieved, active, cancelled, on_hold)",
        "goal_type": "is not a goal type (one of debt_payoff, emergency_fund, investment, "
        "other, purchase, retirement, savings)",
        "priority": "is not a priority (one of high, low, medium)",
    }
