"""Transactions and the categorization rules learned from a user's corrections."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.analytics.base import Base


class TransactionRow(Base, OwnedBy):
    __tablename__ = "transactions"
    __owner__ = "user_id"
    __table_args__ = (
        # Duplicate detection across documents: one row per user and fingerprint (the
        # bank's own id, else date + amount + description + occurrence in the day).
        UniqueConstraint("user_id", "dedupe_key"),
        # A document's transactions in statement order; deleting a document.
        Index("ix_transactions_document_id_row_number", "document_id", "row_number"),
        # Every insight reads one user's transactions by date.
        Index("ix_transactions_user_id_booked_at", "user_id", "booked_at"),
        # Category deletes uncategorize through it; most imported rows have none, and
        # leaving them out of the index saves its upkeep on every bulk insert.
        Index(
            "ix_transactions_category_id",
            "category_id",
            postgresql_where=text("category_id IS NOT NULL"),
            sqlite_where=text("category_id IS NOT NULL"),
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # Deliberately no foreign key: its check cost 5 µs per imported row (a quarter of
    # the bulk insert, docs/benchmarks.md). A document's transactions are deleted with it
    # in one transaction (documents/usecases.delete_document), and only the import
    # writes this column, for a document it has just read.
    document_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    # The line or record of the document it came from (0 for manual entries).
    row_number: Mapped[int] = mapped_column(BigInteger, default=0)
    booked_at: Mapped[datetime] = mapped_column(UTCDateTime)
    amount: Mapped[Decimal] = mapped_column(Amount)
    currency: Mapped[str] = mapped_column(String(3))
    description: Mapped[str] = mapped_column(String(1000))
    merchant_name: Mapped[str | None] = mapped_column(String(200))
    category_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("categories.id", ondelete="SET NULL")
    )
    # manual | rule | classifier | none
    categorization_method: Mapped[str] = mapped_column(String(16))
    categorization_confidence: Mapped[float] = mapped_column(Float)
    bank_reference: Mapped[str | None] = mapped_column(String(100))
    dedupe_key: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class CategorizationRuleRow(Base, OwnedBy):
    """A rule learned from a user's corrections: transactions whose merchant key (or
    normalized description) equals `pattern` get `category_id`."""

    __tablename__ = "categorization_rules"
    __owner__ = "user_id"
    __table_args__ = (UniqueConstraint("user_id", "pattern"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    pattern: Mapped[str] = mapped_column(String(200))
    category_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("categories.id", ondelete="CASCADE")
    )
    # Corrections this rule was learned (or confirmed) from.
    hits: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
