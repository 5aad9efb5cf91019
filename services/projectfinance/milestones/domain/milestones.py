"""A milestone: what it bills, how far it is, and the moves of its life (GAPS):

    pending → in_progress (progress above 0) → completed (complete) → billed (its invoice)
    pending | in_progress → cancelled (cancel)

Progress may be recorded again while in progress; a pending milestone at 0 % stays
pending. Billed and cancelled milestones are final; any other move is 409
(`invalid_transition`). Billing is the invoice saga's to do (domain.sagas): nothing here
marks a milestone billed without its invoice.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Final

from services.projectfinance.kernel.fields import (
    HUNDRED,
    checked_description,
    checked_name,
    checked_percent,
    checked_sequence,
)
from services.projectfinance.kernel.money import Money, parse_record_money
from services.projectfinance.kernel.work import RecordRef
from services.runtime.errors import FailedPrecondition, FieldViolation, NotFound, raise_if_any

PENDING: Final = "pending"
IN_PROGRESS: Final = "in_progress"
COMPLETED: Final = "completed"
BILLED: Final = "billed"
CANCELLED: Final = "cancelled"
STATUSES: Final = (PENDING, IN_PROGRESS, COMPLETED, BILLED, CANCELLED)

# Each operation that moves a milestone, and the statuses it may start from.
PROGRESS: Final = "progress"
COMPLETE: Final = "complete"
CANCEL: Final = "cancel"
INVOICE: Final = "invoice"
BILL: Final = "bill"
UPDATE: Final = "update"
DELETE: Final = "delete"
ALLOWED_FROM: Final[Mapping[str, frozenset[str]]] = {
    PROGRESS: frozenset({PENDING, IN_PROGRESS}),
    COMPLETE: frozenset({IN_PROGRESS}),
    CANCEL: frozenset({PENDING, IN_PROGRESS}),
    INVOICE: frozenset({COMPLETED}),
    # Only the saga bills, once its invoice is issued in main.
    BILL: frozenset({COMPLETED}),
    # Final milestones keep what they were billed or cancelled as.
    UPDATE: frozenset({PENDING, IN_PROGRESS, COMPLETED}),
    # A billed milestone is in the books; one with a saga is being billed (checked apart).
    DELETE: frozenset({PENDING, IN_PROGRESS, COMPLETED, CANCELLED}),
}
ZERO_PERCENT: Final = Decimal(0)


@dataclass(frozen=True)
class Milestone:
    id: uuid.UUID
    tenant_id: uuid.UUID
    record_id: uuid.UUID
    name: str
    description: str | None
    amount: Money
    due_date: datetime | None
    sequence: int
    status: str
    completion_percent: Decimal
    completed_at: datetime | None
    billed_at: datetime | None
    # Main's invoice and its number, once the saga has created it.
    invoice_id: int | None
    invoice_number: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class MilestoneDraft:
    """A milestone as sent to be created, checked by `new_milestone`."""

    name: str
    amount: str
    currency: str
    sequence: int | None
    description: str | None = None
    due_date: datetime | None = None


@dataclass(frozen=True)
class MilestonePatch:
    """What an update sends; None leaves a field as it is ("" removes the description)."""

    name: str | None = None
    description: str | None = None
    due_date: datetime | None = None


def milestone_not_found(milestone_id: uuid.UUID) -> NotFound:
    return NotFound(f"milestone {milestone_id} not found")


def check_move(milestone: Milestone, operation: str) -> None:
    """409 naming the status and where the operation may start from."""
    allowed = ALLOWED_FROM[operation]
    if milestone.status not in allowed:
        starts = ", ".join(status for status in STATUSES if status in allowed)
        raise FailedPrecondition(
            f"cannot {operation} milestone {milestone.id}: it is {milestone.status} "
            f"(allowed from: {starts})"
        )


def _description(value: str | None, problems: list[FieldViolation]) -> str | None:
    """Empty or not sent: None."""
    if value is None:
        return None
    return checked_description(value, "description", problems) or None


def new_milestone(
    draft: MilestoneDraft, record: RecordRef, milestone_id: uuid.UUID, now: datetime
) -> Milestone:
    """A pending milestone of `record`; every field problem at once (400 naming each)."""
    problems: list[FieldViolation] = []
    name = checked_name(draft.name, "name", problems)
    description = _description(draft.description, problems)
    amount = parse_record_money(
        draft.amount, draft.currency, "amount", record.currency, problems, positive=True
    )
    sequence = checked_sequence(draft.sequence, "sequence", problems)
    raise_if_any(problems)
    assert amount is not None  # no problem, so parsed
    return Milestone(
        id=milestone_id,
        tenant_id=record.tenant_id,
        record_id=record.id,
        name=name,
        description=description,
        amount=amount,
        due_date=draft.due_date,
        sequence=sequence,
        status=PENDING,
        completion_percent=ZERO_PERCENT,
        completed_at=None,
        billed_at=None,
        invoice_id=None,
        invoice_number=None,
        created_at=now,
        updated_at=now,
    )


def updated(milestone: Milestone, patch: MilestonePatch, now: datetime) -> Milestone:
    problems: list[FieldViolation] = []
    name = milestone.name if patch.name is None else checked_name(patch.name, "name", problems)
    description = (
        milestone.description
        if patch.description is None
        else _description(patch.description, problems)
    )
    raise_if_any(problems)
    check_move(milestone, UPDATE)
    return replace(
        milestone,
        name=name,
        description=description,
        due_date=milestone.due_date if patch.due_date is None else patch.due_date,
        updated_at=now,
    )


def progressed(milestone: Milestone, percent_text: str, now: datetime) -> Milestone:
    """Progress recorded: above 0 the milestone is in progress."""
    problems: list[FieldViolation] = []
    percent = checked_percent(percent_text, "completion_percent", problems)
    raise_if_any(problems)
    check_move(milestone, PROGRESS)
    status = IN_PROGRESS if percent > 0 else milestone.status
    return replace(milestone, completion_percent=percent, status=status, updated_at=now)


def completed(milestone: Milestone, now: datetime) -> Milestone:
    check_move(milestone, COMPLETE)
    return replace(
        milestone, status=COMPLETED, completion_percent=HUNDRED, completed_at=now, updated_at=now
    )


def cancelled(milestone: Milestone, now: datetime) -> Milestone:
    check_move(milestone, CANCEL)
    return replace(milestone, status=CANCELLED, updated_at=now)


def billed(
    milestone: Milestone, invoice_id: int | None, invoice_number: str, now: datetime
) -> Milestone:
    """Billed by main's issued invoice (the saga's last step)."""
    check_move(milestone, BILL)
    return replace(
        milestone,
        status=BILLED,
        billed_at=now,
        invoice_id=invoice_id,
        invoice_number=invoice_number,
        updated_at=now,
    )


def check_deletable(milestone: Milestone, *, invoicing: bool) -> None:
    check_move(milestone, DELETE)
    if invoicing:
        raise FailedPrecondition(
            f"cannot delete milestone {milestone.id}: its invoice saga has started"
        )
