"""Project finance records' storage, scoped by tenant."""

from __future__ import annotations

import uuid

from db.scoping import select_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.records.tables import ProjectFinanceRow


class RecordRepository(TenantRepository):
    def ref(
        self, tenant_id: uuid.UUID, record_id: uuid.UUID, *, lock: bool = False
    ) -> RecordRef | None:
        """The tenant's record as the capabilities under it need it; None when the tenant
        has no such record. `lock`: hold the row (FOR UPDATE on PostgreSQL) until the
        transaction ends, so changes that check the record's budget run one at a time."""
        statement = select_owned(ProjectFinanceRow, tenant_id, ProjectFinanceRow.id == record_id)
        if lock:
            statement = statement.with_for_update()
        row = self._session.scalar(statement)
        if row is None:
            return None
        return RecordRef(
            id=row.id,
            tenant_id=row.tenant_id,
            project_id=row.project_id,
            currency=row.currency,
            total_budget=row.total_budget,
        )
