"""Project finance: phases, the stages of a record (services/projectfinance/phases).

Revision ID: pf_0003
Revises: pf_0002
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import Amount, UTCDateTime

revision: str = "pf_0003"
down_revision: str | None = "pf_0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "phases",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("record_id", sa.Uuid(), nullable=False),
        sa.Column("cost_center_id", sa.Uuid(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("phase_budget", Amount(), nullable=False),
        sa.Column("actual_cost", Amount(), nullable=False),
        sa.Column("planned_start", UTCDateTime(timezone=True), nullable=False),
        sa.Column("planned_end", UTCDateTime(timezone=True), nullable=False),
        sa.Column("actual_start", UTCDateTime(timezone=True), nullable=True),
        sa.Column("actual_end", UTCDateTime(timezone=True), nullable=True),
        sa.Column("progress_percent", sa.Numeric(precision=5, scale=2), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["record_id"],
            ["project_finances.id"],
            name=op.f("fk_phases_record_id_project_finances"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["cost_center_id"],
            ["cost_centers.id"],
            name=op.f("fk_phases_cost_center_id_cost_centers"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_phases")),
    )
    op.create_index(
        "ix_phases_tenant_id_record_id_sequence", "phases", ["tenant_id", "record_id", "sequence"]
    )
    op.create_index("ix_phases_tenant_id_cost_center_id", "phases", ["tenant_id", "cost_center_id"])


def downgrade() -> None:
    op.drop_table("phases")
