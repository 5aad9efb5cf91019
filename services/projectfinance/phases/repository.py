"""Phases' storage, every statement scoped by tenant through db.scoping: another
tenant's phase is indistinguishable from a missing one. Besides the phases themselves it
answers what other capabilities compute from them (a record's figures, a cost center's
actual cost), so they never read this table."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from db.queries import one_of
from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from db.tenant_repository import FRESH
from db.types import as_stored
from services.projectfinance.kernel.money import stored_money
from services.projectfinance.kernel.repository import RecordChildRepository
from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.phases.domain.moves import COUNTED, PLANNED
from services.projectfinance.phases.domain.phase import NewPhase, Phase
from services.projectfinance.phases.tables import PhaseRow


def _phase(row: PhaseRow) -> Phase:
    return Phase(
        id=row.id,
        tenant_id=row.tenant_id,
        record_id=row.record_id,
        name=row.name,
        phase_budget=stored_money(row.phase_budget, row.currency),
        actual_cost=stored_money(row.actual_cost, row.currency),
        planned_start=row.planned_start,
        planned_end=row.planned_end,
        actual_start=row.actual_start,
        actual_end=row.actual_end,
        progress_percent=row.progress_percent,
        sequence=row.sequence,
        status=row.status,
        cost_center_id=row.cost_center_id,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _changeable(phase: Phase) -> dict[str, Any]:
    """The columns an update may change (the record, tenant and currency never do)."""
    return {
        "name": phase.name,
        "phase_budget": phase.phase_budget.amount,
        "actual_cost": phase.actual_cost.amount,
        "planned_start": phase.planned_start,
        "planned_end": phase.planned_end,
        "actual_start": phase.actual_start,
        "actual_end": phase.actual_end,
        "progress_percent": phase.progress_percent,
        "status": phase.status,
        "cost_center_id": phase.cost_center_id,
    }


class PhaseRepository(RecordChildRepository):
    def add(
        self, tenant_id: uuid.UUID, record_id: uuid.UUID, new: NewPhase, now: datetime
    ) -> Phase:
        """The new phase, planned, with progress 0 and no actual cost."""
        row = PhaseRow(
            id=uuid.uuid4(),
            tenant_id=tenant_id,
            record_id=record_id,
            cost_center_id=new.cost_center_id,
            name=new.name,
            currency=new.phase_budget.currency,
            phase_budget=new.phase_budget.amount,
            actual_cost=Decimal(0),
            planned_start=new.planned_start,
            planned_end=new.planned_end,
            actual_start=None,
            actual_end=None,
            progress_percent=Decimal(0),
            sequence=new.sequence,
            status=PLANNED,
            created_at=now,
            updated_at=now,
        )
        self._session.add(row)
        self._session.flush()
        found = self.phase(tenant_id, row.id)
        assert found is not None
        return found

    def phase(self, tenant_id: uuid.UUID, phase_id: uuid.UUID) -> Phase | None:
        """The tenant's phase as stored; None when it has no such phase."""
        row = self._session.scalar(
            select_owned(PhaseRow, tenant_id, PhaseRow.id == phase_id), execution_options=FRESH
        )
        return None if row is None else _phase(row)

    def lock(self, tenant_id: uuid.UUID, phase_id: uuid.UUID) -> bool:
        """Take the phase's row lock (every change starts here); False when the tenant
        has no such phase."""
        return self._lock(PhaseRow, tenant_id, phase_id)

    def of_record(self, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[Phase]:
        """The record's phases by sequence, then by creation."""
        rows = self._session.scalars(
            select_owned(PhaseRow, tenant_id, PhaseRow.record_id == record_id).order_by(
                PhaseRow.sequence, PhaseRow.created_at, PhaseRow.id
            )
        )
        return [_phase(row) for row in rows]

    def save(self, phase: Phase, now: datetime) -> Phase:
        """Store `phase`'s changeable fields (the caller holds its lock); it as stored."""
        self._session.execute(
            update_owned(PhaseRow, phase.tenant_id, PhaseRow.id == phase.id).values(
                updated_at=now, **_changeable(phase)
            )
        )
        stored = self.phase(phase.tenant_id, phase.id)
        assert stored is not None
        return stored

    def remove(self, tenant_id: uuid.UUID, phase_id: uuid.UUID) -> None:
        self._session.execute(delete_owned(PhaseRow, tenant_id, PhaseRow.id == phase_id))

    # -- what other capabilities compute from phases -------------------------------------

    def work(self, tenant_id: uuid.UUID, record_ids: Sequence[uuid.UUID]) -> list[PhaseWork]:
        """The phases of `record_ids` as the records' figures need them."""
        if not record_ids:
            return []
        # Columns named as PhaseWork's fields, not ORM rows: the portfolio reads every phase of
        # a tenant (10,000 and more), and building and tracking full PhaseRow objects was
        # most of its time.
        dialect = self._dialect()
        columns = [getattr(PhaseRow, name) for name in PhaseWork._fields]
        if dialect == "postgresql":
            # psycopg returns these values as the types would make them: skipping their
            # per-value step saves a third of reading 80,000 values (db.types.as_stored).
            columns = [as_stored(column) for column in columns]
        statement = scoped(
            select(*columns)
            .where(owner_is(PhaseRow, tenant_id), one_of(PhaseRow.record_id, record_ids, dialect))
            .order_by(PhaseRow.record_id, PhaseRow.sequence, PhaseRow.created_at, PhaseRow.id)
        )
        return [PhaseWork._make(row) for row in self._session.execute(statement)]

    def actual_cost_by_cost_center(
        self, tenant_id: uuid.UUID, cost_center_ids: Sequence[uuid.UUID]
    ) -> dict[uuid.UUID, Decimal]:
        """Σ actual cost of the non-cancelled phases charged to each cost center; every
        id is a key (0 when none is charged to it)."""
        totals = {cost_center_id: Decimal(0) for cost_center_id in cost_center_ids}
        if not totals:
            return totals
        statement = scoped(
            select(PhaseRow.cost_center_id, PhaseRow.actual_cost).where(
                owner_is(PhaseRow, tenant_id),
                PhaseRow.cost_center_id.in_(list(totals)),
                PhaseRow.status.in_(sorted(COUNTED)),
            )
        )
        # Summed here, not with SUM(): SQLite would add the amounts as doubles.
        for cost_center_id, amount in self._session.execute(statement):
            totals[cost_center_id] += amount
        return totals
