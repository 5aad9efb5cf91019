"""The dates of a rule's series; python-dateutil's rrule does the calendar work.

Two things keep every call cheap whatever the rule and the dates asked for:

* Re-anchoring. A series without COUNT repeats in periods (every INTERVAL-th day, week,
  month or year from the start's), so the expansion may begin at a period near the
  first date wanted instead of at the series' start; the defaults rrule would take from
  DTSTART (the start's day of the month, month, weekday) are pinned to the real start.
  A weekly series asked about 30 years on costs what it costs the first week.
* A bounded search. rrule checks UNTIL only when it finds a date, so a rule whose filters
  never meet for its start (every 7th day on a weekday the lattice never reaches) would
  be scanned to year 9999. The Gregorian calendar repeats exactly every 400 years
  (146,097 days, a whole number of weeks), so the expansion runs on a copy of the
  calendar shifted by whole cycles to end within 400 years of where rrule stops on its
  own; and no search looks further than one cycle (400 years; two of the series' periods
  when they are longer) past where it begins (for a COUNT series: past its start). A
  series is followed to year 9999 at most.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

from dateutil import rrule as du

from services.analytics.recurrence.model import (
    MAX_INSTANCES,
    Frequency,
    RecurrenceRule,
)

#: 400 Gregorian years: dates, weekdays and week numbers repeat exactly after it.
CYCLE_DAYS = 146_097

_FREQUENCIES: dict[Frequency, Literal[0, 1, 2, 3]] = {
    Frequency.DAILY: du.DAILY,
    Frequency.WEEKLY: du.WEEKLY,
    Frequency.MONTHLY: du.MONTHLY,
    Frequency.YEARLY: du.YEARLY,
}
_LONGEST_PERIOD_DAYS = {
    Frequency.DAILY: 1,
    Frequency.WEEKLY: 7,
    Frequency.MONTHLY: 31,
    Frequency.YEARLY: 366,
}


@dataclass(frozen=True, slots=True)
class Expansion:
    """Some dates of a series, in order; `truncated` when they stop before the series
    (or the window asked for) does: the limit was reached, or the 400-year search
    horizon."""

    dates: tuple[date, ...]
    truncated: bool


def expand(
    rule: RecurrenceRule, start: date, end: date | None = None, max_count: int = MAX_INSTANCES
) -> Expansion:
    """The series anchored at `start` (DTSTART = start) from `start` to `end` inclusive
    (or to the rule's COUNT/UNTIL), at most min(max_count, MAX_INSTANCES) dates. Only
    dates the rule matches are listed: a start that does not match is not one of them."""
    if max_count < 1:
        raise ValueError(f"max_count must be at least 1, not {max_count}")
    return _window(rule, start, start, end or date.max, min(max_count, MAX_INSTANCES))


def instances(
    rule: RecurrenceRule, start: date, end: date | None = None, max_count: int = MAX_INSTANCES
) -> list[date]:
    """`expand`'s dates."""
    return list(expand(rule, start, end, max_count).dates)


def next_after(rule: RecurrenceRule, start: date, after: date) -> date | None:
    """The series anchored at `start`: its first date strictly after `after`; None when
    the series has ended (COUNT or UNTIL) by then."""
    if after >= date.max:
        return None
    found = _window(rule, start, max(start, after + timedelta(days=1)), date.max, 1).dates
    return found[0] if found else None


def _window(rule: RecurrenceRule, start: date, low: date, high: date, limit: int) -> Expansion:
    """Up to `limit` dates of the series anchored at `start` within [low, high]."""
    counted = rule.count is not None
    origin = start if counted else _anchor(rule, start, low)
    bound = min(high, rule.until or date.max)
    stop = min(bound, _plus_days(origin if counted else low, _horizon_days(rule)))
    if stop < low:
        return Expansion((), False)
    # Whole cycles forward, so that rrule's own end (year 9999) is < 400 years past stop.
    shift = timedelta(days=(date.max.toordinal() - stop.toordinal()) // CYCLE_DAYS * CYCLE_DAYS)
    found: list[date] = []
    seen = 0
    for shifted in _dates(_rrule(rule, start, origin + shift)):
        day = shifted - shift
        seen += 1
        if day > stop:
            return Expansion(tuple(found), truncated=day <= bound)
        if day >= low:
            if len(found) == limit:
                return Expansion(tuple(found), truncated=True)
            found.append(day)
    ended = counted and seen >= (rule.count or 0)
    return Expansion(tuple(found), truncated=stop < bound and not ended)


def _horizon_days(rule: RecurrenceRule) -> int:
    """How far one search looks: a Gregorian cycle, or two of the series' periods when
    they are longer (FREQ=YEARLY;INTERVAL=500)."""
    return max(CYCLE_DAYS, 2 * rule.interval * _LONGEST_PERIOD_DAYS[rule.freq])


def _rrule(rule: RecurrenceRule, start: date, dtstart: date) -> du.rrule:
    by_month = rule.by_month
    by_month_day = rule.by_month_day
    by_day = [du.weekday(ref.weekday, ref.ordinal) for ref in rule.by_day]
    if not (rule.by_week_no or rule.by_year_day or by_month_day or by_day):
        # rrule's defaults from DTSTART, taken from the series' real start: dtstart may
        # be a later period's first day (see _anchor).
        if rule.freq is Frequency.YEARLY:
            by_month = by_month or (start.month,)
            by_month_day = (start.day,)
        elif rule.freq is Frequency.MONTHLY:
            by_month_day = (start.day,)
        elif rule.freq is Frequency.WEEKLY:
            by_day = [du.weekday(start.weekday())]
    return du.rrule(
        _FREQUENCIES[rule.freq],
        dtstart=datetime.combine(dtstart, time()),
        interval=rule.interval,
        count=rule.count,
        wkst=rule.week_start or 0,
        bymonth=by_month or None,
        byweekno=rule.by_week_no or None,
        byyearday=rule.by_year_day or None,
        bymonthday=by_month_day or None,
        byweekday=by_day or None,
        bysetpos=rule.by_set_pos or None,
    )


def _dates(series: du.rrule) -> Iterator[date]:
    moments = iter(series)
    while True:
        try:
            moment = next(moments)
        except StopIteration:
            return
        except (ValueError, OverflowError):
            return  # rrule stepping past 9999-12-31: the calendar's end ends the series
        yield moment.date()


def _anchor(rule: RecurrenceRule, start: date, low: date) -> date:
    """The latest DTSTART at or after `start` that gives the series' dates from `low`
    on: the first day of the series' period one before the one holding `low` (a YEARLY
    week-number rule can put a date of one period into the next year's first days)."""
    first = _period(rule, start)
    steps = (_period(rule, low) - first) // rule.interval - 1
    if steps <= 0:
        return start
    return _period_start(rule, first + steps * rule.interval)


def _period(rule: RecurrenceRule, day: date) -> int:
    """The number of the day, week (starting on WKST), month or year holding `day`."""
    if rule.freq is Frequency.DAILY:
        return day.toordinal()
    if rule.freq is Frequency.WEEKLY:
        return (day.toordinal() - 1 - (rule.week_start or 0)) // 7  # ordinal 1 is a Monday
    if rule.freq is Frequency.MONTHLY:
        return day.year * 12 + day.month - 1
    return day.year


def _period_start(rule: RecurrenceRule, period: int) -> date:
    if rule.freq is Frequency.DAILY:
        return date.fromordinal(period)
    if rule.freq is Frequency.WEEKLY:
        return date.fromordinal(period * 7 + 1 + (rule.week_start or 0))
    if rule.freq is Frequency.MONTHLY:
        return date(period // 12, period % 12 + 1, 1)
    return date(period, 1, 1)


def _plus_days(day: date, days: int) -> date:
    return date.fromordinal(min(day.toordinal() + days, date.max.toordinal()))
