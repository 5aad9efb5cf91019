"""Main backend: delegation grants (OAuth 2.0 Token Exchange, RFC 8693), each owned by
the service account's user that holds it and living as a session of the user's.

Revision ID: main_0008
Revises: main_0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "main_0008"
down_revision: str | None = "main_0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "delegation_grants",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("actor_user_id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("session_id", sa.Uuid(), nullable=False),
        sa.Column("scopes", sa.Text(), nullable=False),
        sa.Column("purpose", sa.String(length=200), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["actor_user_id"],
            ["users.id"],
            name=op.f("fk_delegation_grants_actor_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_delegation_grants_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["tenants.id"],
            name=op.f("fk_delegation_grants_tenant_id_tenants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_delegation_grants_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_delegation_grants")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_delegation_grants_token_hash")),
    )
    op.create_index("ix_delegation_grants_actor_user_id", "delegation_grants", ["actor_user_id"])
    op.create_index("ix_delegation_grants_user_id", "delegation_grants", ["user_id"])
    op.create_index("ix_delegation_grants_session_id", "delegation_grants", ["session_id"])


def downgrade() -> None:
    op.drop_table("delegation_grants")
