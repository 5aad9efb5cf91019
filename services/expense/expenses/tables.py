"""The expenses table: each row belongs to the API key that created it."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Money, UTCDateTime
from services.expense.base import Base


class ExpenseRow(Base, OwnedBy):
    __tablename__ = "expenses"
    __owner__ = "api_key_id"
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
