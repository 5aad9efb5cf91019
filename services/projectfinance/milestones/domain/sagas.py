"""The milestone-invoice saga: the durable job that bills a completed milestone in main,
step by step, each step's outcome persisted with the saga record (pure rules here; the
steps run in milestones.saga, the runner in milestones.runner).

    started ─check_approval─▶ awaiting_approval ─approved─▶ invoicing
       │                         ├─rejected──▶ rejected   (final)
       │                         └─cancelled─▶ cancelled  (final)
       └─(no approval needed)──────────────────────────▶ invoicing

    invoicing: create_invoice ─▶ issue_invoice ─▶ record_billing ─▶ completed (final)
       a refusal, or a failure once the invoice exists ─▶ compensating
    compensating: void_invoice (delete a draft) ─▶ compensated (final)

`step` is the next step to run. A step that fails for a passing reason (main not
answering, no user token or delegation grant at hand) keeps its step and is tried again
later: `attempts` counts the failures, `last_error` says the last one,
`next_attempt_at` is the backoff. Every call to main carries the idempotency key
`<request_id>:<step>`, so a step retried after a lost answer or a crash never creates,
issues or voids twice.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from services.projectfinance.kernel.money import Money
from services.projectfinance.milestones.domain.milestones import INVOICE, Milestone, check_move
from services.runtime.errors import NotFound

MILESTONE_INVOICE: Final = "milestone_invoice"

# Statuses.
STARTED: Final = "started"
AWAITING_APPROVAL: Final = "awaiting_approval"
INVOICING: Final = "invoicing"
COMPENSATING: Final = "compensating"
COMPLETED: Final = "completed"
COMPENSATED: Final = "compensated"
REJECTED: Final = "rejected"
CANCELLED: Final = "cancelled"
FINAL: Final = frozenset({COMPLETED, COMPENSATED, REJECTED, CANCELLED})

# Steps (what runs next).
CHECK_APPROVAL: Final = "check_approval"
AWAIT_APPROVAL: Final = "await_approval"
CREATE_INVOICE: Final = "create_invoice"
ISSUE_INVOICE: Final = "issue_invoice"
RECORD_BILLING: Final = "record_billing"
VOID_INVOICE: Final = "void_invoice"
DONE: Final = "done"
# The steps that call main: they need a token of a user, the caller's or one a delegation
# grant yields (docs: "Whose token").
CALLS_MAIN: Final = frozenset({CREATE_INVOICE, ISSUE_INVOICE, VOID_INVOICE})

# Backoff between failed attempts: 2 s, 4 s, 8 s … at most 5 minutes.
FIRST_BACKOFF: Final = timedelta(seconds=2)
MAX_BACKOFF: Final = timedelta(minutes=5)
MAX_ERROR: Final = 1000
# How long a saga waiting for a user's token rests before the runner looks again.
TOKEN_WAIT: Final = timedelta(minutes=1)
# Main's invoice numbers: INV-<year>-<serial>, the serial one sequence per tenant.
INVOICE_NUMBER: Final = re.compile(r"^INV-\d{4}-(\d+)$")


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
    # The idempotency key's root of the saga's calls to main.
    request_id: uuid.UUID
    amount: Money
    created_at: datetime
    updated_at: datetime
    step: str = CHECK_APPROVAL
    attempts: int = 0
    last_error: str | None = None
    next_attempt_at: datetime | None = None
    approval_id: uuid.UUID | None = None
    # The invoice line's text: the milestone's name when invoicing began.
    description: str = ""
    # Main's invoice, once created, and its number, once issued.
    invoice_ref: uuid.UUID | None = None
    invoice_number: str | None = None

    @property
    def final(self) -> bool:
        return self.status in FINAL

    def idempotency_key(self, step: str) -> str:
        """The key of this saga's call for `step`: the same on every retry."""
        return f"{self.request_id}:{step}"


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
        description=milestone.name,
    )


