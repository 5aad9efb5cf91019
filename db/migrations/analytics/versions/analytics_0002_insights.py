"""Analytics insights (issue 12): per-user roll-ups and their staleness marker,
recurring patterns, forecasts and saving suggestions.

Revision ID: analytics_0002
Revises: analytics_0001
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Amount, UTCDateTime

revision: str = "analytics_0002"
down_revision: str | None = "analytics_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "derived_state",
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("dirty_from", sa.Date(), nullable=True),
        sa.Column("dirty_to", sa.Date(), nullable=True),
        sa.Column("recurring_version", sa.BigInteger(), nullable=False),
        sa.Column("main_currency", sa.String(length=3), nullable=True),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_derived_state")),
    )
    op.create_table(
        "forecasts",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("entity_type", sa.String(length=16), nullable=False),
        sa.Column("entity_key", sa.String(length=200), nullable=False),
        sa.Column("period", sa.String(length=16), nullable=False),
        sa.Column("horizon", sa.Integer(), nullable=False),
        sa.Column("data_version", sa.BigInteger(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("generated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_forecasts")),
        sa.UniqueConstraint(
            "user_id",
            "currency",
            "entity_type",
            "entity_key",
            "period",
            name=op.f("uq_forecasts_user_id_currency_entity_type_entity_key_period"),
        ),
    )
    op.create_table(
        "recurring_patterns",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("merchant_key", sa.String(length=200), nullable=False),
        sa.Column("merchant_name", sa.String(length=200), nullable=False),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("direction", sa.String(length=8), nullable=False),
        sa.Column("cadence", sa.String(length=16), nullable=False),
        sa.Column("rrule", sa.String(length=200), nullable=False),
        sa.Column("next_expected", sa.Date(), nullable=False),
        sa.Column("window_days", sa.Integer(), nullable=False),
        sa.Column("typical_amount", Amount(), nullable=False),
        sa.Column("min_amount", Amount(), nullable=False),
        sa.Column("max_amount", Amount(), nullable=False),
        sa.Column("variation", sa.Float(), nullable=False),
        sa.Column("occurrences", sa.Integer(), nullable=False),
        sa.Column("first_seen", sa.Date(), nullable=False),
        sa.Column("last_seen", sa.Date(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("price_changed_on", sa.Date(), nullable=True),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("gap_regularity", sa.Float(), nullable=False),
        sa.Column("amount_stability", sa.Float(), nullable=False),
        sa.Column("count_score", sa.Float(), nullable=False),
        sa.Column("recency", sa.Float(), nullable=False),
        sa.Column("transaction_ids", sa.JSON(), nullable=False),
        sa.Column("detected_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recurring_patterns")),
    )
    op.create_index(
        "ix_recurring_patterns_user_id_confidence", "recurring_patterns", ["user_id", "confidence"]
    )

    op.create_table(
        "rollup_category_days",
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
        sa.Column("income", Amount(), nullable=False),
        sa.Column("expenses", Amount(), nullable=False),
        sa.Column("income_count", sa.Integer(), nullable=False),
        sa.Column("expense_count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rollup_category_days")),
    )
    op.create_index(
        "ix_rollup_category_days_user_day_currency",
        "rollup_category_days",
        ["user_id", "day", "currency"],
    )

    op.create_table(
        "rollup_merchant_days",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("merchant_key", sa.String(length=200), nullable=False),
        sa.Column("merchant_name", sa.String(length=200), nullable=False),
        sa.Column("income", Amount(), nullable=False),
        sa.Column("expenses", Amount(), nullable=False),
        sa.Column("income_count", sa.Integer(), nullable=False),
        sa.Column("expense_count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rollup_merchant_days")),
    )
    op.create_index(
        "ix_rollup_merchant_days_user_day_currency",
        "rollup_merchant_days",
        ["user_id", "day", "currency"],
    )

    op.create_table(
        "rollup_merchant_months",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("month", sa.Date(), nullable=False),
        sa.Column("merchant_key", sa.String(length=200), nullable=False),
        sa.Column("merchant_name", sa.String(length=200), nullable=False),
        sa.Column("income", Amount(), nullable=False),
        sa.Column("expenses", Amount(), nullable=False),
        sa.Column("income_count", sa.Integer(), nullable=False),
        sa.Column("expense_count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rollup_merchant_months")),
    )
    op.create_index(
        "ix_rollup_merchant_months_user_currency_key",
        "rollup_merchant_months",
        ["user_id", "currency", "merchant_key"],
    )
    op.create_index(
        "ix_rollup_merchant_months_user_month_currency",
        "rollup_merchant_months",
        ["user_id", "month", "currency"],
    )

    op.create_table(
        "suggestions",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("fingerprint", sa.String(length=300), nullable=False),
        sa.Column("suggestion_type", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=False),
        sa.Column("potential_saving", Amount(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("merchant_name", sa.String(length=200), nullable=True),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("evidence", sa.JSON(), nullable=False),
        sa.Column("transaction_ids", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_suggestions")),
        sa.UniqueConstraint(
            "user_id", "fingerprint", name=op.f("uq_suggestions_user_id_fingerprint")
        ),
    )
    op.create_index("ix_suggestions_user_id_status", "suggestions", ["user_id", "status"])
    op.create_table(
        "suggestion_runs",
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("data_version", sa.BigInteger(), nullable=False),
        sa.Column("generated_on", sa.Date(), nullable=False),
        sa.Column("generated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_suggestion_runs")),
    )


def downgrade() -> None:
    op.drop_table("suggestion_runs")
    op.drop_index("ix_suggestions_user_id_status", table_name="suggestions")

    op.drop_table("suggestions")
    op.drop_index(
        "ix_rollup_merchant_months_user_month_currency", table_name="rollup_merchant_months"
    )
    op.drop_index(
        "ix_rollup_merchant_months_user_currency_key", table_name="rollup_merchant_months"
    )

    op.drop_table("rollup_merchant_months")
    op.drop_index("ix_rollup_merchant_days_user_day_currency", table_name="rollup_merchant_days")

    op.drop_table("rollup_merchant_days")
    op.drop_index("ix_rollup_category_days_user_day_currency", table_name="rollup_category_days")

    op.drop_table("rollup_category_days")
    op.drop_index("ix_recurring_patterns_user_id_confidence", table_name="recurring_patterns")

    op.drop_table("recurring_patterns")
    op.drop_table("forecasts")
    op.drop_table("derived_state")
