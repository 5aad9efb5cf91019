"""Planned expenses, recurring by an RRULE, and their payments (issue 13).

Revision ID: analytics_0005
Revises: analytics_0004
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Money, UTCDateTime

revision: str = "analytics_0005"
down_revision: str | None = "analytics_0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "planned_expenses",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=True),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("recurrence_rule", sa.String(length=500), nullable=True),
        sa.Column("series_start", sa.Date(), nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("notify_days_before", sa.Integer(), nullable=False),
        sa.Column("is_paid", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["categories.id"],
            name=op.f("fk_planned_expenses_category_id_categories"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_planned_expenses")),
    )
    op.create_index(
        "ix_planned_expenses_user_id_is_paid_due_date",
        "planned_expenses",
        ["user_id", "is_paid", "due_date"],
    )
    op.create_table(
        "planned_expense_payments",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("expense_id", GUID, nullable=False),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("paid_date", sa.Date(), nullable=False),
        sa.Column("actual_amount", Money(), nullable=False),
        sa.Column("transaction_id", GUID, nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["expense_id"],
            ["planned_expenses.id"],
            name=op.f("fk_planned_expense_payments_expense_id_planned_expenses"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["transactions.id"],
            name=op.f("fk_planned_expense_payments_transaction_id_transactions"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_planned_expense_payments")),
        sa.UniqueConstraint(
            "expense_id", "due_date", name=op.f("uq_planned_expense_payments_expense_id_due_date")
        ),
    )
    op.create_index(
        "ix_planned_expense_payments_user_id_paid_date",
        "planned_expense_payments",
        ["user_id", "paid_date"],
    )
    op.create_index(
        "ix_planned_expense_payments_transaction_id",
        "planned_expense_payments",
        ["transaction_id"],
    )


def downgrade() -> None:
    op.drop_table("planned_expense_payments")
    op.drop_table("planned_expenses")
