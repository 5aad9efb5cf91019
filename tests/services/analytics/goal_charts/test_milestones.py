"""Milestones on fixed contribution histories (today 15 Nov 2026): reached by the
contributions' running total, by a progress update only, an exceeded target, no pace,
the amounts' rounding, and the projection they share with the completion date."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime
from decimal import Decimal

from services.analytics.goal_charts.milestones import Milestone, milestone_amount, milestones
from services.analytics.goals import analysis
from services.analytics.goals.domain import Goal
from tests.services.analytics.goals.support import TODAY, a_goal, monthly

D = Decimal


def _milestones(goal: Goal, contributions: list[tuple[date, Decimal]]) -> tuple[Milestone, ...]:
    return milestones(goal, contributions, analysis.monthly_history(contributions, TODAY), TODAY)


def test_reached_on_is_the_day_the_running_total_of_contributions_reached_it() -> None:
    contributions = [  # not in date order: the running total is taken oldest first
        (date(2026, 7, 1), D("1000.00")),
        (date(2026, 1, 10), D("1000.00")),
        (date(2026, 5, 1), D("1500.00")),
        (date(2026, 3, 5), D("2000.00")),
    ]
    goal = a_goal("5500.00")
    found = _milestones(goal, contributions)

    assert [m.percent for m in found] == [25, 50, 75, 100]
    assert [m.amount for m in found] == [D("2500.00"), D("5000.00"), D("7500.00"), D("10000.00")]
    assert [m.reached for m in found] == [True, True, False, False]
    assert [m.reached_on for m in found] == [date(2026, 3, 5), date(2026, 7, 1), None, None]
    # Jan-Oct: 5,500.00 over 10 months, 550.00 a month. 7,500 needs 2,000 more: 4
    # month starts; 10,000 needs 4,500 more: 9.
    assert [m.projected_on for m in found] == [None, None, date(2027, 3, 1), date(2027, 8, 1)]


def test_the_100_percent_milestone_is_projected_on_the_completion_date() -> None:
    contributions = monthly("400.00", date(2026, 3, 1), 8)
    goal = a_goal("3200.00")
    history = analysis.monthly_history(contributions, TODAY)
    completion = analysis.project(goal, history, TODAY).projected_date
    assert completion is not None
    assert milestones(goal, contributions, history, TODAY)[-1].projected_on == completion


def test_a_milestone_reached_only_by_a_progress_update_has_no_day() -> None:
    found = _milestones(a_goal("6000.00"), [])
    assert [(m.reached, m.reached_on) for m in found] == [
        (True, None), (True, None), (False, None), (False, None)
    ]  # fmt: skip
    # No contributions: no pace to project from.
    assert [m.projected_on for m in found] == [None] * 4


def test_contributions_short_of_a_milestone_the_progress_reached_give_no_day() -> None:
    # 600.00 contributed on top of 2,000.00 set by hand: the contributions alone never
    # reached 2,500.00.
    found = _milestones(a_goal("2600.00"), [(date(2026, 11, 2), D("600.00"))])
    assert (found[0].reached, found[0].reached_on) == (True, None)


def test_a_milestone_the_amount_fell_back_below_is_not_reached() -> None:
    # 3,000.00 contributed, then the progress was set back to 1,000.00.
    contributions = [(date(2026, 10, 1), D("3000.00"))]
    found = _milestones(a_goal("1000.00"), contributions)
    assert (found[0].reached, found[0].reached_on) == (False, None)
    # One month of 3,000.00: 1,500.00 more is one month start away.
    assert found[0].projected_on == date(2026, 12, 1)


def test_an_exceeded_target_reaches_every_milestone() -> None:
    goal = dataclasses.replace(
        a_goal("12000.00", status="achieved"), achieved_at=datetime(2026, 10, 1, tzinfo=UTC)
    )
    found = _milestones(goal, [(date(2026, 10, 1), D("12000.00"))])
    assert all(m.reached and m.reached_on == date(2026, 10, 1) for m in found)
    assert all(m.projected_on is None for m in found)


def test_zero_pace_projects_nothing() -> None:
    # The only contribution is older than the 12 months the pace reads: the pace is 0.
    found = _milestones(a_goal("1000.00"), [(date(2025, 1, 10), D("1000.00"))])
    assert [m.reached for m in found] == [False] * 4
    assert [m.projected_on for m in found] == [None] * 4


def test_final_goals_project_no_milestone() -> None:
    contributions = monthly("500.00", date(2026, 6, 1), 5)
    for status in ("achieved", "cancelled"):
        found = _milestones(a_goal("2500.00", status=status), contributions)
        assert found[0].reached and found[0].reached_on == date(2026, 10, 1)
        assert [m.projected_on for m in found[1:]] == [None] * 3, status


def test_an_on_hold_goal_is_projected_like_its_completion() -> None:
    contributions = monthly("500.00", date(2026, 6, 1), 5)
    found = _milestones(a_goal("2500.00", status="on_hold"), contributions)
    # 500.00 a month: 5,000 is 5 month starts away, 10,000 15.
    assert [m.projected_on for m in found] == [
        None, date(2027, 4, 1), date(2027, 9, 1), date(2028, 2, 1)
    ]  # fmt: skip


def test_amounts_are_rounded_up_to_the_cent_and_agree_with_progress_percent() -> None:
    target = D("10000.01")
    assert [milestone_amount(target, p) for p in (25, 50, 75, 100)] == [
        D("2500.01"), D("5000.01"), D("7500.01"), D("10000.01")
    ]  # fmt: skip
    below = a_goal("2500.00", target_amount=target)
    at = a_goal("2500.01", target_amount=target)
    assert below.progress_percent == D("24.99") and not _milestones(below, [])[0].reached
    assert at.progress_percent == D("25.00") and _milestones(at, [])[0].reached
