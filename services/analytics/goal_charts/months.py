"""The calendar months a goal chart spans (pure): months are counted as goals.analysis
counts them (`month_index`: year * 12 + month - 1), labelled "YYYY-MM"."""

from __future__ import annotations

from typing import Final

from services.analytics.chart_shapes import month_label
from services.analytics.goals.analysis import first_of

# The most months a goal chart draws: ten years, as the contributions chart's `months`
# allows.
MAX_MONTHS: Final = 120


def month_labels(first: int, count: int) -> tuple[str, ...]:
    """The labels of `count` months from the month of index `first` on."""
    return tuple(month_label(first_of(first + i)) for i in range(count))
