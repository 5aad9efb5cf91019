"""The password policy (OWASP ASVS 5.0, V6 authentication; NIST SP 800-63B §3.1.1.2).

Length is what makes a password strong, so the only rules are a length range, a check
against passwords attackers try first, and a check that the password does not contain the
account's own identifiers. No composition rules ("one digit, one symbol"): they push
people to predictable patterns such as "Password1!" and ASVS forbids them. Nothing is
ever truncated: the whole password is hashed.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from services.main.kernel.hashing import normalise
from services.runtime.errors import InvalidArgument

MIN_LENGTH = 8
# ASVS requires at least 64 to be accepted; the ceiling bounds the argon2 input so a
# megabyte "password" cannot be used to burn CPU.
MAX_LENGTH = 128
# Shorter fragments of a name ("Al", "Li") would match too many unrelated passwords.
MIN_IDENTIFIER_PART = 3

_PACKAGE = __name__.rpartition(".")[0]
_DATA_FILE = "common-passwords.txt"
_NAME_PARTS = re.compile(r"[\W_]+")


@cache
def _common_passwords() -> frozenset[str]:
    # Loaded on first use only, then kept: 10,000 short strings are ~1 MB.
    text = resources.files(_PACKAGE).joinpath("data", _DATA_FILE).read_text("utf-8")
    return frozenset(
        line.strip().casefold()
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


def is_common(password: str) -> bool:
    """Whether the password is in the shipped list of most-used passwords (any case)."""
    return normalise(password).casefold() in _common_passwords()


def password_problems(
    password: str, *, username: str = "", email: str = "", full_name: str = ""
) -> list[str]:
    """Why the password is not acceptable, most important first; empty when it is fine."""
    candidate = normalise(password)
    problems: list[str] = []
    if len(candidate) < MIN_LENGTH:
        problems.append(f"must be at least {MIN_LENGTH} characters long")
    if len(candidate) > MAX_LENGTH:
        problems.append(f"must be at most {MAX_LENGTH} characters long")
    if is_common(candidate):
        problems.append("is too common; choose a less guessable password")
    folded = candidate.casefold()
    if _contains(folded, username):
        problems.append("must not contain your username")
    if _contains(folded, email.rpartition("@")[0] if "@" in email else email):
        problems.append("must not contain your email address")
    if any(_contains(folded, part) for part in _NAME_PARTS.split(full_name)):
        problems.append("must not contain your name")
    return problems


def validate_password(
    password: str,
    *,
    username: str = "",
    email: str = "",
    full_name: str = "",
    field: str = "password",
) -> None:
    """Raise InvalidArgument on `field` with the first problem of the password, if any."""
    problems = password_problems(password, username=username, email=email, full_name=full_name)
    if problems:
        raise InvalidArgument.for_field(field, problems[0])


def _contains(folded_password: str, identifier: str) -> bool:
    part = normalise(identifier).strip().casefold()
    return len(part) >= MIN_IDENTIFIER_PART and part in folded_password
