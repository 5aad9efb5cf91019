"""The invoices' operations, one function each, over the caller's tenant.

Functions taking a fresh unit of work enter it themselves (one transaction per call):
an invoice is never issued without its ledger entry, nor voided without the reversal.
`apply_payment` runs inside the caller's unit of work instead: the payments settle an
invoice in the same transaction as their own row and ledger entry.

Locks are taken in one order everywhere — the invoice row, then the tenant's invoice
sequence, then the ledger's books (inside its use cases) — so no two calls wait on
each other in a circle.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from services.main.invoices.domain import fields, idempotency, postings
from services.main.invoices.domain import invoices as rules
from services.main.invoices.domain.fields import InvoiceChanges, InvoiceDraft
from services.main.invoices.domain.idempotency import Call
from services.main.invoices.domain.invoices import Invoice, InvoiceFilters
from services.main.kernel.dependencies import Uow
from services.main.ledger import usecases as ledger
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import FailedPrecondition, FieldViolation, Unprocessable, raise_if_any
from services.runtime.paging import Page, checked_page

DEFAULT_PAGE = 20
MAX_CUSTOMER_FILTER = 200


@dataclass(frozen=True)
class Outcome:
    """An invoice call's result: `created` is False on an idempotent repeat."""

    invoice: Invoice
    created: bool


def _base_currency(uow: Uow, tenant_id: uuid.UUID, now: datetime) -> str:
    return ledger.open_books(uow, tenant_id, now).base_currency


def _existing(
    uow: Uow, tenant_id: uuid.UUID, invoice_id: uuid.UUID, *, lock: bool = False
) -> Invoice:
    invoice = uow.repos.invoices.invoice(tenant_id, invoice_id, lock=lock)
    if invoice is None:
        raise rules.invoice_not_found(invoice_id)
    return invoice


def _repeat(uow: Uow, tenant_id: uuid.UUID, call: Call) -> Outcome:
    remembered = uow.repos.invoices.remembered(tenant_id, call.key)
    if remembered is None:  # pragma: no cover - the key's invoice was deleted meanwhile
        raise FailedPrecondition(f"idempotency_key: {call.key} is being forgotten; retry")
    invoice_id = idempotency.check_repeat(remembered, call)
    return Outcome(_existing(uow, tenant_id, invoice_id), created=False)


def ledger_accounts(uow: Uow, tenant_id: uuid.UUID, codes: tuple[str, ...]) -> dict[str, str]:
    """The ids of the ledger accounts a posting needs, by code (422 when one is missing)."""
    found = {code: uow.repos.ledger.account_by_code(tenant_id, code) for code in codes}
    return postings.account_ids(
        {code: None if account is None else account.id for code, account in found.items()}, codes
    )


# -- drafts ------------------------------------------------------------------------------


def create_invoice(
    uow: Uow,
    tenant_id: uuid.UUID,
    draft: InvoiceDraft,
    *,
    idempotency_key: str = "",
    clock: Clock = utcnow,
) -> Outcome:
    call = idempotency.call(idempotency_key, idempotency.CREATE, draft)
    now = clock()
    with uow:
        content = fields.new_content(draft, _base_currency(uow, tenant_id, now))
        invoice_id = uuid.uuid4()
        if call is not None and not uow.repos.invoices.remember(tenant_id, call, invoice_id, now):
            return _repeat(uow, tenant_id, call)
        uow.repos.invoices.add(tenant_id, invoice_id, content, now)
        return Outcome(_existing(uow, tenant_id, invoice_id), created=True)


def list_invoices(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    status: str | None,
    customer: str | None,
    from_date: DateParts | None,
    to_date: DateParts | None,
    limit: int | None,
    offset: int,
) -> Page[Invoice]:
    size, skip = checked_page(limit, offset, DEFAULT_PAGE)
    problems: list[FieldViolation] = []
    if status is not None and status not in rules.STATUSES:
        problems.append(FieldViolation("status", f"must be one of {', '.join(rules.STATUSES)}"))
    if customer is not None and len(customer) > MAX_CUSTOMER_FILTER:
        problems.append(
            FieldViolation("customer", f"must be at most {MAX_CUSTOMER_FILTER} characters")
        )
    first = checked_date(from_date, "from_date", problems)
    last = checked_date(to_date, "to_date", problems)
    raise_if_any(problems)
    if first is not None and last is not None and last < first:
        raise Unprocessable.for_field("to_date", "must not be before from_date")
    wanted = (customer or "").strip() or None
    filters = InvoiceFilters(status, wanted, first, last)
    with uow:
        found, total = uow.repos.invoices.list_invoices(tenant_id, filters, limit=size, offset=skip)
        return Page(found, total, size, skip)


def get_invoice(uow: Uow, tenant_id: uuid.UUID, invoice_id: uuid.UUID) -> Invoice:
    with uow:
        return _existing(uow, tenant_id, invoice_id)


