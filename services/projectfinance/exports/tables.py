"""Exports' tables (migration pf_0008). An export's file is stored in the database
beside its metadata (BYTEA / BLOB), so every replica of the backend serves every
export's download with no shared disk; files are small (a tenant's records) and
expire after a day (an expired export is deleted when its tenant next exports).

The signing secret of the download URLs, when no setting gives one, is generated once
and kept here too, so replicas sign alike with zero configuration."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.projectfinance.kernel.base import Base


class ExportRow(Base, OwnedBy):
    __tablename__ = "exports"
    __owner__ = "tenant_id"
    __table_args__ = (
        # The tenant's expired exports (deleted at its next export).
        Index("ix_exports_tenant_id_expires_at", "tenant_id", "expires_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    format: Mapped[str] = mapped_column(String(8))
    content_type: Mapped[str] = mapped_column(String(100))
    record_count: Mapped[int] = mapped_column(Integer)
    file_size: Mapped[int] = mapped_column(BigInteger)
    content: Mapped[bytes] = mapped_column(LargeBinary)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    created_by: Mapped[uuid.UUID] = mapped_column(GUID)


class ExportSigningSecretRow(Base):
    """One row (id 1): the generated secret, when FINPLAT_PROJECTFINANCE_EXPORT_SIGNING_SECRET
    is not set. Not a tenant's: it signs every tenant's URLs."""

    __tablename__ = "export_signing_secrets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    secret: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
