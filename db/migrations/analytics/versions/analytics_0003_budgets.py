"""Budgets with category allocations and their renewal (issue 13).

Revision ID: analytics_0003
Revises: analytics_0002
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Amount, Money, UTCDateTime

revision: str = "analytics_0003"
down_revision: str | None = "analytics_0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "budgets",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=True),
        sa.Column("total_amount", Money(), nullable=False),
        sa.Column("period", sa.String(length=16), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=False),
        sa.Column("anchor_day", sa.SmallInteger(), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("auto_renew", sa.Boolean(), nullable=False),
        sa.Column("notify_threshold", sa.Float(), nullable=False),
        sa.Column("include_recurring", sa.Boolean(), nullable=False),
        sa.Column("spent", sa.String(length=48), nullable=True),
        sa.Column("percent_used", sa.String(length=48), nullable=True),
        sa.Column("calculated_at", UTCDateTime(), nullable=True),
        sa.Column("renewed_from_id", GUID, nullable=True),
        sa.Column("renewed_to_id", GUID, nullable=True),
        sa.Column("renewed_at", UTCDateTime(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_budgets")),
        sa.UniqueConstraint("renewed_from_id", name=op.f("uq_budgets_renewed_from_id")),
    )
    op.create_index("ix_budgets_user_id_start_date", "budgets", ["user_id", "start_date"])
    op.create_table(
        "budget_allocations",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("budget_id", GUID, nullable=False),
        sa.Column("category_id", GUID, nullable=False),
        sa.Column("category_name", sa.String(length=100), nullable=False),
        sa.Column("name_given", sa.Boolean(), nullable=False),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["budget_id"],
            ["budgets.id"],
            name=op.f("fk_budget_allocations_budget_id_budgets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_budget_allocations")),
    )
    op.create_index(
        "ix_budget_allocations_budget_id_category_id",
        "budget_allocations",
        ["budget_id", "category_id"],
        unique=True,
    )
    op.create_table(
        "budget_recurring_days",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("amount", Amount(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_budget_recurring_days")),
    )
    op.create_index(
        "ix_budget_recurring_days_user_day_currency",
        "budget_recurring_days",
        ["user_id", "day", "currency"],
    )
    op.create_table(
        "budget_recurring_state",
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("recurring_version", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_budget_recurring_state")),
    )


def downgrade() -> None:
    op.drop_table("budget_recurring_state")
    op.drop_index("ix_budget_recurring_days_user_day_currency", table_name="budget_recurring_days")
    op.drop_table("budget_recurring_days")
    op.drop_index("ix_budget_allocations_budget_id_category_id", table_name="budget_allocations")
    op.drop_table("budget_allocations")
    op.drop_index("ix_budgets_user_id_start_date", table_name="budgets")
    op.drop_table("budgets")