def _moved(saga: InvoiceSaga, now: datetime, status: str, step: str) -> InvoiceSaga:
    """A step done: the next one runs at once, with a clean slate."""
    return replace(
        saga,
        status=status,
        step=step,
        attempts=0,
        last_error=None,
        next_attempt_at=None,
        updated_at=now,
    )


def awaiting_approval(saga: InvoiceSaga, approval_id: uuid.UUID, now: datetime) -> InvoiceSaga:
    return replace(_moved(saga, now, AWAITING_APPROVAL, AWAIT_APPROVAL), approval_id=approval_id)


def cleared(saga: InvoiceSaga, now: datetime) -> InvoiceSaga:
    """No approval needed, or the approval was given: on to the invoice."""
    return _moved(saga, now, INVOICING, CREATE_INVOICE)


def ended(saga: InvoiceSaga, status: str, reason: str, now: datetime) -> InvoiceSaga:
    """Final without an invoice: the approval was rejected or cancelled."""
    return replace(_moved(saga, now, status, DONE), last_error=reason)


def invoice_created(saga: InvoiceSaga, invoice_ref: uuid.UUID, now: datetime) -> InvoiceSaga:
    return replace(_moved(saga, now, INVOICING, ISSUE_INVOICE), invoice_ref=invoice_ref)


def invoice_issued(saga: InvoiceSaga, number: str, now: datetime) -> InvoiceSaga:
    return replace(_moved(saga, now, INVOICING, RECORD_BILLING), invoice_number=number)


def billing_recorded(saga: InvoiceSaga, now: datetime) -> InvoiceSaga:
    return _moved(saga, now, COMPLETED, DONE)


def compensating(saga: InvoiceSaga, error: str, now: datetime) -> InvoiceSaga:
    """A refusal, or a failure after the invoice exists: undo what main holds. With no
    invoice there is nothing to undo and the saga is compensated at once."""
    if saga.invoice_ref is None:
        return replace(_moved(saga, now, COMPENSATED, DONE), last_error=_clipped(error))
    return replace(_moved(saga, now, COMPENSATING, VOID_INVOICE), last_error=_clipped(error))


def compensated(saga: InvoiceSaga, now: datetime) -> InvoiceSaga:
    """The invoice is void (or its draft deleted); the reason it was undone stays."""
    return replace(_moved(saga, now, COMPENSATED, DONE), last_error=saga.last_error)


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure in a row (doubling, capped)."""
    return min(MAX_BACKOFF, FIRST_BACKOFF * (1 << min(max(attempts - 1, 0), 20)))


def failed_attempt(saga: InvoiceSaga, error: str, now: datetime) -> InvoiceSaga:
    """The step failed for a passing reason: the same step again after the backoff."""
    attempts = saga.attempts + 1
    return replace(
        saga,
        attempts=attempts,
        last_error=_clipped(error),
        next_attempt_at=now + backoff(attempts),
        updated_at=now,
    )


def waiting_for_token(saga: InvoiceSaga, now: datetime, why: str = "") -> InvoiceSaga:
    """The next step calls main and the runner has no token for it (no delegation grant,
    or `why` its grant is of no use): it waits for the next POST …/invoice, which runs it
    with that caller's token."""
    because = f"{why}; " if why else "no delegation grant is held; "
    return replace(
        saga,
        last_error=_clipped(
            f"{because}waiting for a user's call to POST "
            f"/api/milestones/{saga.milestone_id}/invoice to run {saga.step} "
            "(calls to main carry a user's token)"
        ),
        next_attempt_at=now + TOKEN_WAIT,
        updated_at=now,
    )


def invoice_serial(number: str) -> int | None:
    """The serial of main's invoice number (INV-2026-000042 → 42): unique and never
    reused within the tenant, the milestone's int64 `invoice_id`."""
    match = INVOICE_NUMBER.match(number)
    return None if match is None else int(match.group(1))


def _clipped(error: str) -> str:
    return error if len(error) <= MAX_ERROR else error[: MAX_ERROR - 1] + "…"


def saga_not_found(milestone_id: uuid.UUID) -> NotFound:
    return NotFound(f"milestone {milestone_id} has no invoice saga")
