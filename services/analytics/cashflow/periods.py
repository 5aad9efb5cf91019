"""The calendar of cash-flow periods (pure): ISO weeks (Monday first), calendar months,
calendar quarters, and how far ahead predictions reach (three years: `latest_day`)."""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import Final, Literal, get_args

from services.analytics.rollups.domain import add_months, month_start, week_start

PeriodType = Literal["weekly", "monthly", "quarterly"]
PERIOD_TYPES: Final[tuple[PeriodType, ...]] = get_args(PeriodType)
YEARS_AHEAD: Final = 3


def period_start(day: date, period_type: PeriodType) -> date:
    """The first day of the period holding `day`."""
    if period_type == "weekly":
        return week_start(day)
    first = month_start(day)
    if period_type == "monthly":
        return first
    return first.replace(month=first.month - (first.month - 1) % 3)


def next_period(start: date, period_type: PeriodType) -> date:
    """The start of the period after the one starting on `start`."""
    if period_type == "weekly":
        return start + timedelta(days=7)
    return add_months(start, 1 if period_type == "monthly" else 3)


def period_end(start: date, period_type: PeriodType) -> date:
    return next_period(start, period_type) - timedelta(days=1)


def period_starts(first: date, last: date, period_type: PeriodType) -> list[date]:
    """The starts of the periods holding `first` .. `last`, in order."""
    starts: list[date] = []
    cursor = period_start(first, period_type)
    while cursor <= last:
        starts.append(cursor)
        cursor = next_period(cursor, period_type)
    return starts


def days_in_month(month: date) -> int:
    return calendar.monthrange(month.year, month.month)[1]


def latest_day(today: date) -> date:
    """The furthest day a request may name: three years after today (29 February → 28)."""
    try:
        return today.replace(year=today.year + YEARS_AHEAD)
    except ValueError:
        return today.replace(year=today.year + YEARS_AHEAD, day=28)


def horizon_end(today: date) -> date:
    """The last day predicted: the end of the last period (of any type) holding a day a
    request may name."""
    latest = latest_day(today)
    return max(period_end(period_start(latest, t), t) for t in PERIOD_TYPES)
