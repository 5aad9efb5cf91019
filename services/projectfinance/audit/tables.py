"""The audit log's table (migration pf_0001): one row per change, owned by its tenant.
No foreign keys to the entities: entries outlive what they describe (a deleted record's
history stays)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.projectfinance.kernel.base import Base


class AuditEntryRow(Base, OwnedBy):
    __tablename__ = "audit_entries"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    occurred_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    ip_address: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str] = mapped_column(String(512))
    correlation_id: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(40))
    entity_type: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[uuid.UUID] = mapped_column(GUID)
    project_id: Mapped[uuid.UUID | None] = mapped_column(GUID, nullable=True)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    __table_args__ = (
        # The reports read a tenant's entries by time, optionally for one project.
        Index("ix_audit_entries_tenant_id_occurred_at", "tenant_id", "occurred_at"),
        Index("ix_audit_entries_tenant_id_project_id", "tenant_id", "project_id"),
        Index("ix_audit_entries_tenant_id_entity_id", "tenant_id", "entity_id"),
    )
