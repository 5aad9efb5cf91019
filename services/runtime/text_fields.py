"""Checks of the free text on a tenant's records (names, descriptions, memos, notes,
roles, references): trimmed, bounded, and free of characters that could forge or hide
what is shown (services.runtime.visible_text). The messages are part of the APIs: every
family of every backend names the same problem the same way."""

from __future__ import annotations

from typing import Final

from services.runtime.errors import FieldViolation
from services.runtime.visible_text import has_hidden_characters

REQUIRED: Final = "is required"
HIDDEN: Final = "must not contain control characters"


def too_long(field: str, limit: int) -> FieldViolation:
    return FieldViolation(field, f"must be at most {limit} characters")


def checked_text(
    value: str,
    field: str,
    limit: int,
    problems: list[FieldViolation],
    *,
    required: bool = False,
    missing: str = REQUIRED,
    visible: bool = True,
) -> str:
    """`value` trimmed, its first problem (if any) added to `problems`: blank when
    `required` (reported as `missing`), longer than `limit`, or — when `visible` —
    holding hidden characters."""
    clean = value.strip()
    if required and not clean:
        problems.append(FieldViolation(field, missing))
    elif len(clean) > limit:
        problems.append(too_long(field, limit))
    elif visible and has_hidden_characters(clean):
        problems.append(FieldViolation(field, HIDDEN))
    return clean


def checked_multiline(
    value: str,
    field: str,
    limit: int,
    problems: list[FieldViolation],
    *,
    required: bool = False,
) -> str:
    """Like `checked_text` for text of several lines (an address, a memo, notes): each
    line trimmed; line breaks are its own, anything else invisible is refused."""
    lines = [line.strip() for line in value.strip().splitlines()]
    clean = "\n".join(lines)
    if required and not clean:
        problems.append(FieldViolation(field, REQUIRED))
    elif len(clean) > limit:
        problems.append(too_long(field, limit))
    elif any(has_hidden_characters(line) for line in lines):
        problems.append(FieldViolation(field, HIDDEN))
    return clean
