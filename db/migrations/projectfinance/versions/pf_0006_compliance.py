"""Project finance: the audit log's hash chain and the compliance signing keys.

The audit entries get their place in their tenant's chain (seq, prev_hash, entry_hash;
services.projectfinance.audit.chain) and each tenant a chain head. Entries written
before this migration are chained here, per tenant in the order they were written
(occurred_at, then id), with the same canonical form the service uses (frozen here). The append-only
triggers refuse the UPDATE that backfill needs, so the backfill lifts them for its own
statements only and puts them back (PostgreSQL: DISABLE/ENABLE TRIGGER inside this
migration's transaction; SQLite: drop and re-create, also needed because SQLite's
ALTER … NOT NULL re-creates the table, which loses its triggers).

Compliance reports are stored as generated (their JSON document), and the key that
signs the SOX attestations when none is configured is generated once and kept here.

Revision ID: pf_0006
Revises: pf_0005
Create Date: 2026-11-24
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from db.types import UTCDateTime

revision: str = "pf_0006"
down_revision: str | None = "pf_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_SQLITE_VERBS = ("UPDATE", "DELETE")
GENESIS = "0" * 64


def _entry_hash(row: Any, seq: int, prev_hash: str) -> str:
    """services.projectfinance.audit.chain's canonical form and hash, frozen here as a
    migration must be (db imports no backend); a test checks that the service verifies
    the chain this backfill writes."""
    fields = {
        "action": row["action"],
        "after": row["after"],
        "before": row["before"],
        "correlation_id": row["correlation_id"],
        "entity_id": str(row["entity_id"]),
        "entity_type": row["entity_type"],
        "id": str(row["id"]),
        "ip_address": row["ip_address"],
        "occurred_at": _moment(row["occurred_at"]),
        "prev_hash": prev_hash,
        "project_id": None if row["project_id"] is None else str(row["project_id"]),
        "seq": seq,
        "tenant_id": str(row["tenant_id"]),
        "user_agent": row["user_agent"],
        "user_id": str(row["user_id"]),
    }
    payload = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


def _moment(value: datetime) -> str:
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def _lift_append_only() -> None:
    if _postgresql():
        op.execute("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only")
    else:
        for verb in _SQLITE_VERBS:
            op.execute(f"DROP TRIGGER audit_entries_no_{verb.lower()}")


def _restore_append_only() -> None:
    if _postgresql():
        op.execute("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only")
    else:
        # As pf_0001 created them.
        for verb in _SQLITE_VERBS:
            op.execute(
                f"CREATE TRIGGER audit_entries_no_{verb.lower()} BEFORE {verb} ON audit_entries "
                f"BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only: {verb} refused'); END"
            )


def _entries() -> sa.TableClause:
    return sa.table(
        "audit_entries",
        sa.column("id", sa.Uuid()),
        sa.column("tenant_id", sa.Uuid()),
        sa.column("occurred_at", UTCDateTime(timezone=True)),
        sa.column("user_id", sa.Uuid()),
        sa.column("ip_address", sa.String()),
        sa.column("user_agent", sa.String()),
        sa.column("correlation_id", sa.String()),
        sa.column("action", sa.String()),
        sa.column("entity_type", sa.String()),
        sa.column("entity_id", sa.Uuid()),
        sa.column("project_id", sa.Uuid()),
        sa.column("before", sa.JSON()),
        sa.column("after", sa.JSON()),
        sa.column("seq", sa.BigInteger()),
        sa.column("prev_hash", sa.String()),
        sa.column("entry_hash", sa.String()),
    )


def _backfill() -> None:
    """Chain every entry already written, tenant by tenant, and write the heads."""
    bind = op.get_bind()
    entries = _entries()
    heads = sa.table(
        "audit_chain_heads",
        sa.column("tenant_id", sa.Uuid()),
        sa.column("seq", sa.BigInteger()),
        sa.column("last_hash", sa.String()),
    )
    chained: dict[object, tuple[int, str]] = {}
    rows = bind.execute(
        sa.select(entries).order_by(entries.c.tenant_id, entries.c.occurred_at, entries.c.id)
    ).mappings()
    updates = []
    for row in rows:
        seq, prev_hash = chained.get(row["tenant_id"], (0, GENESIS))
        seq += 1
        entry_hash = _entry_hash(row, seq, prev_hash)
        updates.append(
            {"b_id": row["id"], "seq": seq, "prev_hash": prev_hash, "entry_hash": entry_hash}
        )
        chained[row["tenant_id"]] = (seq, entry_hash)
    if updates:
        bind.execute(
            entries.update()
            .where(entries.c.id == sa.bindparam("b_id"))
            .values(
                seq=sa.bindparam("seq"),
                prev_hash=sa.bindparam("prev_hash"),
                entry_hash=sa.bindparam("entry_hash"),
            ),
            updates,
        )
    if chained:
        bind.execute(
            heads.insert(),
            [
                {"tenant_id": tenant, "seq": seq, "last_hash": last}
                for tenant, (seq, last) in chained.items()
            ],
        )


def upgrade() -> None:
    op.create_table(
        "audit_chain_heads",
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("last_hash", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", name=op.f("pk_audit_chain_heads")),
    )
    with op.batch_alter_table("audit_entries") as batch:
        batch.add_column(sa.Column("seq", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("prev_hash", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("entry_hash", sa.String(length=64), nullable=True))
    _lift_append_only()
    _backfill()
    with op.batch_alter_table("audit_entries") as batch:
        for name, kind in (
            ("seq", sa.BigInteger()),
            ("prev_hash", sa.String(length=64)),
            ("entry_hash", sa.String(length=64)),
        ):
            batch.alter_column(name, existing_type=kind, nullable=False)
        batch.create_unique_constraint(op.f("uq_audit_entries_tenant_id_seq"), ["tenant_id", "seq"])
    _restore_append_only()

    op.create_table(
        "compliance_reports",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("generated_by", sa.Uuid(), nullable=False),
        sa.Column("generated_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_compliance_reports")),
    )
    op.create_index(
        "ix_compliance_reports_tenant_id_generated_at",
        "compliance_reports",
        ["tenant_id", "generated_at"],
    )
    op.create_table(
        "compliance_signing_keys",
        sa.Column("slot", sa.String(length=16), nullable=False),
        sa.Column("kid", sa.String(length=64), nullable=False),
        sa.Column("private_key_pem", sa.Text(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("slot", name=op.f("pk_compliance_signing_keys")),
    )


def downgrade() -> None:
    op.drop_table("compliance_signing_keys")
    op.drop_index("ix_compliance_reports_tenant_id_generated_at", table_name="compliance_reports")
    op.drop_table("compliance_reports")
    if not _postgresql():
        # SQLite re-creates the table to drop columns: the triggers go with it.
        _lift_append_only()
    with op.batch_alter_table("audit_entries") as batch:
        batch.drop_constraint(op.f("uq_audit_entries_tenant_id_seq"), type_="unique")
        batch.drop_column("entry_hash")
        batch.drop_column("prev_hash")
        batch.drop_column("seq")
    if not _postgresql():
        _restore_append_only()
    op.drop_table("audit_chain_heads")
