"""Login sessions and their refresh-token chains.

Sessions belong to their user (`OwnedBy`); a refresh token belongs to its session and is
only ever found by its hash (the bearer holds the secret), so it needs no owner column.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, StringList, UTCDateTime
from services.main.kernel.base import Base


class SessionRow(Base, OwnedBy):
    __tablename__ = "sessions"
    __table_args__ = (Index("ix_sessions_user_id_revoked_at", "user_id", "revoked_at"),)
    __owner__ = "user_id"

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
    # The tenant its tokens are for (switching tenant changes it; refreshes keep it).
    # None for a session opened before tenants could change: the user's default then.
    tenant_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("tenants.id", ondelete="SET NULL")
    )


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
