"""Milestones' and their invoice sagas' storage, every statement scoped by tenant
through db.scoping: another tenant's milestone is indistinguishable from a missing one.

Every change to a milestone first takes its row lock (`lock`, an UPDATE that changes
nothing: a write lock on SQLite and PostgreSQL alike), so two moves of one milestone, or
two invoicing calls, run one after the other and each sees what the other left.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import exists, or_, select

from db.queries import one_of
from db.scoping import (
    across_owners,
    delete_owned,
    owner_is,
    scoped,
    select_owned,
    update_owned,
)
from db.tenant_repository import FRESH
from services.projectfinance.kernel.delegation_port import Grant
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.repository import RecordChildRepository
from services.projectfinance.kernel.work import MilestoneWork
from services.projectfinance.milestones.domain.milestones import BILLED, Milestone
from services.projectfinance.milestones.domain.sagas import FINAL, InvoiceSaga
from services.projectfinance.milestones.tables import (
    InvoiceSagaDelegationRow,
    InvoiceSagaRow,
    MilestoneRow,
)


def _milestone(row: MilestoneRow) -> Milestone:
    return Milestone(
        id=row.id,
        tenant_id=row.tenant_id,
        record_id=row.record_id,
        name=row.name,
        description=row.description,
        amount=Money(row.amount, row.currency),
        due_date=row.due_date,
        sequence=row.sequence,
        status=row.status,
        completion_percent=row.completion_percent,
        completed_at=row.completed_at,
        billed_at=row.billed_at,
        invoice_id=row.invoice_id,
        invoice_number=row.invoice_number,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _changeable(milestone: Milestone) -> dict[str, Any]:
    """The columns a change may set (everything but the ids, the record and created_at)."""
    return {
        "name": milestone.name,
        "description": milestone.description,
        "amount": milestone.amount.amount,
        "currency": milestone.amount.currency,
        "due_date": milestone.due_date,
        "sequence": milestone.sequence,
        "status": milestone.status,
        "completion_percent": milestone.completion_percent,
        "completed_at": milestone.completed_at,
        "billed_at": milestone.billed_at,
        "invoice_id": milestone.invoice_id,
        "invoice_number": milestone.invoice_number,
        "updated_at": milestone.updated_at,
    }


def _saga(row: InvoiceSagaRow) -> InvoiceSaga:
    return InvoiceSaga(
        id=row.id,
        tenant_id=row.tenant_id,
        milestone_id=row.milestone_id,
        record_id=row.record_id,
        saga_type=row.saga_type,
        status=row.status,
        correlation_id=row.correlation_id,
        request_id=row.request_id,
        amount=Money(row.amount, row.currency),
        created_at=row.created_at,
        updated_at=row.updated_at,
        step=row.step,
        attempts=row.attempts,
        last_error=row.last_error,
        next_attempt_at=row.next_attempt_at,
        approval_id=row.approval_id,
        description=row.description,
        invoice_ref=row.invoice_ref,
        invoice_number=row.invoice_number,
    )


def _saga_run(saga: InvoiceSaga) -> dict[str, Any]:
    """The columns a step changes."""
    return {
        "status": saga.status,
        "step": saga.step,
        "attempts": saga.attempts,
        "last_error": saga.last_error,
        "next_attempt_at": saga.next_attempt_at,
        "approval_id": saga.approval_id,
        "invoice_ref": saga.invoice_ref,
        "invoice_number": saga.invoice_number,
        "updated_at": saga.updated_at,
    }


def _unfinished() -> Any:
    return InvoiceSagaRow.status.not_in(sorted(FINAL))


def _lease_free(owner: str, now: datetime) -> Any:
    """Nobody else holds the saga's lease (or theirs has run out)."""
    return or_(
        InvoiceSagaRow.lease_until.is_(None),
        InvoiceSagaRow.lease_until < now,
        InvoiceSagaRow.lease_owner == owner,
    )


