"""The describer: its tables and word functions one by one, each part of a rule and
their combinations, and an English description of every RFC 5545 vector."""

from __future__ import annotations

from datetime import date

import pytest

from services.analytics.recurrence import describe as words
from services.analytics.recurrence.rules import describe, parse_rule
from tests.services.analytics.recurrence.rfc_vectors import VECTORS, Vector


@pytest.mark.parametrize("vector", VECTORS, ids=str)
def test_every_rfc_vector_has_its_english(vector: Vector) -> None:
    assert describe(parse_rule(vector.rule)) == vector.description


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (31, "31st"), (101, "101st"),
     (111, "111th"), (366, "366th")],
)  # fmt: skip
def test_numeric_ordinals(number: int, text: str) -> None:
    assert words.numeric_ordinal(number) == text


@pytest.mark.parametrize(
    ("position", "text"),
    [(1, "first"), (2, "second"), (3, "third"), (4, "fourth"), (5, "fifth"), (6, "6th"),
     (20, "20th"), (53, "53rd"), (-1, "last"), (-2, "second to last"),
     (-3, "third to last"), (-5, "fifth to last"), (-10, "10th to last")],
)  # fmt: skip
def test_ordinal_words(position: int, text: str) -> None:
    assert words.ordinal_word(position) == text


@pytest.mark.parametrize(
    ("day", "text"),
    [(1, "1st"), (15, "15th"), (22, "22nd"), (31, "31st"), (-1, "last day"),
     (-2, "2nd to last day"), (-3, "3rd to last day"), (-31, "31st to last day")],
)  # fmt: skip
def test_day_of_month_ordinals(day: int, text: str) -> None:
    assert words.day_ordinal(day) == text


def test_lists_join_with_commas_and_a_conjunction() -> None:
    assert words.join([]) == ""
    assert words.join(["a"]) == "a"
    assert words.join(["a", "b"]) == "a and b"
    assert words.join(["a", "b", "c"], "or") == "a, b or c"


def test_dates_read_day_month_year() -> None:
    assert words.day_text(date(2026, 12, 31)) == "31 Dec 2026"
    assert words.day_text(date(2027, 3, 1)) == "1 Mar 2027"


def test_the_tables_cover_every_weekday_month_and_frequency() -> None:
    assert len(words.WEEKDAY_NAMES) == 7 and len(words.MONTH_NAMES) == 12
    assert {freq.value for freq in words.UNITS} == {"DAILY", "WEEKLY", "MONTHLY", "YEARLY"}


