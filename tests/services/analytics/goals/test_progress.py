"""The progress analysis and its recommendations on fixed histories (today 15 Nov
2026): the figures, the pace verdict, and every recommendation's exact words."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime
from decimal import Decimal

from services.analytics.goals.analysis import monthly_history
from services.analytics.goals.domain import Goal
from services.analytics.goals.progress import ProgressAnalysis, analyse
from services.analytics.goals.recommendations import amount_words, day_words
from tests.services.analytics.goals.support import TODAY, a_goal, monthly

D = Decimal


def _analyse(goal: Goal, contributions: list[tuple[date, Decimal]]) -> ProgressAnalysis:
    return analyse(goal, monthly_history(contributions, TODAY), TODAY)


def _said(analysed: ProgressAnalysis) -> list[tuple[str, str]]:
    return [(r.kind, r.message) for r in analysed.recommendations]


def test_on_track() -> None:
    analysed = _analyse(a_goal("8250.00"), monthly("250.00", date(2026, 5, 1), 7))
    assert (analysed.days_elapsed, analysed.days_remaining, analysed.overdue) == (318, 227, False)
    assert (analysed.actual_monthly_pace, analysed.needed_monthly_pace) == (D(250), D(250))
    assert analysed.on_track is True
    assert analysed.goal.progress_percent == D("82.50")
    assert _said(analysed) == [
        (
            "on_track",
            "At your average of 250.00 a month you reach 10,000.00 on 1 Jun 2027, "
            "29 days before your target date.",
        )
    ]
    assert analysed.recommendations[0].day == date(2027, 6, 1)


def test_ahead_by_months() -> None:
    # 1,750.00 at 500.00 a month: 3.5 → the 4th month start, 1 Mar 2027.
    analysed = _analyse(a_goal("8250.00"), monthly("500.00", date(2026, 5, 1), 7))
    assert _said(analysed)[0][1].endswith("on 1 Mar 2027, 3 months before your target date.")


def test_behind() -> None:
    analysed = _analyse(a_goal("8250.00"), monthly("200.00", date(2026, 5, 1), 7))
    assert analysed.on_track is False
    assert _said(analysed) == [
        (
            "increase_contribution",
            "Contribute 250.00 a month to reach 10,000.00 by 30 Jun 2027 — 50.00 more than "
            "your average of the last 7 months.",
        ),
        (
            "projected_late",
            "At your current pace you reach the target on 1 Aug 2027, 1 month after your "
            "target date.",
        ),
    ]
    assert analysed.recommendations[0].amount == D("250.00")
    assert analysed.recommendations[1].day == date(2027, 8, 1)


def test_late_by_days_only() -> None:
    # 1,750.00 at 218.75 a month: 8 months, 1 Jul 2027, a day after 30 Jun.
    goal = a_goal("8250.00")
    analysed = _analyse(goal, monthly("218.75", date(2026, 6, 1), 6))
    assert _said(analysed)[1] == (
        "projected_late",
        "At your current pace you reach the target on 1 Jul 2027, 1 day after your target date.",
    )


def test_inactive_months_are_named_with_the_last_contribution() -> None:
    # Aug-Oct: 400, 0, 0 → 133.33 a month; 1,750.00 takes 14 months → 1 Jan 2028.
    analysed = _analyse(a_goal("8250.00"), [(date(2026, 8, 28), D("400.00"))])
    assert _said(analysed) == [
        (
            "increase_contribution",
            "Contribute 250.00 a month to reach 10,000.00 by 30 Jun 2027 — 116.67 more than "
            "your average of the last 3 months.",
        ),
        (
            "projected_late",
            "At your current pace you reach the target on 1 Jan 2028, 6 months after your "
            "target date.",
        ),
        (
            "inactive",
            "You have contributed nothing for 2 months: your last contribution was on 28 Aug 2026.",
        ),
    ]


def test_no_contributions_yet() -> None:
    analysed = _analyse(a_goal("0.00"), [])
    assert (analysed.actual_monthly_pace, analysed.needed_monthly_pace) == (None, D("1428.58"))
    assert analysed.on_track is False
    assert _said(analysed) == [
        (
            "start_contributing",
            "Contribute 1,428.58 a month to reach 10,000.00 by 30 Jun 2027.",
        )
    ]


def test_overdue() -> None:
    goal = a_goal("8250.00", target_date=date(2026, 10, 31))
    analysed = _analyse(goal, [(date(2026, 11, 2), D("100.00"))])
    assert (analysed.overdue, analysed.days_remaining, analysed.on_track) == (True, 0, False)
    assert _said(analysed) == [
        (
            "overdue",
            "The target date 31 Oct 2026 has passed with 1,750.00 still missing: contribute "
            "the rest or move the target date.",
        )
    ]


def test_open_ended() -> None:
    goal = a_goal("9000.00", target_date=None)
    analysed = _analyse(goal, [(TODAY, D("400.00"))])
    assert (analysed.days_remaining, analysed.needed_monthly_pace, analysed.on_track) == (
        None, None, None
    )  # fmt: skip
    assert _said(analysed) == [
        (
            "set_target_date",
            "Set a target date to know how much to contribute each month. At your average "
            "of 400.00 a month you reach 10,000.00 on 1 Feb 2027.",
        )
    ]
    assert _said(_analyse(goal, [])) == [
        ("set_target_date", "Set a target date to know how much to contribute each month.")
    ]


def test_on_hold() -> None:
    goal = a_goal("8250.00", status="on_hold")
    analysed = _analyse(goal, monthly("250.00", date(2026, 5, 1), 7))
    assert [kind for kind, _ in _said(analysed)] == ["on_hold", "on_track"]
    assert _said(analysed)[0][1] == (
        "The goal is on hold: resume it to keep working towards 10,000.00."
    )


def test_achieved() -> None:
    goal = dataclasses.replace(
        a_goal("10000.00", status="achieved"), achieved_at=datetime(2026, 10, 3, tzinfo=UTC)
    )
    analysed = _analyse(goal, monthly("250.00", date(2026, 5, 1), 5))
    assert analysed.on_track is True and analysed.overdue is False
    assert _said(analysed) == [("achieved", "You reached 10,000.00 on 3 Oct 2026.")]


def test_cancelled() -> None:
    analysed = _analyse(a_goal("100.00", status="cancelled"), [(TODAY, D(100))])
    assert (analysed.on_track, analysed.needed_monthly_pace, analysed.recommendations) == (
        None, None, ()
    )  # fmt: skip


def test_days_before_the_start() -> None:
    goal = a_goal(start_date=date(2027, 1, 1))
    assert _analyse(goal, []).days_elapsed == 0


def test_words() -> None:
    assert amount_words(D("1234567.5")) == "1,234,567.50"
    assert amount_words(D("0")) == "0.00"
    assert day_words(date(2027, 6, 3)) == "3 Jun 2027"