class MilestoneRepository(RecordChildRepository):
    # -- milestones ------------------------------------------------------------------------

    def add(self, milestone: Milestone) -> None:
        self._session.add(
            MilestoneRow(
                id=milestone.id,
                tenant_id=milestone.tenant_id,
                record_id=milestone.record_id,
                created_at=milestone.created_at,
                **_changeable(milestone),
            )
        )
        self._session.flush()

    def milestone(self, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> Milestone | None:
        row = self._session.scalar(
            select_owned(MilestoneRow, tenant_id, MilestoneRow.id == milestone_id),
            execution_options=FRESH,
        )
        return None if row is None else _milestone(row)

    def lock(self, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> Milestone | None:
        """The milestone, its row locked until the transaction ends; None when the
        tenant has no such milestone."""
        locked = self._lock(MilestoneRow, tenant_id, milestone_id)
        return self.milestone(tenant_id, milestone_id) if locked else None

    def of_record(self, tenant_id: uuid.UUID, record_id: uuid.UUID) -> list[Milestone]:
        """The record's milestones by sequence, then creation."""
        rows = self._session.scalars(
            select_owned(MilestoneRow, tenant_id, MilestoneRow.record_id == record_id).order_by(
                MilestoneRow.sequence, MilestoneRow.created_at, MilestoneRow.id
            )
        )
        return [_milestone(row) for row in rows]

    def save(self, milestone: Milestone) -> None:
        """Store a locked milestone's changeable fields."""
        self._session.execute(
            update_owned(MilestoneRow, milestone.tenant_id, MilestoneRow.id == milestone.id).values(
                **_changeable(milestone)
            )
        )

    def delete(self, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> None:
        self._session.execute(
            delete_owned(MilestoneRow, tenant_id, MilestoneRow.id == milestone_id)
        )

    # -- what other capabilities read ------------------------------------------------------

    def work(self, tenant_id: uuid.UUID, record_ids: Sequence[uuid.UUID]) -> list[MilestoneWork]:
        """The records' milestones as the figures need them."""
        if not record_ids:
            return []
        rows = self._session.execute(
            scoped(
                select(
                    MilestoneRow.record_id,
                    MilestoneRow.status,
                    MilestoneRow.amount,
                    MilestoneRow.completion_percent,
                ).where(
                    owner_is(MilestoneRow, tenant_id),
                    one_of(MilestoneRow.record_id, record_ids, self._dialect()),
                )
            )
        ).all()
        return [MilestoneWork(row[0], row[1], row[2], row[3]) for row in rows]

    def record_of(self, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> uuid.UUID | None:
        """The record the tenant's milestone belongs to; None when it has no such one."""
        return self._record_of(MilestoneRow, tenant_id, milestone_id)

    def has_billing(self, tenant_id: uuid.UUID, record_id: uuid.UUID) -> bool:
        """Whether the record has a billed milestone or an invoice saga (started or
        further): what it has billed, or is billing, must stay as it is."""
        saga = exists().where(
            owner_is(InvoiceSagaRow, tenant_id), InvoiceSagaRow.record_id == record_id
        )
        billed = exists().where(
            owner_is(MilestoneRow, tenant_id),
            MilestoneRow.record_id == record_id,
            MilestoneRow.status == BILLED,
        )
        return bool(self._session.scalar(scoped(select(or_(saga, billed)))))

    # -- invoice sagas ---------------------------------------------------------------------

    def saga(self, tenant_id: uuid.UUID, milestone_id: uuid.UUID) -> InvoiceSaga | None:
        row = self._session.scalar(
            select_owned(InvoiceSagaRow, tenant_id, InvoiceSagaRow.milestone_id == milestone_id),
            execution_options=FRESH,
        )
        return None if row is None else _saga(row)

    def add_saga(self, saga: InvoiceSaga) -> None:
        self._session.add(
            InvoiceSagaRow(
                id=saga.id,
                tenant_id=saga.tenant_id,
                milestone_id=saga.milestone_id,
                record_id=saga.record_id,
                saga_type=saga.saga_type,
                correlation_id=saga.correlation_id,
                request_id=saga.request_id,
                amount=saga.amount.amount,
                currency=saga.amount.currency,
                created_at=saga.created_at,
                description=saga.description,
                **_saga_run(saga),
            )
        )
        self._session.flush()

    # -- running them (milestones.saga, milestones.runner) ---------------------------------

    def claim(
        self, tenant_id: uuid.UUID, saga_id: uuid.UUID, owner: str, now: datetime, until: datetime
    ) -> InvoiceSaga | None:
        """Take the saga's lease for `owner` until `until`; None when it is final or
        someone else holds an unexpired lease."""
        claimed = self._session.execute(
            update_owned(
                InvoiceSagaRow,
                tenant_id,
                InvoiceSagaRow.id == saga_id,
                _unfinished(),
                _lease_free(owner, now),
            )
            .values(lease_owner=owner, lease_until=until)
            .returning(InvoiceSagaRow.id)
        ).all()
        return self.saga_by_id(tenant_id, saga_id) if claimed else None

    def claim_due(
        self, owner: str, now: datetime, until: datetime, limit: int
    ) -> list[InvoiceSaga]:
        """Lease up to `limit` unfinished sagas of any tenant whose next attempt is due
        and whose lease is free. PostgreSQL skips the rows another replica is claiming
        (FOR UPDATE SKIP LOCKED) instead of waiting for them; SQLite has one writer."""
        candidates = self._session.execute(
            across_owners(
                select(InvoiceSagaRow.tenant_id, InvoiceSagaRow.id)
                .where(
                    _unfinished(),
                    or_(
                        InvoiceSagaRow.next_attempt_at.is_(None),
                        InvoiceSagaRow.next_attempt_at <= now,
                    ),
                    _lease_free(owner, now),
                )
                .order_by(InvoiceSagaRow.updated_at)
                .limit(limit)
                .with_for_update(skip_locked=True),
                "the saga runner serves every tenant's sagas",
            )
        ).all()
        claimed = (
            self.claim(tenant_id, saga_id, owner, now, until) for tenant_id, saga_id in candidates
        )
        return [saga for saga in claimed if saga is not None]

    def saga_by_id(self, tenant_id: uuid.UUID, saga_id: uuid.UUID) -> InvoiceSaga | None:
        row = self._session.scalar(
            select_owned(InvoiceSagaRow, tenant_id, InvoiceSagaRow.id == saga_id),
            execution_options=FRESH,
        )
        return None if row is None else _saga(row)

    def save_saga(self, saga: InvoiceSaga, owner: str, until: datetime) -> bool:
        """Store a step's outcome and renew the lease, only while `owner` holds it;
        False when it lost the lease (its step's transaction must then roll back)."""
        saved = self._session.execute(
            update_owned(
                InvoiceSagaRow,
                saga.tenant_id,
                InvoiceSagaRow.id == saga.id,
                InvoiceSagaRow.lease_owner == owner,
            )
            .values(lease_until=until, **_saga_run(saga))
            .returning(InvoiceSagaRow.id)
        ).all()
        return len(saved) == 1

    def release(self, tenant_id: uuid.UUID, saga_id: uuid.UUID, owner: str) -> None:
        self._session.execute(
            update_owned(
                InvoiceSagaRow,
                tenant_id,
                InvoiceSagaRow.id == saga_id,
                InvoiceSagaRow.lease_owner == owner,
            ).values(lease_owner=None, lease_until=None)
        )

    # -- the delegation grant a saga resumes with (kernel.delegation_port) -----------------

    def delegation(self, tenant_id: uuid.UUID, saga_id: uuid.UUID) -> Grant | None:
        row = self._session.scalar(
            select_owned(
                InvoiceSagaDelegationRow,
                tenant_id,
                InvoiceSagaDelegationRow.saga_id == saga_id,
            ),
            execution_options=FRESH,
        )
        return None if row is None else Grant(row.delegation_grant, row.expires_at)

    def keep_delegation(self, tenant_id: uuid.UUID, saga_id: uuid.UUID, grant: Grant) -> None:
        """Store the saga's grant, replacing an older one."""
        self.forget_delegation(tenant_id, saga_id)
        self._session.add(
            InvoiceSagaDelegationRow(
                saga_id=saga_id,
                tenant_id=tenant_id,
                delegation_grant=grant.value,
                expires_at=grant.expires_at,
            )
        )
        self._session.flush()

    def forget_delegation(self, tenant_id: uuid.UUID, saga_id: uuid.UUID) -> None:
        self._session.execute(
            delete_owned(
                InvoiceSagaDelegationRow,
                tenant_id,
                InvoiceSagaDelegationRow.saga_id == saga_id,
            )
        )
