"""A budget's period as calendar arithmetic (pure): where a period ends, which one
follows it, and which periods an ended auto-renewing budget must be renewed through.

Months are added by calendar month and clamped to the month's length, always from the
renewal chain's *anchor day* (the day of month the first budget started on) rather than
from the previous start: a monthly budget started on 31 January runs 31 Jan - 27 Feb
(28 Feb in a leap year), the next 28 Feb - 30 Mar, the next 31 Mar - 29 Apr, so a chain
never drifts to the 28th. A yearly budget from 29 February renews on 28 February and
comes back to the 29th in leap years.
"""

from __future__ import annotations

import calendar
from collections import deque
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Final, Literal

Period = Literal["weekly", "monthly", "quarterly", "yearly", "custom"]
PERIODS: Final[tuple[Period, ...]] = ("weekly", "monthly", "quarterly", "yearly", "custom")
# Calendar months a period spans.
MONTHS: Final = {"monthly": 1, "quarterly": 3, "yearly": 12}
WEEK: Final = timedelta(days=7)
ONE_DAY: Final = timedelta(days=1)


def shift_months(day: date, months: int, anchor_day: int) -> date:
    """The anchor day of the month `months` after `day`'s, clamped to that month's
    length (31 → 30 April, 28 or 29 February)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(anchor_day, last))


def period_end(period: Period, start: date, anchor_day: int, length_days: int = 0) -> date:
    """The last day of the period starting on `start`: one period later, minus a day.
    `length_days` is a custom period's length (its days, inclusive)."""
    if period == "weekly":
        return start + WEEK - ONE_DAY
    if period == "custom":
        return start + timedelta(days=length_days - 1)
    return shift_months(start, MONTHS[period], anchor_day) - ONE_DAY


def days_in(start: date, end: date) -> int:
    """Days from `start` to `end`, both included."""
    return (end - start).days + 1


def following(period: Period, start: date, end: date, anchor_day: int) -> tuple[date, date]:
    """The period right after `start`..`end` (a custom one keeps its length)."""
    first = end + ONE_DAY
    return first, period_end(period, first, anchor_day, days_in(start, end))


def renewals(
    period: Period, start: date, end: date, anchor_day: int, today: date, most: int
) -> list[tuple[date, date]]:
    """The periods after `start`..`end` up to the one holding `today` (empty when the
    period has not ended), at most the last `most` of them: a budget left for years
    is caught up from recent history, not from every week since."""
    found: deque[tuple[date, date]] = deque(maxlen=most)
    for later in _after(period, start, end, anchor_day):
        if later[0] > today:
            break
        found.append(later)
    return list(found)


def _after(period: Period, start: date, end: date, anchor_day: int) -> Iterator[tuple[date, date]]:
    while end < date.max - timedelta(days=366 * 5):
        start, end = following(period, start, end, anchor_day)
        yield start, end
