"""Cash-flow predictions, alerts and snapshots (issue 14).

Revision ID: analytics_0007
Revises: analytics_0006
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Money, UTCDateTime

revision: str = "analytics_0007"
down_revision: str | None = "analytics_0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cashflow_states",
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("data_version", sa.BigInteger(), nullable=False),
        sa.Column("recurring_version", sa.BigInteger(), nullable=False),
        sa.Column("planned_fingerprint", sa.String(length=64), nullable=False),
        sa.Column("computed_on", sa.Date(), nullable=False),
        sa.Column("threshold", Money(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("current_balance", Money(), nullable=False),
        sa.Column("outlook", sa.JSON(), nullable=False),
        sa.Column("generated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_cashflow_states")),
    )
    op.create_table(
        "cashflow_predictions",
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("period_type", sa.String(length=16), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("predicted_from", sa.Date(), nullable=False),
        sa.Column("opening_balance", Money(), nullable=False),
        sa.Column("expected_income", Money(), nullable=False),
        sa.Column("expected_expenses", Money(), nullable=False),
        sa.Column("expected_balance", Money(), nullable=False),
        sa.Column("lowest_balance", Money(), nullable=False),
        sa.Column("lowest_balance_on", sa.Date(), nullable=False),
        sa.Column("balance_low", Money(), nullable=False),
        sa.Column("balance_high", Money(), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("recurring_income", Money(), nullable=False),
        sa.Column("recurring_expenses", Money(), nullable=False),
        sa.Column("planned_expenses", Money(), nullable=False),
        sa.Column("discretionary_expenses", Money(), nullable=False),
        sa.PrimaryKeyConstraint(
            "user_id", "period_type", "period_start", name=op.f("pk_cashflow_predictions")
        ),
    )
    op.create_table(
        "cashflow_alerts",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("cause_key", sa.String(length=100), nullable=False),
        sa.Column("alert_type", sa.String(length=32), nullable=False),
        sa.Column("severity", sa.String(length=8), nullable=False),
        sa.Column("severity_rank", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("message", sa.String(length=1000), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("reference", Money(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.Column("acknowledged_at", UTCDateTime(), nullable=True),
        sa.Column("resolved_at", UTCDateTime(), nullable=True),
        sa.Column("resolved_by", sa.String(length=8), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cashflow_alerts")),
        sa.UniqueConstraint(
            "user_id", "cause_key", name=op.f("uq_cashflow_alerts_user_id_cause_key")
        ),
    )
    op.create_index("ix_cashflow_alerts_user_id_status", "cashflow_alerts", ["user_id", "status"])
    op.create_table(
        "cashflow_snapshots",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("snapshot_date", sa.Date(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("current_balance", Money(), nullable=False),
        sa.Column("outlook", sa.JSON(), nullable=False),
        sa.Column("active_alerts", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(length=200), nullable=False),
        sa.Column("generated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cashflow_snapshots")),
    )
    op.create_index(
        "ix_cashflow_snapshots_user_id_generated_at",
        "cashflow_snapshots",
        ["user_id", "generated_at"],
    )


def downgrade() -> None:
    op.drop_table("cashflow_snapshots")
    op.drop_table("cashflow_alerts")
    op.drop_table("cashflow_predictions")
    op.drop_table("cashflow_states")
