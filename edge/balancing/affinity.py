"""Sticky-session keys: which string a request's instance is hashed on.

"user": the Bearer JWT's `sub` (decoded WITHOUT verification — it only chooses a replica;
the token is verified by the edge and the backend like any other), or a hash of an
opaque credential (API key). "cookie": the `finplat_affinity` cookie, minted by the edge
on the first response that lacks it.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from edge.claims import claimed_subject

AFFINITY_COOKIE = "finplat_affinity"
_COOKIE_VALUE = re.compile(r"[A-Za-z0-9_-]{16,64}")
# Not a credential (it only picks a replica), so readable by the path it is set on and
# sent on every request of the site; HttpOnly because scripts have no use for it.
_COOKIE_ATTRIBUTES = "; Path=/; HttpOnly; SameSite=Lax"


def user_key(authorization: str) -> str | None:
    scheme, _, credential = authorization.strip().partition(" ")
    credential = credential.strip()
    if scheme.lower() != "bearer" or not credential:
        return None
    subject = claimed_subject(credential.encode("latin-1"))
    if subject is not None:
        return f"sub:{subject}"
    # An opaque credential (API key): its hash, so the secret never becomes a key in memory.
    return "key:" + hashlib.sha256(credential.encode()).hexdigest()[:32]


def cookie_key(cookie_header: str) -> str | None:
    """The affinity cookie's value when present and well-formed (anything else is ignored
    and replaced, never trusted as a hash input of unbounded size)."""
    for part in cookie_header.split(";"):
        name, _, value = part.strip().partition("=")
        if name == AFFINITY_COOKIE and _COOKIE_VALUE.fullmatch(value):
            return value
    return None


class Affinity:
    """Per request: the sticky key, and the Set-Cookie header to add (cookie mode, first visit)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def key(self, authorization: str, cookie_header: str) -> tuple[str | None, bytes | None]:
        if self.mode == "user":
            return user_key(authorization), None
        if self.mode == "cookie":
            value = cookie_key(cookie_header)
            if value is not None:
                return value, None
            value = secrets.token_urlsafe(18)
            return value, f"{AFFINITY_COOKIE}={value}{_COOKIE_ATTRIBUTES}".encode()
        return None, None
