"""What the repositories of the rows under a project-finance record share, beside
db.tenant_repository's: the record a row is under, and a row's lock. Every statement is
scoped by tenant through db.scoping: another tenant's row is a missing one."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select

from db.scoping import owner_is, scoped, update_owned
from db.tenant_repository import TenantRepository


class RecordChildRepository(TenantRepository):
    def _record_of(self, entity: Any, tenant_id: uuid.UUID, row_id: uuid.UUID) -> uuid.UUID | None:
        """The record the tenant's row of `entity` is under; None when the tenant has
        no such row."""
        record_id: uuid.UUID | None = self._session.scalar(
            scoped(select(entity.record_id).where(owner_is(entity, tenant_id), entity.id == row_id))
        )
        return record_id

    def _lock(self, entity: Any, tenant_id: uuid.UUID, row_id: uuid.UUID) -> bool:
        """Take the row's lock until the transaction ends; False when the tenant has no
        such row. An UPDATE that changes nothing (its status set to itself) is a write
        lock on SQLite too, where FOR UPDATE is ignored: two changes of one row run one
        after the other, and the second sees what the first committed."""
        locked = self._session.execute(
            update_owned(entity, tenant_id, entity.id == row_id)
            .values(status=entity.status)
            .returning(entity.id)
        ).all()
        return len(locked) == 1
