"""The edge's access log: one JSON line per request on logger "edge.access".

Lines are formatted by the process's JSON handler (services/runtime/logging.py), every
field at the top level so log shippers index them.
"""

from __future__ import annotations

import logging
from typing import Any

from edge.claims import bearer_token, claimed_subject
from services.runtime.tokens.verifier import MAX_TOKEN_LENGTH

ACCESS_LOGGER = "edge.access"

access_log = logging.getLogger(ACCESS_LOGGER)


def unverified_subject(authorization: bytes) -> str | None:
    """The `sub` claim of a bearer JWT, read WITHOUT verifying it, or None.

    For the access log only: it says who the caller claimed to be, even on requests
    refused for a bad token, and must never be used to decide anything. API keys and
    anything that is not a JWT give None.
    """
    token = bearer_token(authorization)
    if token is None or len(token) > MAX_TOKEN_LENGTH:
        return None
    subject = claimed_subject(token)
    # Bounded: the value is attacker-chosen and ends up in log storage.
    return subject[:128] if subject is not None else None


def log_request(fields: dict[str, Any]) -> None:
    """Write one access line; `fields` become top-level JSON keys.

    The record is built directly rather than through `access_log.info(..., extra=...)`:
    this runs on every request, and the caller lookup (a stack walk) and the per-key
    `extra` checks are most of the logging module's own cost. Handlers, levels and
    filters apply as usual (`handle`), so the process's JSON handler writes the line.
    """
    record = logging.LogRecord(ACCESS_LOGGER, logging.INFO, __file__, 0, "request", None, None)
    record.__dict__.update(fields)
    access_log.handle(record)
