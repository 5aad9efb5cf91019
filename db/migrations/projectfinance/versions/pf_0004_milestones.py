"""Project finance: milestones and their invoice sagas.

Revision ID: pf_0004
Revises: pf_0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import Amount, UTCDateTime

revision: str = "pf_0004"
down_revision: str | None = "pf_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "milestones",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("record_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=2000), nullable=True),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("due_date", UTCDateTime(timezone=True), nullable=True),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("completion_percent", sa.Numeric(5, 2), nullable=False),
        sa.Column("completed_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("billed_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("invoice_id", sa.BigInteger(), nullable=True),
        sa.Column("invoice_number", sa.String(length=64), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["record_id"],
            ["project_finances.id"],
            name=op.f("fk_milestones_record_id_project_finances"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_milestones")),
    )
    op.create_index(
        "ix_milestones_tenant_id_record_id_sequence",
        "milestones",
        ["tenant_id", "record_id", "sequence"],
    )
    op.create_table(
        "invoice_sagas",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("milestone_id", sa.Uuid(), nullable=False),
        sa.Column("record_id", sa.Uuid(), nullable=False),
        sa.Column("saga_type", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("correlation_id", sa.String(length=64), nullable=False),
        sa.Column("request_id", sa.Uuid(), nullable=False),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["milestone_id"],
            ["milestones.id"],
            name=op.f("fk_invoice_sagas_milestone_id_milestones"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["record_id"],
            ["project_finances.id"],
            name=op.f("fk_invoice_sagas_record_id_project_finances"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invoice_sagas")),
        sa.UniqueConstraint("milestone_id", name=op.f("uq_invoice_sagas_milestone_id")),
        sa.UniqueConstraint("request_id", name=op.f("uq_invoice_sagas_request_id")),
    )
    op.create_index(
        "ix_invoice_sagas_tenant_id_record_id", "invoice_sagas", ["tenant_id", "record_id"]
    )


def downgrade() -> None:
    op.drop_table("invoice_sagas")
    op.drop_table("milestones")
