"""A rule in plain English: "Every 2 months on the 15th, 6 times", "Monthly on the last
Friday", "Weekly on Monday, Wednesday and Friday".

No maintained library turns an RRULE into English, so this is a small one. The words
are tables (units, ordinals, weekday and month names, named weekday sets); the code only
picks phrases and puts them in a fixed order:

    <how often> [(weeks start on …)] [in <months>] [in <weeks>] [on <days>] [, <end>]

Rules are described as they are written, without a start date: a bare "FREQ=MONTHLY"
(which repeats on the start's day of the month) is "Monthly".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from services.analytics.recurrence.model import Frequency, RecurrenceRule, WeekdayRef

# --- tables ---------------------------------------------------------------------------

#: FREQ → (the word for INTERVAL=1, the unit's plural for "Every 2 …", the unit).
UNITS: dict[Frequency, tuple[str, str, str]] = {
    Frequency.DAILY: ("Daily", "days", "day"),
    Frequency.WEEKLY: ("Weekly", "weeks", "week"),
    Frequency.MONTHLY: ("Monthly", "months", "month"),
    Frequency.YEARLY: ("Every year", "years", "year"),
}

#: The ordinal words for the first few positions; further ones are numbers ("20th").
ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}

#: English suffixes of numeric ordinals; 11th, 12th and 13th are the exceptions.
ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}

WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

#: Named sets of weekdays: (the set read as a list, one of the set read as a noun).
WEEKDAY_SETS: dict[frozenset[int], tuple[str, str]] = {
    frozenset(range(5)): ("on weekdays", "weekday"),
    frozenset({5, 6}): ("on weekends", "weekend day"),
    frozenset(range(7)): ("on every day", "day"),
}

#: How many times a COUNT says, where English has a word for it.
TIMES = {1: "once", 2: "twice"}


# --- words ------------------------------------------------------------------------------


def numeric_ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd…"""
    suffix = "th" if number % 100 in (11, 12, 13) else ORDINAL_SUFFIXES.get(number % 10, "th")
    return f"{number}{suffix}"


def ordinal_word(position: int) -> str:
    """first, second, …, fifth, 6th…; last, second to last, third to last…"""
    if position == -1:
        return "last"
    word = ORDINAL_WORDS.get(abs(position)) or numeric_ordinal(abs(position))
    return word if position > 0 else f"{word} to last"


def day_ordinal(day: int, unit: str = "day") -> str:
    """A BYMONTHDAY-like number: 15th; last day, 2nd to last day."""
    if day > 0:
        return numeric_ordinal(day)
    if day == -1:
        return f"last {unit}"
    return f"{numeric_ordinal(-day)} to last {unit}"


def join(items: Sequence[str], conjunction: str = "and") -> str:
    """a; a and b; a, b and c."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def day_text(day: date) -> str:
    """31 Dec 2026."""
    return f"{day.day} {MONTH_NAMES[day.month - 1][:3]} {day.year}"


# --- the sentence -----------------------------------------------------------------------


def describe(rule: RecurrenceRule) -> str:
    """The rule in plain English."""
    once, plural, _unit = UNITS[rule.freq]
    words = [once if rule.interval == 1 else f"Every {rule.interval} {plural}"]
    if _week_start_matters(rule):
        words.append(f"(weeks start on {WEEKDAY_NAMES[rule.week_start or 0]})")
    if rule.by_month:
        words.append("in " + join([MONTH_NAMES[month - 1] for month in rule.by_month]))
    if rule.by_week_no:
        words.append("in " + _numbered(rule.by_week_no, "week", "weeks"))
    days = _days(rule)
    if days:
        words.append(days)
    sentence = " ".join(words)
    if rule.count is not None:
        sentence += ", " + TIMES.get(rule.count, f"{rule.count} times")
    if rule.until is not None:
        sentence += f" until {day_text(rule.until)}"
    return sentence


def _week_start_matters(rule: RecurrenceRule) -> bool:
    # WKST changes the dates only where weeks are counted or grouped.
    weekly_groups = rule.freq is Frequency.WEEKLY and (rule.interval > 1 or bool(rule.by_set_pos))
    return bool(rule.week_start) and (weekly_groups or bool(rule.by_week_no))


def _days(rule: RecurrenceRule) -> str:
    """The "on …" phrase: which days of each period, then BYSETPOS's choice among them."""
    # A day is a set of one date: BYSETPOS=1 or -1 (all FREQ=DAILY allows) changes nothing.
    picks = bool(rule.by_set_pos) and rule.freq is not Frequency.DAILY
    if picks and _is_weekday_set(rule):
        return _nth_of_weekdays(rule)
    filters = []
    if rule.by_year_day:
        filters.append("on " + _numbered(rule.by_year_day, "day", "days") + " of the year")
    if rule.by_month_day:
        filters.append(_month_days(rule, after_year_days=bool(filters)))
    phrase = " when it is ".join(filters)
    if rule.by_day:
        phrase = _with_weekdays(rule, phrase)
    if picks:
        unit = UNITS[rule.freq][2]
        positions = join([ordinal_word(position) for position in rule.by_set_pos])
        phrase += f", the {positions} of those dates in each {unit}"
    return phrase


