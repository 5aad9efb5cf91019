"""RRULE text → RecurrenceRule, saying precisely which part is wrong and why.

Every problem is found in one pass (a caller fixing a rule sees all of them at once),
one `RuleProblem` per wrong part. Besides each value's syntax and bounds, the rule is
refused when RFC 5545 §3.3.10 forbids a combination, and when its day filters can never
meet (BYMONTHDAY=30 with BYMONTH=2; a BYSETPOS past the size of a day's or a week's set):
such a rule has no dates at all, which is always a mistake, and finding that out by
expansion would scan the calendar to year 9999.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import date, timedelta
from typing import TypeVar

from services.analytics.recurrence.model import (
    MAX_RULE_LENGTH,
    WEEKDAY_CODES,
    Frequency,
    RecurrenceRule,
    RuleProblem,
    WeekdayRef,
)
from services.runtime.errors import FieldViolation, InvalidArgument

#: Canonical part order: FREQ first, then the interval, the BYxxx parts from the
#: widest to the narrowest, WKST, and the end of the series last.
PART_ORDER = (
    "FREQ",
    "INTERVAL",
    "BYMONTH",
    "BYWEEKNO",
    "BYYEARDAY",
    "BYMONTHDAY",
    "BYDAY",
    "BYSETPOS",
    "WKST",
    "COUNT",
    "UNTIL",
)
_TIME_PARTS = ("BYHOUR", "BYMINUTE", "BYSECOND")
_TIME_FREQUENCIES = ("HOURLY", "MINUTELY", "SECONDLY")
_BY_PARTS = ("BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY")
_FREQUENCY_LIST = "DAILY, WEEKLY, MONTHLY or YEARLY"
_WEEKDAY_LIST = ", ".join(WEEKDAY_CODES)

_T = TypeVar("_T")

MAX_INTERVAL = 1000
MAX_COUNT = 10000

# ASCII digits only: str.isdigit() also takes "²", which int() refuses.
_DIGITS = re.compile(r"[0-9]{1,6}")
_NUMBER = re.compile(r"[+-]?[0-9]{1,4}")
_WEEKDAY_ITEM = re.compile(r"([+-]?[0-9]{1,3})?([A-Z]*)")
_UNTIL = re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})(?:T[0-9]{6}Z?)?")

# part → (highest magnitude, may be negative, what one value must be)
_NUMERIC_PARTS: dict[str, tuple[int, bool, str]] = {
    "BYMONTH": (12, False, "a month must be 1 to 12"),
    "BYWEEKNO": (53, True, "a week number must be 1 to 53 or -53 to -1"),
    "BYYEARDAY": (366, True, "a day of the year must be 1 to 366 or -366 to -1"),
    "BYMONTHDAY": (31, True, "a day of the month must be 1 to 31 or -31 to -1"),
    "BYSETPOS": (366, True, "a position must be 1 to 366 or -366 to -1"),
}


def parse_rule(text: str, field: str = "rule") -> RecurrenceRule:
    """The rule `text` stands for; InvalidArgument naming `field` (one violation whose
    description lists every wrong part) when it is not a valid day-level rule."""
    rule, violation = checked_rule(text, field)
    if rule is None:
        assert violation is not None
        raise InvalidArgument(f"{field}: {violation.description}", violations=[violation])
    return rule


def checked_rule(text: str, field: str) -> tuple[RecurrenceRule | None, FieldViolation | None]:
    """The rule, or one violation naming `field` that lists every wrong part (for a
    caller gathering all of a request's problems before refusing it)."""
    rule, problems = check_rule(text)
    if rule is None:
        return None, FieldViolation(field, "; ".join(problem.message for problem in problems))
    return rule, None


def check_rule(text: str) -> tuple[RecurrenceRule | None, tuple[RuleProblem, ...]]:
    """The parsed rule and no problems, or None and one problem per wrong part."""
    whole = text_problem(text)
    if whole is not None:
        return None, (RuleProblem("", whole),)
    raw, problems = _split(_body(text))
    values = _Values(raw, problems)
    freq = values.parse("FREQ", _frequency)
    interval = values.parse("INTERVAL", _bounded("INTERVAL", MAX_INTERVAL))
    count = values.parse("COUNT", _bounded("COUNT", MAX_COUNT))
    until = values.parse("UNTIL", _until)
    numbers = {part: values.parse(part, _numbers(part)) for part in _NUMERIC_PARTS}
    by_day = values.parse("BYDAY", _weekdays)
    week_start = values.parse("WKST", _week_start)
    if "FREQ" not in raw:
        problems.append(RuleProblem("FREQ", "FREQ is required"))
    if "COUNT" in raw and "UNTIL" in raw:
        problems.append(
            RuleProblem("UNTIL", "COUNT and UNTIL cannot both be given (RFC 5545 §3.3.10)")
        )
    if freq is not None and values.all_parsed:
        rule = RecurrenceRule(
            text=_canonical(raw, numbers, by_day, freq, until),
            freq=freq,
            interval=interval or 1,
            count=count,
            until=until,
            by_month=numbers["BYMONTH"] or (),
            by_week_no=numbers["BYWEEKNO"] or (),
            by_year_day=numbers["BYYEARDAY"] or (),
            by_month_day=numbers["BYMONTHDAY"] or (),
            by_day=by_day or (),
            by_set_pos=numbers["BYSETPOS"] or (),
            week_start=week_start,
        )
        problems.extend(_combination_problems(rule))
        if not problems:
            return rule, ()
    return None, tuple(_in_part_order(problems))


def text_problem(text: str) -> str | None:
    """What is wrong with the text as a whole, before its parts are read: nothing in
    it, or too long."""
    if not _body(text):
        return "is required"
    if len(text) > MAX_RULE_LENGTH:
        return f"must be at most {MAX_RULE_LENGTH} characters long"
    return None


def _body(text: str) -> str:
    body = text.strip()
    return body[6:].strip() if body[:6].upper() == "RRULE:" else body


class _Values:
    """Parses each given part once, recording a problem for the ones that are wrong."""

    def __init__(self, raw: dict[str, str], problems: list[RuleProblem]) -> None:
        self._raw = raw
        self._problems = problems
        self.all_parsed = not problems

    def parse(self, part: str, parser: Callable[[str], _T | str]) -> _T | None:
        if part not in self._raw:
            return None
        value = self._raw[part]
        parsed = parser(value) if value else f"{part}= needs a value"
        if isinstance(parsed, str):
            self._problems.append(RuleProblem(part, parsed))
            self.all_parsed = False
            return None
        return parsed


def _split(body: str) -> tuple[dict[str, str], list[RuleProblem]]:
    raw: dict[str, str] = {}
    problems: list[RuleProblem] = []
    for segment in body.split(";"):
        segment = segment.strip()
        if not segment:
            continue  # "FREQ=DAILY;" — a trailing or doubled separator is harmless
        name, equals, value = segment.partition("=")
        name, value = name.strip().upper(), value.strip().upper()
        if not equals or not name:
            problems.append(RuleProblem(name, f"{segment}: a part must be NAME=VALUE"))
        elif name in _TIME_PARTS:
            problems.append(
                RuleProblem(
                    name,
                    f"{name}={value}: planned dates are days; times of day "
                    "(BYHOUR, BYMINUTE, BYSECOND) are not supported",
                )
            )
        elif name not in PART_ORDER:
            problems.append(RuleProblem(name, f"unknown part {name}"))
        elif name in raw:
            problems.append(RuleProblem(name, f"{name} given twice"))
        else:
            raw[name] = value
    return raw, problems


def _frequency(value: str) -> Frequency | str:
    if value in Frequency.__members__:
        return Frequency[value]
    if value in _TIME_FREQUENCIES:
        return f"FREQ={value}: planned dates are days; FREQ must be {_FREQUENCY_LIST}"
    return f"FREQ={value}: unknown frequency; FREQ must be {_FREQUENCY_LIST}"


def _bounded(part: str, highest: int) -> Callable[[str], int | str]:
    def parse(value: str) -> int | str:
        if not _DIGITS.fullmatch(value) or int(value) < 1:
            return f"{part}={value}: must be a positive integer"
        if int(value) > highest:
            return f"{part}={value}: must be at most {highest}"
        return int(value)

    return parse


def _until(value: str) -> date | str:
    match = _UNTIL.fullmatch(value)
    if match is None:
        return f"UNTIL={value}: must be a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS[Z]"
    year, month, day = (int(group) for group in match.groups())
    try:
        return date(year, month, day)
    except ValueError:
        return f"UNTIL={value}: {match[1]}{match[2]}{match[3]} is not a calendar date"


def _numbers(part: str) -> Callable[[str], tuple[int, ...] | str]:
    highest, signed, meaning = _NUMERIC_PARTS[part]

    def valid(item: str) -> bool:
        if not _NUMBER.fullmatch(item):
            return False
        number = int(item)
        return 1 <= abs(number) <= highest and (signed or number > 0)

    def parse(value: str) -> tuple[int, ...] | str:
        items = value.split(",")
        wrong = [item for item in items if not valid(item)]
        if wrong:
            return f"{part}={','.join(wrong)}: {meaning}"
        return _sorted_unique(int(item) for item in items)

    return parse


def _sorted_unique(numbers: Iterable[int]) -> tuple[int, ...]:
    # Positives first, in order, then negatives from the farthest from the end to the
    # last (1, 15, -2, -1): the order a reader expects ("the 1st, 15th and last day").
    return tuple(sorted(set(numbers), key=lambda n: n if n > 0 else 1000 + n))


def _weekdays(value: str) -> tuple[WeekdayRef, ...] | str:
    refs: list[WeekdayRef] = []
    wrong: list[str] = []
    for item in value.split(","):
        match = _WEEKDAY_ITEM.fullmatch(item)
        if match is None:
            wrong.append(
                f"BYDAY={item}: expected a weekday ({_WEEKDAY_LIST}) with an optional "
                "ordinal such as 1MO or -1FR"
            )
        elif match[2] not in WEEKDAY_CODES:
            wrong.append(f"BYDAY={item}: unknown weekday {match[2]} ({_WEEKDAY_LIST})")
        elif match[1] is not None and not 1 <= abs(int(match[1])) <= 53:
            wrong.append(f"BYDAY={item}: the ordinal must be 1 to 53 or -53 to -1")
        else:
            ordinal = None if match[1] is None else int(match[1])
            refs.append(WeekdayRef(WEEKDAY_CODES.index(match[2]), ordinal))
    if wrong:
        return "; ".join(wrong)
    return tuple(sorted(set(refs), key=_weekday_order))


def _weekday_order(ref: WeekdayRef) -> tuple[int, int]:
    ordinal = 0 if ref.ordinal is None else ref.ordinal
    return (ordinal if ordinal >= 0 else 1000 + ordinal, ref.weekday)


def _week_start(value: str) -> int | str:
    if value not in WEEKDAY_CODES:
        return f"WKST={value}: unknown weekday {value} ({_WEEKDAY_LIST})"
    return WEEKDAY_CODES.index(value)


def _canonical(
    raw: dict[str, str],
    numbers: dict[str, tuple[int, ...] | None],
    by_day: tuple[WeekdayRef, ...] | None,
    freq: Frequency,
    until: date | None,
) -> str:
    rendered = dict(raw)
    rendered["FREQ"] = freq.value
    for part, values in numbers.items():
        if values:
            rendered[part] = ",".join(str(n) for n in values)
    if by_day:
        rendered["BYDAY"] = ",".join(ref.text for ref in by_day)
    if until is not None:
        rendered["UNTIL"] = until.strftime("%Y%m%d")  # planned dates are days
    for part in ("INTERVAL", "COUNT"):
        if part in rendered:
            rendered[part] = str(int(rendered[part]))
    return ";".join(f"{part}={rendered[part]}" for part in PART_ORDER if part in rendered)


def _combination_problems(rule: RecurrenceRule) -> list[RuleProblem]:
    """What RFC 5545 §3.3.10 forbids across parts, and filters that can never meet."""
    freq = rule.freq.value
    problems: list[RuleProblem] = []
    if rule.by_week_no and rule.freq is not Frequency.YEARLY:
        problems.append(
            RuleProblem("BYWEEKNO", "BYWEEKNO is only allowed with FREQ=YEARLY (RFC 5545 §3.3.10)")
        )
    if rule.by_year_day and rule.freq is not Frequency.YEARLY:
        problems.append(
            RuleProblem(
                "BYYEARDAY", f"BYYEARDAY is not allowed with FREQ={freq} (RFC 5545 §3.3.10)"
            )
        )
    if rule.by_month_day and rule.freq is Frequency.WEEKLY:
        problems.append(
            RuleProblem(
                "BYMONTHDAY", "BYMONTHDAY is not allowed with FREQ=WEEKLY (RFC 5545 §3.3.10)"
            )
        )
    problems.extend(_ordinal_problems(rule))
    problems.extend(_set_position_problems(rule))
    problems.extend(_empty_filter_problems(rule))
    return problems


def _ordinal_problems(rule: RecurrenceRule) -> Iterable[RuleProblem]:
    ordinals = [ref for ref in rule.by_day if ref.ordinal is not None]
    if not ordinals:
        return
    listed = ",".join(ref.text for ref in ordinals)
    if rule.freq not in (Frequency.MONTHLY, Frequency.YEARLY):
        yield RuleProblem(
            "BYDAY",
            f"BYDAY={listed}: an ordinal weekday is only allowed with FREQ=MONTHLY or YEARLY",
        )
    elif rule.by_week_no:
        yield RuleProblem(
            "BYDAY",
            f"BYDAY={listed}: an ordinal weekday cannot be combined with BYWEEKNO "
            "(RFC 5545 §3.3.10)",
        )
    elif rule.freq is Frequency.MONTHLY or rule.by_month:
        too_far = ",".join(ref.text for ref in ordinals if abs(ref.ordinal or 0) > 5)
        if too_far:
            yield RuleProblem(
                "BYDAY",
                f"BYDAY={too_far}: a month has at most 5 of each weekday, so the ordinal "
                "must be 1 to 5 or -5 to -1",
            )


def _set_position_problems(rule: RecurrenceRule) -> Iterable[RuleProblem]:
    if not rule.by_set_pos:
        return
    if not any(getattr(rule, _field(part)) for part in _BY_PARTS):
        yield RuleProblem(
            "BYSETPOS", "BYSETPOS needs another BYxxx part to select from (RFC 5545 §3.3.10)"
        )
        return
    if rule.freq is Frequency.DAILY:
        size, why = 1, "with FREQ=DAILY each day is a set of one date"
    elif rule.freq is Frequency.WEEKLY:
        size = len({ref.weekday for ref in rule.by_day}) or 1
        listed = ",".join(ref.text for ref in rule.by_day)
        days = f"BYDAY={listed}" if listed else "the start's weekday"
        dates = "date" if size == 1 else "dates"
        why = f"with FREQ=WEEKLY and {days} a week has at most {size} {dates}"
    else:
        return  # a month or a year of dates: how many depends on the calendar
    beyond = [position for position in rule.by_set_pos if abs(position) > size]
    if beyond:
        allowed = "1 or -1" if size == 1 else f"positions 1 to {size} or -{size} to -1"
        yield RuleProblem(
            "BYSETPOS", f"BYSETPOS={_listed(beyond)}: {why}, so only {allowed} can match"
        )


def _field(part: str) -> str:
    return {
        "BYMONTH": "by_month",
        "BYWEEKNO": "by_week_no",
        "BYYEARDAY": "by_year_day",
        "BYMONTHDAY": "by_month_day",
        "BYDAY": "by_day",
    }[part]


def _empty_filter_problems(rule: RecurrenceRule) -> Iterable[RuleProblem]:
    """BYMONTH, BYYEARDAY and BYMONTHDAY together must leave some day of a common or a
    leap year (weekdays aside: every date falls on every weekday some year)."""
    given = [part for part in ("BYMONTH", "BYYEARDAY", "BYMONTHDAY") if _values(rule, part)]
    if len(given) < 2 or rule.freq is Frequency.WEEKLY:
        return
    if any(_day_matches(rule, day) for day in _two_years()):
        return
    part = "BYYEARDAY" if rule.by_year_day else "BYMONTHDAY"
    others = " and ".join(f"{p}={_listed(_values(rule, p))}" for p in given if p != part)
    yield RuleProblem(
        part,
        f"{part}={_listed(_values(rule, part))}: no such day in {others}, so the rule has no dates",
    )


def _values(rule: RecurrenceRule, part: str) -> tuple[int, ...]:
    values: tuple[int, ...] = getattr(rule, _field(part))
    return values


def _two_years() -> Iterable[date]:
    first = date(2023, 1, 1)  # a common year then a leap year
    return (first + timedelta(days=offset) for offset in range(365 + 366))


def _day_matches(rule: RecurrenceRule, day: date) -> bool:
    month_length = calendar.monthrange(day.year, day.month)[1]
    year_length = 366 if calendar.isleap(day.year) else 365
    year_day = day.timetuple().tm_yday
    return (
        (not rule.by_month or day.month in rule.by_month)
        and (
            not rule.by_month_day
            or day.day in rule.by_month_day
            or day.day - month_length - 1 in rule.by_month_day
        )
        and (
            not rule.by_year_day
            or year_day in rule.by_year_day
            or year_day - year_length - 1 in rule.by_year_day
        )
    )


def _listed(values: Sequence[int]) -> str:
    return ",".join(str(value) for value in values)


def _in_part_order(problems: list[RuleProblem]) -> list[RuleProblem]:
    def position(problem: RuleProblem) -> int:
        return PART_ORDER.index(problem.part) if problem.part in PART_ORDER else -1

    return sorted(problems, key=position)
