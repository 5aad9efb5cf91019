"""Financial goals and their contributions (issue 13).

Revision ID: analytics_0004
Revises: analytics_0003
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Money, UTCDateTime

revision: str = "analytics_0004"
down_revision: str | None = "analytics_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "goals",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=True),
        sa.Column("goal_type", sa.String(length=16), nullable=False),
        sa.Column("target_amount", Money(), nullable=False),
        sa.Column("current_amount", Money(), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("target_date", sa.Date(), nullable=True),
        sa.Column("priority", sa.String(length=8), nullable=False),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("is_public", sa.Boolean(), nullable=False),
        sa.Column("is_recurring", sa.Boolean(), nullable=False),
        sa.Column("recurrence_pattern", sa.String(length=500), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("achieved_at", UTCDateTime(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["categories.id"],
            name=op.f("fk_goals_category_id_categories"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_goals")),
    )
    op.create_index("ix_goals_user_id_status", "goals", ["user_id", "status"])

    op.create_table(
        "goal_contributions",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("goal_id", GUID, nullable=False),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("contribution_date", sa.Date(), nullable=False),
        sa.Column("transaction_id", GUID, nullable=True),
        sa.Column("description", sa.String(length=500), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["goal_id"],
            ["goals.id"],
            name=op.f("fk_goal_contributions_goal_id_goals"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_goal_contributions_transaction_id_transactions"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_goal_contributions")),
        sa.UniqueConstraint(
            "goal_id", "transaction_id", name=op.f("uq_goal_contributions_goal_id_transaction_id")
        ),
    )
    op.create_index(
        "ix_goal_contributions_goal_id_contribution_date",
        "goal_contributions",
        ["goal_id", "contribution_date"],
    )
    op.create_index(
        "ix_goal_contributions_transaction_id", "goal_contributions", ["transaction_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_goal_contributions_transaction_id", table_name="goal_contributions")
    op.drop_index(
        "ix_goal_contributions_goal_id_contribution_date", table_name="goal_contributions"
    )
    op.drop_table("goal_contributions")
    op.drop_index("ix_goals_user_id_status", table_name="goals")
    op.drop_table("goals")
