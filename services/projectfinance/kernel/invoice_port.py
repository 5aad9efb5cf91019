"""Main's invoices as the project-finance backend needs them (the milestone-invoice
saga): create a draft, issue it, void it or delete the draft, each with the calling
user's token. No transport here (use cases import it); kernel.invoicing is the gRPC
implementation.

Failures come in three kinds, because the saga treats them differently:
`MainUnavailable` passes (main down or slow: try again later), `TokenRefused` needs
another user (the token expired or lacks `invoices:manage`: wait for another call),
`MainRefused` is main's final answer (undo what exists).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class InvoiceDraft:
    """One invoice line billing a milestone. The same draft on every retry: main refuses
    a reused idempotency key with a different request."""

    customer_name: str
    currency: str
    description: str
    # A decimal string in the currency's units.
    unit_price: str
    memo: str


@dataclass(frozen=True)
class MainInvoice:
    id: uuid.UUID
    # draft | issued | paid | void
    status: str
    # None until issued.
    number: str | None


class MainUnavailable(Exception):
    """Main did not answer (in time): the call may be repeated with its key."""


class TokenRefused(Exception):
    """Main refused the caller's token or its scopes."""


class MainRefused(Exception):
    """Main answered no (a rule, a state, a reused key): repeating will not help."""

    def __init__(self, message: str, *, conflict: bool = False) -> None:
        super().__init__(message)
        # The invoice is not in the state the call needs (FAILED_PRECONDITION).
        self.conflict = conflict


class Invoicing(Protocol):
    def create(self, token: str, draft: InvoiceDraft, idempotency_key: str) -> MainInvoice: ...

    def issue(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice: ...

    def void(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice: ...

    def delete_draft(self, token: str, invoice_id: uuid.UUID) -> None:
        """Delete a draft; a missing one is already gone."""
        ...

    def close(self) -> None: ...
