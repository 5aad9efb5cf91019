"""Project finance: stored exports (their files in the database) and the generated
signing secret of their download URLs.

Revision ID: pf_0008
Revises: pf_0007
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0008"
down_revision: str | None = "pf_0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "exports",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("format", sa.String(length=8), nullable=False),
        sa.Column("content_type", sa.String(length=100), nullable=False),
        sa.Column("record_count", sa.Integer(), nullable=False),
        sa.Column("file_size", sa.BigInteger(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("generated_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.Uuid(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exports")),
    )
    op.create_index(
        "ix_exports_tenant_id_expires_at", "exports", ["tenant_id", "expires_at"], unique=False
    )
    op.create_table(
        "export_signing_secrets",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("secret", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_export_signing_secrets")),
    )


def downgrade() -> None:
    op.drop_table("export_signing_secrets")
    op.drop_index("ix_exports_tenant_id_expires_at", table_name="exports")
    op.drop_table("exports")
