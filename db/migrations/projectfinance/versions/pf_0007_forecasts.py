"""Project finance: stored forecasts and their monthly projections.

Revision ID: pf_0007
Revises: pf_0006
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0007"
down_revision: str | None = "pf_0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _amount(name: str) -> sa.Column[object]:
    return sa.Column(name, sa.Numeric(precision=18, scale=4), nullable=False)


def _fraction(name: str) -> sa.Column[object]:
    return sa.Column(name, sa.Numeric(precision=5, scale=4), nullable=False)


def upgrade() -> None:
    op.create_table(
        "forecasts",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("record_id", sa.Uuid(), nullable=False),
        sa.Column("project_id", sa.Uuid(), nullable=False),
        sa.Column("period", sa.String(length=3), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("start", UTCDateTime(timezone=True), nullable=False),
        sa.Column("forecast_end_date", UTCDateTime(timezone=True), nullable=False),
        _fraction("budget_risk_probability"),
        _fraction("completion_probability"),
        _fraction("confidence_level"),
        _fraction("projected_cpi"),
        _fraction("projected_spi"),
        sa.Column("assumptions", sa.JSON(), nullable=False),
        sa.Column("generated_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["record_id"],
            ["project_finances.id"],
            name=op.f("fk_forecasts_record_id_project_finances"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_forecasts")),
    )
    op.create_index(
        "ix_forecasts_tenant_id_project_id", "forecasts", ["tenant_id", "project_id"], unique=False
    )
    op.create_table(
        "forecast_months",
        sa.Column("forecast_id", sa.Uuid(), nullable=False),
        sa.Column("position", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("month", UTCDateTime(timezone=True), nullable=False),
        _amount("projected_cost"),
        _amount("projected_revenue"),
        _amount("cumulative_cost"),
        _amount("cumulative_revenue"),
        sa.ForeignKeyConstraint(
            ["forecast_id"],
            ["forecasts.id"],
            name=op.f("fk_forecast_months_forecast_id_forecasts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("forecast_id", "position", name=op.f("pk_forecast_months")),
    )


def downgrade() -> None:
    op.drop_table("forecast_months")
    op.drop_index("ix_forecasts_tenant_id_project_id", table_name="forecasts")
    op.drop_table("forecasts")
