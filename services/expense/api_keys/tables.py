"""The api_keys table. Keys are the expense backend's callers: they own expenses."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from db.types import GUID, StringList, UTCDateTime
from services.expense.base import Base


class ApiKeyRow(Base):
    __tablename__ = "api_keys"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    prefix: Mapped[str] = mapped_column(String(16))
    # SHA-256 hex of the secret; unique, and the only way a key is looked up.
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    roles: Mapped[list[str]] = mapped_column(StringList)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
