"""Invitations into a tenant. They belong to their tenant (`OwnedBy`): every statement
is scoped by it through db.scoping, except finding one by its token's hash, which is how
the bearer proves which invitation it holds (`across_owners`). Tenants and memberships
are the auth capability's (services.main.auth.tables)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.main.kernel.base import Base


class InvitationRow(Base, OwnedBy):
    __tablename__ = "tenant_invitations"
    __table_args__ = (Index("ix_tenant_invitations_tenant_id_email", "tenant_id", "email"),)
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(320))
    tenant_role: Mapped[str] = mapped_column(String(16))
    # SHA-256 of the emailed token (256 random bits: a fast hash is enough).
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    invited_by: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    accepted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    accepted_by: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="SET NULL")
    )
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
