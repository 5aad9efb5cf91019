"""What the planned expenses' tests share: a fixed clock and expenses built in memory."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from services.analytics.planned_expenses.domain import ExpenseDraft, PlannedExpense
from services.analytics.recurrence.rules import parse_rule

TODAY = date(2026, 11, 10)
NOW = datetime(2026, 11, 10, 9, 30, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def parts(day: date) -> tuple[int, int, int]:
    return (day.year, day.month, day.day)


def draft(**fields: Any) -> ExpenseDraft:
    """A valid one-off draft, with `fields` changed."""
    values: dict[str, Any] = {"title": "Rent", "amount": "950.00", "due_date": parts(TODAY)}
    values.update(fields)
    return ExpenseDraft(**values)


def expense(
    due: date = TODAY,
    amount: str = "10.00",
    rule: str | None = None,
    *,
    start: date | None = None,
    **fields: Any,
) -> PlannedExpense:
    """A stored expense in memory (a rule is stored canonical)."""
    base = PlannedExpense(
        id=uuid.uuid4(),
        user_id=uuid.UUID(int=1),
        title="Bill",
        description=None,
        amount=Decimal(amount),
        due_date=due,
        category_id=None,
        recurrence_rule=None if rule is None else parse_rule(rule).text,
        series_start=start or due,
        occurrence=1,
        notify_days_before=3,
        is_paid=False,
        last_payment=None,
        created_at=NOW,
        updated_at=NOW,
    )
    return dataclasses.replace(base, **fields)
