"""How a request moves: only from pending, to approved or rejected (by someone other
than its requester: segregation of duties) or to cancelled (by its requester, or by
someone who may approve requests). Who may act is checked before the state, so a caller
who may not act learns nothing from the answer but that."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from services.projectfinance.approvals.domain.requests import (
    APPROVED,
    CANCELLED,
    PENDING,
    REJECTED,
    Approval,
)
from services.runtime.errors import FailedPrecondition, PermissionDenied


def _pending(approval: Approval, verb: str) -> None:
    if approval.status != PENDING:
        raise FailedPrecondition(
            f"approval {approval.id} is {approval.status}: only a pending request can be {verb}"
        )


def decided(
    approval: Approval, *, approve: bool, by: uuid.UUID, notes: str, now: datetime
) -> Approval:
    """`approval` approved (or rejected) by `by` with `notes`."""
    verb = "approved" if approve else "rejected"
    if by == approval.requester_id:
        raise PermissionDenied(
            f"approval {approval.id} was requested by you: its requester cannot have it "
            f"{verb} (segregation of duties); someone else must decide"
        )
    _pending(approval, verb)
    return replace(
        approval,
        status=APPROVED if approve else REJECTED,
        approver_id=by,
        notes=notes,
        approved_at=now if approve else None,
        rejected_at=None if approve else now,
        updated_at=now,
    )


def cancelled(approval: Approval, *, by: uuid.UUID, may_approve: bool, now: datetime) -> Approval:
    """`approval` cancelled by `by`: its requester, or someone who `may_approve`."""
    if by != approval.requester_id and not may_approve:
        raise PermissionDenied(
            f"approval {approval.id} can be cancelled only by its requester or by someone "
            "holding project-finance:approval:approve"
        )
    _pending(approval, "cancelled")
    return replace(approval, status=CANCELLED, updated_at=now)
