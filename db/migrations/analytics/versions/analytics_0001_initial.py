"""Analytics backend: documents (with their stored bytes and import jobs), categories,
transactions and learned categorization rules.

Revision ID: analytics_0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import GUID, Amount, UTCDateTime

revision: str = "analytics_0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "documents",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("file_name", sa.String(255), nullable=False),
        sa.Column("content_type", sa.String(100), nullable=False),
        sa.Column("size_bytes", sa.BigInteger(), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("data_source", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("format", sa.String(16), nullable=True),
        sa.Column("error_message", sa.String(1000), nullable=True),
        sa.Column("error_row", sa.BigInteger(), nullable=True),
        sa.Column("row_count", sa.BigInteger(), nullable=False),
        sa.Column("transaction_count", sa.BigInteger(), nullable=False),
        sa.Column("duplicate_count", sa.BigInteger(), nullable=False),
        sa.Column("uploaded_at", UTCDateTime(), nullable=False),
        sa.Column("processing_started_at", UTCDateTime(), nullable=True),
        sa.Column("processed_at", UTCDateTime(), nullable=True),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_documents")),
    )
    op.create_index("ix_documents_user_id_uploaded_at", "documents", ["user_id", "uploaded_at"])
    op.create_table(
        "document_chunks",
        sa.Column("document_id", GUID, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"],
            ["documents.id"],
            name=op.f("fk_document_chunks_document_id_documents"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("document_id", "seq", name=op.f("pk_document_chunks")),
    )
    op.create_table(
        "import_jobs",
        sa.Column("id", GUID, nullable=False),
        sa.Column("document_id", GUID, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("run_after", UTCDateTime(), nullable=False),
        sa.Column("lease_expires_at", UTCDateTime(), nullable=True),
        sa.Column("worker", sa.String(100), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"],
            ["documents.id"],
            name=op.f("fk_import_jobs_document_id_documents"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_jobs")),
        sa.UniqueConstraint("document_id", name=op.f("uq_import_jobs_document_id")),
    )
    op.create_index("ix_import_jobs_state_run_after", "import_jobs", ["state", "run_after"])
    op.create_table(
        "categories",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("parent_id", GUID, nullable=True),
        sa.Column("color", sa.String(7), nullable=False),
        sa.Column("icon_name", sa.String(50), nullable=True),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.Column("default_key", sa.String(50), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["parent_id"],
            ["categories.id"],
            name=op.f("fk_categories_parent_id_categories"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_categories")),
        sa.UniqueConstraint(
            "user_id", "default_key", name=op.f("uq_categories_user_id_default_key")
        ),
    )
    op.create_index("ix_categories_user_id_parent_id", "categories", ["user_id", "parent_id"])
    op.create_table(
        "transactions",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("document_id", GUID, nullable=True),
        sa.Column("row_number", sa.BigInteger(), nullable=False),
        sa.Column("booked_at", UTCDateTime(), nullable=False),
        sa.Column("amount", Amount(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("description", sa.String(1000), nullable=False),
        sa.Column("merchant_name", sa.String(200), nullable=True),
        sa.Column("category_id", GUID, nullable=True),
        sa.Column("categorization_method", sa.String(16), nullable=False),
        sa.Column("categorization_confidence", sa.Float(), nullable=False),
        sa.Column("bank_reference", sa.String(100), nullable=True),
        sa.Column("dedupe_key", sa.String(64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["categories.id"],
            name=op.f("fk_transactions_category_id_categories"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_transactions")),
        sa.UniqueConstraint(
            "user_id", "dedupe_key", name=op.f("uq_transactions_user_id_dedupe_key")
        ),
    )
    op.create_index(
        "ix_transactions_document_id_row_number", "transactions", ["document_id", "row_number"]
    )
    op.create_index("ix_transactions_user_id_booked_at", "transactions", ["user_id", "booked_at"])
    op.create_index(
        "ix_transactions_category_id",
        "transactions",
        ["category_id"],
        postgresql_where=sa.text("category_id IS NOT NULL"),
        sqlite_where=sa.text("category_id IS NOT NULL"),
    )
    op.create_table(
        "categorization_rules",
        sa.Column("id", GUID, nullable=False),
        sa.Column("user_id", GUID, nullable=False),
        sa.Column("pattern", sa.String(200), nullable=False),
        sa.Column("category_id", GUID, nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"],
            ["categories.id"],
            name=op.f("fk_categorization_rules_category_id_categories"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_categorization_rules")),
        sa.UniqueConstraint(
            "user_id", "pattern", name=op.f("uq_categorization_rules_user_id_pattern")
        ),
    )


def downgrade() -> None:
    op.drop_table("categorization_rules")
    op.drop_index("ix_transactions_category_id", table_name="transactions")
    op.drop_index("ix_transactions_user_id_booked_at", table_name="transactions")
    op.drop_index("ix_transactions_document_id_row_number", table_name="transactions")
    op.drop_table("transactions")
    op.drop_index("ix_categories_user_id_parent_id", table_name="categories")
    op.drop_table("categories")
    op.drop_index("ix_import_jobs_state_run_after", table_name="import_jobs")
    op.drop_table("import_jobs")
    op.drop_table("document_chunks")
    op.drop_index("ix_documents_user_id_uploaded_at", table_name="documents")
    op.drop_table("documents")
