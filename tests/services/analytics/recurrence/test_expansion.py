"""Dates of a series: the RFC 5545 vectors, the caps, next_after far from the start and
after the end, and rules whose filters never meet for their start (bounded, not hung)."""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta

import pytest
from dateutil import rrule as du

from services.analytics.recurrence.expansion import CYCLE_DAYS
from services.analytics.recurrence.rules import (
    MAX_INSTANCES,
    expand,
    instances,
    next_after,
    parse_rule,
)
from tests.services.analytics.recurrence.rfc_vectors import VECTORS, Vector


@pytest.mark.parametrize("vector", VECTORS, ids=str)
def test_rfc_5545_examples_give_the_rfc_dates(vector: Vector) -> None:
    rule = parse_rule(vector.rule)
    assert instances(rule, vector.start, vector.end) == vector.dates


@pytest.mark.parametrize("vector", [v for v in VECTORS if v.end is None], ids=str)
def test_a_finite_rfc_series_ends_by_itself(vector: Vector) -> None:
    series = expand(parse_rule(vector.rule), vector.start)
    assert list(series.dates) == vector.dates
    assert not series.truncated


@pytest.mark.parametrize("vector", VECTORS, ids=str)
def test_next_after_walks_every_rfc_series(vector: Vector) -> None:
    rule = parse_rule(vector.rule)
    walked: list[date] = []
    day = vector.start - timedelta(days=1)
    while (found := next_after(rule, vector.start, day)) is not None and len(walked) < len(
        vector.dates
    ):
        walked.append(found)
        day = found
    assert walked == vector.dates


def test_the_start_counts_only_when_the_rule_matches_it() -> None:
    rule = parse_rule("FREQ=WEEKLY;BYDAY=FR;COUNT=2")
    assert instances(rule, date(2026, 1, 5)) == [date(2026, 1, 9), date(2026, 1, 16)]


def test_until_and_end_bound_the_series_inclusively() -> None:
    rule = parse_rule("FREQ=DAILY;UNTIL=20260105")
    assert instances(rule, date(2026, 1, 1))[-1] == date(2026, 1, 5)
    assert instances(rule, date(2026, 1, 1), date(2026, 1, 3))[-1] == date(2026, 1, 3)


def test_an_end_before_the_start_has_no_dates() -> None:
    assert instances(parse_rule("FREQ=DAILY"), date(2026, 1, 2), date(2026, 1, 1)) == []


def test_an_unbounded_series_stops_at_the_cap_and_says_it_was_cut() -> None:
    series = expand(parse_rule("FREQ=DAILY"), date(2026, 1, 1))
    assert len(series.dates) == MAX_INSTANCES
    assert series.dates[-1] == date(2026, 1, 1) + timedelta(days=MAX_INSTANCES - 1)
    assert series.truncated


def test_max_count_limits_and_the_hard_cap_wins() -> None:
    rule = parse_rule("FREQ=WEEKLY")
    assert len(instances(rule, date(2026, 1, 1), max_count=3)) == 3
    assert len(instances(rule, date(2026, 1, 1), max_count=5000)) == MAX_INSTANCES
    assert expand(rule, date(2026, 1, 1), max_count=3).truncated


def test_exactly_max_count_dates_is_not_truncated() -> None:
    series = expand(parse_rule("FREQ=DAILY;COUNT=3"), date(2026, 1, 1), max_count=3)
    assert len(series.dates) == 3 and not series.truncated
    window = expand(parse_rule("FREQ=DAILY"), date(2026, 1, 1), date(2026, 1, 3), max_count=3)
    assert len(window.dates) == 3 and not window.truncated


def test_max_count_below_one_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="max_count"):
        instances(parse_rule("FREQ=DAILY"), date(2026, 1, 1), max_count=0)


