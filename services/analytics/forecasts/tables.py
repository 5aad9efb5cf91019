"""Forecasts computed for a user, kept until the user's transactions change (their
`data_version` is behind derived_state.version) or they are regenerated."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.analytics.base import Base


class ForecastRow(Base, OwnedBy):
    __tablename__ = "forecasts"
    __owner__ = "user_id"
    __table_args__ = (
        UniqueConstraint("user_id", "currency", "entity_type", "entity_key", "period"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    # overall | category | merchant
    entity_type: Mapped[str] = mapped_column(String(16))
    # "" (overall), the category id, or the merchant key (lower-cased name).
    entity_key: Mapped[str] = mapped_column(String(200))
    # monthly | quarterly | yearly
    period: Mapped[str] = mapped_column(String(16))
    # Periods computed ahead (requests for fewer are served from the same row).
    horizon: Mapped[int] = mapped_column(Integer)
    data_version: Mapped[int] = mapped_column(BigInteger)
    # The computed forecast: entity name, method, history, points, backtest.
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime)
