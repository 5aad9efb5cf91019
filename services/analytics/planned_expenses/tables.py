"""A user's planned expenses and the payments of their occurrences."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Money, UTCDateTime
from services.analytics.base import Base


class PlannedExpenseRow(Base, OwnedBy):
    __tablename__ = "planned_expenses"
    __owner__ = "user_id"
    __table_args__ = (
        # Lists by due date; upcoming and overdue read unpaid ones by due date.
        Index("ix_planned_expenses_user_id_is_paid_due_date", "user_id", "is_paid", "due_date"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(1000))
    # Money, not Amount: planned amounts have 2 places by rule, and NUMERIC(18, 2)
    # reads back quantized to cents.
    amount: Mapped[Decimal] = mapped_column(Money)
    # The current occurrence.
    due_date: Mapped[date] = mapped_column(Date)
    # A deleted category leaves its expenses uncategorized.
    category_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("categories.id", ondelete="SET NULL")
    )
    # Canonical RRULE text; NULL for a one-off expense.
    recurrence_rule: Mapped[str | None] = mapped_column(String(500))
    # The series' DTSTART: the first due date sent.
    series_start: Mapped[date] = mapped_column(Date)
    # Which occurrence due_date is, from 1.
    occurrence: Mapped[int] = mapped_column(Integer)
    notify_days_before: Mapped[int] = mapped_column(Integer)
    is_paid: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PlannedExpensePaymentRow(Base, OwnedBy):
    __tablename__ = "planned_expense_payments"
    __owner__ = "user_id"
    __table_args__ = (
        # An occurrence is paid once, whatever races (the settle UPDATE guards it first).
        UniqueConstraint("expense_id", "due_date"),
        Index("ix_planned_expense_payments_user_id_paid_date", "user_id", "paid_date"),
        # Deleting a document's transactions clears their links here: without an index
        # each deleted transaction would scan this table.
        Index("ix_planned_expense_payments_transaction_id", "transaction_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    expense_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("planned_expenses.id", ondelete="CASCADE")
    )
    # The due date of the occurrence paid, and its number in the series.
    due_date: Mapped[date] = mapped_column(Date)
    occurrence: Mapped[int] = mapped_column(Integer)
    paid_date: Mapped[date] = mapped_column(Date)
    actual_amount: Mapped[Decimal] = mapped_column(Money)
    # A transaction deleted later (its document removed) leaves the payment unlinked.
    transaction_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("transactions.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