@pytest.mark.parametrize(
    "text",
    [
        "FREQ=WEEKLY;BYDAY=TU",
        "FREQ=WEEKLY",
        "FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,WE",
        "FREQ=DAILY;INTERVAL=10",
        "FREQ=MONTHLY",
        "FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=31",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "FREQ=YEARLY",
        "FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29",
        "FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO,SU",
        "FREQ=YEARLY;BYWEEKNO=-1;WKST=SU;BYDAY=SA",
    ],
)
def test_next_after_far_from_the_start_agrees_with_rrule_from_the_start(text: str) -> None:
    """Re-anchoring near `after` gives what rrule finds walking from DTSTART (the slow way)."""
    rule = parse_rule(text)
    start = date(2024, 1, 31)
    reference = _rrule_from_start(text, start)
    for after in (date(2054, 12, 30), date(2055, 1, 1), date(2060, 12, 31), date(2200, 6, 15)):
        expected = reference.after(datetime.combine(after, datetime.min.time()))
        assert expected is not None
        assert next_after(rule, start, after) == expected.date()


def _rrule_from_start(text: str, start: date) -> du.rrule:
    series = du.rrulestr(f"RRULE:{text}", dtstart=datetime.combine(start, datetime.min.time()))
    assert isinstance(series, du.rrule)
    return series


def test_next_after_thirty_years_on_is_fast() -> None:
    rule = parse_rule("FREQ=WEEKLY;BYDAY=TU")
    begun = time.perf_counter()
    found = next_after(rule, date(2026, 1, 6), date(2056, 3, 3))
    assert time.perf_counter() - begun < 0.05
    assert found == date(2056, 3, 7) and found.weekday() == 1


def test_next_after_an_ended_series_is_none() -> None:
    assert next_after(parse_rule("FREQ=DAILY;COUNT=3"), date(2026, 1, 1), date(2026, 1, 3)) is None
    assert next_after(parse_rule("FREQ=DAILY;COUNT=3"), date(2026, 1, 1), date(2026, 1, 2)) == date(
        2026, 1, 3
    )
    until = parse_rule("FREQ=MONTHLY;UNTIL=20260301")
    assert next_after(until, date(2026, 1, 1), date(2026, 2, 1)) == date(2026, 3, 1)
    assert next_after(until, date(2026, 1, 1), date(2026, 3, 1)) is None


def test_next_after_before_the_start_is_the_first_date() -> None:
    rule = parse_rule("FREQ=MONTHLY;BYMONTHDAY=-1")
    assert next_after(rule, date(2026, 2, 10), date(2000, 1, 1)) == date(2026, 2, 28)


def test_a_series_reaching_the_calendars_end_stops_there() -> None:
    rule = parse_rule("FREQ=WEEKLY")
    assert instances(rule, date(9999, 12, 1))[-1] == date(9999, 12, 29)
    assert next_after(rule, date(9999, 12, 1), date(9999, 12, 29)) is None
    assert next_after(rule, date(9999, 12, 1), date.max) is None


@pytest.mark.parametrize(
    "text",
    [
        "FREQ=DAILY;INTERVAL=7;BYDAY=TU",  # every 7th day from a Monday is never a Tuesday
        "FREQ=MONTHLY;INTERVAL=12;BYMONTH=2",  # every January
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29",  # from 2025: never a leap year
    ],
)
def test_a_rule_that_never_matches_its_start_is_answered_quickly(text: str) -> None:
    rule, start = parse_rule(text), date(2025, 1, 6)
    begun = time.perf_counter()
    series = expand(rule, start)
    assert next_after(rule, start, date(2030, 1, 1)) is None
    assert time.perf_counter() - begun < 1.0  # unbounded, rrule would scan to year 9999
    assert series.dates == ()
    assert series.truncated  # the search stopped at its horizon, not at the series' end


def test_the_search_looks_one_gregorian_cycle_ahead() -> None:
    assert date(2000, 1, 1).toordinal() - date(1600, 1, 1).toordinal() == CYCLE_DAYS
    leap_days = parse_rule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29")
    series = expand(leap_days, date(2001, 1, 1))
    assert len(series.dates) == 97  # leap years from 2001 to 2400
    assert series.dates[-1] == date(2400, 2, 29) and series.truncated


def test_the_search_looks_two_periods_ahead_when_they_are_longer_than_a_cycle() -> None:
    rule = parse_rule("FREQ=YEARLY;INTERVAL=400;BYMONTH=2;BYMONTHDAY=29")
    assert instances(rule, date(1600, 1, 1), max_count=2) == [date(1600, 2, 29), date(2000, 2, 29)]
    assert next_after(rule, date(1600, 1, 1), date(1600, 3, 1)) == date(2000, 2, 29)
