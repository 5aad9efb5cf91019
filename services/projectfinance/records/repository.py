"""Project finance records' storage, scoped by tenant: another tenant's record is
indistinguishable from a missing one, and lists see only the tenant's rows.

One record per project of a tenant is the UNIQUE key (tenant_id, project_id): a second
create is settled by the database (INSERT … ON CONFLICT DO NOTHING), so two racing
creates leave one record and the other caller a 409. Deleting a record deletes its
phases, milestones and cost centers by the children's foreign keys (ON DELETE CASCADE)
and detaches the records rolled up into it (ON DELETE SET NULL).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from db.scoping import delete_owned, select_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.kernel.money import stored_money
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.records.domain.records import NewRecord, Record
from services.projectfinance.records.tables import ProjectFinanceRow


def _record(row: ProjectFinanceRow) -> Record:
    return Record(
        id=row.id,
        tenant_id=row.tenant_id,
        project_id=row.project_id,
        parent_id=row.parent_id,
        revenue_model=row.revenue_model,
        total_budget=stored_money(row.total_budget, row.currency),
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class RecordRepository(TenantRepository):
    def ref(
        self, tenant_id: uuid.UUID, record_id: uuid.UUID, *, lock: bool = False
    ) -> RecordRef | None:
        """The tenant's record as the capabilities under it need it; None when the tenant
        has no such record. `lock`: hold the row (FOR UPDATE on PostgreSQL) until the
        transaction ends, so changes that check the record's budget run one at a time."""
        row = self._row(tenant_id, record_id, lock=lock)
        if row is None:
            return None
        return RecordRef(
            id=row.id,
            tenant_id=row.tenant_id,
            project_id=row.project_id,
            currency=row.currency,
            total_budget=row.total_budget,
        )

    def add(
        self, tenant_id: uuid.UUID, new: NewRecord, created_by: uuid.UUID, now: datetime
    ) -> Record | None:
        """The new record; None when the tenant's project has a record already."""
        record_id = uuid.uuid4()
        inserted = self._session.execute(
            self._insert(ProjectFinanceRow)
            .values(
                id=record_id,
                tenant_id=tenant_id,
                project_id=new.project_id,
                parent_id=new.parent_id,
                revenue_model=new.revenue_model,
                currency=new.total_budget.currency,
                total_budget=new.total_budget.amount,
                created_by=created_by,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_nothing(
                index_elements=[ProjectFinanceRow.tenant_id, ProjectFinanceRow.project_id]
            )
            .returning(ProjectFinanceRow.id)
        ).first()
        return None if inserted is None else self.record(tenant_id, record_id)

    def record(
        self, tenant_id: uuid.UUID, record_id: uuid.UUID, *, lock: bool = False
    ) -> Record | None:
        """The tenant's record; None when it has no such record. `lock`: as `ref`'s."""
        row = self._row(tenant_id, record_id, lock=lock)
        return None if row is None else _record(row)

    def by_project(self, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Record | None:
        """The tenant's record of main's project `project_id`; None when it has none."""
        row = self._session.scalar(
            select_owned(ProjectFinanceRow, tenant_id, ProjectFinanceRow.project_id == project_id)
        )
        return None if row is None else _record(row)

    def _row(
        self, tenant_id: uuid.UUID, record_id: uuid.UUID, *, lock: bool
    ) -> ProjectFinanceRow | None:
        statement = select_owned(ProjectFinanceRow, tenant_id, ProjectFinanceRow.id == record_id)
        if lock:
            statement = statement.with_for_update()
        return self._session.scalar(statement)

    def listing(self, tenant_id: uuid.UUID, *, limit: int, offset: int) -> tuple[list[Record], int]:
        """A page of the tenant's records, newest first, and how many it has in all."""
        rows, total = self._page(
            ProjectFinanceRow,
            tenant_id,
            [],
            order_by=[ProjectFinanceRow.created_at.desc(), ProjectFinanceRow.id.desc()],
            limit=limit,
            offset=offset,
        )
        return [_record(row) for row in rows], total

    def delete(self, tenant_id: uuid.UUID, record_id: uuid.UUID) -> bool:
        """Delete the record (and, by cascade, everything under it); False when the
        tenant has no such record."""
        deleted = self._session.execute(
            delete_owned(ProjectFinanceRow, tenant_id, ProjectFinanceRow.id == record_id).returning(
                ProjectFinanceRow.id
            )
        ).all()
        return len(deleted) == 1
