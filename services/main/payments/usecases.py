"""The payments' operations, one function each, over the caller's tenant. Recording a
payment settles its invoice (the invoices' `apply_payment`), posts Dr cash / Cr
receivable (the ledger's `post_entry`) and stores the payment, in one transaction."""

from __future__ import annotations

import uuid

from services.main.invoices import usecases as invoices
from services.main.kernel.dependencies import Uow
from services.main.ledger import usecases as ledger
from services.main.payments.domain import payments as rules
from services.main.payments.domain.payments import Payment, PaymentDraft
from services.runtime.clock import Clock, utcnow
from services.runtime.paging import Page, checked_page

DEFAULT_PAGE = 20


def record_payment(
    uow: Uow, tenant_id: uuid.UUID, draft: PaymentDraft, *, clock: Clock = utcnow
) -> Payment:
    new = rules.check_payment(draft)
    now = clock()
    with uow:
        invoice = invoices.apply_payment(
            uow, tenant_id, new.invoice_id, new.amount, new.currency, now
        )
        day = rules.payment_day(new, invoice, now.date())
        accounts = invoices.ledger_accounts(uow, tenant_id, rules.ACCOUNTS)
        payment_id = uuid.uuid4()
        recorded = ledger.post_entry(
            uow, tenant_id, rules.payment_entry(payment_id, new, invoice, day, accounts), now
        )
        assert invoice.number is not None  # an issued invoice is numbered
        uow.repos.payments.add(
            tenant_id,
            payment_id,
            new,
            invoice_number=invoice.number,
            paid_on=day,
            entry_id=recorded.entry.id,
            now=now,
        )
        return _existing(uow, tenant_id, payment_id)


def _existing(uow: Uow, tenant_id: uuid.UUID, payment_id: uuid.UUID) -> Payment:
    payment = uow.repos.payments.payment(tenant_id, payment_id)
    if payment is None:
        raise rules.payment_not_found(payment_id)
    return payment


def get_payment(uow: Uow, tenant_id: uuid.UUID, payment_id: uuid.UUID) -> Payment:
    with uow:
        return _existing(uow, tenant_id, payment_id)


def list_payments(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    invoice_id: uuid.UUID | None,
    limit: int | None,
    offset: int,
) -> Page[Payment]:
    size, skip = checked_page(limit, offset, DEFAULT_PAGE)
    with uow:
        found, total = uow.repos.payments.list_payments(
            tenant_id, invoice_id, limit=size, offset=skip
        )
        return Page(found, total, size, skip)