def update_invoice(
    uow: Uow,
    tenant_id: uuid.UUID,
    invoice_id: uuid.UUID,
    changes: InvoiceChanges,
    *,
    clock: Clock = utcnow,
) -> Invoice:
    now = clock()
    with uow:
        invoice = _existing(uow, tenant_id, invoice_id, lock=True)
        rules.check_editable(invoice, "changed")
        base_currency = _base_currency(uow, tenant_id, now)
        content = fields.changed_content(invoice.content, changes, base_currency)
        if not uow.repos.invoices.replace_content(tenant_id, invoice_id, content, now):
            raise FailedPrecondition(f"invoice {invoice_id} is no longer a draft")
        return _existing(uow, tenant_id, invoice_id)


def delete_invoice(uow: Uow, tenant_id: uuid.UUID, invoice_id: uuid.UUID) -> None:
    with uow:
        rules.check_editable(_existing(uow, tenant_id, invoice_id, lock=True), "deleted")
        if not uow.repos.invoices.delete_draft(tenant_id, invoice_id):
            raise FailedPrecondition(f"invoice {invoice_id} is no longer a draft")


# -- moves -------------------------------------------------------------------------------


# What a move does to the locked invoice, in the transaction: (uow, tenant, invoice, now).
Act = Callable[[Uow, uuid.UUID, Invoice, datetime], Outcome]


@dataclass(frozen=True)
class _Move:
    """A use case moving an invoice on: `act` on the invoice, locked, in one
    transaction; a repeat of the idempotency key answers the first call's outcome."""

    operation: str
    act: Act

    def __call__(
        self,
        uow: Uow,
        tenant_id: uuid.UUID,
        invoice_id: uuid.UUID,
        *,
        idempotency_key: str = "",
        clock: Clock = utcnow,
    ) -> Outcome:
        call = idempotency.call(idempotency_key, self.operation, {"invoice_id": str(invoice_id)})
        now = clock()
        with uow:
            if call is not None and not uow.repos.invoices.remember(
                tenant_id, call, invoice_id, now
            ):
                return _repeat(uow, tenant_id, call)
            return self.act(uow, tenant_id, _existing(uow, tenant_id, invoice_id, lock=True), now)


def _number_and_post(uow: Uow, tenant_id: uuid.UUID, invoice: Invoice, now: datetime) -> Outcome:
    """Number the draft, fix its dates and post Dr receivable / Cr revenue, tax."""
    base_currency = _base_currency(uow, tenant_id, now)
    issue = rules.check_issuable(invoice, base_currency, now.date())
    sequence = uow.repos.invoices.next_number(tenant_id)
    number = rules.invoice_number(sequence, issue.issue_date.year)
    accounts = ledger_accounts(uow, tenant_id, postings.ISSUE_ACCOUNTS)
    posting = postings.issue_entry(
        rules.issued(invoice, number, issue, None, now), issue.issue_date, accounts
    )
    entry_id = ledger.post_entry(uow, tenant_id, posting, now).entry.id
    # The row is locked since the read above: the draft is still a draft.
    if not uow.repos.invoices.mark_issued(
        tenant_id, invoice.id, number=number, issue=issue, entry_id=entry_id, now=now
    ):
        raise FailedPrecondition(f"invoice {invoice.id} is no longer a draft")
    return Outcome(rules.issued(invoice, number, issue, entry_id, now), created=True)


def _reverse(uow: Uow, tenant_id: uuid.UUID, invoice: Invoice, now: datetime) -> Outcome:
    """Void an unpaid issued invoice: its issue entry is reversed in the ledger."""
    rules.check_voidable(invoice)
    assert invoice.issue_entry_id is not None  # every issued invoice has its entry
    # Never dated before the entry it reverses (an invoice may be post-dated).
    issued_on = invoice.content.issue_date or now.date()
    reversal = ledger.reverse_posted(
        uow,
        tenant_id,
        invoice.issue_entry_id,
        now,
        max(now.date(), issued_on),
        f"Void of invoice {invoice.number}",
    )
    if not uow.repos.invoices.mark_void(tenant_id, invoice.id, reversal.id, now):
        raise FailedPrecondition(f"invoice {invoice.id} is no longer unpaid and issued")
    return Outcome(rules.voided(invoice, reversal.id, now), created=True)


issue_invoice = _Move(idempotency.ISSUE, _number_and_post)
void_invoice = _Move(idempotency.VOID, _reverse)


def apply_payment(
    uow: Uow,
    tenant_id: uuid.UUID,
    invoice_id: uuid.UUID,
    amount: Decimal,
    currency: str,
    now: datetime,
) -> Invoice:
    """Settle `amount` of an issued invoice inside the caller's unit of work (payments):
    409 unless issued, 422 for another currency or more than the amount due. The invoice
    is paid once its payments reach its total. Returns it as it was before."""
    invoice = _existing(uow, tenant_id, invoice_id, lock=True)
    rules.check_payment(invoice, amount, currency)
    paid = invoice.amount_paid + amount
    if not uow.repos.invoices.mark_paid_amount(
        tenant_id, invoice_id, amount_paid=paid, settled=paid == invoice.totals.total, now=now
    ):
        raise FailedPrecondition(f"invoice {invoice_id} is no longer issued")
    return invoice
