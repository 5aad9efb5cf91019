"""The client credentials of service accounts (migration main_0002) and the delegation
grants they hold (main_0008).

A service account is a user row (platform role `service`, an unusable password, an
undeliverable email) so tokens, sessions and events work unchanged; `service_accounts`
holds what only a service account has: its client id and the hash of its secret.
Operators list and manage every account, so that table is platform data, not `OwnedBy`.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.main.kernel.base import Base


class ServiceAccountRow(Base):
    __tablename__ = "service_accounts"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    # The account's user: its sessions and security events hang off it.
    user_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="CASCADE"), unique=True
    )
    name: Mapped[str] = mapped_column(String(100))
    # Public identifier the client presents with its secret (unique: the lookup key).
    client_id: Mapped[str] = mapped_column(String(64), unique=True)
    # SHA-256 hex of the 256-bit random secret (as API keys and refresh tokens).
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class DelegationGrantRow(Base, OwnedBy):
    """A user's delegation to a service account (RFC 8693 token exchange, docs/identity.md).

    Owned by the actor: only the service account it was issued to may present or revoke
    it, so every lookup is scoped by the caller and another actor's grant is simply not
    found. The user's side is the session (`session_id`): listed among the user's
    sessions, revocable there, and ending the grant with it.
    """

    __tablename__ = "delegation_grants"
    __table_args__ = (
        Index("ix_delegation_grants_actor_user_id", "actor_user_id"),
        # The foreign keys' cascades (a user or a session deleted) find rows by these.
        Index("ix_delegation_grants_user_id", "user_id"),
        Index("ix_delegation_grants_session_id", "session_id"),
    )
    __owner__ = "actor_user_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    # SHA-256 hex of the 256-bit random grant: the bearer holds the only clear copy.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The service account's user (the caller that obtained it).
    actor_user_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="CASCADE")
    )
    # The user it acts for, in `tenant_id`, through the user's session `session_id`.
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id", ondelete="CASCADE"))
    session_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("sessions.id", ondelete="CASCADE")
    )
    # Space-separated, sorted: the most the grant's access tokens may carry.
    scopes: Mapped[str] = mapped_column(Text)
    purpose: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
