"""Request fields the analytics capabilities check alike (pure): money and other
decimals, names, free text, ids named in a body, and the days a plan may carry.

Each check appends a FieldViolation naming its field and returns None when the value is
bad, so that a request's problems are all reported at once (raise_if_any). Wordings are
part of the API: clients and the end-to-end tests match on them. Where capabilities
were published with different words for the same problem, the caller passes its own
(`example`, `out_of_range`, `blank`, `too_long`); the defaults are the common wording.
"""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Final

from services.runtime import visible_text
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation, InvalidArgument

CENTS: Final = Decimal("0.01")
# What the protos declare for an amount, and what NUMERIC(18, 2) holds with room for sums.
MAX_AMOUNT: Final = Decimal("99999999999.99")
MAX_NAME: Final = 200
MAX_DESCRIPTION: Final = 1000
# The days a plan (a budget, a goal, a planned expense) may carry: a plan is for a human
# lifetime, so dates outside these are typos, and everything computed from them (periods,
# a century of months, reminders, a series' next dates) stays far inside the calendar.
FIRST_DAY: Final = date(1900, 1, 1)
LAST_DAY: Final = date(2999, 12, 31)
# `too_long` of the text checks: formatted with the field's `limit`.
TOO_LONG: Final = "must be at most {limit} characters"


# -- decimals and money --------------------------------------------------------------------


def parse_decimal(
    raw: str, field: str, problems: list[FieldViolation], *, example: str
) -> Decimal | None:
    """`raw` trimmed, as a Decimal when it is the wire's decimal grammar
    (services.runtime.decimal_text: no "NaN", no "1_000"); never through float. A blank
    value is refused like any other non-decimal."""
    text = raw.strip()
    if DECIMAL_TEXT.match(text) is None:
        problems.append(FieldViolation(field, f"must be a decimal string such as {example}"))
        return None
    return Decimal(text)


def required_decimal(
    raw: str | None, field: str, problems: list[FieldViolation], *, example: str
) -> Decimal | None:
    """`parse_decimal` of a field that must be sent: absent or blank "is required"."""
    if raw is None or not raw.strip():
        problems.append(FieldViolation(field, "is required"))
        return None
    return parse_decimal(raw, field, problems, example=example)


def at_most_places(
    value: Decimal, places: int, field: str, problems: list[FieldViolation]
) -> Decimal | None:
    """`value` at exactly `places` places when it has no more than that by value
    ("1.50000" is fine); + 0 so that "-0" comes back as 0."""
    fixed = value.quantize(Decimal(1).scaleb(-places))
    if fixed != value:
        problems.append(FieldViolation(field, f"must have at most {places} decimal places"))
        return None
    return fixed + 0


def money_value(
    value: Decimal,
    field: str,
    problems: list[FieldViolation],
    *,
    positive: bool = True,
    out_of_range: str | None = None,
) -> Decimal | None:
    """An amount of money: above 0 (`positive`) or at least 0, at most MAX_AMOUNT, at
    most 2 places by value. `out_of_range`: one wording for both ends of the range
    instead of naming the end the value is past."""
    # Compared before quantizing: "1e999999999" must not reach the context's limits.
    too_low = value <= 0 if positive else value < 0
    if too_low or value > MAX_AMOUNT:
        if out_of_range is None:
            low = "must be greater than 0" if positive else "must be 0 or more"
            out_of_range = low if too_low else f"must be at most {MAX_AMOUNT}"
        problems.append(FieldViolation(field, out_of_range))
        return None
    return at_most_places(value, 2, field, problems)


def parse_money(
    raw: str | None,
    field: str,
    problems: list[FieldViolation],
    *,
    positive: bool = True,
    example: str = "250.00",
    out_of_range: str | None = None,
) -> Decimal | None:
    """A required amount of money sent as a decimal string ("5.10" and "5.1000" alike):
    `required_decimal`, then `money_value`."""
    value = required_decimal(raw, field, problems, example=example)
    if value is None:
        return None
    return money_value(value, field, problems, positive=positive, out_of_range=out_of_range)


# -- text ------------------------------------------------------------------------------------


def name(
    raw: str | None,
    problems: list[FieldViolation],
    *,
    field: str = "name",
    limit: int = MAX_NAME,
    blank: str = "is required",
    too_long: str = TOO_LONG,
    collapse_spaces: bool = False,
) -> str | None:
    """A name shown to people, trimmed: not blank, at most `limit` characters, without
    control or invisible formatting characters (services.runtime.visible_text: they could
    forge lines or make one name pass for another). `collapse_spaces`: every run of white
    space inside it becomes one space too (the capabilities whose names are compared)."""
    text = " ".join((raw or "").split()) if collapse_spaces else (raw or "").strip()
    if not text:
        problems.append(FieldViolation(field, blank))
    elif len(text) > limit:
        problems.append(FieldViolation(field, too_long.format(limit=limit)))
    elif visible_text.has_hidden_characters(text):
        problems.append(FieldViolation(field, visible_text.PROBLEM))
    else:
        return text
    return None


def free_text(
    raw: str | None,
    field: str,
    problems: list[FieldViolation],
    *,
    limit: int = MAX_DESCRIPTION,
    too_long: str = TOO_LONG,
) -> str | None:
    """A description or note, trimmed; None when absent or blank (an update's way to
    remove it). Line breaks are fine; NUL is refused here because PostgreSQL text cannot
    hold it (the write would fail with a 500)."""
    if raw is None:
        return None
    text = raw.strip()
    if len(text) > limit:
        problems.append(FieldViolation(field, too_long.format(limit=limit)))
    elif "\x00" in text:
        problems.append(FieldViolation(field, "must not contain NUL characters"))
    else:
        return text or None
    return None


# -- ids and days ----------------------------------------------------------------------------


def uuid_field(
    raw: str | None, field: str, problems: list[FieldViolation], *, required: bool = False
) -> uuid.UUID | None:
    """An id a body names, as sent (parsed here, so that a malformed one is reported with
    the request's other problems). None when not sent; `required`: absent or empty "is
    required" (a plain proto3 string cannot be absent, only empty)."""
    if raw is None or (required and not raw):
        if required:
            problems.append(FieldViolation(field, "is required"))
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        problems.append(FieldViolation(field, "must be a UUID"))
        return None


def plan_day(
    parts: DateParts | None, field: str, problems: list[FieldViolation], *, required: bool = False
) -> date | None:
    """A day a plan carries: a calendar day from FIRST_DAY to LAST_DAY. None when not
    sent (`required`: "is required")."""
    if parts is None:
        if required:
            problems.append(FieldViolation(field, "is required"))
        return None
    day = checked_date(parts, field, problems)
    if day is not None and not FIRST_DAY <= day <= LAST_DAY:
        problems.append(
            FieldViolation(
                field, f"must be between {FIRST_DAY.isoformat()} and {LAST_DAY.isoformat()}"
            )
        )
        return None
    return day


def count_in(
    value: int | None, field: str, default: int, maximum: int, problems: list[FieldViolation]
) -> int:
    """A count sent as 1..maximum (`months`, `days`): a problem naming `field` otherwise;
    `default` when not sent."""
    if value is None:
        return default
    if not 1 <= value <= maximum:
        problems.append(FieldViolation(field, f"must be between 1 and {maximum}"))
    return value


def checked_count(value: int | None, field: str, default: int, maximum: int) -> int:
    """`count_in` for an input with no other field to check: InvalidArgument at once."""
    problems: list[FieldViolation] = []
    found = count_in(value, field, default, maximum, problems)
    if problems:
        raise InvalidArgument.for_field(problems[0].field, problems[0].description)
    return found
