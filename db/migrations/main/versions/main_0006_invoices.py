"""Main backend: invoices (lines, gapless numbers per tenant) and payments against them;
idempotency keys of the gRPC callers.

Revision ID: main_0006
Revises: main_0005
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import Amount, Money, UTCDateTime

revision: str = "main_0006"
down_revision: str | None = "main_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _tenant_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tenant_id"],
        ["tenants.id"],
        name=op.f(f"fk_{table}_tenant_id_tenants"),
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "invoice_sequences",
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("issued_count", sa.Integer(), nullable=False),
        _tenant_fk("invoice_sequences"),
        sa.PrimaryKeyConstraint("tenant_id", name=op.f("pk_invoice_sequences")),
    )
    op.create_table(
        "invoices",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("number", sa.String(length=32), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("customer_name", sa.String(length=200), nullable=False),
        sa.Column("customer_email", sa.String(length=254), nullable=False),
        sa.Column("customer_address", sa.String(length=500), nullable=False),
        sa.Column("customer_tax_id", sa.String(length=50), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("fx_rate", sa.Numeric(18, 8), nullable=True),
        sa.Column("issue_date", sa.Date(), nullable=True),
        sa.Column("due_date", sa.Date(), nullable=True),
        sa.Column("memo", sa.String(length=1000), nullable=False),
        sa.Column("total", Money(), nullable=False),
        sa.Column("amount_paid", Money(), nullable=False),
        sa.Column("issue_entry_id", sa.Uuid(), nullable=True),
        sa.Column("void_entry_id", sa.Uuid(), nullable=True),
        sa.Column("issued_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("paid_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("voided_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        _tenant_fk("invoices"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invoices")),
        sa.UniqueConstraint("tenant_id", "number", name=op.f("uq_invoices_tenant_id_number")),
    )
    op.create_index("ix_invoices_tenant_id_created_at", "invoices", ["tenant_id", "created_at"])
    op.create_table(
        "invoice_lines",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("invoice_id", sa.Uuid(), nullable=False),
        sa.Column("line_no", sa.Integer(), nullable=False),
        sa.Column("description", sa.String(length=500), nullable=False),
        sa.Column("quantity", Amount(), nullable=False),
        sa.Column("unit_price", Amount(), nullable=False),
        sa.Column("tax_rate", Amount(), nullable=False),
        sa.ForeignKeyConstraint(
            ["invoice_id"],
            ["invoices.id"],
            name=op.f("fk_invoice_lines_invoice_id_invoices"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invoice_lines")),
    )
    op.create_index("ix_invoice_lines_invoice_id", "invoice_lines", ["invoice_id"])
    op.create_table(
        "invoice_idempotency_keys",
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("operation", sa.String(length=16), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("invoice_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        _tenant_fk("invoice_idempotency_keys"),
        sa.PrimaryKeyConstraint("tenant_id", "key", name=op.f("pk_invoice_idempotency_keys")),
    )
    op.create_index(
        "ix_invoice_idempotency_keys_invoice_id", "invoice_idempotency_keys", ["invoice_id"]
    )
    op.create_table(
        "payments",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("invoice_id", sa.Uuid(), nullable=False),
        sa.Column("invoice_number", sa.String(length=32), nullable=False),
        sa.Column("amount", Money(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("paid_on", sa.Date(), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("reference", sa.String(length=200), nullable=False),
        sa.Column("entry_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        _tenant_fk("payments"),
        sa.ForeignKeyConstraint(
            ["invoice_id"], ["invoices.id"], name=op.f("fk_payments_invoice_id_invoices")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payments")),
    )
    op.create_index("ix_payments_invoice_id", "payments", ["invoice_id"])
    op.create_index("ix_payments_tenant_id_created_at", "payments", ["tenant_id", "created_at"])


def downgrade() -> None:
    op.drop_table("payments")
    op.drop_table("invoice_idempotency_keys")
    op.drop_table("invoice_lines")
    op.drop_table("invoices")
    op.drop_table("invoice_sequences")
