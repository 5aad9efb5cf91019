"""Expense backend: api_keys and expenses.

Revision ID: expense_0001
Revises:
Create Date: 2025-11-21
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Money, StringList, UTCDateTime

revision: str = "expense_0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("id", GUID, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("roles", StringList(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
        sa.Column("last_used_at", UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_api_keys"),
        sa.UniqueConstraint("secret_hash", name="uq_api_keys_secret_hash"),
    )
    op.create_table(
        "expenses",
        sa.Column("id", GUID, nullable=False),
        sa.Column("api_key_id", GUID, nullable=False),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("description", sa.String(500), nullable=False),
        sa.Column("category", sa.String(32), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_expenses_amount_positive")),
        sa.ForeignKeyConstraint(
            ["api_key_id"],
            ["api_keys.id"],
            name="fk_expenses_api_key_id_api_keys",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_expenses"),
    )
    op.create_index(
        "ix_expenses_api_key_id_date_created_at",
        "expenses",
        ["api_key_id", "date", "created_at"],
    )
    op.create_index(
        "ix_expenses_api_key_id_category_date", "expenses", ["api_key_id", "category", "date"]
    )


def downgrade() -> None:
    op.drop_index("ix_expenses_api_key_id_category_date", table_name="expenses")
    op.drop_index("ix_expenses_api_key_id_date_created_at", table_name="expenses")
    op.drop_table("expenses")
    op.drop_table("api_keys")
