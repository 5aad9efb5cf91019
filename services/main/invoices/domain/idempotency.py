"""Idempotency keys of the invoice calls (create, issue, void), as Stripe's work: the
first call with a key is remembered with a fingerprint of its request; a repeat with
the same key and the same request answers the invoice of the first call and changes
nothing; the same key with another request (or operation) is refused (409
`idempotency_key_reused`). Keys are per tenant and kept as long as their invoice (a
deleted draft forgets its key). A call that fails leaves no key behind, so it can be
retried with the same key.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from typing import Any, Final

from services.runtime.errors import AlreadyExists, FieldViolation, raise_if_any

MAX_KEY: Final = 100
_KEY: Final = re.compile(r"[!-~]+\Z")
REUSED: Final = "IDEMPOTENCY_KEY_REUSED"

CREATE: Final = "create"
ISSUE: Final = "issue"
VOID: Final = "void"


@dataclass(frozen=True)
class Call:
    """A keyed call: its key, what it does, and the fingerprint of its request."""

    key: str
    operation: str
    fingerprint: str


@dataclass(frozen=True)
class Remembered:
    """A key as stored: the call it was first used for and the invoice it concerns."""

    operation: str
    fingerprint: str
    invoice_id: uuid.UUID


def checked_key(key: str) -> str | None:
    """The key of a call, None when it carries none; 400 naming a malformed one."""
    if key == "":
        return None
    if len(key) > MAX_KEY or not _KEY.match(key):
        raise_if_any(
            [
                FieldViolation(
                    "idempotency_key",
                    f"must be 1-{MAX_KEY} printable ASCII characters without spaces",
                )
            ]
        )
    return key


def call(key: str, operation: str, request: Any) -> Call | None:
    """The keyed call of `operation` with `request` (a dataclass or plain values), or
    None without a key. The fingerprint is a SHA-256 of the request's canonical JSON."""
    checked = checked_key(key)
    if checked is None:
        return None
    is_record = dataclasses.is_dataclass(request) and not isinstance(request, type)
    body = dataclasses.asdict(request) if is_record else request
    canonical = json.dumps([operation, body], sort_keys=True, default=str, ensure_ascii=False)
    return Call(checked, operation, hashlib.sha256(canonical.encode()).hexdigest())


def check_repeat(remembered: Remembered, repeat: Call) -> uuid.UUID:
    """The invoice of the first call when `repeat` is the same call; 409 otherwise."""
    if (remembered.operation, remembered.fingerprint) != (repeat.operation, repeat.fingerprint):
        raise AlreadyExists(
            f"idempotency_key: {repeat.key} was used with a different request "
            f"({remembered.operation} of invoice {remembered.invoice_id})",
            reason=REUSED,
        )
    return remembered.invoice_id
