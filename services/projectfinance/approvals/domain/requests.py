"""An approval request: what it holds, and the checks of a request as sent.

The entity it names must be the tenant's (checked against storage by the use case);
the amount, when given, is above 0 and in the currency of the entity's record; the
metadata is a small free-form object (at most 50 keys, at most 10 KB as JSON), so a
request cannot carry a document along.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from services.projectfinance.approvals.domain.entities import TARGET, check_entity_type
from services.projectfinance.kernel.money import (
    Money,
    check_same_currency,
    parse_money,
    to_minor,
)
from services.runtime.errors import (
    AlreadyExists,
    FieldViolation,
    InvalidArgument,
    NotFound,
    raise_if_any,
)
from services.runtime.text_fields import checked_multiline

PENDING: Final = "pending"
APPROVED: Final = "approved"
REJECTED: Final = "rejected"
CANCELLED: Final = "cancelled"
STATUSES: Final = (PENDING, APPROVED, REJECTED, CANCELLED)

MAX_TEXT: Final = 2000
MAX_METADATA_KEYS: Final = 50
MAX_METADATA_BYTES: Final = 10 * 1024


@dataclass(frozen=True)
class Approval:
    id: uuid.UUID
    tenant_id: uuid.UUID
    # The record the entity belongs to (the entity itself when it is a record).
    record_id: uuid.UUID
    entity_type: str
    entity_id: uuid.UUID
    description: str
    # The amount at stake in minor units, and their currency; both None or neither.
    amount_minor: int | None
    currency: str | None
    metadata: dict[str, Any]
    status: str
    requester_id: uuid.UUID
    approver_id: uuid.UUID | None
    notes: str
    approved_at: datetime | None
    rejected_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class RequestDraft:
    """A request as sent: text, checked by `checked_request`. `amount` and `currency`
    are None when no amount was sent, `metadata` when no metadata was."""

    description: str
    entity_type: str
    entity_id: str
    amount: str | None = None
    currency: str | None = None
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class CheckedRequest:
    description: str
    entity_type: str
    entity_id: uuid.UUID
    amount: Money | None
    metadata: dict[str, Any]


def checked_notes(notes: str) -> str:
    problems: list[FieldViolation] = []
    clean = checked_multiline(notes, "notes", MAX_TEXT, problems, required=True)
    raise_if_any(problems)
    return clean


def _entity_id(value: str, problems: list[FieldViolation]) -> uuid.UUID | None:
    if not value:
        problems.append(FieldViolation("entity_id", "is required"))
        return None
    try:
        return uuid.UUID(value)
    except ValueError:
        problems.append(FieldViolation("entity_id", "must be a UUID"))
        return None


def _metadata(value: dict[str, Any] | None, problems: list[FieldViolation]) -> dict[str, Any]:
    if value is None:
        return {}
    if len(value) > MAX_METADATA_KEYS:
        problems.append(
            FieldViolation("metadata", f"has {len(value)} keys; at most {MAX_METADATA_KEYS}")
        )
        return {}
    try:
        # Compact, as stored; NaN and infinities are no JSON (a direct gRPC caller's
        # Struct can hold them).
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except ValueError:
        problems.append(FieldViolation("metadata", "numbers must be finite"))
        return {}
    size = len(text.encode())
    if size > MAX_METADATA_BYTES:
        problems.append(
            FieldViolation("metadata", f"is {size} bytes as JSON; at most {MAX_METADATA_BYTES}")
        )
        return {}
    return value


def checked_request(draft: RequestDraft) -> CheckedRequest:
    """The request's fields checked on their own (every problem at once)."""
    problems: list[FieldViolation] = []
    description = checked_multiline(
        draft.description, "description", MAX_TEXT, problems, required=True
    )
    entity_type = check_entity_type(draft.entity_type, "entity_type", problems)
    entity_id = _entity_id(draft.entity_id, problems)
    amount = None
    if draft.amount is not None or draft.currency is not None:
        amount = parse_money(
            draft.amount or "", draft.currency or "", "amount", problems, positive=True
        )
    metadata = _metadata(draft.metadata, problems)
    raise_if_any(problems)
    assert entity_type is not None and entity_id is not None
    return CheckedRequest(description, entity_type, entity_id, amount, metadata)


def new_approval(
    request: CheckedRequest,
    *,
    tenant_id: uuid.UUID,
    record_id: uuid.UUID,
    requester_id: uuid.UUID,
    now: datetime,
) -> Approval:
    """A checked request about an entity of `record_id`, pending, as its requester
    makes it; its amount in minor units."""
    amount = request.amount
    return Approval(
        id=uuid.uuid4(),
        tenant_id=tenant_id,
        record_id=record_id,
        entity_type=request.entity_type,
        entity_id=request.entity_id,
        description=request.description,
        amount_minor=None if amount is None else to_minor(amount),
        currency=None if amount is None else amount.currency,
        metadata=request.metadata,
        status=PENDING,
        requester_id=requester_id,
        approver_id=None,
        notes="",
        approved_at=None,
        rejected_at=None,
        created_at=now,
        updated_at=now,
    )


def entity_unknown(entity_type: str, entity_id: uuid.UUID) -> InvalidArgument:
    return InvalidArgument.for_field(
        "entity_id", f"the tenant has no {TARGET[entity_type]} {entity_id} ({entity_type})"
    )


def already_pending(entity_type: str, entity_id: uuid.UUID) -> AlreadyExists:
    return AlreadyExists(
        f"{entity_type} {entity_id} has a pending approval request already: "
        "approve, reject or cancel it first"
    )


def check_record_currency(request: CheckedRequest, currency: str) -> None:
    """One currency per record: the amount is in the currency of the entity's record."""
    problems: list[FieldViolation] = []
    check_same_currency(request.amount, currency, "amount", problems)
    raise_if_any(problems)


def approval_not_found(approval_id: uuid.UUID) -> NotFound:
    return NotFound(f"approval {approval_id} not found")


def no_approval_for(entity_type: str, entity_id: uuid.UUID) -> NotFound:
    return NotFound(f"no approval request for {entity_type} {entity_id}")
