"""A forecast's horizon (GAPS: period "3m" | "6m" | "12m", also "3", "6", "12"): how
many calendar months it covers, and the one spelling it is stored and shown with."""

from __future__ import annotations

from typing import Final

from services.runtime.errors import InvalidArgument
from services.runtime.text_fields import REQUIRED

# Every accepted spelling and the months it means.
PERIODS: Final = {"3m": 3, "6m": 6, "12m": 12, "3": 3, "6": 6, "12": 12}
ACCEPTED: Final = ", ".join(f'"{period}"' for period in PERIODS)


def period_months(period: str) -> int:
    """The horizon in months; InvalidArgument naming `period` when missing or unknown."""
    if not period:
        raise InvalidArgument.for_field("period", REQUIRED)
    months = PERIODS.get(period)
    if months is None:
        raise InvalidArgument.for_field("period", f"{period!r} must be one of: {ACCEPTED}")
    return months


def period_label(months: int) -> str:
    """How a horizon is shown: "3m", "6m" or "12m", whichever spelling was sent."""
    return f"{months}m"
