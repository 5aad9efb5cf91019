"""Parsing and validation: the canonical text, and a precise message for every wrong
part — its value, and why — found all at once."""

from __future__ import annotations

from datetime import date

import pytest

from services.analytics.recurrence.rules import (
    Frequency,
    RuleProblem,
    WeekdayRef,
    check_rule,
    parse_rule,
)
from services.runtime.errors import FieldViolation, InvalidArgument


def _problems(text: str) -> list[tuple[str, str]]:
    rule, problems = check_rule(text)
    assert rule is None
    return [(problem.part, problem.message) for problem in problems]


def test_the_parts_are_parsed() -> None:
    rule = parse_rule(
        "FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYYEARDAY=70;BYMONTHDAY=11;"
        "BYDAY=MO,-1FR;BYSETPOS=1;WKST=SU;UNTIL=20301231"
    )
    assert rule.freq is Frequency.YEARLY
    assert rule.interval == 2
    assert (rule.by_month, rule.by_year_day, rule.by_month_day) == ((3,), (70,), (11,))
    assert rule.by_day == (WeekdayRef(0), WeekdayRef(4, -1))
    assert rule.by_set_pos == (1,)
    assert rule.week_start == 6
    assert rule.until == date(2030, 12, 31) and rule.count is None
    weeks = parse_rule("FREQ=YEARLY;BYWEEKNO=10,-1;BYDAY=TU;COUNT=3")
    assert weeks.by_week_no == (10, -1) and weeks.by_day == (WeekdayRef(1),)
    assert weeks.count == 3 and weeks.until is None


def test_defaults_when_parts_are_absent() -> None:
    rule = parse_rule("FREQ=DAILY")
    assert (rule.interval, rule.count, rule.until, rule.week_start) == (1, None, None, None)
    assert rule.by_day == () and rule.by_month_day == ()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6",
         "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6"),
        ("  rrule:count=6;bymonthday=15;interval=02;freq=monthly  ",
         "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6"),
        ("RRULE: FREQ = WEEKLY ; BYDAY = fr,mo,we ;", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("FREQ=MONTHLY;BYDAY=-1FR,+1MO,1MO", "FREQ=MONTHLY;BYDAY=1MO,-1FR"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1,15,1,-2,15", "FREQ=MONTHLY;BYMONTHDAY=1,15,-2,-1"),
        ("FREQ=YEARLY;BYMONTH=12,1,6", "FREQ=YEARLY;BYMONTH=1,6,12"),
        ("FREQ=DAILY;UNTIL=20261231T235959Z", "FREQ=DAILY;UNTIL=20261231"),
        ("FREQ=DAILY;UNTIL=20261231T120000", "FREQ=DAILY;UNTIL=20261231"),
        ("WKST=SU;UNTIL=20261231;BYSETPOS=-1;BYDAY=SA,SU;BYMONTH=1;FREQ=MONTHLY;INTERVAL=1",
         "FREQ=MONTHLY;INTERVAL=1;BYMONTH=1;BYDAY=SA,SU;BYSETPOS=-1;WKST=SU;UNTIL=20261231"),
        ("FREQ=YEARLY;BYWEEKNO=-1,1;BYYEARDAY=-1,1",
         "FREQ=YEARLY;BYWEEKNO=1,-1;BYYEARDAY=1,-1"),
    ],
)  # fmt: skip
def test_canonical_text(text: str, canonical: str) -> None:
    assert parse_rule(text).text == canonical
    assert parse_rule(canonical).text == canonical


_DAYS_ONLY = "planned dates are days; FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY"
_NO_TIMES = "planned dates are days; times of day (BYHOUR, BYMINUTE, BYSECOND) are not supported"
_WEEKDAYS = "(MO, TU, WE, TH, FR, SA, SU)"
_RFC = "(RFC 5545 §3.3.10)"
_MONTH_DAY = "a day of the month must be 1 to 31 or -31 to -1"
_YEAR_DAY = "a day of the year must be 1 to 366 or -366 to -1"
_WEEK_NO = "a week number must be 1 to 53 or -53 to -1"
_POSITION = "a position must be 1 to 366 or -366 to -1"
_ORDINAL = "the ordinal must be 1 to 53 or -53 to -1"
_FIVE = "a month has at most 5 of each weekday, so the ordinal must be 1 to 5 or -5 to -1"
_ORDINAL_FREQ = "an ordinal weekday is only allowed with FREQ=MONTHLY or YEARLY"
_NO_DATES = "so the rule has no dates"

