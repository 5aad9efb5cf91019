"""What the approvals' tests share: a ticking clock (so requests are ordered), a
milestone to request approval of (records and cost centers: the project-finance tests'
support) and a request draft."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from sqlalchemy import Engine

from services.projectfinance.approvals.domain.requests import RequestDraft
from services.projectfinance.kernel.work import RecordRef
from tests.services.projectfinance.support import NOW, add_rows, milestone_row


class Ticking:
    """A clock a second later at each call."""

    def __init__(self, start: datetime = NOW) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def insert_milestone(engine: Engine, record: RecordRef) -> uuid.UUID:
    """A milestone row of `record` as stored (the milestones' own tests cover its use cases)."""
    row = milestone_row(record, "2500.00")
    add_rows(engine, row)
    return row.id


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
