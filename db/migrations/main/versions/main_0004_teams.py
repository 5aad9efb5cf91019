"""Main backend: tenants and teams — memberships (a user in several tenants, one role
each), invitations, the tenant's base currency.

Revision ID: main_0004
Revises: main_0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "main_0004"
down_revision: str | None = "main_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tenants") as batch:
        batch.add_column(
            sa.Column("base_currency", sa.String(length=3), server_default="EUR", nullable=False)
        )
    op.create_table(
        "tenant_memberships",
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("tenant_role", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["tenants.id"],
            name=op.f("fk_tenant_memberships_tenant_id_tenants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_tenant_memberships_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tenant_id", "user_id", name=op.f("pk_tenant_memberships")),
    )
    op.create_index("ix_tenant_memberships_user_id", "tenant_memberships", ["user_id"])
    # Every existing user is a member of the tenant it registered into, in its role.
    op.execute(
        "INSERT INTO tenant_memberships (tenant_id, user_id, tenant_role, created_at, updated_at)"
        " SELECT tenant_id, id, tenant_role, created_at, updated_at FROM users"
    )


def downgrade() -> None:
    op.drop_index("ix_tenant_memberships_user_id", table_name="tenant_memberships")
    op.drop_table("tenant_memberships")
    with op.batch_alter_table("tenants") as batch:
        batch.drop_column("base_currency")
