"""The expense backend's tables (SQLAlchemy 2 typed ORM). Only this backend reads them."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Index, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from db.types import GUID, Money, StringList, UTCDateTime, make_metadata

metadata = make_metadata()


class Base(DeclarativeBase):
    metadata = metadata


class ApiKeyRow(Base):
    __tablename__ = "api_keys"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    prefix: Mapped[str] = mapped_column(String(16))
    # SHA-256 hex of the secret; unique, and the only way a key is looked up.
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    roles: Mapped[list[str]] = mapped_column(StringList)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ExpenseRow(Base):
    __tablename__ = "expenses"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        # Serves the list: one key's expenses, newest day first, with date-range filters.
        Index("ix_expenses_api_key_id_date_created_at", "api_key_id", "date", "created_at"),
        # Serves the category filter of the same list.
        Index("ix_expenses_api_key_id_category_date", "api_key_id", "category", "date"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    api_key_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("api_keys.id", ondelete="CASCADE")
    )
    amount: Mapped[Decimal] = mapped_column(Money)
    description: Mapped[str] = mapped_column(String(500))
    category: Mapped[str] = mapped_column(String(32))
    date: Mapped[date] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
