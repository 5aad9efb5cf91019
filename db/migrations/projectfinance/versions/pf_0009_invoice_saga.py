"""Project finance: the milestone-invoice saga's steps.

The saga record (pf_0004) gets what running it needs: the next step, the attempts and
the last error (a stuck saga is visible), the backoff's next attempt, the lease of the
runner or request that runs it, the approval it waits for, the invoice line's text, and
main's invoice (its id and number). Existing sagas start over from the approval check.

Revision ID: pf_0009
Revises: pf_0008
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0009"
down_revision: str | None = "pf_0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = "invoice_sagas"
INDEX = "ix_invoice_sagas_status_next_attempt_at"
COLUMNS = (
    "step",
    "attempts",
    "last_error",
    "next_attempt_at",
    "lease_owner",
    "lease_until",
    "approval_id",
    "description",
    "invoice_ref",
    "invoice_number",
)


def upgrade() -> None:
    # batch: SQLite rebuilds the table; PostgreSQL alters it in place.
    with op.batch_alter_table(TABLE) as batch:
        batch.add_column(
            sa.Column("step", sa.String(length=20), server_default="check_approval", nullable=False)
        )
        batch.add_column(sa.Column("attempts", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("last_error", sa.String(length=1000), nullable=True))
        batch.add_column(sa.Column("next_attempt_at", UTCDateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("lease_owner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("lease_until", UTCDateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("approval_id", sa.Uuid(), nullable=True))
        batch.add_column(
            sa.Column("description", sa.String(length=200), server_default="", nullable=False)
        )
        batch.add_column(sa.Column("invoice_ref", sa.Uuid(), nullable=True))
        batch.add_column(sa.Column("invoice_number", sa.String(length=32), nullable=True))
    op.create_index(INDEX, TABLE, ["status", "next_attempt_at"])


def downgrade() -> None:
    op.drop_index(INDEX, table_name=TABLE)
    with op.batch_alter_table(TABLE) as batch:
        for column in reversed(COLUMNS):
            batch.drop_column(column)
