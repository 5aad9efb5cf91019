"""Trusted devices: a login from a trusted, unexpired device fingerprint skips MFA.

Pure: the device as the rest of the backend sees it, and the rules for registering one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.runtime import visible_text as text
from services.runtime.errors import FieldViolation, InvalidArgument
from services.runtime.visible_text import has_hidden_characters

DEFAULT_TRUSTED_DAYS: Final = 30
MAX_TRUSTED_DAYS: Final = 90
MIN_FINGERPRINT: Final = 8
MAX_FINGERPRINT: Final = 256
MAX_NICKNAME: Final = 100


@dataclass(frozen=True)
class TrustedDevice:
    fingerprint_hash: str
    nickname: str
    created_at: datetime  # when trusted, or last renewed
    expires_at: datetime
    last_used_at: datetime | None  # the last login that skipped MFA with it


def validate_registration(
    fingerprint_hash: str, nickname: str, trusted_days: int | None
) -> tuple[str, str, int]:
    """(fingerprint, trimmed nickname, days of trust), or InvalidArgument naming every
    bad field at once."""
    violations: list[FieldViolation] = []
    fingerprint_problem = _fingerprint_problem(fingerprint_hash)
    if fingerprint_problem is not None:
        violations.append(FieldViolation("fingerprint_hash", fingerprint_problem))
    name = nickname.strip()
    nickname_problem = _nickname_problem(name)
    if nickname_problem is not None:
        violations.append(FieldViolation("nickname", nickname_problem))
    days = DEFAULT_TRUSTED_DAYS if trusted_days is None else trusted_days
    if not 1 <= days <= MAX_TRUSTED_DAYS:
        violations.append(
            FieldViolation("trusted_days", f"must be between 1 and {MAX_TRUSTED_DAYS}")
        )
    if violations:
        summary = "; ".join(f"{v.field}: {v.description}" for v in violations)
        raise InvalidArgument(f"invalid request: {summary}", violations=violations)
    return fingerprint_hash, name, days


def validate_fingerprint(value: str) -> str:
    """The fingerprint of a revoke request, or InvalidArgument (a malformed one can never
    have been registered, and must not reach the database: PostgreSQL refuses NUL)."""
    problem = _fingerprint_problem(value)
    if problem is not None:
        raise InvalidArgument.for_field("fingerprint_hash", problem)
    return value


def is_fingerprint(value: str) -> bool:
    """Whether `value` has a registrable fingerprint's form (for callers that just answer
    "not trusted" to anything else, such as the login flow)."""
    return _fingerprint_problem(value) is None


def _fingerprint_problem(value: str) -> str | None:
    if not value:
        return "is required"
    if not MIN_FINGERPRINT <= len(value) <= MAX_FINGERPRINT:
        return f"must be {MIN_FINGERPRINT}-{MAX_FINGERPRINT} characters"
    # A client-computed hash (hex, base64…): anything else is a client bug, and refusing
    # it keeps invisible or look-alike characters out of a security-relevant key.
    if not all("\x21" <= c <= "\x7e" for c in value):
        return "must contain only printable ASCII characters without spaces"
    return None


def _nickname_problem(value: str) -> str | None:
    if len(value) > MAX_NICKNAME:
        return f"must be at most {MAX_NICKNAME} characters"
    # A nickname is shown in security screens, where one could pass for another device.
    if has_hidden_characters(value):
        return text.PROBLEM
    return None
