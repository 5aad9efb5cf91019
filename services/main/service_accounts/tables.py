"""The client credentials of service accounts (migration main_0002).

A service account is a user row (platform role `service`, an unusable password, an
undeliverable email) so tokens, sessions and events work unchanged; this table holds
what only a service account has: its client id and the hash of its secret. Operators
list and manage every account, so the table is platform data, not `OwnedBy`.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

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
