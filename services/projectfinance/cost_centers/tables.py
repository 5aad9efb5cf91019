"""Cost centers (migration pf_0002): budget buckets under a project-finance record,
owned by its tenant. Only the allocated budget is stored; the actual cost is the sum of
the phases charged to the cost center, read when the cost center is."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Boolean, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.projectfinance.kernel.base import Base


class CostCenterRow(Base, OwnedBy):
    __tablename__ = "cost_centers"
    __owner__ = "tenant_id"
    __table_args__ = (
        # A code names one cost center of a record (the listing's order too).
        UniqueConstraint("record_id", "code"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    code: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(2000))
    currency: Mapped[str] = mapped_column(String(3))
    allocated_budget: Mapped[Decimal] = mapped_column(Amount())
    is_active: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
