"""A user's budgets and their category allocations."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Money, UTCDateTime
from services.analytics.base import Base
from services.analytics.rollups.tables import RowId


class BudgetRow(Base, OwnedBy):
    __tablename__ = "budgets"
    __owner__ = "user_id"
    __table_args__ = (
        # Lists: newest start first, filtered by start.
        Index("ix_budgets_user_id_start_date", "user_id", "start_date"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(1000))
    total_amount: Mapped[Decimal] = mapped_column(Money)
    # weekly | monthly | quarterly | yearly | custom
    period: Mapped[str] = mapped_column(String(16))
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date] = mapped_column(Date)
    # The day of month the renewal chain started on (budgets/periods.py).
    anchor_day: Mapped[int] = mapped_column(SmallInteger)
    is_active: Mapped[bool] = mapped_column(Boolean)
    auto_renew: Mapped[bool] = mapped_column(Boolean)
    notify_threshold: Mapped[float] = mapped_column(Float)
    include_recurring: Mapped[bool] = mapped_column(Boolean)
    # The last POST …/progress/update (all null before it). Decimal text, exact on
    # both engines: a period's spending and its percentage of a small total are sums
    # without a bound NUMERIC(18, …) would hold (an overflow there would be a 500).
    spent: Mapped[str | None] = mapped_column(String(48))
    percent_used: Mapped[str | None] = mapped_column(String(48))
    calculated_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Unique: renewing is INSERT … ON CONFLICT DO NOTHING on it, so two requests
    # renewing the same ended budget at once create one successor.
    renewed_from_id: Mapped[uuid.UUID | None] = mapped_column(GUID, unique=True)
    renewed_to_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    # When it was renewed (null: not yet). Kept when the successor is deleted, so a
    # deleted renewal is not created again.
    renewed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class BudgetAllocationRow(Base, OwnedBy):
    __tablename__ = "budget_allocations"
    __owner__ = "user_id"
    __table_args__ = (
        # The database's side of "no category twice in one budget".
        Index(
            "ix_budget_allocations_budget_id_category_id", "budget_id", "category_id", unique=True
        ),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    budget_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("budgets.id", ondelete="CASCADE"))
    # No foreign key: a deleted category's allocation stays (its spending is gone:
    # its transactions became uncategorized), shown by the name it had.
    category_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # The category's name when allocated, or the name the caller gave.
    category_name: Mapped[str] = mapped_column(String(100))
    # Whether the caller gave category_name (else the category's current name shows).
    name_given: Mapped[bool] = mapped_column(Boolean)
    amount: Mapped[Decimal] = mapped_column(Money)
    # Its place in the budget's list: allocations are shown in the order they were made.
    position: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RecurringDayRow(Base, OwnedBy):
    """One day's net amount of the user's recurring transactions (those of their
    recurring patterns) in one category: what a budget leaving recurring transactions
    out subtracts, read like a roll-up instead of looking up every pattern's
    transactions on each request (a long history has hundreds of thousands)."""

    __tablename__ = "budget_recurring_days"
    __owner__ = "user_id"
    __table_args__ = (
        Index("ix_budget_recurring_days_user_day_currency", "user_id", "day", "currency"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    day: Mapped[date] = mapped_column(Date)
    category_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    # Signed: the sum of the transactions' amounts.
    amount: Mapped[Decimal] = mapped_column(Amount)


class RecurringStateRow(Base, OwnedBy):
    """Which detection of the user's recurring patterns budget_recurring_days holds
    (derived_state.recurring_version then); rebuilt when the patterns are newer."""

    __tablename__ = "budget_recurring_state"
    __owner__ = "user_id"

    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    recurring_version: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
