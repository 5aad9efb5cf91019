"""Accounts and their secrets: tenants, users, recovery codes, emailed tokens.

Secrets are stored only as hashes: passwords (argon2id), verification and reset tokens
(SHA-256: they are 256-bit random, so a fast hash is enough), recovery codes (salted
SHA-256). The TOTP secret must be readable to check codes, so it is stored as is;
protecting it at rest is the database's encryption (documented).

A user row is the owner, not owned data: recovery codes and action tokens belong to it
(`OwnedBy`), so every query on them is scoped by the user through db.scoping.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, StringList, UTCDateTime
from services.main.kernel.base import Base


class TenantRow(Base):
    __tablename__ = "tenants"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    # ISO 4217; the ledger balances in it (GAPS "Main-backend finance": EUR by default).
    base_currency: Mapped[str] = mapped_column(String(3), server_default="EUR")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class MembershipRow(Base):
    """A user in a tenant, with one tenant role there. A user belongs to one or more
    tenants; the primary key is the pair, so other tables (project members) can refer to
    a membership and go with it when it is removed."""

    __tablename__ = "tenant_memberships"
    __table_args__ = (Index("ix_tenant_memberships_user_id", "user_id"),)

    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("tenants.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    tenant_role: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class UserRow(Base):
    """An account. Its tenant roles are its memberships'; `tenant_id` is its default
    tenant, the one it last chose (switching, accepting an invitation): a new login
    starts there (docs/teams.md)."""

    __tablename__ = "users"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id"))
    email: Mapped[str] = mapped_column(String(320), unique=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    full_name: Mapped[str] = mapped_column(String(100))
    password_hash: Mapped[str] = mapped_column(String(200))
    email_verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    roles: Mapped[list[str]] = mapped_column(StringList)
    extra_scopes: Mapped[list[str]] = mapped_column(StringList)
    mfa_secret: Mapped[str | None] = mapped_column(String(64))
    mfa_pending_secret: Mapped[str | None] = mapped_column(String(64))
    mfa_enabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    mfa_last_step: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class RecoveryCodeRow(Base, OwnedBy):
    __tablename__ = "recovery_codes"
    __table_args__ = (Index("ix_recovery_codes_user_id", "user_id"),)
    __owner__ = "user_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    code_hash: Mapped[str] = mapped_column(String(200))
    # Pending codes belong to a setup not yet enabled; they replace the active set then.
    pending: Mapped[bool] = mapped_column(default=False)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ActionTokenRow(Base, OwnedBy):
    """Single-use emailed tokens: email verification (24 h) and password reset (1 h)."""

    __tablename__ = "action_tokens"
    __table_args__ = (Index("ix_action_tokens_user_id_purpose", "user_id", "purpose"),)
    __owner__ = "user_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
