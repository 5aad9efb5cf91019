"""A fixed today for the insights' tests, and a user's spending planted month by month."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime

from services.analytics.rollups.domain import add_months
from services.runtime.clock import Clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, store

# A Tuesday, ten days into March: the current month is incomplete.
TODAY = date(2026, 3, 10)
# Symmetric noise without a trend (Mann-Kendall significance 0.16, no excursion).
NOISE = (5, -3, 8, -6, 2, -1, 7, -8, 4, -2, 6, -5, 3, -7, 1, 0, -4, 5, -3, 8, -6, 2, -1, 4)
# The 24 whole months before TODAY's: the default trend window's buckets.
FIRST_MONTH = date(2024, 3, 1)


def clock_at(today: date) -> Clock:
    def clock() -> datetime:
        return datetime(today.year, today.month, today.day, 15, 30, tzinfo=UTC)

    return clock


clock = clock_at(TODAY)


def monthly(
    uow: UowFactory,
    user: uuid.UUID,
    amounts: Sequence[float],
    *,
    category: uuid.UUID | None = None,
    merchant: str | None = None,
    first_month: date = FIRST_MONTH,
) -> None:
    """One payment of each amount on the 10th of consecutive months."""
    store(
        uow,
        user,
        *(
            Tx(add_months(first_month, i).replace(day=10), f"-{amount:.2f}", merchant, category)
            for i, amount in enumerate(amounts)
        ),
    )
