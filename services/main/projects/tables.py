"""The projects' tables (migration main_0005): projects and their members, every row
owned by a tenant (`OwnedBy`, the token's `tid`).

A member row refers to the user's membership of the tenant, (tenant_id, user_id) →
tenant_memberships, ON DELETE CASCADE: only the tenant's users can be added (the
database refuses the others) and a user removed from the tenant leaves its projects.
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Date,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Percent, UTCDateTime
from services.main.kernel.base import Base


class ProjectRow(Base, OwnedBy):
    __tablename__ = "projects"
    __owner__ = "tenant_id"
    __table_args__ = (
        # NULL codes (projects without one) never clash.
        UniqueConstraint("tenant_id", "code"),
        Index("ix_projects_tenant_id_created_at", "tenant_id", "created_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id", ondelete="CASCADE"))
    code: Mapped[str | None] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(2000))
    status: Mapped[str] = mapped_column(String(16))
    # The status unarchiving restores; NULL unless archived.
    archived_from: Mapped[str | None] = mapped_column(String(16))
    client_name: Mapped[str | None] = mapped_column(String(200))
    start_date: Mapped[date | None] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    budget: Mapped[Decimal | None] = mapped_column(Amount)
    currency: Mapped[str | None] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    archived_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class ProjectMemberRow(Base, OwnedBy):
    __tablename__ = "project_members"
    __owner__ = "tenant_id"
    __table_args__ = (
        ForeignKeyConstraint(
            ["tenant_id", "user_id"],
            ["tenant_memberships.tenant_id", "tenant_memberships.user_id"],
            ondelete="CASCADE",
        ),
        # A user's allocations across projects (the portfolio's utilisation).
        Index("ix_project_members_tenant_id_user_id", "tenant_id", "user_id"),
    )

    project_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    role: Mapped[str] = mapped_column(String(50))
    allocation_percent: Mapped[Decimal] = mapped_column(Percent)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
