"""Project finance: approval requests and the tenants' approval thresholds.

One pending request per entity is a partial UNIQUE index over the pending rows (both
engines support `WHERE` on an index), so the database settles racing requests.

Revision ID: pf_0005
Revises: pf_0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0005"
down_revision: str | None = "pf_0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PENDING_ONLY = sa.text("status = 'pending'")


def upgrade() -> None:
    op.create_table(
        "approvals",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("record_id", sa.Uuid(), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("entity_id", sa.Uuid(), nullable=False),
        sa.Column("description", sa.String(length=2000), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("requester_id", sa.Uuid(), nullable=False),
        sa.Column("approver_id", sa.Uuid(), nullable=True),
        sa.Column("notes", sa.String(length=2000), nullable=False),
        sa.Column("approved_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("rejected_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["record_id"],
            ["project_finances.id"],
            name=op.f("fk_approvals_record_id_project_finances"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_approvals")),
    )
    op.create_index(
        "uq_approvals_pending_entity",
        "approvals",
        ["tenant_id", "entity_type", "entity_id"],
        unique=True,
        postgresql_where=_PENDING_ONLY,
        sqlite_where=_PENDING_ONLY,
    )
    op.create_index(
        "ix_approvals_tenant_id_entity_type_entity_id_created_at",
        "approvals",
        ["tenant_id", "entity_type", "entity_id", "created_at"],
    )
    op.create_index(
        "ix_approvals_tenant_id_status_created_at",
        "approvals",
        ["tenant_id", "status", "created_at"],
    )
    op.create_index("ix_approvals_record_id", "approvals", ["record_id"])
    op.create_table(
        "approval_thresholds",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("entity_type", sa.String(length=32), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("updated_by", sa.Uuid(), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_approval_thresholds")),
        sa.UniqueConstraint(
            "tenant_id",
            "entity_type",
            name=op.f("uq_approval_thresholds_tenant_id_entity_type"),
        ),
    )


def downgrade() -> None:
    op.drop_table("approval_thresholds")
    op.drop_index("ix_approvals_record_id", table_name="approvals")
    op.drop_index("ix_approvals_tenant_id_status_created_at", table_name="approvals")
    op.drop_index("ix_approvals_tenant_id_entity_type_entity_id_created_at", table_name="approvals")
    op.drop_index("uq_approvals_pending_entity", table_name="approvals")
    op.drop_table("approvals")
