"""Recurring patterns detected in a user's transactions, kept until the transactions
change (derived_state.recurring_version)."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, Date, Float, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.analytics.base import Base


class RecurringPatternRow(Base, OwnedBy):
    __tablename__ = "recurring_patterns"
    __owner__ = "user_id"
    __table_args__ = (Index("ix_recurring_patterns_user_id_confidence", "user_id", "confidence"),)

    # uuid5 of (user, merchant key, direction, amount level): stable across detections.
    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    merchant_key: Mapped[str] = mapped_column(String(200))
    merchant_name: Mapped[str] = mapped_column(String(200))
    category_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    # debit | credit
    direction: Mapped[str] = mapped_column(String(8))
    # weekly | biweekly | monthly | quarterly | yearly
    cadence: Mapped[str] = mapped_column(String(16))
    rrule: Mapped[str] = mapped_column(String(200))
    next_expected: Mapped[date] = mapped_column(Date)
    window_days: Mapped[int] = mapped_column(Integer)
    typical_amount: Mapped[Decimal] = mapped_column(Amount)
    min_amount: Mapped[Decimal] = mapped_column(Amount)
    max_amount: Mapped[Decimal] = mapped_column(Amount)
    variation: Mapped[float] = mapped_column(Float)
    occurrences: Mapped[int] = mapped_column(Integer)
    first_seen: Mapped[date] = mapped_column(Date)
    last_seen: Mapped[date] = mapped_column(Date)
    active: Mapped[bool] = mapped_column(Boolean)
    price_changed_on: Mapped[date | None] = mapped_column(Date)
    confidence: Mapped[float] = mapped_column(Float)
    gap_regularity: Mapped[float] = mapped_column(Float)
    amount_stability: Mapped[float] = mapped_column(Float)
    count_score: Mapped[float] = mapped_column(Float)
    recency: Mapped[float] = mapped_column(Float)
    # The ids (strings) of the transactions that belong to it, oldest first.
    transaction_ids: Mapped[list[Any]] = mapped_column(JSON)
    detected_at: Mapped[datetime] = mapped_column(UTCDateTime)