def _is_weekday_set(rule: RecurrenceRule) -> bool:
    """BYSETPOS picks among plain weekdays of one month, week or year ("the last
    weekday"); with several months of a year it picks in the year, not each month."""
    plain = bool(rule.by_day) and all(ref.ordinal is None for ref in rule.by_day)
    others = rule.by_month_day or rule.by_year_day or rule.by_week_no
    one_period = rule.freq is not Frequency.YEARLY or len(rule.by_month) <= 1
    return plain and not others and one_period


def _nth_of_weekdays(rule: RecurrenceRule) -> str:
    positions = join([ordinal_word(position) for position in rule.by_set_pos])
    named = WEEKDAY_SETS.get(frozenset(ref.weekday for ref in rule.by_day))
    days = named[1] if named else join([WEEKDAY_NAMES[ref.weekday] for ref in rule.by_day], "or")
    of_year = " of the year" if rule.freq is Frequency.YEARLY and not rule.by_month else ""
    return f"on the {positions} {days}{of_year}"


def _month_days(rule: RecurrenceRule, *, after_year_days: bool) -> str:
    if after_year_days:  # "on day 60 of the year when it is the 1st"
        return f"the {_day_list(rule.by_month_day)}"
    every_month = rule.freq is Frequency.YEARLY and not rule.by_month
    return f"on the {_day_list(rule.by_month_day)}" + (" of every month" if every_month else "")


def _day_list(days: Sequence[int]) -> str:
    """1st and 15th; 7th to 13th; 1st, 15th and last day."""
    runs: list[str] = []
    index = 0
    while index < len(days):
        end = index
        while end + 1 < len(days) and days[end + 1] == days[end] + 1 and days[index] > 0:
            end += 1
        if end - index >= 2:  # three or more consecutive days read as a range
            runs.append(f"{day_ordinal(days[index])} to {day_ordinal(days[end])}")
        else:
            runs.extend(day_ordinal(day) for day in days[index : end + 1])
        index = end + 1
    return join(runs)


def _numbered(numbers: Sequence[int], unit: str, units: str) -> str:
    """week 20; weeks 1, 2 and 3; the last week; day 1 and the last day."""
    if all(number > 0 for number in numbers):
        return f"{unit if len(numbers) == 1 else units} {join([str(n) for n in numbers])}"
    return join([f"{unit} {n}" if n > 0 else f"the {day_ordinal(n, unit)}" for n in numbers])


def _with_weekdays(rule: RecurrenceRule, filters: str) -> str:
    if filters:  # BYDAY narrows BYMONTHDAY/BYYEARDAY: "Friday the 13th"
        names = [WEEKDAY_NAMES[ref.weekday] for ref in rule.by_day]
        if len(names) == 1 and len(rule.by_month_day) == 1 and not rule.by_year_day:
            return f"on {names[0]} the {day_ordinal(rule.by_month_day[0])}"
        return f"{filters} when it is a {join(names, 'or')}"
    if all(ref.ordinal is None for ref in rule.by_day):
        named = WEEKDAY_SETS.get(frozenset(ref.weekday for ref in rule.by_day))
        if named:
            return named[0]
        return "on " + join([WEEKDAY_NAMES[ref.weekday] for ref in rule.by_day])
    of_year = " of the year" if rule.freq is Frequency.YEARLY and not rule.by_month else ""
    return "on " + join(list(_weekday_groups(rule.by_day))) + of_year


def _weekday_groups(refs: Iterable[WeekdayRef]) -> Iterable[str]:
    """the first and last Sunday; Monday; the second Tuesday — one phrase per weekday."""
    by_weekday: dict[int, list[int | None]] = {}
    for ref in refs:
        by_weekday.setdefault(ref.weekday, []).append(ref.ordinal)
    for weekday, ordinals in by_weekday.items():
        name = WEEKDAY_NAMES[weekday]
        numbered = [ordinal_word(ordinal) for ordinal in ordinals if ordinal is not None]
        if None in ordinals:
            yield name
        if numbered:
            yield f"the {join(numbered)} {name}"
