"""What the approvals' tests share: a ticking clock (so requests are ordered), a
milestone to request approval of (records and cost centers: the project-finance tests'
support) and a request draft."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from services.projectfinance.approvals.domain.requests import RequestDraft
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.milestones.tables import MilestoneRow
from tests.services.projectfinance.support import NOW


class Ticking:
    """A clock a second later at each call."""

    def __init__(self, start: datetime = NOW) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def insert_milestone(engine: Engine, record: RecordRef) -> uuid.UUID:
    """A milestone row of `record` as stored (the milestones' own tests cover its use cases)."""
    row_id = uuid.uuid4()
    with Session(engine) as session, session.begin():
        session.add(
            MilestoneRow(
                id=row_id,
                tenant_id=record.tenant_id,
                record_id=record.id,
                name="Go-live",
                description=None,
                amount=Decimal("2500.00"),
                currency=record.currency,
                due_date=None,
                sequence=1,
                status="pending",
                completion_percent=Decimal(0),
                completed_at=None,
                billed_at=None,
                invoice_id=None,
                invoice_number=None,
                created_at=NOW,
                updated_at=NOW,
            )
        )
    return row_id


def draft(
    entity_id: uuid.UUID,
    entity_type: str = "budget_allocation",
    *,
    amount: str | None = "7500.00",
    currency: str | None = "EUR",
    metadata: dict[str, object] | None = None,
) -> RequestDraft:
    return RequestDraft(
        description="More budget for phase 2",
        entity_type=entity_type,
        entity_id=str(entity_id),
        amount=amount,
        currency=currency if amount is not None else None,
        metadata=metadata,
    )
