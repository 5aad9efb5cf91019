"""Rows the transactions tests start from: documents and transactions stored as the
import and the manual entry store them."""

from __future__ import annotations

import io
import uuid
from datetime import UTC, datetime
from decimal import Decimal

from services.analytics.documents.domain import StoredFile
from services.analytics.transactions.domain import Method, Transaction
from tests.services.analytics.categories.support import NOW
from tests.services.analytics.conftest import UowFactory


def a_document(uow: UowFactory, user: uuid.UUID) -> uuid.UUID:
    stored = StoredFile("march.csv", "text/csv", 10, "0" * 64, "csv")
    with uow() as unit:
        document = unit.repos.documents.add(
            user, "personal_banking", stored, io.BytesIO(b"Date,Amount"), NOW
        )
    return document.id


def stored(
    uow: UowFactory,
    user: uuid.UUID,
    description: str,
    *,
    category: uuid.UUID | None = None,
    method: Method = "none",
    day: int = 1,
    merchant: str | None = None,
    document: uuid.UUID | None = None,
    row_number: int = 0,
) -> Transaction:
    """A transaction as the store holds it, however it got its category."""
    transaction = Transaction(
        id=uuid.uuid4(),
        user_id=user,
        document_id=document,
        row_number=row_number,
        booked_at=datetime(2026, 1, day, tzinfo=UTC),
        amount=Decimal("-9.99"),
        currency="EUR",
        description=description,
        merchant_name=merchant,
        category_id=category,
        categorization_method=method,
        categorization_confidence=1.0 if category else 0.0,
        bank_reference=None,
        created_at=NOW,
    )
    with uow() as unit:
        return unit.repos.transactions.add(transaction, f"test:{transaction.id}")
