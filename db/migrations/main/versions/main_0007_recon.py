"""Main: bank reconciliation (statements, their lines, matches to journal lines), every
row owned by a tenant.

Revision ID: main_0007
Revises: main_0006
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import Amount, UTCDateTime

revision: str = "main_0007"
down_revision: str | None = "main_0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "recon_statements",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("account_id", sa.Uuid(), nullable=False),
        sa.Column("file_name", sa.String(length=255), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("opening_balance", Amount(), nullable=True),
        sa.Column("closing_balance", Amount(), nullable=True),
        sa.Column("line_count", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["ledger_books.tenant_id"],
            name=op.f("fk_recon_statements_tenant_id_ledger_books"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["ledger_accounts.id"],
            name=op.f("fk_recon_statements_account_id_ledger_accounts"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recon_statements")),
    )
    op.create_index(
        "ix_recon_statements_tenant_id_created_at",
        "recon_statements",
        ["tenant_id", "created_at"],
    )
    op.create_table(
        "recon_statement_lines",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("statement_id", sa.Uuid(), nullable=False),
        sa.Column("line_no", sa.Integer(), nullable=False),
        sa.Column("file_row", sa.Integer(), nullable=False),
        sa.Column("booked_on", sa.Date(), nullable=False),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("description", sa.String(length=500), nullable=False),
        sa.Column("bank_reference", sa.String(length=200), nullable=True),
        sa.Column("payee", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["statement_id"],
            ["recon_statements.id"],
            name=op.f("fk_recon_statement_lines_statement_id_recon_statements"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recon_statement_lines")),
    )
    op.create_index(
        "ix_recon_statement_lines_statement_id", "recon_statement_lines", ["statement_id"]
    )
    op.create_table(
        "recon_matches",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("statement_id", sa.Uuid(), nullable=False),
        sa.Column("statement_line_id", sa.Uuid(), nullable=False),
        sa.Column("journal_line_id", sa.Uuid(), nullable=False),
        sa.Column("entry_id", sa.Uuid(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["statement_id"],
            ["recon_statements.id"],
            name=op.f("fk_recon_matches_statement_id_recon_statements"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["statement_line_id"],
            ["recon_statement_lines.id"],
            name=op.f("fk_recon_matches_statement_line_id_recon_statement_lines"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["journal_line_id"],
            ["journal_lines.id"],
            name=op.f("fk_recon_matches_journal_line_id_journal_lines"),
        ),
        sa.ForeignKeyConstraint(
            ["entry_id"],
            ["journal_entries.id"],
            name=op.f("fk_recon_matches_entry_id_journal_entries"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recon_matches")),
        sa.UniqueConstraint("statement_line_id", name=op.f("uq_recon_matches_statement_line_id")),
        sa.UniqueConstraint(
            "tenant_id",
            "journal_line_id",
            name=op.f("uq_recon_matches_tenant_id_journal_line_id"),
        ),
    )
    op.create_index(
        "ix_recon_matches_tenant_id_statement_id", "recon_matches", ["tenant_id", "statement_id"]
    )


def downgrade() -> None:
    op.drop_table("recon_matches")
    op.drop_table("recon_statement_lines")
    op.drop_table("recon_statements")
