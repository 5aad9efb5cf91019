"""The milestone-invoice saga's record: the durable job that will create a completed
milestone's invoice in main (the saga issue carries it on from `started`).

Starting it records what the invoice will bill (the amount as it was when invoicing
began) and a fresh request id, the idempotency key of every call the saga makes to
main, so a retried call never creates a second invoice. One saga per milestone: asking
again answers the one that exists.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.kernel.money import Money
from services.projectfinance.milestones.domain.milestones import INVOICE, Milestone, check_move
from services.runtime.errors import NotFound

MILESTONE_INVOICE: Final = "milestone_invoice"
STARTED: Final = "started"


@dataclass(frozen=True)
class InvoiceSaga:
    id: uuid.UUID
    tenant_id: uuid.UUID
    milestone_id: uuid.UUID
    record_id: uuid.UUID
    saga_type: str
    status: str
    # The request id of the call that started it (its audit entries share it).
    correlation_id: str
    # The idempotency key of the saga's calls to main.
    request_id: uuid.UUID
    amount: Money
    created_at: datetime
    updated_at: datetime


def started(
    milestone: Milestone,
    correlation_id: str,
    now: datetime,
    *,
    saga_id: uuid.UUID,
    request_id: uuid.UUID,
) -> InvoiceSaga:
    """The saga invoicing `milestone` (409 unless it is completed)."""
    check_move(milestone, INVOICE)
    return InvoiceSaga(
        id=saga_id,
        tenant_id=milestone.tenant_id,
        milestone_id=milestone.id,
        record_id=milestone.record_id,
        saga_type=MILESTONE_INVOICE,
        status=STARTED,
        correlation_id=correlation_id,
        request_id=request_id,
        amount=milestone.amount,
        created_at=now,
        updated_at=now,
    )


def saga_not_found(milestone_id: uuid.UUID) -> NotFound:
    return NotFound(f"milestone {milestone_id} has no invoice saga")
