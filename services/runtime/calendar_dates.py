"""Calendar days from a request's google.type.Date parts (pure: domains may import it).

The edge refuses impossible dates already; backends check again (zero trust), with one
wording for every service."""

from __future__ import annotations

from datetime import date

from services.runtime.errors import FieldViolation

# google.type.Date as plain numbers: (year, month, day).
DateParts = tuple[int, int, int]

BAD_DATE = "is not a valid calendar date"


def to_date(parts: DateParts) -> date | None:
    """The calendar day of (year, month, day); None for 2026-02-30, month 13, year 0…"""
    try:
        return date(*parts)
    except ValueError:
        return None


def checked_date(
    parts: DateParts | None, field: str, violations: list[FieldViolation]
) -> date | None:
    """The day of an optional date field (None when unset); an impossible one is a
    violation naming `field`."""
    if parts is None:
        return None
    day = to_date(parts)
    if day is None:
        violations.append(FieldViolation(field, BAD_DATE))
    return day
