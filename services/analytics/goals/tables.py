"""A user's goals and the contributions made towards them."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, Date, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Money, UTCDateTime
from services.analytics.base import Base


class GoalRow(Base, OwnedBy):
    __tablename__ = "goals"
    __owner__ = "user_id"
    __table_args__ = (Index("ix_goals_user_id_status", "user_id", "status"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(1000))
    # savings | debt_payoff | emergency_fund | purchase | investment | retirement | other
    goal_type: Mapped[str] = mapped_column(String(16))
    # Goals are whole cents (NUMERIC(18, 2)), unlike bank amounts.
    target_amount: Mapped[Decimal] = mapped_column(Money)
    current_amount: Mapped[Decimal] = mapped_column(Money)
    start_date: Mapped[date] = mapped_column(Date)
    target_date: Mapped[date | None] = mapped_column(Date)
    # low | medium | high
    priority: Mapped[str] = mapped_column(String(8))
    # Deleting the category leaves the goal without one.
    category_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("categories.id", ondelete="SET NULL")
    )
    is_public: Mapped[bool] = mapped_column(Boolean)
    is_recurring: Mapped[bool] = mapped_column(Boolean)
    # The RRULE in canonical form (recurrence.rules), None when it does not recur.
    recurrence_pattern: Mapped[str | None] = mapped_column(String(500))
    # active | achieved | cancelled | on_hold
    status: Mapped[str] = mapped_column(String(16))
    achieved_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class GoalContributionRow(Base, OwnedBy):
    __tablename__ = "goal_contributions"
    __owner__ = "user_id"
    __table_args__ = (
        # A transaction backs at most one contribution of a goal (NULLs are distinct).
        UniqueConstraint("goal_id", "transaction_id"),
        Index("ix_goal_contributions_goal_id_contribution_date", "goal_id", "contribution_date"),
        # Deleting transactions (a document's) looks their contributions up by it.
        Index("ix_goal_contributions_transaction_id", "transaction_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    goal_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("goals.id", ondelete="CASCADE"))
    amount: Mapped[Decimal] = mapped_column(Money)
    contribution_date: Mapped[date] = mapped_column(Date)
    # The transaction stays optional evidence: deleting it keeps the contribution.
    transaction_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("transactions.id", ondelete="SET NULL")
    )
    description: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
