"""Persistence of cost centers, every statement scoped by tenant through db.scoping:
another tenant's cost center is indistinguishable from a missing one.

A code is unique within its record (a UNIQUE key; INSERT … ON CONFLICT DO NOTHING), and
the changes that weigh a record's budget take the record's row lock first (the use
cases, `records.ref(lock=True)`), so allocations under one record run one at a time.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select

from db.queries import one_of
from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.projectfinance.cost_centers.domain import CostCenter, NewCostCenter
from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.money import ZERO
from services.projectfinance.kernel.repository import RecordChildRepository
from services.projectfinance.kernel.work import CostCenterWork, RecordRef
from services.runtime.errors import AlreadyExists


def code_taken(code: str) -> AlreadyExists:
    return AlreadyExists(f"code: the record has a cost center with code {code} already")


def _cost_center(row: CostCenterRow) -> CostCenter:
    return CostCenter(
        id=row.id,
        tenant_id=row.tenant_id,
        record_id=row.record_id,
        code=row.code,
        name=row.name,
        description=row.description,
        currency=row.currency,
        allocated_budget=row.allocated_budget,
        is_active=row.is_active,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class CostCenterRepository(RecordChildRepository):
    def add(self, record: RecordRef, new: NewCostCenter, now: datetime) -> CostCenter:
        """The new cost center under `record`, with nothing allocated yet;
        AlreadyExists when the record has one with its code."""
        inserted = self._session.execute(
            self._insert(CostCenterRow)
            .values(
                id=uuid.uuid4(),
                tenant_id=record.tenant_id,
                record_id=record.id,
                code=new.code,
                name=new.name,
                description=new.description,
                currency=new.currency,
                allocated_budget=ZERO,
                is_active=True,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_nothing(index_elements=[CostCenterRow.record_id, CostCenterRow.code])
            .returning(CostCenterRow.id)
        ).first()
        if inserted is None:
            raise code_taken(new.code)
        center = self.get(record.tenant_id, inserted[0])
        assert center is not None  # inserted just now
        return center

    def get(self, tenant_id: uuid.UUID, cost_center_id: uuid.UUID) -> CostCenter | None:
        row = self._session.scalar(
            select_owned(CostCenterRow, tenant_id, CostCenterRow.id == cost_center_id)
        )
        return None if row is None else _cost_center(row)

    def of_record(self, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[CostCenter]:
        """The record's cost centers by code."""
        rows = self._session.scalars(
            select_owned(CostCenterRow, tenant_id, CostCenterRow.record_id == record_id).order_by(
                CostCenterRow.code
            )
        )
        return [_cost_center(row) for row in rows]

    def record_of(self, tenant_id: uuid.UUID, cost_center_id: uuid.UUID) -> uuid.UUID | None:
        """The record the tenant's cost center is under; None when the tenant has no such
        cost center."""
        return self._record_of(CostCenterRow, tenant_id, cost_center_id)

    def work(self, tenant_id: uuid.UUID, record_ids: Sequence[uuid.UUID]) -> list[CostCenterWork]:
        """The cost centers of the records, as their figures need them."""
        if not record_ids:
            return []
        rows = self._session.execute(
            scoped(
                select(
                    CostCenterRow.id,
                    CostCenterRow.record_id,
                    CostCenterRow.allocated_budget,
                    CostCenterRow.is_active,
                ).where(
                    owner_is(CostCenterRow, tenant_id),
                    one_of(CostCenterRow.record_id, record_ids, self._dialect()),
                )
            )
        )
        return [
            CostCenterWork(
                id=row.id,
                record_id=row.record_id,
                allocated_budget=row.allocated_budget,
                is_active=row.is_active,
            )
            for row in rows
        ]

    def save(self, center: CostCenter) -> None:
        """Store what an update or an allocation may change."""
        self._session.execute(
            update_owned(CostCenterRow, center.tenant_id, CostCenterRow.id == center.id).values(
                name=center.name,
                description=center.description,
                is_active=center.is_active,
                allocated_budget=center.allocated_budget,
                updated_at=center.updated_at,
            )
        )

    def delete(self, center: CostCenter) -> None:
        self._session.execute(
            delete_owned(CostCenterRow, center.tenant_id, CostCenterRow.id == center.id)
        )
