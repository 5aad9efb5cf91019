"""The compliance capability's tables (migration pf_0006): the reports as generated,
owned by their tenant, and the key that signs SOX attestations when none is configured
(platform data: no owner)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.projectfinance.kernel.base import Base


class ComplianceReportRow(Base, OwnedBy):
    """A report exactly as its POST answered it (its JSON document), read back by GET."""

    __tablename__ = "compliance_reports"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    kind: Mapped[str] = mapped_column(String(32))
    generated_by: Mapped[uuid.UUID] = mapped_column(GUID)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    document: Mapped[dict[str, Any]] = mapped_column(JSON)

    __table_args__ = (
        Index("ix_compliance_reports_tenant_id_generated_at", "tenant_id", "generated_at"),
    )


class ComplianceSigningKeyRow(Base):
    """The generated signing key (one slot, "default"): written once by the first call
    that needs it, INSERT … ON CONFLICT DO NOTHING, so racing processes agree."""

    __tablename__ = "compliance_signing_keys"

    slot: Mapped[str] = mapped_column(String(16), primary_key=True)
    kid: Mapped[str] = mapped_column(String(64))
    private_key_pem: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
