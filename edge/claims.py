"""The `sub` a Bearer JWT claims, read WITHOUT verifying it.

Three edge layers key things on who a request claims to be before (or regardless of
whether) the token is verified: the rate limiter (the per-user level), the access log
(who the caller said they were, even on refused requests) and sticky sessions (which
replica). None of them decides access on it; each applies its own bounds to the value.

One decoder for all three, cached: the limiter and the access log read the same token
on every request, and a client sends the same token for many requests.
"""

from __future__ import annotations

import base64
import binascii
from functools import lru_cache
from typing import Any

import orjson

# base64 characters: a real access token's payload is far smaller.
MAX_PAYLOAD = 8192


def bearer_token(authorization: bytes) -> bytes | None:
    """The credential of a `Bearer` Authorization value (any case), else None."""
    scheme, _, token = authorization.strip().partition(b" ")
    token = token.strip()
    return token if scheme.lower() == b"bearer" and token else None


@lru_cache(maxsize=4096)
def claimed_subject(token: bytes) -> str | None:
    """The `sub` string of a compact JWT, unverified; None for anything else (an API key,
    malformed base64 or JSON, no or a non-string `sub`, an oversized payload)."""
    parts = token.split(b".")
    if len(parts) != 3 or len(parts[1]) > MAX_PAYLOAD:
        return None
    payload = parts[1] + b"=" * (-len(parts[1]) % 4)
    try:
        claims: Any = orjson.loads(base64.urlsafe_b64decode(payload))
    except (ValueError, binascii.Error):  # orjson.JSONDecodeError is a ValueError
        return None
    subject = claims.get("sub") if isinstance(claims, dict) else None
    return subject if isinstance(subject, str) and subject else None
