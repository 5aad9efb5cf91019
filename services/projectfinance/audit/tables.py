"""The audit log's tables (migrations pf_0001, pf_0006): one row per change, owned by its tenant.
No foreign keys to the entities: entries outlive what they describe (a deleted record's
history stays)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Index, String, UniqueConstraint
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
    # The hash chain (audit.chain, migration pf_0006): the entry's number in its
    # tenant's chain, the previous entry's hash and its own.
    seq: Mapped[int] = mapped_column(BigInteger)
    prev_hash: Mapped[str] = mapped_column(String(64))
    entry_hash: Mapped[str] = mapped_column(String(64))

    __table_args__ = (
        # A second entry with one number (a writer that did not wait for the chain
        # head's lock) fails instead of forking the chain.
        UniqueConstraint("tenant_id", "seq"),
        # The reports read a tenant's entries by time, optionally for one project.
        Index("ix_audit_entries_tenant_id_occurred_at", "tenant_id", "occurred_at"),
        Index("ix_audit_entries_tenant_id_project_id", "tenant_id", "project_id"),
        Index("ix_audit_entries_tenant_id_entity_id", "tenant_id", "entity_id"),
    )


class AuditChainHeadRow(Base, OwnedBy):
    """A tenant's chain head (migration pf_0006): the last number and hash written.
    Appending takes this row's lock first, so two writers of one tenant extend the
    chain one after the other and never fork it."""

    __tablename__ = "audit_chain_heads"
    __owner__ = "tenant_id"

    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger)
    last_hash: Mapped[str] = mapped_column(String(64))
