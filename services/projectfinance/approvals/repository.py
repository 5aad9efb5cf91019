"""Approval requests' and thresholds' storage, every statement scoped by tenant through
db.scoping: another tenant's request is indistinguishable from a missing one.

Races are settled by the database, on SQLite and PostgreSQL alike: the partial UNIQUE
index admits one pending request per entity (INSERT … ON CONFLICT DO NOTHING), and a
decision first takes the request's row lock (`lock`, an UPDATE that changes nothing),
so of two approvals of one request the second reads it decided already.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select

from db.scoping import owner_is, scoped, select_owned, update_owned
from db.tenant_repository import FRESH
from services.projectfinance.approvals.domain.requests import PENDING, Approval
from services.projectfinance.approvals.domain.thresholds import threshold_id
from services.projectfinance.approvals.tables import (
    PENDING_ONLY,
    ApprovalRow,
    ApprovalThresholdRow,
)
from services.projectfinance.kernel.repository import RecordChildRepository


def _approval(row: ApprovalRow) -> Approval:
    return Approval(
        id=row.id,
        tenant_id=row.tenant_id,
        record_id=row.record_id,
        entity_type=row.entity_type,
        entity_id=row.entity_id,
        description=row.description,
        amount_minor=row.amount_minor,
        currency=row.currency,
        metadata=dict(row.details),
        status=row.status,
        requester_id=row.requester_id,
        approver_id=row.approver_id,
        notes=row.notes,
        approved_at=row.approved_at,
        rejected_at=row.rejected_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class ApprovalRepository(RecordChildRepository):
    # -- requests --------------------------------------------------------------------------

    def add(self, approval: Approval) -> bool:
        """Store a new pending request; False when its entity has a pending one already."""
        inserted = self._session.execute(
            self._insert(ApprovalRow)
            .values(
                id=approval.id,
                tenant_id=approval.tenant_id,
                record_id=approval.record_id,
                entity_type=approval.entity_type,
                entity_id=approval.entity_id,
                description=approval.description,
                amount_minor=approval.amount_minor,
                currency=approval.currency,
                details=approval.metadata,
                status=approval.status,
                requester_id=approval.requester_id,
                approver_id=approval.approver_id,
                notes=approval.notes,
                approved_at=approval.approved_at,
                rejected_at=approval.rejected_at,
                created_at=approval.created_at,
                updated_at=approval.updated_at,
            )
            .on_conflict_do_nothing(
                index_elements=[
                    ApprovalRow.tenant_id,
                    ApprovalRow.entity_type,
                    ApprovalRow.entity_id,
                ],
                index_where=PENDING_ONLY,
            )
            .returning(ApprovalRow.id)
        ).first()
        return inserted is not None

    def get(self, tenant_id: uuid.UUID, approval_id: uuid.UUID) -> Approval | None:
        row = self._session.scalar(
            select_owned(ApprovalRow, tenant_id, ApprovalRow.id == approval_id),
            execution_options=FRESH,
        )
        return None if row is None else _approval(row)

    def lock(self, tenant_id: uuid.UUID, approval_id: uuid.UUID) -> Approval | None:
        """The request, its row locked until the transaction ends; None when the tenant
        has no such request."""
        locked = self._lock(ApprovalRow, tenant_id, approval_id)
        return self.get(tenant_id, approval_id) if locked else None

    def save_move(self, approval: Approval) -> None:
        """Store a locked request's move out of pending."""
        self._session.execute(
            update_owned(
                ApprovalRow,
                approval.tenant_id,
                ApprovalRow.id == approval.id,
                ApprovalRow.status == PENDING,
            ).values(
                status=approval.status,
                approver_id=approval.approver_id,
                notes=approval.notes,
                approved_at=approval.approved_at,
                rejected_at=approval.rejected_at,
                updated_at=approval.updated_at,
            )
        )

    def latest_for(
        self, tenant_id: uuid.UUID, entity_type: str, entity_id: uuid.UUID
    ) -> Approval | None:
        row = self._session.scalar(
            select_owned(
                ApprovalRow,
                tenant_id,
                ApprovalRow.entity_type == entity_type,
                ApprovalRow.entity_id == entity_id,
            )
            .order_by(ApprovalRow.created_at.desc(), ApprovalRow.id.desc())
            .limit(1)
        )
        return None if row is None else _approval(row)

    def pending(self, tenant_id: uuid.UUID) -> list[Approval]:
        rows = self._session.scalars(
            select_owned(ApprovalRow, tenant_id, ApprovalRow.status == PENDING).order_by(
                ApprovalRow.created_at, ApprovalRow.id
            )
        )
        return [_approval(row) for row in rows]

    # -- thresholds ------------------------------------------------------------------------

    def own_thresholds(self, tenant_id: uuid.UUID) -> dict[str, int]:
        """The thresholds the tenant set, by entity type (the others are the defaults)."""
        rows = self._session.execute(
            scoped(
                select(ApprovalThresholdRow.entity_type, ApprovalThresholdRow.amount_minor).where(
                    owner_is(ApprovalThresholdRow, tenant_id)
                )
            )
        )
        return {entity_type: amount for entity_type, amount in rows}

    def set_threshold(
        self,
        tenant_id: uuid.UUID,
        entity_type: str,
        amount_minor: int,
        *,
        by: uuid.UUID,
        now: datetime,
    ) -> None:
        changes = {"amount_minor": amount_minor, "updated_by": by, "updated_at": now}
        self._session.execute(
            self._insert(ApprovalThresholdRow)
            .values(
                id=threshold_id(tenant_id, entity_type),
                tenant_id=tenant_id,
                entity_type=entity_type,
                **changes,
            )
            .on_conflict_do_update(
                index_elements=[ApprovalThresholdRow.tenant_id, ApprovalThresholdRow.entity_type],
                set_=changes,
            )
        )
