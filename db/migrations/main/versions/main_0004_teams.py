"""Main backend: tenants and teams — memberships (a user in several tenants, one role
each; users.tenant_role moves there, users.tenant_id stays as the default tenant), the
session's active tenant, invitations, the tenant's base currency.

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
    # The memberships are the one truth about tenant roles from now on; users.tenant_id
    # stays as the user's default tenant (the one it last chose).
    with op.batch_alter_table("users") as batch:
        batch.drop_column("tenant_role")
    # The tenant a session's tokens are for; existing sessions start in the user's
    # default tenant (NULL: docs/teams.md).
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("tenant_id", sa.Uuid(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_sessions_tenant_id_tenants"),
            "tenants",
            ["tenant_id"],
            ["id"],
            ondelete="SET NULL",
        )
    op.create_table(
        "tenant_invitations",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("tenant_role", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("invited_by", sa.Uuid(), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("accepted_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("accepted_by", sa.Uuid(), nullable=True),
        sa.Column("revoked_at", UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["tenants.id"],
            name=op.f("fk_tenant_invitations_tenant_id_tenants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["invited_by"],
            ["users.id"],
            name=op.f("fk_tenant_invitations_invited_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["accepted_by"],
            ["users.id"],
            name=op.f("fk_tenant_invitations_accepted_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tenant_invitations")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_tenant_invitations_token_hash")),
    )
    op.create_index(
        "ix_tenant_invitations_tenant_id_email", "tenant_invitations", ["tenant_id", "email"]
    )


def downgrade() -> None:
    op.drop_index("ix_tenant_invitations_tenant_id_email", table_name="tenant_invitations")
    op.drop_table("tenant_invitations")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_constraint(op.f("fk_sessions_tenant_id_tenants"), type_="foreignkey")
        batch.drop_column("tenant_id")
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("tenant_role", sa.String(length=16), nullable=True))
    op.execute(
        "UPDATE users SET tenant_role = COALESCE((SELECT m.tenant_role FROM tenant_memberships m"
        " WHERE m.user_id = users.id AND m.tenant_id = users.tenant_id), 'viewer')"
    )
    with op.batch_alter_table("users") as batch:
        batch.alter_column("tenant_role", existing_type=sa.String(length=16), nullable=False)
    op.drop_index("ix_tenant_memberships_user_id", table_name="tenant_memberships")
    op.drop_table("tenant_memberships")
    with op.batch_alter_table("tenants") as batch:
        batch.drop_column("base_currency")
