"""A parsed recurrence rule (the date-level subset of RFC 5545 §3.3.10) and its
vocabulary. Pure data: parsing lives in `parsing`, dates in `expansion`, English in
`describe`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

#: Instances one call returns at most, whatever the caller asks for.
MAX_INSTANCES = 1000

#: The longest rule text accepted (the API's `rule` field).
MAX_RULE_LENGTH = 500

#: Weekday codes in `date.weekday()` order (Monday = 0), as RFC 5545 spells them.
WEEKDAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


class Frequency(enum.Enum):
    """The frequencies a day-level rule may have (RFC 5545's HOURLY, MINUTELY and
    SECONDLY need times of day, which planned dates do not have)."""

    DAILY = "DAILY"
    WEEKLY = "WEEKLY"
    MONTHLY = "MONTHLY"
    YEARLY = "YEARLY"


@dataclass(frozen=True, slots=True)
class WeekdayRef:
    """One BYDAY value: a weekday (0 = Monday) and, optionally, which one of the
    month or year it is (1 = first, -1 = last)."""

    weekday: int
    ordinal: int | None = None

    @property
    def text(self) -> str:
        code = WEEKDAY_CODES[self.weekday]
        return code if self.ordinal is None else f"{self.ordinal}{code}"


@dataclass(frozen=True, slots=True)
class RecurrenceRule:
    """A valid rule: `text` is its canonical RRULE (upper case, no "RRULE:" prefix,
    parts in a fixed order, values sorted and without duplicates); the other fields
    are the parsed parts (an empty tuple or None when a part is not given)."""

    text: str
    freq: Frequency
    interval: int = 1
    count: int | None = None
    until: date | None = None
    by_month: tuple[int, ...] = ()
    by_week_no: tuple[int, ...] = ()
    by_year_day: tuple[int, ...] = ()
    by_month_day: tuple[int, ...] = ()
    by_day: tuple[WeekdayRef, ...] = ()
    by_set_pos: tuple[int, ...] = ()
    #: WKST as a weekday number (0 = Monday), None when not given (Monday).
    week_start: int | None = None


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """One wrong part of a rule: the part's name (FREQ, BYDAY…; the whole rule when
    it names none) and a message that says which value is wrong and why."""

    part: str
    message: str
