"""Transactions written the way every writer must write them (with the roll-ups'
invalidation), and the roll-ups read back, for the roll-ups' and insights' tests."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal

from services.analytics.categories.domain import NewCategory
from services.analytics.categories.usecases import create_category
from services.analytics.transactions.domain import Transaction
from tests.services.analytics.categories.support import NOW, clock
from tests.services.analytics.conftest import UowFactory


@dataclass(frozen=True, slots=True)
class Tx:
    """A transaction to store: a day (noon UTC unless `at` says otherwise), a signed
    amount, and optionally a merchant, a category, a currency."""

    day: date
    amount: str
    merchant: str | None = None
    category: uuid.UUID | None = None
    currency: str = "EUR"
    at: time = time(12)


def store(uow: UowFactory, user: uuid.UUID, *rows: Tx, invalidate: bool = True) -> list[uuid.UUID]:
    """Store `rows` in one unit of work, marking their days stale as writers do."""
    ids = []
    with uow() as unit:
        for row in rows:
            transaction = Transaction(
                id=uuid.uuid4(),
                user_id=user,
                document_id=None,
                row_number=0,
                booked_at=datetime.combine(row.day, row.at, UTC),
                amount=Decimal(row.amount),
                currency=row.currency,
                description=row.merchant or "payment",
                merchant_name=row.merchant,
                category_id=row.category,
                categorization_method="manual" if row.category else "none",
                categorization_confidence=1.0 if row.category else 0.0,
                bank_reference=None,
                created_at=NOW,
            )
            unit.repos.transactions.add(transaction, f"test:{transaction.id}")
            ids.append(transaction.id)
        if invalidate and rows:
            days = [r.day for r in rows]
            unit.repos.rollups.invalidate(user, min(days), max(days))
    return ids


def category(
    uow: UowFactory, user: uuid.UUID, name: str, parent: uuid.UUID | None = None
) -> uuid.UUID:
    return create_category(uow(), user, NewCategory(name=name, parent_id=parent), clock).id
