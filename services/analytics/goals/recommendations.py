"""What to do about a goal, in sentences with their amounts and dates (pure), each with
a machine-readable kind. Most important first:

achieved            the goal is reached (and nothing else is said)
on_hold             the goal is paused
overdue             the target date has passed with money still missing
set_target_date     an open-ended goal: no monthly plan without a date
start_contributing  nothing contributed yet: the monthly amount to start with
increase_contribution  the pace is below the needed pace: the amount, and how much more
projected_late      at the current pace the target comes after its date
inactive            whole calendar months without a contribution
on_track            the pace reaches the target by its date

A cancelled goal gets no recommendation. Amounts read "10,000.00", dates "30 Jun 2027".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from services.analytics.goals.analysis import History, Projection, Required, month_index
from services.analytics.goals.domain import Goal, money

Kind = Literal[
    "achieved",
    "on_track",
    "increase_contribution",
    "projected_late",
    "inactive",
    "start_contributing",
    "overdue",
    "set_target_date",
    "on_hold",
]
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True, slots=True)
class Recommendation:
    kind: Kind
    message: str
    amount: Decimal | None = None
    day: date | None = None


def amount_words(amount: Decimal) -> str:
    return format(money(amount), ",.2f")


def day_words(day: date) -> str:
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def recommend(
    goal: Goal, history: History, projection: Projection, need: Required, today: date
) -> list[Recommendation]:
    target = amount_words(goal.target_amount)
    if goal.status == "achieved":
        when = projection.projected_date or today
        return [Recommendation("achieved", f"You reached {target} on {day_words(when)}.", day=when)]
    if goal.status == "cancelled":
        return []
    found: list[Recommendation] = []
    if goal.status == "on_hold":
        found.append(
            Recommendation(
                "on_hold", f"The goal is on hold: resume it to keep working towards {target}."
            )
        )
    target_date = goal.fields.target_date
    if target_date is None:
        found.append(_open_ended(target, projection))
    elif need.overdue:
        found.append(
            Recommendation(
                "overdue",
                f"The target date {day_words(target_date)} has passed with "
                f"{amount_words(need.remaining_amount)} still missing: contribute the rest "
                "or move the target date.",
                amount=need.remaining_amount,
                day=target_date,
            )
        )
    elif history.last_contribution is None:
        assert need.monthly_amount is not None
        found.append(
            Recommendation(
                "start_contributing",
                f"Contribute {amount_words(need.monthly_amount)} a month to reach {target} by "
                f"{day_words(target_date)}.",
                amount=need.monthly_amount,
            )
        )
    else:
        found.extend(_pace(target, target_date, history, projection, need))
    idle = _idle_months(history, today)
    if idle:
        assert history.last_contribution is not None
        found.append(
            Recommendation(
                "inactive",
                f"You have contributed nothing for {_count(idle, 'month')}: your last "
                f"contribution was on {day_words(history.last_contribution)}.",
                day=history.last_contribution,
            )
        )
    return sorted(found, key=lambda r: _ORDER.index(r.kind))


_ORDER: tuple[Kind, ...] = (
    "achieved",
    "on_hold",
    "overdue",
    "set_target_date",
    "start_contributing",
    "increase_contribution",
    "projected_late",
    "inactive",
    "on_track",
)


def _open_ended(target: str, projection: Projection) -> Recommendation:
    plan = "Set a target date to know how much to contribute each month."
    day = projection.projected_date
    if day is None or projection.monthly_rate is None:
        return Recommendation("set_target_date", plan)
    return Recommendation(
        "set_target_date",
        f"{plan} At your average of {amount_words(projection.monthly_rate)} a month you "
        f"reach {target} on {day_words(day)}.",
        day=day,
    )


def _pace(
    target: str, target_date: date, history: History, projection: Projection, need: Required
) -> list[Recommendation]:
    """On track when the pace is projected to reach the target by its date; otherwise
    the monthly amount that does, and when the pace would."""
    assert need.monthly_amount is not None and need.average_monthly_contribution is not None
    day = projection.projected_date
    if day is not None and day <= target_date:
        early = _distance(day, target_date)
        when = f"{early} before your target date" if day < target_date else "on your target date"
        return [
            Recommendation(
                "on_track",
                f"At your average of {amount_words(need.average_monthly_contribution)} a month "
                f"you reach {target} on {day_words(day)}, {when}.",
                day=day,
            )
        ]
    months = len(history.months)
    last = "the last month" if months == 1 else f"the last {months} months"
    more = max(Decimal(0), need.monthly_amount - need.average_monthly_contribution)
    found = [
        Recommendation(
            "increase_contribution",
            f"Contribute {amount_words(need.monthly_amount)} a month to reach {target} by "
            f"{day_words(target_date)} — {amount_words(more)} more than your average of "
            f"{last}.",
            amount=need.monthly_amount,
        )
    ]
    if day is not None:
        found.append(
            Recommendation(
                "projected_late",
                f"At your current pace you reach the target on {day_words(day)}, "
                f"{_distance(target_date, day)} after your target date.",
                day=day,
            )
        )
    return found


def _distance(earlier: date, later: date) -> str:
    """How far apart two days are: whole calendar months, or days within a month."""
    months = month_index(later) - month_index(earlier) - (1 if later.day < earlier.day else 0)
    if months >= 1:
        return _count(months, "month")
    return _count((later - earlier).days, "day")


def _idle_months(history: History, today: date) -> int:
    """Whole calendar months since the month of the last contribution."""
    if history.last_contribution is None:
        return 0
    return max(0, month_index(today) - month_index(history.last_contribution) - 1)
