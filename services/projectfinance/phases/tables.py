"""Phases' table (migration pf_0003): the phases of a project-finance record, owned by
its tenant. A phase goes with its record (ON DELETE CASCADE); a deleted cost center
leaves its phases charged to none (ON DELETE SET NULL)."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Percent, UTCDateTime
from services.projectfinance.kernel.base import Base


class PhaseRow(Base, OwnedBy):
    __tablename__ = "phases"
    __owner__ = "tenant_id"
    __table_args__ = (
        # A record's phases in their order (the listing, the record's figures).
        Index("ix_phases_tenant_id_record_id_sequence", "tenant_id", "record_id", "sequence"),
        # The phases charged to a cost center (its actual cost).
        Index("ix_phases_tenant_id_cost_center_id", "tenant_id", "cost_center_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    cost_center_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("cost_centers.id", ondelete="SET NULL"), nullable=True
    )
    name: Mapped[str] = mapped_column(String(200))
    # The record's currency, which every amount of the phase is in.
    currency: Mapped[str] = mapped_column(String(3))
    phase_budget: Mapped[Decimal] = mapped_column(Amount())
    actual_cost: Mapped[Decimal] = mapped_column(Amount())
    planned_start: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    planned_end: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    actual_start: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    actual_end: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    progress_percent: Mapped[Decimal] = mapped_column(Percent())
    sequence: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
