"""A user's what-if scenarios and their items."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Money, UTCDateTime
from services.analytics.base import Base


class ScenarioRow(Base, OwnedBy):
    __tablename__ = "scenarios"
    __owner__ = "user_id"
    # Lists are newest first.
    __table_args__ = (Index("ix_scenarios_user_id_created_at", "user_id", "created_at"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(1000))
    # The first day of the first month.
    base_month: Mapped[date] = mapped_column(Date)
    # Months, 1-120.
    duration: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Moves when an item changes too.
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ScenarioItemRow(Base, OwnedBy):
    __tablename__ = "scenario_items"
    __owner__ = "user_id"
    __table_args__ = (Index("ix_scenario_items_scenario_id_position", "scenario_id", "position"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    scenario_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("scenarios.id", ondelete="CASCADE")
    )
    # Order of addition within the scenario (items are added under the scenario's lock).
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(1000))
    # Whole cents (NUMERIC(18, 2)), positive.
    amount: Mapped[Decimal] = mapped_column(Money)
    # income | expense
    item_type: Mapped[str] = mapped_column(String(16))
    # once | weekly | biweekly | monthly | quarterly | yearly
    frequency: Mapped[str] = mapped_column(String(16))
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    # Yearly growth as a fraction, 4 places (NUMERIC(18, 4)).
    growth_rate: Mapped[Decimal] = mapped_column(Amount)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
