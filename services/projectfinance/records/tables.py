"""Project finance records (migration pf_0001): one per project of main, owned by its
tenant. Only what is typed in is stored — the project, the revenue model, the budget and
its currency; every derived figure is computed from the record's phases, milestones and
cost centers when read."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.projectfinance.kernel.base import Base


class ProjectFinanceRow(Base, OwnedBy):
    __tablename__ = "project_finances"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # Main's project (checked over gRPC at creation; main owns it).
    project_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # A record rolled up into another (a sub-project's finances); spec 3's parent_id.
    parent_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="SET NULL"), nullable=True
    )
    revenue_model: Mapped[str] = mapped_column(String(32))
    currency: Mapped[str] = mapped_column(String(3))
    total_budget: Mapped[Decimal] = mapped_column(Amount())
    created_by: Mapped[uuid.UUID] = mapped_column(GUID)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))

    __table_args__ = (
        # One finance record per project of a tenant.
        UniqueConstraint("tenant_id", "project_id"),
        Index("ix_project_finances_tenant_id_created_at", "tenant_id", "created_at"),
    )
