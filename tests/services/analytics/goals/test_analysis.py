"""The goal analysis on fixed contribution histories and a fixed today (15 Nov 2026):
the monthly history, the pace, the projected completion and its confidence, and the
required monthly contribution, exact to the cent."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from services.analytics.goals.analysis import (
    History,
    confidence,
    monthly_history,
    project,
    required,
)
from tests.services.analytics.goals.support import TODAY, a_goal, monthly

D = Decimal


def _months(history: History) -> list[tuple[str, str]]:
    return [(f"{m:%Y-%m}", str(s)) for m, s in history.months]


# -- history -----------------------------------------------------------------------------


def test_the_current_month_counts_once_it_has_a_contribution() -> None:
    history = monthly_history(monthly("250.00", date(2026, 5, 1), 7), TODAY)
    assert _months(history)[0] == ("2026-05", "250.00")
    assert _months(history)[-1] == ("2026-11", "250.00")
    assert len(history.months) == 7 and history.rate == D("250.00")
    assert history.last_contribution == date(2026, 11, 1)


def test_until_then_the_history_ends_with_the_last_complete_month() -> None:
    history = monthly_history(monthly("300.00", date(2026, 9, 20), 2), TODAY)
    assert _months(history) == [("2026-09", "300.00"), ("2026-10", "300.00")]


def test_months_without_contributions_count_zero_and_same_month_ones_add_up() -> None:
    history = monthly_history(
        [
            (date(2026, 8, 5), D("600.00")),
            (date(2026, 10, 5), D("400.00")),
            (date(2026, 10, 25), D("200.00")),
        ],
        TODAY,
    )
    assert _months(history) == [
        ("2026-08", "600.00"),
        ("2026-09", "0.00"),
        ("2026-10", "600.00"),
    ]
    assert history.rate == D(400)


def test_only_the_last_twelve_months_are_read() -> None:
    history = monthly_history(monthly("100.00", date(2024, 1, 3), 35), TODAY)
    assert len(history.months) == 12
    assert _months(history)[0] == ("2025-12", "100.00")
    assert _months(history)[-1] == ("2026-11", "100.00")


def test_future_dated_contributions_are_not_history_yet() -> None:
    history = monthly_history(
        [(date(2026, 10, 1), D("50.00")), (date(2026, 12, 1), D("5000.00"))], TODAY
    )
    assert _months(history) == [("2026-10", "50.00")]
    assert history.last_contribution == date(2026, 10, 1)


def test_no_contributions_no_history() -> None:
    history = monthly_history([], TODAY)
    assert (history.months, history.rate, history.last_contribution) == ((), None, None)


# -- confidence --------------------------------------------------------------------------


def test_regular_contributions_over_six_months_or_more_are_fully_confident() -> None:
    assert confidence(monthly_history(monthly("250.00", date(2026, 6, 1), 6), TODAY)) == 1.0
    assert confidence(monthly_history(monthly("250.00", date(2025, 1, 1), 23), TODAY)) == 1.0


def test_a_short_history_is_damped() -> None:
    one = monthly_history([(TODAY, D("80.00"))], TODAY)
    assert confidence(one) == 0.1667  # regular, 1 month of 6
    two = monthly_history(monthly("300.00", date(2026, 9, 20), 2), TODAY)
    assert confidence(two) == 0.3333


def test_irregular_contributions_lower_the_confidence() -> None:
    # Sums 600, 0, 600: mean 400, population sd sqrt(80000) = 282.8427…, cv 0.7071…,
    # 1 - cv = 0.2929 over 3 months of 6.
    history = monthly_history([(date(2026, 8, 5), D(600)), (date(2026, 10, 5), D(600))], TODAY)
    assert confidence(history) == 0.1464
    # Sums 100, 300, 0, 400, 200, 200: mean 200, sd sqrt(((100²+100²+200²+200²)+0+0)/6)
    # = sqrt(16666.67) = 129.0994…, cv 0.6455 → 0.3545, six months: not damped.
    sums = ["100", "300", "0", "400", "200", "200"]
    history = monthly_history(
        [(date(2026, 5 + i, 10), D(s)) for i, s in enumerate(sums) if s != "0"], TODAY
    )
    assert [s for _, s in history.months] == [D(s) for s in sums]
    assert confidence(history) == 0.3545


def test_erratic_contributions_give_no_confidence() -> None:
    # One large month among five empty ones: cv = sqrt(5) > 1.
    history = monthly_history([(date(2026, 5, 1), D("3000.00")), (date(2026, 10, 1), D(0))], TODAY)
    assert confidence(history) == 0.0


def test_without_a_positive_pace_there_is_no_confidence() -> None:
    assert confidence(monthly_history([], TODAY)) == 0.0
    assert confidence(monthly_history([(date(2024, 1, 1), D(100))], TODAY)) == 0.0


# -- projected completion ----------------------------------------------------------------


def test_projection_on_a_regular_history() -> None:
    # 1,750.00 missing at 250.00 a month: the 7th month start after November, 1 Jun 2027.
    goal = a_goal("8250.00")
    projection = project(
        goal, monthly_history(monthly("250.00", date(2026, 5, 1), 7), TODAY), TODAY
    )
    assert projection.projected_date == date(2027, 6, 1)
    assert (projection.confidence, projection.monthly_rate, projection.history_months) == (
        1.0, D("250.00"), 7
    )  # fmt: skip
    assert projection.remaining_amount == D("1750.00")
    assert (projection.on_time, projection.months_from_target, projection.reason) == (
        True, 0, None
    )  # fmt: skip


def test_a_part_month_of_pace_rounds_up_to_the_next_month_start() -> None:
    # 1,750.00 at 200.00 a month is 8.75 months: reached with the 9th, on 1 Aug 2027.
    goal = a_goal("8250.00")
    projection = project(
        goal, monthly_history(monthly("200.00", date(2026, 5, 1), 7), TODAY), TODAY
    )
    assert projection.projected_date == date(2027, 8, 1)
    assert (projection.on_time, projection.months_from_target) == (False, 2)


def test_a_single_contribution_projects_with_low_confidence() -> None:
    goal = a_goal("100.00", target_amount=D("1000.00"))
    projection = project(goal, monthly_history([(TODAY, D("100.00"))], TODAY), TODAY)
    assert projection.projected_date == date(2027, 8, 1)  # 900 / 100 = 9 months
    assert projection.confidence == 0.1667


def test_no_projection_without_a_pace() -> None:
    goal = a_goal("100.00")
    none = project(goal, monthly_history([], TODAY), TODAY)
    assert (none.projected_date, none.confidence, none.monthly_rate, none.reason) == (
        None, 0.0, None, "no contributions yet"
    )  # fmt: skip
    assert (none.on_time, none.months_from_target) == (None, None)
    stale = project(goal, monthly_history([(date(2025, 1, 10), D("100.00"))], TODAY), TODAY)
    assert stale.projected_date is None and stale.monthly_rate == D("0.00")
    assert stale.reason == "no contributions in the last 12 months"


def test_no_projection_beyond_a_century() -> None:
    goal = a_goal(target_amount=D("99999999999.99"))
    projection = project(goal, monthly_history([(TODAY, D("0.01"))], TODAY), TODAY)
    assert projection.projected_date is None
    assert projection.reason == "at this pace the target takes more than 100 years"
    # 1,200 months exactly is still projected: 12.00 at 0.01 a month.
    small = a_goal(target_amount=D("12.00"))
    assert project(small, monthly_history([(TODAY, D("0.01"))], TODAY), TODAY).projected_date


def test_an_achieved_goal_projects_its_achieved_day() -> None:
    goal = dataclasses.replace(
        a_goal("10000.00", status="achieved"),
        achieved_at=datetime(2026, 10, 3, 23, 30, tzinfo=UTC),
    )
    projection = project(goal, monthly_history([], TODAY), TODAY)
    assert (projection.projected_date, projection.confidence, projection.reason) == (
        date(2026, 10, 3), 1.0, None
    )  # fmt: skip
    assert projection.on_time is True and projection.months_from_target == -8


def test_a_cancelled_goal_has_no_projection() -> None:
    goal = a_goal("100.00", status="cancelled")
    projection = project(goal, monthly_history([(TODAY, D(100))], TODAY), TODAY)
    assert (projection.projected_date, projection.confidence, projection.reason) == (
        None, 0.0, "the goal is cancelled"
    )  # fmt: skip


def test_an_open_ended_goal_is_projected_without_a_verdict() -> None:
    goal = a_goal("9000.00", target_date=None)
    projection = project(goal, monthly_history([(TODAY, D(400))], TODAY), TODAY)
    assert projection.projected_date == date(2027, 2, 1)  # 1000 / 400 = 2.5 → 3 months
    assert (projection.on_time, projection.months_from_target) == (None, None)


# -- required monthly contribution ------------------------------------------------------


def test_required_contribution_counts_the_month_starts_to_the_target_date() -> None:
    # Dec 2026 to Jun 2027: 7 month starts for 1,750.00.
    need = required(a_goal("8250.00"), monthly_history([], TODAY), TODAY)
    assert (need.monthly_amount, need.months_remaining, need.overdue, need.reason) == (
        D("250.00"), 7, False, None
    )  # fmt: skip
    assert (need.remaining_amount, need.target_date) == (D("1750.00"), date(2027, 6, 30))
    assert need.average_monthly_contribution is None and need.difference is None


def test_a_target_on_a_month_start_counts_that_month() -> None:
    goal = a_goal("8250.00", target_date=date(2027, 6, 1))
    assert required(goal, monthly_history([], TODAY), TODAY).months_remaining == 7
    goal = a_goal("8250.00", target_date=date(2027, 5, 31))
    assert required(goal, monthly_history([], TODAY), TODAY).months_remaining == 6


def test_required_contribution_is_rounded_up_so_that_it_suffices() -> None:
    goal = a_goal("0.00", target_amount=D("1000.00"), target_date=date(2027, 2, 10))
    need = required(goal, monthly_history([], TODAY), TODAY)
    assert (need.monthly_amount, need.months_remaining) == (D("333.34"), 3)
    assert need.monthly_amount is not None and need.monthly_amount * 3 >= D("1000.00")


def test_required_contribution_against_the_average() -> None:
    history = monthly_history(monthly("200.00", date(2026, 5, 1), 7), TODAY)
    need = required(a_goal("8250.00"), history, TODAY)
    assert (need.average_monthly_contribution, need.difference) == (D("200.00"), D("50.00"))
    generous = monthly_history(monthly("300.00", date(2026, 5, 1), 7), TODAY)
    assert required(a_goal("8250.00"), generous, TODAY).difference == D("-50.00")


@pytest.mark.parametrize("target_date", [TODAY, date(2026, 11, 30), date(2026, 12, 1)])
def test_a_target_date_this_month_or_next_needs_everything_at_once(target_date: date) -> None:
    need = required(a_goal("8250.00", target_date=target_date), monthly_history([], TODAY), TODAY)
    assert (need.monthly_amount, need.months_remaining, need.overdue) == (D("1750.00"), 1, False)


def test_after_the_target_date_the_whole_remainder_is_overdue() -> None:
    goal = a_goal("8250.00", target_date=date(2026, 11, 14))
    need = required(goal, monthly_history([], TODAY), TODAY)
    assert (need.monthly_amount, need.months_remaining, need.overdue) == (D("1750.00"), 0, True)


def test_nothing_is_required_once_reached() -> None:
    achieved = a_goal("10000.00", status="achieved")
    need = required(achieved, monthly_history([], TODAY), TODAY)
    assert (need.monthly_amount, need.remaining_amount, need.overdue) == (D(0), D(0), False)
    by_hand = a_goal("100.00", status="achieved", target_date=date(2026, 1, 31))
    assert required(by_hand, monthly_history([], TODAY), TODAY).monthly_amount == D(0)


def test_no_required_contribution_without_a_target_date_or_once_cancelled() -> None:
    open_ended = required(a_goal(target_date=None), monthly_history([], TODAY), TODAY)
    assert (open_ended.monthly_amount, open_ended.reason) == (None, "the goal has no target date")
    cancelled = required(a_goal(status="cancelled"), monthly_history([], TODAY), TODAY)
    assert (cancelled.monthly_amount, cancelled.reason) == (None, "the goal is cancelled")
