"""Identity tables of the main backend (SQLAlchemy 2 typed ORM).

Secrets are stored only as hashes: passwords (argon2id), refresh, verification and
reset tokens (SHA-256: they are 256-bit random, so a fast hash is enough), recovery
codes (salted SHA-256). The TOTP secret must be readable to check codes, so it is
stored as is; protecting it at rest is the database's encryption (documented).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, Float, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.types import GUID, StringList, UTCDateTime
from services.main.base import Base


class TenantRow(Base):
    __tablename__ = "tenants"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id"))
    # Normalised (lower case): the unique login name.
    email: Mapped[str] = mapped_column(String(320), unique=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    full_name: Mapped[str] = mapped_column(String(100))
    password_hash: Mapped[str] = mapped_column(String(200))
    email_verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Platform roles ("user" always; "admin", "service" granted by operators).
    roles: Mapped[list[str]] = mapped_column(StringList)
    # Role within the tenant: owner, manager, member, viewer.
    tenant_role: Mapped[str] = mapped_column(String(16))
    # Scopes granted beyond those of the tenant role.
    extra_scopes: Mapped[list[str]] = mapped_column(StringList)
    mfa_secret: Mapped[str | None] = mapped_column(String(64))
    # Set by SetupMfa, promoted to mfa_secret by EnableMfa.
    mfa_pending_secret: Mapped[str | None] = mapped_column(String(64))
    mfa_enabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The last TOTP time step accepted: a code of that step or earlier is a replay.
    mfa_last_step: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class RecoveryCodeRow(Base):
    __tablename__ = "recovery_codes"
    __table_args__ = (Index("ix_recovery_codes_user_id", "user_id"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    code_hash: Mapped[str] = mapped_column(String(200))
    # Pending codes belong to a setup not yet enabled; they replace the active set then.
    pending: Mapped[bool] = mapped_column(default=False)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ActionTokenRow(Base):
    """Single-use emailed tokens: email verification (24 h) and password reset (1 h)."""

    __tablename__ = "action_tokens"
    __table_args__ = (Index("ix_action_tokens_user_id_purpose", "user_id", "purpose"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SessionRow(Base):
    __tablename__ = "sessions"
    __table_args__ = (Index("ix_sessions_user_id_revoked_at", "user_id", "revoked_at"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Absolute end (30 days after login); refreshes do not extend it.
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    revoked_reason: Mapped[str | None] = mapped_column(String(32))
    ip_address: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str] = mapped_column(String(512))
    device: Mapped[str] = mapped_column(String(256))
    amr: Mapped[list[str]] = mapped_column(StringList)
    mfa_verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class RefreshTokenRow(Base):
    """One link of a session's refresh-token chain. `rotated_at` set: already used, and
    presenting it again is reuse (the session is revoked)."""

    __tablename__ = "refresh_tokens"
    __table_args__ = (Index("ix_refresh_tokens_session_id", "session_id"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    session_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("sessions.id", ondelete="CASCADE")
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    rotated_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TrustedDeviceRow(Base):
    __tablename__ = "trusted_devices"
    __table_args__ = (UniqueConstraint("user_id", "fingerprint_hash"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    fingerprint_hash: Mapped[str] = mapped_column(String(256))
    nickname: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class SecurityEventRow(Base):
    """Every login attempt and security-relevant change. Failed logins for unknown
    emails have no user but still count towards the per-IP throttle."""

    __tablename__ = "security_events"
    __table_args__ = (
        Index("ix_security_events_user_id_at", "user_id", "at"),
        Index("ix_security_events_ip_address_kind_at", "ip_address", "kind", "at"),
        Index("ix_security_events_subject_hash_at", "subject_hash", "at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("users.id", ondelete="CASCADE")
    )
    kind: Mapped[str] = mapped_column(String(32))
    result: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    ip_address: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str] = mapped_column(String(512))
    device: Mapped[str] = mapped_column(String(256))
    session_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    # SHA-256 of the normalised email a login attempt named, known account or not: the
    # per-account throttle counts by it, so unknown emails throttle like known ones
    # (no enumeration through the throttle).
    subject_hash: Mapped[str | None] = mapped_column(String(64))
    country_code: Mapped[str | None] = mapped_column(String(2))
    country: Mapped[str | None] = mapped_column(String(100))
    city: Mapped[str | None] = mapped_column(String(100))
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)


class SigningKeyRow(Base):
    """Access-token signing keys. The newest unretired key signs; a retired key stays
    published in the JWKS until every token it signed has expired."""

    __tablename__ = "signing_keys"

    kid: Mapped[str] = mapped_column(String(64), primary_key=True)
    private_key_pem: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    retired_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
