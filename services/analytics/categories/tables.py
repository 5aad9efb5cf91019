"""A user's categories: the default set (created per user) and their own."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.analytics.base import Base


class CategoryRow(Base, OwnedBy):
    __tablename__ = "categories"
    __owner__ = "user_id"
    __table_args__ = (
        # A default category exists once per user whatever it was renamed to: what makes
        # EnsureDefaultCategories idempotent.
        UniqueConstraint("user_id", "default_key"),
        Index("ix_categories_user_id_parent_id", "user_id", "parent_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    name: Mapped[str] = mapped_column(String(100))
    parent_id: Mapped[uuid.UUID | None] = mapped_column(
        GUID, ForeignKey("categories.id", ondelete="SET NULL")
    )
    color: Mapped[str] = mapped_column(String(7))
    icon_name: Mapped[str | None] = mapped_column(String(50))
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    # The default set's stable key ("groceries"); None for custom categories.
    default_key: Mapped[str | None] = mapped_column(String(50))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