MESSAGES = [
    # the rule as a whole
    ("FREQ=DAILY;COUNT=2;UNTIL=20261231",
     [("UNTIL", f"COUNT and UNTIL cannot both be given {_RFC}")]),
    ("COUNT=2", [("FREQ", "FREQ is required")]),
    ("FREQ=DAILY;FOO=1", [("FOO", "unknown part FOO")]),
    ("FREQ=DAILY;BYEASTER=0", [("BYEASTER", "unknown part BYEASTER")]),
    ("FREQ=DAILY;BYMONTH=1;BYMONTH=2", [("BYMONTH", "BYMONTH given twice")]),
    ("FREQ=DAILY;bymonth=1;BYMONTH=1", [("BYMONTH", "BYMONTH given twice")]),
    ("FREQ=DAILY;COUNT", [("COUNT", "COUNT: a part must be NAME=VALUE")]),
    ("FREQ=DAILY;=3", [("", "=3: a part must be NAME=VALUE")]),
    ("FREQ=DAILY;COUNT=", [("COUNT", "COUNT= needs a value")]),
    # FREQ
    ("FREQ=HOURLY", [("FREQ", f"FREQ=HOURLY: {_DAYS_ONLY}")]),
    ("FREQ=MINUTELY", [("FREQ", f"FREQ=MINUTELY: {_DAYS_ONLY}")]),
    ("FREQ=SECONDLY", [("FREQ", f"FREQ=SECONDLY: {_DAYS_ONLY}")]),
    ("FREQ=FORTNIGHTLY",
     [("FREQ", "FREQ=FORTNIGHTLY: unknown frequency; "
               "FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY")]),
    # times of day
    ("FREQ=DAILY;BYHOUR=9", [("BYHOUR", f"BYHOUR=9: {_NO_TIMES}")]),
    ("FREQ=DAILY;BYMINUTE=0", [("BYMINUTE", f"BYMINUTE=0: {_NO_TIMES}")]),
    ("FREQ=DAILY;BYSECOND=0", [("BYSECOND", f"BYSECOND=0: {_NO_TIMES}")]),
    # INTERVAL and COUNT
    ("FREQ=DAILY;INTERVAL=0", [("INTERVAL", "INTERVAL=0: must be a positive integer")]),
    ("FREQ=DAILY;INTERVAL=-1", [("INTERVAL", "INTERVAL=-1: must be a positive integer")]),
    ("FREQ=DAILY;INTERVAL=TWO", [("INTERVAL", "INTERVAL=TWO: must be a positive integer")]),
    ("FREQ=DAILY;INTERVAL=1001", [("INTERVAL", "INTERVAL=1001: must be at most 1000")]),
    ("FREQ=DAILY;COUNT=0", [("COUNT", "COUNT=0: must be a positive integer")]),
    ("FREQ=DAILY;COUNT=²", [("COUNT", "COUNT=²: must be a positive integer")]),
    ("FREQ=DAILY;COUNT=10001", [("COUNT", "COUNT=10001: must be at most 10000")]),
    ("FREQ=DAILY;COUNT=99999999999999999999",
     [("COUNT", "COUNT=99999999999999999999: must be a positive integer")]),
    # UNTIL
    ("FREQ=DAILY;UNTIL=2026-12-31",
     [("UNTIL", "UNTIL=2026-12-31: must be a date YYYYMMDD or a date-time "
                "YYYYMMDDTHHMMSS[Z]")]),
    ("FREQ=DAILY;UNTIL=20260230", [("UNTIL", "UNTIL=20260230: 20260230 is not a calendar date")]),
    ("FREQ=DAILY;UNTIL=00000101", [("UNTIL", "UNTIL=00000101: 00000101 is not a calendar date")]),
    # BYDAY
    ("FREQ=MONTHLY;BYDAY=1XX", [("BYDAY", f"BYDAY=1XX: unknown weekday XX {_WEEKDAYS}")]),
    ("FREQ=MONTHLY;BYDAY=MONDAY",
     [("BYDAY", f"BYDAY=MONDAY: unknown weekday MONDAY {_WEEKDAYS}")]),
    ("FREQ=MONTHLY;BYDAY=0MO", [("BYDAY", f"BYDAY=0MO: {_ORDINAL}")]),
    ("FREQ=YEARLY;BYDAY=54MO", [("BYDAY", f"BYDAY=54MO: {_ORDINAL}")]),
    ("FREQ=MONTHLY;BYDAY=1.5MO",
     [("BYDAY", f"BYDAY=1.5MO: expected a weekday {_WEEKDAYS} with an optional ordinal "
                "such as 1MO or -1FR")]),
    ("FREQ=MONTHLY;BYDAY=MO,,FR", [("BYDAY", f"BYDAY=: unknown weekday  {_WEEKDAYS}")]),
    ("FREQ=MONTHLY;BYDAY=1XX,0MO",
     [("BYDAY", f"BYDAY=1XX: unknown weekday XX {_WEEKDAYS}; BYDAY=0MO: {_ORDINAL}")]),
    ("FREQ=WEEKLY;BYDAY=2MO", [("BYDAY", f"BYDAY=2MO: {_ORDINAL_FREQ}")]),
    ("FREQ=DAILY;BYDAY=-1FR,MO", [("BYDAY", f"BYDAY=-1FR: {_ORDINAL_FREQ}")]),
    ("FREQ=MONTHLY;BYDAY=6MO,-6FR,5TU", [("BYDAY", f"BYDAY=6MO,-6FR: {_FIVE}")]),
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=6MO", [("BYDAY", f"BYDAY=6MO: {_FIVE}")]),
    ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO",
     [("BYDAY", f"BYDAY=1MO: an ordinal weekday cannot be combined with BYWEEKNO {_RFC}")]),
    # BYMONTHDAY
    ("FREQ=MONTHLY;BYMONTHDAY=32", [("BYMONTHDAY", f"BYMONTHDAY=32: {_MONTH_DAY}")]),
    ("FREQ=MONTHLY;BYMONTHDAY=0,-32,5", [("BYMONTHDAY", f"BYMONTHDAY=0,-32: {_MONTH_DAY}")]),
    ("FREQ=MONTHLY;BYMONTHDAY=X", [("BYMONTHDAY", f"BYMONTHDAY=X: {_MONTH_DAY}")]),
    ("FREQ=WEEKLY;BYMONTHDAY=1",
     [("BYMONTHDAY", f"BYMONTHDAY is not allowed with FREQ=WEEKLY {_RFC}")]),
    # BYMONTH
    ("FREQ=YEARLY;BYMONTH=13", [("BYMONTH", "BYMONTH=13: a month must be 1 to 12")]),
    ("FREQ=YEARLY;BYMONTH=-1", [("BYMONTH", "BYMONTH=-1: a month must be 1 to 12")]),
    ("FREQ=YEARLY;BYMONTH=0", [("BYMONTH", "BYMONTH=0: a month must be 1 to 12")]),
    # BYYEARDAY
    ("FREQ=YEARLY;BYYEARDAY=367", [("BYYEARDAY", f"BYYEARDAY=367: {_YEAR_DAY}")]),
    ("FREQ=YEARLY;BYYEARDAY=0", [("BYYEARDAY", f"BYYEARDAY=0: {_YEAR_DAY}")]),
    ("FREQ=MONTHLY;BYYEARDAY=1",
     [("BYYEARDAY", f"BYYEARDAY is not allowed with FREQ=MONTHLY {_RFC}")]),
    ("FREQ=WEEKLY;BYYEARDAY=1",
     [("BYYEARDAY", f"BYYEARDAY is not allowed with FREQ=WEEKLY {_RFC}")]),
    ("FREQ=DAILY;BYYEARDAY=1",
     [("BYYEARDAY", f"BYYEARDAY is not allowed with FREQ=DAILY {_RFC}")]),
    # BYWEEKNO
    ("FREQ=YEARLY;BYWEEKNO=54", [("BYWEEKNO", f"BYWEEKNO=54: {_WEEK_NO}")]),
    ("FREQ=YEARLY;BYWEEKNO=0", [("BYWEEKNO", f"BYWEEKNO=0: {_WEEK_NO}")]),
    ("FREQ=MONTHLY;BYWEEKNO=1",
     [("BYWEEKNO", f"BYWEEKNO is only allowed with FREQ=YEARLY {_RFC}")]),
    # BYSETPOS
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", [("BYSETPOS", f"BYSETPOS=0: {_POSITION}")]),
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367", [("BYSETPOS", f"BYSETPOS=367: {_POSITION}")]),
    ("FREQ=MONTHLY;BYSETPOS=1",
     [("BYSETPOS", f"BYSETPOS needs another BYxxx part to select from {_RFC}")]),
    ("FREQ=DAILY;BYDAY=MO;BYSETPOS=2",
     [("BYSETPOS", "BYSETPOS=2: with FREQ=DAILY each day is a set of one date, "
                   "so only 1 or -1 can match")]),
    ("FREQ=WEEKLY;BYDAY=MO,WE;BYSETPOS=1,3,-3",
     [("BYSETPOS", "BYSETPOS=3,-3: with FREQ=WEEKLY and BYDAY=MO,WE a week has at most "
                   "2 dates, so only positions 1 to 2 or -2 to -1 can match")]),
    ("FREQ=WEEKLY;BYMONTH=1;BYSETPOS=2",
     [("BYSETPOS", "BYSETPOS=2: with FREQ=WEEKLY and the start's weekday a week has at "
                   "most 1 date, so only 1 or -1 can match")]),
    # WKST
    ("FREQ=WEEKLY;WKST=XX", [("WKST", f"WKST=XX: unknown weekday XX {_WEEKDAYS}")]),
    # filters that never meet
    ("FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30",
     [("BYMONTHDAY", f"BYMONTHDAY=30: no such day in BYMONTH=2, {_NO_DATES}")]),
    ("FREQ=DAILY;BYMONTH=4,6,9,11;BYMONTHDAY=31,-31",
     [("BYMONTHDAY", f"BYMONTHDAY=31,-31: no such day in BYMONTH=4,6,9,11, {_NO_DATES}")]),
    ("FREQ=YEARLY;BYYEARDAY=1;BYMONTH=2",
     [("BYYEARDAY", f"BYYEARDAY=1: no such day in BYMONTH=2, {_NO_DATES}")]),
    ("FREQ=YEARLY;BYYEARDAY=60;BYMONTH=3;BYMONTHDAY=2",
     [("BYYEARDAY",
       f"BYYEARDAY=60: no such day in BYMONTH=3 and BYMONTHDAY=2, {_NO_DATES}")]),
    # several at once, in part order, one entry per part
    ("FREQ=HOURLY;INTERVAL=0;BYMONTHDAY=32;BYDAY=1XX;FOO=1;COUNT=1;UNTIL=20260101",
     [("FOO", "unknown part FOO"),
      ("FREQ", f"FREQ=HOURLY: {_DAYS_ONLY}"),
      ("INTERVAL", "INTERVAL=0: must be a positive integer"),
      ("BYMONTHDAY", f"BYMONTHDAY=32: {_MONTH_DAY}"),
      ("BYDAY", f"BYDAY=1XX: unknown weekday XX {_WEEKDAYS}"),
      ("UNTIL", f"COUNT and UNTIL cannot both be given {_RFC}")]),
    ("FREQ=WEEKLY;BYWEEKNO=1;BYMONTHDAY=1;BYDAY=1MO",
     [("BYWEEKNO", f"BYWEEKNO is only allowed with FREQ=YEARLY {_RFC}"),
      ("BYMONTHDAY", f"BYMONTHDAY is not allowed with FREQ=WEEKLY {_RFC}"),
      ("BYDAY", f"BYDAY=1MO: {_ORDINAL_FREQ}")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "problems"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_every_wrong_part_is_named_with_its_value_and_why(
    text: str, problems: list[tuple[str, str]]
) -> None:
    assert _problems(text) == problems


@pytest.mark.parametrize("text", ["", "   ", "RRULE:", " rrule: "])
def test_an_empty_rule_is_required(text: str) -> None:
    assert check_rule(text) == (None, (RuleProblem("", "is required"),))


def test_a_rule_is_at_most_500_characters() -> None:
    long = "FREQ=DAILY;" + ";" * 489
    assert parse_rule(long).text == "FREQ=DAILY"
    assert _problems(long + ";") == [("", "must be at most 500 characters long")]


def test_parse_rule_raises_one_violation_naming_the_field_with_every_problem() -> None:
    with pytest.raises(InvalidArgument) as raised:
        parse_rule("FREQ=DAILY;INTERVAL=0;BYMONTH=13", field="recurrence_pattern")
    assert raised.value.violations == (
        FieldViolation(
            "recurrence_pattern",
            "INTERVAL=0: must be a positive integer; BYMONTH=13: a month must be 1 to 12",
        ),
    )
    with pytest.raises(InvalidArgument) as empty:
        parse_rule(" ")
    assert empty.value.violations == (FieldViolation("rule", "is required"),)


@pytest.mark.parametrize(
    "text",
    [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",  # leap years only: rare, not impossible
        "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=-29",
        "FREQ=YEARLY;BYYEARDAY=366",
        "FREQ=YEARLY;BYWEEKNO=53",
        "FREQ=MONTHLY;BYDAY=5FR",
        "FREQ=YEARLY;BYDAY=53MO",
        "FREQ=YEARLY;BYDAY=-53SU",
        "FREQ=DAILY;BYDAY=MO;BYSETPOS=-1",
        "FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=2,-2",
        "FREQ=MONTHLY;BYMONTHDAY=31;BYSETPOS=1",
        "FREQ=YEARLY;BYDAY=MO;BYSETPOS=366,-366",
        "FREQ=DAILY;INTERVAL=1000;COUNT=10000",
    ],
)
def test_the_bounds_themselves_are_valid(text: str) -> None:
    assert check_rule(text)[1] == ()
