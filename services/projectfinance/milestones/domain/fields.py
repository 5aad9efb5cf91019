"""Checks of what a client sends for a milestone, each adding its problem to a list so
that one answer names every bad field."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Final

from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation
from services.runtime.visible_text import PROBLEM, has_hidden_characters

REQUIRED: Final = "is required"
MAX_NAME: Final = 200
MAX_DESCRIPTION: Final = 2000
MIN_SEQUENCE: Final = 1
MAX_SEQUENCE: Final = 10000
PERCENT_PLACES: Final = 2
HUNDRED: Final = Decimal(100)


def checked_name(value: str, field: str, problems: list[FieldViolation]) -> str:
    """A name trimmed: not blank, at most MAX_NAME characters, nothing hidden."""
    clean = value.strip()
    if not clean:
        problems.append(FieldViolation(field, REQUIRED))
    elif len(clean) > MAX_NAME:
        problems.append(FieldViolation(field, f"must be at most {MAX_NAME} characters"))
    elif has_hidden_characters(clean):
        problems.append(FieldViolation(field, PROBLEM))
    return clean


def checked_description(
    value: str | None, field: str, problems: list[FieldViolation]
) -> str | None:
    """A description trimmed (several lines allowed); empty or not sent: None."""
    if value is None:
        return None
    clean = value.strip()
    if len(clean) > MAX_DESCRIPTION:
        problems.append(FieldViolation(field, f"must be at most {MAX_DESCRIPTION} characters"))
    return clean or None


def checked_sequence(value: int | None, field: str, problems: list[FieldViolation]) -> int:
    # A missing sequence is never taken for 0: the request carries its presence.
    if value is None:
        problems.append(FieldViolation(field, REQUIRED))
        return 0
    if not MIN_SEQUENCE <= value <= MAX_SEQUENCE:
        problems.append(
            FieldViolation(field, f"{value} must be between {MIN_SEQUENCE} and {MAX_SEQUENCE}")
        )
    return value


def checked_percent(value: str, field: str, problems: list[FieldViolation]) -> Decimal:
    """A percent from its decimal text: 0-100 with at most two places. Empty text is a
    missing value (400), never 0."""
    if not value:
        problems.append(FieldViolation(field, REQUIRED))
        return Decimal(0)
    try:
        percent = Decimal(value) if DECIMAL_TEXT.match(value) else None
    except InvalidOperation:  # pragma: no cover - DECIMAL_TEXT admits only valid text
        percent = None
    if percent is None:
        problems.append(FieldViolation(field, f"{value!r} is not a decimal number"))
        return Decimal(0)
    if not 0 <= percent <= HUNDRED:
        problems.append(FieldViolation(field, f"{value} must be between 0 and 100"))
    elif -int(percent.normalize().as_tuple().exponent) > PERCENT_PLACES:
        problems.append(
            FieldViolation(field, f"{value} has more than {PERCENT_PLACES} decimal places")
        )
    return percent
