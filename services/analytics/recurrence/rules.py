"""Recurrence rules for planned dates, the one door other capabilities use: parse and
validate an RFC 5545 RRULE (the day-level subset), list its dates, find the next one,
and say it in English. Pure: no grpc, no SQLAlchemy; python-dateutil's rrule expands.
"""

from __future__ import annotations

from services.analytics.recurrence.describe import describe
from services.analytics.recurrence.expansion import Expansion, expand, instances, next_after
from services.analytics.recurrence.model import (
    MAX_INSTANCES,
    MAX_RULE_LENGTH,
    Frequency,
    RecurrenceRule,
    RuleProblem,
    WeekdayRef,
)
from services.analytics.recurrence.parsing import check_rule, checked_rule, parse_rule
from services.runtime.errors import FieldViolation

__all__ = [
    "MAX_INSTANCES",
    "MAX_RULE_LENGTH",
    "Expansion",
    "Frequency",
    "RecurrenceRule",
    "RuleProblem",
    "WeekdayRef",
    "check_rule",
    "checked_rule",
    "describe",
    "expand",
    "instances",
    "next_after",
    "optional_rule",
    "parse_rule",
]


def optional_rule(
    raw: str | None, field: str, problems: list[FieldViolation]
) -> RecurrenceRule | None:
    """The rule an optional request field sends, for a caller gathering all of a
    request's problems: None when absent or blank (an empty form field is no rule), else
    the rule, or None and a violation naming `field` that lists every wrong part."""
    if raw is None or not raw.strip():
        return None
    rule, violation = checked_rule(raw.strip(), field)
    if violation is not None:
        problems.append(violation)
    return rule
