"""A goal's recurrence pattern in words, through the recurrence rules (RFC 5545 RRULE):
what is stored is the rule's canonical text (validation._pattern), what is shown beside it
the rule in words."""

from __future__ import annotations

from services.analytics.recurrence.rules import describe, parse_rule
from services.runtime.errors import InvalidArgument


def description(pattern: str | None) -> str | None:
    """A stored pattern in words. A pattern the rules no longer accept (they changed
    since it was stored) shows no words rather than failing the read."""
    if pattern is None:
        return None
    try:
        return describe(parse_rule(pattern))
    except InvalidArgument:
        return None
