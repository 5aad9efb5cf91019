"""Project finance: records and the append-only audit log.

The audit log refuses UPDATE and DELETE in the database itself (a trigger on each
engine), so no code path, present or future, can rewrite history.

Revision ID: pf_0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from db.types import Amount, UTCDateTime

revision: str = "pf_0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PG_REFUSE = """
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
"""


def upgrade() -> None:
    op.create_table(
        "project_finances",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("project_id", sa.Uuid(), nullable=False),
        sa.Column("parent_id", sa.Uuid(), nullable=True),
        sa.Column("revenue_model", sa.String(length=32), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("total_budget", Amount(), nullable=False),
        sa.Column("created_by", sa.Uuid(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["parent_id"],
            ["project_finances.id"],
            name=op.f("fk_project_finances_parent_id_project_finances"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_project_finances")),
        sa.UniqueConstraint(
            "tenant_id", "project_id", name=op.f("uq_project_finances_tenant_id_project_id")
        ),
    )
    op.create_index(
        "ix_project_finances_tenant_id_created_at",
        "project_finances",
        ["tenant_id", "created_at"],
    )
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("occurred_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("ip_address", sa.String(length=64), nullable=False),
        sa.Column("user_agent", sa.String(length=512), nullable=False),
        sa.Column("correlation_id", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("entity_type", sa.String(length=40), nullable=False),
        sa.Column("entity_id", sa.Uuid(), nullable=False),
        sa.Column("project_id", sa.Uuid(), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_entries")),
    )
    op.create_index(
        "ix_audit_entries_tenant_id_occurred_at", "audit_entries", ["tenant_id", "occurred_at"]
    )
    op.create_index(
        "ix_audit_entries_tenant_id_project_id", "audit_entries", ["tenant_id", "project_id"]
    )
    op.create_index(
        "ix_audit_entries_tenant_id_entity_id", "audit_entries", ["tenant_id", "entity_id"]
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_REFUSE)
    else:
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER audit_entries_no_{verb.lower()} BEFORE {verb} ON audit_entries "
                f"BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only: {verb} refused'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER audit_entries_append_only ON audit_entries")
        op.execute("DROP FUNCTION audit_entries_append_only()")
    op.drop_table("audit_entries")
    op.drop_table("project_finances")
