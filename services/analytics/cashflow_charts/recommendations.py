"""Recommendations (pure): what the health indicator and the saving suggestions tell the
user to do, as one kind of value, in one order.

Order: highest priority first, then the largest potential monthly saving (those naming
none after those naming one), then the health indicator's before the suggestions', then
by title — a total order, so a digest never reshuffles between two reads of the same data.

A saving suggestion carries a yearly saving and no priority (suggestions/domain.py); here
it counts per month (the yearly saving / 12, to the cent) and its priority is how much of
the user's average monthly spending it would save: high from 5 %, medium from 1 %, low
below — a saving that matters to this user, whatever the currency. Without a spending
history to compare with, a suggestion is medium.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

from services.analytics.chart_shapes import cents
from services.analytics.suggestions.domain import Suggestion

Priority = Literal["low", "medium", "high"]
Source = Literal["health", "suggestion"]

_RANK: Final[dict[Priority, int]] = {"high": 0, "medium": 1, "low": 2}
_SOURCE_RANK: Final[dict[Source, int]] = {"health": 0, "suggestion": 1}
# Share of the average monthly spending a monthly saving needs for each priority.
HIGH_SHARE: Final = Decimal("0.05")
MEDIUM_SHARE: Final = Decimal("0.01")
_MONTHS_A_YEAR: Final = Decimal(12)


@dataclass(frozen=True, slots=True)
class Recommendation:
    source: Source
    # An indicator key (health) or the suggestion's type.
    kind: str
    title: str
    message: str
    priority: Priority
    # Per month, to the cent; None when it names no amount.
    potential_savings: Decimal | None
    suggestion_id: uuid.UUID | None = None


def _key(item: Recommendation) -> tuple[int, int, Decimal, int, str]:
    saving = item.potential_savings
    return (
        _RANK[item.priority],
        0 if saving is not None else 1,
        -(saving or Decimal(0)),
        _SOURCE_RANK[item.source],
        item.title,
    )


def ranked(items: Iterable[Recommendation]) -> list[Recommendation]:
    """`items` in the digest's order (the module's docstring)."""
    return sorted(items, key=_key)


def suggestion_priority(monthly_saving: Decimal, monthly_spending: Decimal | None) -> Priority:
    """How much a monthly saving matters against the average monthly spending (None or 0:
    unknown, medium)."""
    if not monthly_spending or monthly_spending <= 0:
        return "medium"
    share = monthly_saving / monthly_spending
    if share >= HIGH_SHARE:
        return "high"
    if share >= MEDIUM_SHARE:
        return "medium"
    return "low"


def from_suggestion(suggestion: Suggestion, monthly_spending: Decimal | None) -> Recommendation:
    """An open saving suggestion as a recommendation: its yearly saving per month."""
    finding = suggestion.finding
    monthly = cents(finding.potential_saving / _MONTHS_A_YEAR)
    return Recommendation(
        source="suggestion",
        kind=finding.suggestion_type,
        title=finding.title,
        message=finding.description,
        priority=suggestion_priority(monthly, monthly_spending),
        potential_savings=monthly,
        suggestion_id=suggestion.id,
    )
