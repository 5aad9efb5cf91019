"""A goal's analysis (pure): its contribution history by month, the pace it shows, the
projected completion and its confidence, and the monthly contribution the target date
needs. Every amount is a Decimal, exact until it is rounded once for display.

History
    The monthly sums of the contributions over calendar months, from the month of the
    first contribution to the current month when it already has a contribution, else
    to the last complete month; a month without contributions counts 0. Only the last
    HISTORY_MONTHS of them are read (the pace a year ago says little about today's).

Pace (monthly rate)
    The mean of those monthly sums.

Projected completion
    The projection and the required contribution share one model: a contribution at
    each month start from next month on. At the pace, the target is reached by the k-th
    of them, k = ceil(remaining / rate), so the projected day is the first day of the
    k-th month after the current one. Contributing the required amount is then
    projected to reach the target by the target date, never a few days after it.
    None when there is no positive rate, or when it would take more than
    MAX_PROJECTION_MONTHS. An achieved goal's projection is the day it was achieved.

Confidence (0-1, 4 places)
    (1 - cv) * min(1, n / FULL_HISTORY_MONTHS), where cv is the coefficient of
    variation (population standard deviation / mean) of the n monthly sums, and
    1 - cv is at least 0: regular contributions over half a year or more give 1,
    erratic ones (cv ≥ 1) give 0, and a short history is damped. 1 for an achieved
    goal; 0 without a projection.

Required monthly contribution
    remaining / months, rounded UP to the cent so that it suffices, where months counts
    the first days of months from next month through the target date — contributions
    are planned at month starts — and is at least 1 (a target date this month needs
    everything now). After the target date it is the whole remainder, `overdue`.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_CEILING, Decimal
from typing import Final

from services.analytics.fields import CENTS
from services.analytics.goals.domain import ZERO, Goal, money

HISTORY_MONTHS: Final = 12
FULL_HISTORY_MONTHS: Final = 6
MAX_PROJECTION_MONTHS: Final = 1200


@dataclass(frozen=True, slots=True)
class History:
    """Monthly sums of contributions, oldest first: (first day of the month, sum)."""

    months: tuple[tuple[date, Decimal], ...]
    # The newest contribution on or before today (None: none at all).
    last_contribution: date | None

    @property
    def rate(self) -> Decimal | None:
        """The mean monthly sum, exact (None without history)."""
        if not self.months:
            return None
        return sum((s for _, s in self.months), ZERO) / len(self.months)


@dataclass(frozen=True, slots=True)
class Projection:
    projected_date: date | None
    confidence: float
    monthly_rate: Decimal | None
    history_months: int
    remaining_amount: Decimal
    target_date: date | None
    reason: str | None

    @property
    def on_time(self) -> bool | None:
        if self.projected_date is None or self.target_date is None:
            return None
        return self.projected_date <= self.target_date

    @property
    def months_from_target(self) -> int | None:
        if self.projected_date is None or self.target_date is None:
            return None
        return month_index(self.projected_date) - month_index(self.target_date)


@dataclass(frozen=True, slots=True)
class Required:
    monthly_amount: Decimal | None
    months_remaining: int
    remaining_amount: Decimal
    target_date: date | None
    overdue: bool
    average_monthly_contribution: Decimal | None
    reason: str | None

    @property
    def difference(self) -> Decimal | None:
        if self.monthly_amount is None or self.average_monthly_contribution is None:
            return None
        return money(self.monthly_amount - self.average_monthly_contribution)


# -- calendar ------------------------------------------------------------------------------


def month_index(day: date) -> int:
    return day.year * 12 + day.month - 1


def first_of(index: int) -> date:
    return date(index // 12, index % 12 + 1, 1)


# -- history -------------------------------------------------------------------------------


def monthly_history(contributions: Iterable[tuple[date, Decimal]], today: date) -> History:
    """The contributions (day, amount) as the monthly sums the pace reads (see above)."""
    sums: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for day, amount in contributions:
        if day <= today:
            sums[month_index(day)] += amount
    if not sums:
        return History((), None)
    now = month_index(today)
    last = now if now in sums else now - 1
    first = max(min(sums), last - HISTORY_MONTHS + 1)
    months = tuple((first_of(i), sums.get(i, ZERO)) for i in range(first, last + 1))
    newest = max(day for day, _ in contributions if day <= today)
    return History(months, newest)


def confidence(history: History) -> float:
    rate = history.rate
    if rate is None or rate <= 0:
        return 0.0
    sums = [s for _, s in history.months]
    variation = statistics.pstdev(sums) / rate
    regularity = max(Decimal(0), 1 - variation)
    damping = min(Decimal(1), Decimal(len(sums)) / FULL_HISTORY_MONTHS)
    return float(round(regularity * damping, 4))


# -- projection and required contribution ----------------------------------------------------


def project(goal: Goal, history: History, today: date) -> Projection:
    rate = history.rate

    def answer(day: date | None, sure: float, reason: str | None) -> Projection:
        return Projection(
            projected_date=day,
            confidence=sure,
            monthly_rate=None if rate is None else money(rate),
            history_months=len(history.months),
            remaining_amount=goal.remaining_amount,
            target_date=goal.fields.target_date,
            reason=reason,
        )

    if goal.status == "achieved":
        achieved = goal.achieved_at.date() if goal.achieved_at is not None else today
        return answer(achieved, 1.0, None)
    if goal.status == "cancelled":
        return answer(None, 0.0, "the goal is cancelled")
    remaining = goal.remaining_amount
    if remaining == 0:
        return answer(today, 1.0, None)
    if rate is None:
        return answer(None, 0.0, "no contributions yet")
    if rate <= 0:
        return answer(None, 0.0, f"no contributions in the last {HISTORY_MONTHS} months")
    months = int((remaining / rate).to_integral_value(ROUND_CEILING))
    if months > MAX_PROJECTION_MONTHS:
        years = MAX_PROJECTION_MONTHS // 12
        return answer(None, 0.0, f"at this pace the target takes more than {years} years")
    return answer(first_of(month_index(today) + months), confidence(history), None)


def months_left(today: date, target_date: date) -> int:
    """First days of months from next month through the target date, at least 1."""
    return max(1, month_index(target_date) - month_index(today))


def required(goal: Goal, history: History, today: date) -> Required:
    average = None if history.rate is None else money(history.rate)
    remaining = goal.remaining_amount
    target_date = goal.fields.target_date

    def answer(amount: Decimal | None, months: int, overdue: bool, reason: str | None) -> Required:
        return Required(amount, months, remaining, target_date, overdue, average, reason)

    if goal.status == "cancelled":
        return answer(None, 0, False, "the goal is cancelled")
    if goal.status == "achieved" or remaining == 0:
        months = (
            0 if target_date is None or target_date < today else months_left(today, target_date)
        )
        return answer(ZERO, months, False, None)
    if target_date is None:
        return answer(None, 0, False, "the goal has no target date")
    if target_date < today:
        return answer(remaining, 0, True, None)
    months = months_left(today, target_date)
    monthly = (remaining / months).quantize(CENTS, ROUND_CEILING)
    return answer(monthly, months, False, None)
