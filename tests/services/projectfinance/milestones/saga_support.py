"""What the saga's tests share: main's InvoiceService and TokenExchangeService as they
answer the saga (main is another backend; tests/e2e/test_pf_invoice_saga.py runs against
the real ones), with its idempotency keys, invoice life and delegation grants, which can
be taken down or made to refuse; a clock the tests move; and a completed milestone to
invoice."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.delegation_port import DelegationRefused, Grant
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.invoice_port import (
    InvoiceDraft,
    MainInvoice,
    MainRefused,
    MainUnavailable,
)
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.milestones import usecases
from services.projectfinance.milestones.domain.milestones import Milestone, MilestoneDraft
from tests.services.projectfinance.support import NOW

TOKEN = "token-of-the-caller"


@dataclass
class MovingClock:
    now: datetime = NOW

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@dataclass
class MainInvoices:
    """Main's invoices of one tenant, as InvoiceService keeps them."""

    invoices: dict[uuid.UUID, MainInvoice] = field(default_factory=dict)
    keys: dict[str, uuid.UUID] = field(default_factory=dict)
    issued_count: int = 0
    # Operations that fail while main is "down": create, issue, void, delete.
    down: set[str] = field(default_factory=set)
    # Operations that answer but whose answer is lost (main did it; the caller sees a
    # timeout), as when the connection drops after the commit.
    lost: set[str] = field(default_factory=set)
    refuse: set[str] = field(default_factory=set)
    tokens: list[str] = field(default_factory=list)

    def _enter(self, operation: str, token: str) -> None:
        self.tokens.append(token)
        if operation in self.down:
            raise MainUnavailable(f"{operation}: UNAVAILABLE main is down")
        if operation in self.refuse:
            raise MainRefused(f"{operation}: INVALID_ARGUMENT refused")

    def _leave(self, operation: str, invoice: MainInvoice) -> MainInvoice:
        if operation in self.lost:
            self.lost.discard(operation)
            raise MainUnavailable(f"{operation}: DEADLINE_EXCEEDED answer lost")
        return invoice

    def create(self, token: str, draft: InvoiceDraft, idempotency_key: str) -> MainInvoice:
        self._enter("create", token)
        if idempotency_key not in self.keys:
            invoice = MainInvoice(uuid.uuid4(), "draft", None)
            self.invoices[invoice.id] = invoice
            self.keys[idempotency_key] = invoice.id
        return self._leave("create", self.invoices[self.keys[idempotency_key]])

    def issue(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice:
        self._enter("issue", token)
        invoice = self.invoices[invoice_id]
        if idempotency_key not in self.keys:
            if invoice.status != "draft":
                raise MainRefused("issue: FAILED_PRECONDITION not a draft", conflict=True)
            self.issued_count += 1
            invoice = replace(invoice, status="issued", number=f"INV-2026-{self.issued_count:06}")
            self.invoices[invoice_id] = invoice
            self.keys[idempotency_key] = invoice_id
        return self._leave("issue", self.invoices[invoice_id])

    def void(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice:
        self._enter("void", token)
        invoice = self.invoices[invoice_id]
        if idempotency_key not in self.keys:
            if invoice.status != "issued":
                raise MainRefused("void: FAILED_PRECONDITION not issued", conflict=True)
            self.invoices[invoice_id] = replace(invoice, status="void")
            self.keys[idempotency_key] = invoice_id
        return self._leave("void", self.invoices[invoice_id])

    def delete_draft(self, token: str, invoice_id: uuid.UUID) -> None:
        self._enter("delete", token)
        invoice = self.invoices.get(invoice_id)
        if invoice is None:
            return
        if invoice.status != "draft":
            raise MainRefused("delete: FAILED_PRECONDITION not a draft", conflict=True)
        del self.invoices[invoice_id]
        self.keys = {key: ref for key, ref in self.keys.items() if ref != invoice_id}

    def close(self) -> None:
        pass

    def statuses(self) -> list[str]:
        return sorted(invoice.status for invoice in self.invoices.values())


@dataclass
class MainDelegations:
    """Main's token exchange for this backend's service account: grants made from a
    user's token, each yielding tokens until revoked (by the saga, or by the user)."""

    grants: dict[str, str] = field(default_factory=dict)  # grant -> the user's token
    revoked: set[str] = field(default_factory=set)
    issued: list[str] = field(default_factory=list)
    down: bool = False

    def _enter(self) -> None:
        if self.down:
            raise MainUnavailable("ExchangeToken: UNAVAILABLE main is down")

    def grant(self, user_token: str, purpose: str, now: datetime) -> Grant:
        self._enter()
        if not purpose:
            raise DelegationRefused("ExchangeToken: INVALID_ARGUMENT purpose")
        value = f"fpd_{uuid.uuid4().hex}"
        self.grants[value] = user_token
        return Grant(value, now + timedelta(days=3))

    def token(self, grant: str) -> str:
        self._enter()
        if grant not in self.grants or grant in self.revoked:
            raise DelegationRefused("ExchangeToken: UNAUTHENTICATED invalid delegation grant")
        token = f"delegated:{self.grants[grant]}:{len(self.issued)}"
        self.issued.append(token)
        return token

    def revoke(self, grant: str) -> None:
        self._enter()
        self.revoked.add(grant)

    def close(self) -> None:
        pass

    def live(self) -> set[str]:
        return set(self.grants) - self.revoked


def completed_milestone(
    uow: UowFactory, record: RecordRef, actor: Actor, amount: str = "1500", name: str = "Design"
) -> Milestone:
    tenant = record.tenant_id
    created = usecases.create_milestone(
        uow(),
        tenant,
        actor,
        record.id,
        MilestoneDraft(name=name, amount=amount, currency=record.currency, sequence=1),
        clock=lambda: NOW,
    )
    usecases.record_progress(uow(), tenant, actor, created.id, "50", clock=lambda: NOW)
    return usecases.complete_milestone(uow(), tenant, actor, created.id, clock=lambda: NOW)
