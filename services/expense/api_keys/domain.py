"""API keys: their format, how they are stored, and who may be named on one. Pure.

A key is "fpk_" + 43 URL-safe characters (32 random bytes). Only its SHA-256 is stored.
A fast, unsalted hash is right here, unlike for passwords: the secret has 256 bits of
entropy, so there is nothing to brute-force or precompute, and a deterministic hash lets
authentication find the key with one indexed lookup instead of scanning slow hashes.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from services.runtime.errors import FieldViolation, raise_if_any

KEY_PREFIX = "fpk_"
# "fpk_" + 8 secret characters: enough to tell keys apart in logs and listings, far too
# little to help guess the other 35.
DISPLAY_PREFIX_LENGTH = len(KEY_PREFIX) + 8
MAX_NAME = 100
MAX_ROLES = 20
_ROLE = re.compile(r"^[a-z][a-z0-9_.:-]{0,63}$")
# last_used_at is for operators ("is this key still in use?"): minute precision is
# plenty, and it spares a write on every authenticated request.
LAST_USED_RESOLUTION = timedelta(minutes=1)


@dataclass(frozen=True)
class ApiKey:
    id: uuid.UUID
    name: str
    prefix: str
    roles: tuple[str, ...]
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@dataclass(frozen=True)
class IssuedApiKey:
    """A freshly created key and its secret: the only time the secret exists in clear."""

    key: ApiKey
    secret: str


@dataclass(frozen=True)
class NewKeyInput:
    name: str
    roles: tuple[str, ...]


def generate_secret() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def display_prefix(secret: str) -> str:
    return secret[:DISPLAY_PREFIX_LENGTH]


def looks_like_key(credential: str) -> bool:
    return credential.startswith(KEY_PREFIX)


def needs_touch(last_used_at: datetime | None, now: datetime) -> bool:
    """Whether to record a use now (at most once per LAST_USED_RESOLUTION per key)."""
    return last_used_at is None or now - last_used_at >= LAST_USED_RESOLUTION


def validate_new_key(name: str, roles: Sequence[str]) -> NewKeyInput:
    violations: list[FieldViolation] = []
    clean_name = name.strip()
    if not clean_name:
        violations.append(FieldViolation("name", "is required"))
    elif len(clean_name) > MAX_NAME:
        violations.append(FieldViolation("name", f"must be at most {MAX_NAME} characters"))
    clean_roles = tuple(sorted({r.strip() for r in roles}))
    if len(clean_roles) > MAX_ROLES:
        violations.append(FieldViolation("roles", f"must have at most {MAX_ROLES} entries"))
    for role in clean_roles:
        if not _ROLE.match(role):
            violations.append(
                FieldViolation(
                    "roles",
                    f"{role!r} is not a role: lower case letters, digits and _.:- "
                    "(at most 64, starting with a letter)",
                )
            )
    raise_if_any(violations)
    return NewKeyInput(name=clean_name, roles=clean_roles)
