"""Project finance: the delegation grant an invoice saga resumes with when nobody is
calling (RFC 8693 token exchange with main; docs/project-finance-milestones.md).

Revision ID: pf_0010
Revises: pf_0009
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0010"
down_revision: str | None = "pf_0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "invoice_saga_delegations",
        sa.Column("saga_id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("delegation_grant", sa.String(length=200), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["saga_id"],
            ["invoice_sagas.id"],
            name=op.f("fk_invoice_saga_delegations_saga_id_invoice_sagas"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("saga_id", name=op.f("pk_invoice_saga_delegations")),
    )


def downgrade() -> None:
    op.drop_table("invoice_saga_delegations")
