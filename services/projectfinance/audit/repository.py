"""The audit log's storage: append and read, never update or delete.

Appending extends the tenant's hash chain (audit.chain) under the chain head's row
lock: the head is created if missing (INSERT … ON CONFLICT DO NOTHING), then advanced
by an UPDATE that returns the new number and the previous hash — on PostgreSQL that
UPDATE waits for another writer of the tenant to commit and then sees its head; on
SQLite the whole database is written by one transaction at a time. UNIQUE (tenant_id,
seq) is the last line: a forked chain cannot be stored.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select

from db.scoping import owner_is, scoped, select_owned, update_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.audit.chain import GENESIS, ChainedEntry, Head, Link, link
from services.projectfinance.audit.domain import AuditEntry
from services.projectfinance.audit.tables import AuditChainHeadRow, AuditEntryRow
from services.projectfinance.kernel.actor import Actor


class AuditRepository(TenantRepository):
    def _advance_head(self, tenant_id: uuid.UUID) -> Head:
        """Take the tenant's chain head's lock and number the next entry: the head as it
        was (its seq is the new entry's minus one)."""
        self._session.execute(
            self._insert(AuditChainHeadRow)
            .values(tenant_id=tenant_id, seq=0, last_hash=GENESIS)
            .on_conflict_do_nothing(index_elements=[AuditChainHeadRow.tenant_id])
        )
        seq, last_hash = self._session.execute(
            update_owned(AuditChainHeadRow, tenant_id)
            .values(seq=AuditChainHeadRow.seq + 1)
            .returning(AuditChainHeadRow.seq, AuditChainHeadRow.last_hash)
        ).one()
        return Head(seq=seq - 1, last_hash=last_hash)

    def append(self, entry: AuditEntry) -> Link:
        at = link(entry, self._advance_head(entry.tenant_id))
        self._session.execute(
            update_owned(AuditChainHeadRow, entry.tenant_id).values(last_hash=at.entry_hash)
        )
        self._session.add(
            AuditEntryRow(
                **entry.columns(), seq=at.seq, prev_hash=at.prev_hash, entry_hash=at.entry_hash
            )
        )
        # Flushed now: a later entry of this transaction is numbered after it, and a
        # UNIQUE violation surfaces here, at the change that caused it.
        self._session.flush()
        return at

    def between(
        self,
        tenant_id: uuid.UUID,
        start: datetime,
        end: datetime,
        *,
        entity_ids: Sequence[uuid.UUID] | None = None,
    ) -> list[AuditEntry]:
        """The tenant's entries with start ≤ occurred_at < end, oldest first."""
        where = [AuditEntryRow.occurred_at >= start, AuditEntryRow.occurred_at < end]
        if entity_ids is not None:
            where.append(AuditEntryRow.entity_id.in_(list(entity_ids)))
        rows = self._session.scalars(
            select_owned(AuditEntryRow, tenant_id, *where).order_by(
                AuditEntryRow.occurred_at, AuditEntryRow.seq
            )
        )
        return [_entry(row) for row in rows]

    def chain(self, tenant_id: uuid.UUID) -> list[ChainedEntry]:
        """Every entry of the tenant with its link, in chain order."""
        rows = self._session.scalars(
            select_owned(AuditEntryRow, tenant_id).order_by(AuditEntryRow.seq)
        )
        return [
            ChainedEntry(_entry(row), Link(row.seq, row.prev_hash, row.entry_hash)) for row in rows
        ]

    def head(self, tenant_id: uuid.UUID) -> Head:
        found = self._session.execute(
            scoped(
                select(AuditChainHeadRow.seq, AuditChainHeadRow.last_hash).where(
                    owner_is(AuditChainHeadRow, tenant_id)
                )
            )
        ).first()
        return Head(0, GENESIS) if found is None else Head(found.seq, found.last_hash)


def _entry(row: AuditEntryRow) -> AuditEntry:
    return AuditEntry(
        id=row.id,
        tenant_id=row.tenant_id,
        occurred_at=row.occurred_at,
        actor=Actor(
            user_id=row.user_id,
            ip_address=row.ip_address,
            user_agent=row.user_agent,
            correlation_id=row.correlation_id,
        ),
        action=row.action,
        entity_type=row.entity_type,
        entity_id=row.entity_id,
        project_id=row.project_id,
        before=row.before,
        after=row.after,
    )
