"""Validation and canonical forms of the identity fields a person types at registration."""

from __future__ import annotations

import re
import unicodedata

from email_validator import EmailNotValidError, validate_email

from services.runtime import visible_text as text
from services.runtime.errors import InvalidArgument
from services.runtime.visible_text import has_hidden_characters

USERNAME_MIN, USERNAME_MAX = 3, 32
FULL_NAME_MAX = 100
_USERNAME = re.compile(r"[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?")


def normalise_email(raw: str) -> str:
    """The canonical form of an address, the one stored and compared for uniqueness.

    email-validator checks the syntax (RFC 5321/5322, internationalised addresses) and
    lower-cases the domain, which is case-insensitive by definition. The local part is
    lower-cased too: RFC 5321 lets a server treat "Alice" and "alice" as two mailboxes,
    but no real provider does, and two accounts differing only in case would be an
    impersonation and support trap. Deliverability (DNS) is not checked: it would make
    registration depend on the network and leak timing; the verification email is the
    real check.
    """
    try:
        valid = validate_email(raw.strip(), check_deliverability=False)
    except EmailNotValidError as error:
        raise InvalidArgument.for_field("email", str(error)) from None
    return f"{valid.local_part.lower()}@{valid.domain}"


def validate_username(raw: str) -> str:
    """The username, stored lower case so "Alice" and "alice" cannot both exist."""
    username = raw.strip()
    if not USERNAME_MIN <= len(username) <= USERNAME_MAX:
        raise InvalidArgument.for_field(
            "username", f"must be {USERNAME_MIN} to {USERNAME_MAX} characters long"
        )
    if not _USERNAME.fullmatch(username):
        raise InvalidArgument.for_field(
            "username",
            "may contain only letters a-z, digits, '.', '_' and '-', "
            "and must start and end with a letter or digit",
        )
    return username.lower()


def validate_full_name(raw: str) -> str:
    """The name as the person writes it (any script), trimmed and in NFC form."""
    name = unicodedata.normalize("NFC", raw.strip())
    if not 1 <= len(name) <= FULL_NAME_MAX:
        raise InvalidArgument.for_field(
            "full_name", f"must be 1 to {FULL_NAME_MAX} characters long"
        )
    # Printed into email bodies, logs and security screens: see services/runtime/visible_text.py.
    if has_hidden_characters(name):
        raise InvalidArgument.for_field("full_name", text.PROBLEM)
    return name
