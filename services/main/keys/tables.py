"""Access-token signing keys (platform data: no owner)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.types import UTCDateTime
from services.main.kernel.base import Base


class SigningKeyRow(Base):
    """The newest unretired key signs; a retired key stays published in the JWKS until
    every token it signed has expired."""

    __tablename__ = "signing_keys"

    kid: Mapped[str] = mapped_column(String(64), primary_key=True)
    private_key_pem: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    retired_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
