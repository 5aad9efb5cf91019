"""Security events: every login attempt and security-relevant change."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.main.kernel.base import Base


class SecurityEventRow(Base, OwnedBy):
    """Failed logins for unknown emails have no user (nobody's dashboard shows them) but
    still count towards the per-IP throttle."""

    __tablename__ = "security_events"
    __table_args__ = (
        Index("ix_security_events_user_id_at", "user_id", "at"),
        Index("ix_security_events_ip_address_kind_at", "ip_address", "kind", "at"),
        Index("ix_security_events_subject_hash_at", "subject_hash", "at"),
    )
    __owner__ = "user_id"

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
