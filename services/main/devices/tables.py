"""Trusted devices: a user's device fingerprints that may skip MFA at login."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.main.kernel.base import Base


class TrustedDeviceRow(Base, OwnedBy):
    __tablename__ = "trusted_devices"
    __table_args__ = (UniqueConstraint("user_id", "fingerprint_hash"),)
    __owner__ = "user_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("users.id", ondelete="CASCADE"))
    fingerprint_hash: Mapped[str] = mapped_column(String(256))
    nickname: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
