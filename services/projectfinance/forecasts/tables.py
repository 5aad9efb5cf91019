"""Forecasts' tables (migration pf_0007): each stored forecast with its scalar figures,
and its monthly projections one row a month. A forecast goes with its record (ON
DELETE CASCADE) and its months with it. Money is NUMERIC (`Amount`, rounded to the
currency's minor unit before it is stored), probabilities and indices NUMERIC(5, 4):
nothing simulated in floats is stored as a float. The simulation's seed is not stored:
it is derived again from record_id and start."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import JSON, ForeignKey, Index, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Money, UTCDateTime
from services.projectfinance.kernel.base import Base


class Fraction(Money):
    """NUMERIC(5, 4): a probability, a confidence level or a capped index (≤ 9.9999),
    4 places, with `Money`'s exact round trip on SQLite."""

    impl = Numeric(5, 4, asdecimal=True)
    quantum = Decimal("0.0001")
    cache_ok = True


class ForecastRow(Base, OwnedBy):
    __tablename__ = "forecasts"
    __owner__ = "tenant_id"
    __table_args__ = (
        # A project's forecasts (the GET names the project and the forecast).
        Index("ix_forecasts_tenant_id_project_id", "tenant_id", "project_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    project_id: Mapped[uuid.UUID] = mapped_column(GUID)
    period: Mapped[str] = mapped_column(String(3))
    currency: Mapped[str] = mapped_column(String(3))
    start: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    forecast_end_date: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    budget_risk_probability: Mapped[Decimal] = mapped_column(Fraction())
    completion_probability: Mapped[Decimal] = mapped_column(Fraction())
    confidence_level: Mapped[Decimal] = mapped_column(Fraction())
    projected_cpi: Mapped[Decimal] = mapped_column(Fraction())
    projected_spi: Mapped[Decimal] = mapped_column(Fraction())
    # The assumptions' sentences, in order (a JSON array of strings).
    assumptions: Mapped[list[str]] = mapped_column(JSON)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    created_by: Mapped[uuid.UUID] = mapped_column(GUID)


class ForecastMonthRow(Base, OwnedBy):
    __tablename__ = "forecast_months"
    __owner__ = "tenant_id"

    forecast_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("forecasts.id", ondelete="CASCADE"), primary_key=True
    )
    # 0 for the first month of the horizon.
    position: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    month: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    projected_cost: Mapped[Decimal] = mapped_column(Amount())
    projected_revenue: Mapped[Decimal] = mapped_column(Amount())
    cumulative_cost: Mapped[Decimal] = mapped_column(Amount())
    cumulative_revenue: Mapped[Decimal] = mapped_column(Amount())
