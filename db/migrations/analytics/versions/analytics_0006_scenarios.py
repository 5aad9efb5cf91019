"""What-if scenarios and their items (issue 13).

Revision ID: analytics_0006
Revises: analytics_0005
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Amount, Money, UTCDateTime

revision: str = "analytics_0006"
down_revision: str | None = "analytics_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "scenarios",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=True),
        sa.Column("base_month", sa.Date(), nullable=False),
        sa.Column("duration", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scenarios")),
    )
    op.create_index("ix_scenarios_user_id_created_at", "scenarios", ["user_id", "created_at"])

    op.create_table(
        "scenario_items",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("scenario_id", GUID, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=1000), nullable=True),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("item_type", sa.String(length=16), nullable=False),
        sa.Column("frequency", sa.String(length=16), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("growth_rate", Amount(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["scenario_id"],
            ["scenarios.id"],
            name=op.f("fk_scenario_items_scenario_id_scenarios"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scenario_items")),
    )
    op.create_index(
        "ix_scenario_items_scenario_id_position", "scenario_items", ["scenario_id", "position"]
    )


def downgrade() -> None:
    op.drop_index("ix_scenario_items_scenario_id_position", table_name="scenario_items")
    op.drop_table("scenario_items")
    op.drop_index("ix_scenarios_user_id_created_at", table_name="scenarios")
    op.drop_table("scenarios")
