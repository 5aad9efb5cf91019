"""What the scenarios' tests share: items written briefly, two users, a fixed clock, a
caller bound as the auth interceptor binds one."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from services.analytics.scenarios.domain import Frequency, ItemType, ItemValues

START = date(2026, 1, 1)


def item(
    amount: str,
    frequency: Frequency = "monthly",
    start: date = START,
    *,
    kind: ItemType = "income",
    end: date | None = None,
    growth: str = "0",
    name: str = "item",
) -> ItemValues:
    return ItemValues(
        name=name,
        description=None,
        amount=Decimal(amount),
        item_type=kind,
        frequency=frequency,
        start_date=start,
        end_date=end,
        growth_rate=Decimal(growth),
    )
