"""Saving suggestions found in a user's data, with the status the user gave them, and
what each user's last generation ran on."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, BigInteger, Date, Float, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.analytics.base import Base


class SuggestionRow(Base, OwnedBy):
    __tablename__ = "suggestions"
    __owner__ = "user_id"
    __table_args__ = (
        # One suggestion per finding: generating again updates it and keeps its status.
        UniqueConstraint("user_id", "fingerprint"),
        Index("ix_suggestions_user_id_status", "user_id", "status"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # The finding's identity: its type and subject (e.g. "duplicate_subscription:spotify").
    fingerprint: Mapped[str] = mapped_column(String(300))
    # unused_subscription | duplicate_subscription | fees_and_interest |
    # category_overspend | cheaper_cadence
    suggestion_type: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(1000))
    potential_saving: Mapped[Decimal] = mapped_column(Amount)
    currency: Mapped[str] = mapped_column(String(3))
    confidence: Mapped[float] = mapped_column(Float)
    # new | viewed | implemented | dismissed
    status: Mapped[str] = mapped_column(String(16))
    merchant_name: Mapped[str | None] = mapped_column(String(200))
    category_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    evidence: Mapped[dict[str, Any]] = mapped_column(JSON)
    transaction_ids: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SuggestionRunRow(Base, OwnedBy):
    """A user's last generation: lists generate again when the data or the day moved on
    since (the rules' windows end today)."""

    __tablename__ = "suggestion_runs"
    __owner__ = "user_id"

    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    # derived_state.version when it ran (rollups.version).
    data_version: Mapped[int] = mapped_column(BigInteger)
    # The day it ran for.
    generated_on: Mapped[date] = mapped_column(Date)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime)
