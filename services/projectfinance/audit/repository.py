"""The audit log's storage: append and read, never update or delete."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.orm import Session

from db.scoping import select_owned
from services.projectfinance.audit.domain import AuditEntry
from services.projectfinance.audit.tables import AuditEntryRow
from services.projectfinance.kernel.actor import Actor


class AuditRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def append(self, entry: AuditEntry) -> None:
        self._session.add(
            AuditEntryRow(
                id=entry.id,
                tenant_id=entry.tenant_id,
                occurred_at=entry.occurred_at,
                user_id=entry.actor.user_id,
                ip_address=entry.actor.ip_address,
                user_agent=entry.actor.user_agent,
                correlation_id=entry.actor.correlation_id,
                action=entry.action,
                entity_type=entry.entity_type,
                entity_id=entry.entity_id,
                project_id=entry.project_id,
                before=entry.before,
                after=entry.after,
            )
        )

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
                AuditEntryRow.occurred_at, AuditEntryRow.id
            )
        )
        return [_entry(row) for row in rows]


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
