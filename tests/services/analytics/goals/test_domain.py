"""Goals as rules (pure): every status move GAPS lists and every one it does not, the
automatic achievement, and the figures shown on a goal."""

from __future__ import annotations

import dataclasses
import itertools
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from services.analytics.goals import domain
from services.analytics.goals.domain import STATUSES, Status
from services.runtime.errors import FailedPrecondition
from tests.services.analytics.goals.support import NOW, a_goal, fields

LATER = datetime(2026, 11, 16, 8, 0, tzinfo=UTC)
ALLOWED = {
    ("active", "on_hold"),
    ("on_hold", "active"),
    ("active", "achieved"),
    ("active", "cancelled"),
    ("on_hold", "achieved"),
    ("on_hold", "cancelled"),
}
FORBIDDEN = sorted(
    (a, b) for a, b in itertools.permutations(sorted(STATUSES), 2) if (a, b) not in ALLOWED
)


@pytest.mark.parametrize(("current", "target"), sorted(ALLOWED))
def test_every_allowed_move(current: Status, target: Status) -> None:
    goal = a_goal(status=current)
    moved = domain.moved(goal, target, LATER)
    assert moved is not None
    assert (moved.status, moved.updated_at) == (target, LATER)
    assert moved.achieved_at == (LATER if target == "achieved" else None)
    assert moved.current_amount == goal.current_amount  # achieving by hand keeps it


@pytest.mark.parametrize(("current", "target"), FORBIDDEN)
def test_every_other_move_is_an_invalid_transition(current: Status, target: Status) -> None:
    with pytest.raises(FailedPrecondition) as caught:
        domain.moved(a_goal(status=current), target, LATER)
    assert caught.value.reason == "INVALID_TRANSITION"
    assert f"from {current} to {target}" in caught.value.message
    assert "final" in caught.value.message


def test_the_forbidden_moves_are_the_ones_out_of_the_final_statuses() -> None:
    # 4 statuses: 12 moves, 6 allowed, the 6 others all leave achieved or cancelled.
    assert len(FORBIDDEN) == 6
    assert {current for current, _ in FORBIDDEN} == {"achieved", "cancelled"}


@pytest.mark.parametrize("status", sorted(STATUSES))
def test_the_status_a_goal_has_is_no_move(status: Status) -> None:
    assert domain.moved(a_goal(status=status), status, LATER) is None


def test_a_new_goal_is_active_with_nothing_reached() -> None:
    goal = domain.new_goal(a_goal().user_id, fields(), NOW)
    assert (goal.status, goal.current_amount, goal.achieved_at) == ("active", Decimal("0.00"), None)
    assert goal.remaining_amount == Decimal("10000.00")
    assert goal.progress_percent == Decimal("0.00")


# -- achieved automatically ------------------------------------------------------------


@pytest.mark.parametrize("status", ["active", "on_hold"])
def test_progress_reaching_the_target_achieves_the_goal(status: Status) -> None:
    reached = domain.with_progress(a_goal(status=status), Decimal("10000.00"), LATER)
    assert (reached.status, reached.achieved_at) == ("achieved", LATER)
    over = domain.with_progress(a_goal(status=status), Decimal("12000.00"), LATER)
    assert (over.status, over.current_amount, over.remaining_amount) == (
        "achieved", Decimal("12000.00"), Decimal("0.00")
    )  # fmt: skip
    assert over.progress_percent == Decimal("120.00")


def test_progress_below_the_target_keeps_the_status() -> None:
    goal = domain.with_progress(a_goal(status="on_hold"), Decimal("9999.99"), LATER)
    assert (goal.status, goal.current_amount, goal.achieved_at) == (
        "on_hold", Decimal("9999.99"), None
    )  # fmt: skip
    assert goal.remaining_amount == Decimal("0.01")
    assert goal.progress_percent == Decimal("99.99")  # 99.9999 %: never shown as reached
    lowered = domain.with_progress(a_goal("5000.00"), Decimal("0.00"), LATER)
    assert (lowered.status, lowered.current_amount) == ("active", Decimal("0.00"))


def test_contributions_add_up_and_the_one_reaching_the_target_achieves() -> None:
    goal = domain.contributed(a_goal("9000.00"), Decimal("999.99"), LATER)
    assert (goal.current_amount, goal.status) == (Decimal("9999.99"), "active")
    goal = domain.contributed(goal, Decimal("0.01"), LATER)
    assert (goal.current_amount, goal.status, goal.achieved_at) == (
        Decimal("10000.00"), "achieved", LATER
    )  # fmt: skip


def test_a_target_lowered_to_the_current_amount_achieves_the_goal() -> None:
    goal = a_goal("2500.00")
    assert domain.edited(goal, fields(target_amount=Decimal("2500.01")), LATER).status == "active"
    lowered = domain.edited(goal, fields(target_amount=Decimal("2500.00")), LATER)
    assert (lowered.status, lowered.achieved_at) == ("achieved", LATER)


@pytest.mark.parametrize("status", ["achieved", "cancelled"])
def test_a_final_goal_cannot_change(status: Status) -> None:
    goal = a_goal(status=status)
    changes = (
        lambda: domain.with_progress(goal, Decimal("1.00"), LATER),
        lambda: domain.contributed(goal, Decimal("1.00"), LATER),
        lambda: domain.edited(goal, fields(name="Other"), LATER),
        lambda: domain.require_open(goal),
    )
    for change in changes:
        with pytest.raises(FailedPrecondition) as caught:
            change()
        assert caught.value.reason == "INVALID_TRANSITION"
        assert f"the goal is {status}" in caught.value.message


def test_a_goal_achieved_by_hand_then_moves_nowhere() -> None:
    achieved = domain.moved(a_goal("100.00"), "achieved", LATER)
    assert achieved is not None and achieved.current_amount == Decimal("100.00")
    for target in ("active", "on_hold", "cancelled"):
        with pytest.raises(FailedPrecondition):
            domain.moved(achieved, target, LATER)  # type: ignore[arg-type]


# -- figures -----------------------------------------------------------------------------


def test_percent_is_rounded_down_and_money_half_up() -> None:
    assert domain.percent(Decimal("1.00"), Decimal("3.00")) == Decimal("33.33")
    assert domain.percent(Decimal("2.00"), Decimal("3.00")) == Decimal("66.66")
    assert domain.percent(Decimal("0.01"), Decimal("99999999999.99")) == Decimal("0.00")
    assert domain.percent(Decimal("1.00"), Decimal("8.00")) == Decimal("12.50")
    assert domain.money_text(Decimal("-0.001")) == "0.00"
    assert domain.money_text(Decimal("12.5")) == "12.50"
    assert domain.money_text(Decimal("99999999999.99")) == "99999999999.99"


def test_remaining_is_never_negative() -> None:
    goal = dataclasses.replace(a_goal(), current_amount=Decimal("10500.00"))
    assert goal.remaining_amount == Decimal("0.00")
    assert goal.is_reached