@pytest.mark.parametrize(
    ("rule", "english"),
    [
        # frequency and interval
        ("FREQ=DAILY", "Daily"),
        ("FREQ=WEEKLY", "Weekly"),
        ("FREQ=MONTHLY", "Monthly"),
        ("FREQ=YEARLY", "Every year"),
        ("FREQ=DAILY;INTERVAL=1", "Daily"),
        ("FREQ=DAILY;INTERVAL=3", "Every 3 days"),
        ("FREQ=WEEKLY;INTERVAL=2", "Every 2 weeks"),
        ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6", "Every 2 months on the 15th, 6 times"),
        ("FREQ=YEARLY;INTERVAL=10", "Every 10 years"),
        # the end of the series
        ("FREQ=DAILY;COUNT=1", "Daily, once"),
        ("FREQ=DAILY;COUNT=2", "Daily, twice"),
        ("FREQ=DAILY;COUNT=3", "Daily, 3 times"),
        ("FREQ=DAILY;UNTIL=20261231", "Daily until 31 Dec 2026"),
        ("FREQ=DAILY;UNTIL=20261231T235959Z", "Daily until 31 Dec 2026"),
        # weekdays
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "Weekly on Monday, Wednesday and Friday"),
        ("FREQ=WEEKLY;BYDAY=SU", "Weekly on Sunday"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Weekly on weekdays"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "Weekly on weekends"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA,SU", "Daily on every day"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "Monthly on the last Friday"),
        ("FREQ=MONTHLY;BYDAY=1MO", "Monthly on the first Monday"),
        ("FREQ=MONTHLY;BYDAY=2TU,4TU", "Monthly on the second and fourth Tuesday"),
        ("FREQ=MONTHLY;BYDAY=1MO,-1FR", "Monthly on the first Monday and the last Friday"),
        ("FREQ=MONTHLY;BYDAY=MO,1FR", "Monthly on Monday and the first Friday"),
        ("FREQ=YEARLY;BYDAY=-1SU", "Every year on the last Sunday of the year"),
        ("FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", "Every year in May on the last Monday"),
        # days of the month
        ("FREQ=MONTHLY;BYMONTHDAY=1", "Monthly on the 1st"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "Monthly on the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=-2", "Monthly on the 2nd to last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15,-1", "Monthly on the 1st, 15th and last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,2,3,20", "Monthly on the 1st to 3rd and 20th"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,2", "Monthly on the 1st and 2nd"),
        ("FREQ=YEARLY;BYMONTHDAY=15", "Every year on the 15th of every month"),
        # months
        ("FREQ=YEARLY;BYMONTH=1,3;BYMONTHDAY=1", "Every year in January and March on the 1st"),
        ("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", "Every year in December on the 25th"),
        ("FREQ=MONTHLY;BYMONTH=6,7,8;BYDAY=SA", "Monthly in June, July and August on Saturday"),
        # weekdays narrowing days
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "Monthly on Friday the 13th"),
        ("FREQ=MONTHLY;BYDAY=MO,FR;BYMONTHDAY=1,15",
         "Monthly on the 1st and 15th when it is a Monday or Friday"),
        # year days and week numbers
        ("FREQ=YEARLY;BYYEARDAY=100", "Every year on day 100 of the year"),
        ("FREQ=YEARLY;BYYEARDAY=-1", "Every year on the last day of the year"),
        ("FREQ=YEARLY;BYYEARDAY=1,-1", "Every year on day 1 and the last day of the year"),
        ("FREQ=YEARLY;BYYEARDAY=-2", "Every year on the 2nd to last day of the year"),
        ("FREQ=YEARLY;BYYEARDAY=60;BYMONTHDAY=1",
         "Every year on day 60 of the year when it is the 1st"),
        ("FREQ=YEARLY;BYYEARDAY=1,100;BYDAY=MO",
         "Every year on days 1 and 100 of the year when it is a Monday"),
        ("FREQ=YEARLY;BYWEEKNO=1,2,3", "Every year in weeks 1, 2 and 3"),
        ("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=FR", "Every year in the last week on Friday"),
        ("FREQ=YEARLY;BYWEEKNO=1,-1", "Every year in week 1 and the last week"),
        # set positions
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "Monthly on the last weekday"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1",
         "Monthly on the first and last weekday"),
        ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1", "Monthly on the first weekend day"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=-1", "Monthly on the last day"),
        ("FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
         "Every year on the last weekday of the year"),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
         "Every year in March on the last weekday"),
        ("FREQ=YEARLY;BYMONTH=3,6;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
         "Every year in March and June on weekdays, the last of those dates in each year"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=-1",
         "Monthly on the 1st and 15th, the last of those dates in each month"),
        ("FREQ=DAILY;BYDAY=MO;BYSETPOS=1", "Daily on Monday"),
        ("FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=-1", "Weekly on the last Monday or Friday"),
        # week start, only where it changes the dates
        ("FREQ=WEEKLY;WKST=SU", "Weekly"),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU", "Every 2 weeks (weeks start on Sunday)"),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=MO", "Every 2 weeks"),
        ("FREQ=YEARLY;BYWEEKNO=1;WKST=SU", "Every year (weeks start on Sunday) in week 1"),
        # everything at once
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTH=1,4,7,10;BYDAY=-1FR;UNTIL=20301231",
         "Every 3 months in January, April, July and October on the last Friday "
         "until 31 Dec 2030"),
    ],
)  # fmt: skip
def test_each_part_and_combination(rule: str, english: str) -> None:
    assert describe(parse_rule(rule)) == english
