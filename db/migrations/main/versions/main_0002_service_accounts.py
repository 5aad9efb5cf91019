"""Main backend: service accounts' client credentials (OAuth2 client-credentials grant).

Revision ID: main_0002
Revises: main_0001
Create Date: 2026-11-21
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import db.types

revision: str = "main_0002"
down_revision: str | None = "main_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "service_accounts",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("client_id", sa.String(length=64), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_service_accounts_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_service_accounts")),
        sa.UniqueConstraint("client_id", name=op.f("uq_service_accounts_client_id")),
        sa.UniqueConstraint("user_id", name=op.f("uq_service_accounts_user_id")),
    )


def downgrade() -> None:
    op.drop_table("service_accounts")
