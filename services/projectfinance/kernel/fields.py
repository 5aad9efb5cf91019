"""Checks of what clients send that several project-finance capabilities share: an
entity's name and description, its position (sequence) and a percent typed as decimal
text. Each adds
its problem to a list so that one answer names every bad field; free-text rules and
their wording are the platform's (services.runtime.text_fields)."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation
from services.runtime.text_fields import REQUIRED, checked_text

MAX_NAME: Final = 200
MAX_DESCRIPTION: Final = 2000
MIN_SEQUENCE: Final = 1
MAX_SEQUENCE: Final = 10_000
HUNDRED: Final = Decimal(100)
PERCENT_PLACES: Final = 2


def checked_name(value: str, field: str, problems: list[FieldViolation]) -> str:
    """A name trimmed: not blank, at most MAX_NAME characters, nothing hidden."""
    return checked_text(value, field, MAX_NAME, problems, required=True)


def checked_description(value: str, field: str, problems: list[FieldViolation]) -> str:
    """A description trimmed, at most MAX_DESCRIPTION characters; several lines (and
    whatever else people paste into one) allowed."""
    return checked_text(value, field, MAX_DESCRIPTION, problems, visible=False)


def checked_sequence(value: int | None, field: str, problems: list[FieldViolation]) -> int:
    """A position from MIN_SEQUENCE to MAX_SEQUENCE. A missing sequence is never taken
    for 0: the request carries its presence (0 is returned only beside a problem)."""
    if value is None:
        problems.append(FieldViolation(field, REQUIRED))
        return 0
    if not MIN_SEQUENCE <= value <= MAX_SEQUENCE:
        problems.append(
            FieldViolation(field, f"{value} must be between {MIN_SEQUENCE} and {MAX_SEQUENCE}")
        )
    return value


def checked_percent(text: str, field: str, problems: list[FieldViolation]) -> Decimal:
    """A percent from its decimal text: 0-100 with at most PERCENT_PLACES places. Empty
    text is a missing value (400), never 0 (0 is returned only beside a problem)."""
    if not text:
        problems.append(FieldViolation(field, REQUIRED))
        return Decimal(0)
    if not DECIMAL_TEXT.match(text):
        problems.append(FieldViolation(field, f"{text!r} is not a decimal number"))
        return Decimal(0)
    value = Decimal(text)
    if not 0 <= value <= HUNDRED:
        problems.append(FieldViolation(field, f"{text} must be between 0 and 100"))
    elif -int(value.normalize().as_tuple().exponent) > PERCENT_PLACES:
        problems.append(
            FieldViolation(field, f"{text} has more than {PERCENT_PLACES} decimal places")
        )
    return value
