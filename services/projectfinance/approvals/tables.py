"""The approvals' tables (migration pf_0005): requests and the tenants' own thresholds,
owned by their tenant.

A request refers to the record its entity belongs to (ON DELETE CASCADE: a deleted
record takes its requests along; the audit log keeps their history). An entity has at
most one pending request: a partial UNIQUE index over the pending rows, so the database
settles two requests racing for one entity. Amounts are kept in minor units (BIGINT),
exactly as the API shows them, with their currency.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.projectfinance.kernel.base import Base

PENDING_ONLY = text("status = 'pending'")


class ApprovalRow(Base, OwnedBy):
    __tablename__ = "approvals"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    entity_type: Mapped[str] = mapped_column(String(32))
    entity_id: Mapped[uuid.UUID] = mapped_column(GUID)
    description: Mapped[str] = mapped_column(String(2000))
    amount_minor: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    currency: Mapped[str | None] = mapped_column(String(3), nullable=True)
    # The API's `metadata` (a name SQLAlchemy's declarative classes keep for themselves).
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    requester_id: Mapped[uuid.UUID] = mapped_column(GUID)
    approver_id: Mapped[uuid.UUID | None] = mapped_column(GUID, nullable=True)
    notes: Mapped[str] = mapped_column(String(2000))
    approved_at: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    rejected_at: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))

    __table_args__ = (
        Index(
            "uq_approvals_pending_entity",
            "tenant_id",
            "entity_type",
            "entity_id",
            unique=True,
            postgresql_where=PENDING_ONLY,
            sqlite_where=PENDING_ONLY,
        ),
        # An entity's latest request; the pending list, oldest first.
        Index(
            "ix_approvals_tenant_id_entity_type_entity_id_created_at",
            "tenant_id",
            "entity_type",
            "entity_id",
            "created_at",
        ),
        Index("ix_approvals_tenant_id_status_created_at", "tenant_id", "status", "created_at"),
        Index("ix_approvals_record_id", "record_id"),
    )


class ApprovalThresholdRow(Base, OwnedBy):
    """A tenant's own threshold of an entity type (no row: the default)."""

    __tablename__ = "approval_thresholds"
    __owner__ = "tenant_id"

    # Derived from (tenant_id, entity_type): domain.thresholds.threshold_id.
    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    entity_type: Mapped[str] = mapped_column(String(32))
    amount_minor: Mapped[int] = mapped_column(BigInteger)
    updated_by: Mapped[uuid.UUID] = mapped_column(GUID)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))

    __table_args__ = (UniqueConstraint("tenant_id", "entity_type"),)
