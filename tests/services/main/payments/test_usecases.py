"""The payments' use cases on SQLite and PostgreSQL: partial and full payments settle an
invoice and post Dr cash / Cr receivable, an overpayment is refused naming the amount
due, payments need an issued invoice, a paid invoice cannot be voided, the books stay
balanced, and another tenant sees nothing."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import Engine

from services.main.invoices import usecases as invoices
from services.main.invoices.domain import invoices as invoice_rules
from services.main.invoices.domain.fields import LineInput
from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.domain.entries import Source
from services.main.payments import usecases
from services.main.payments.domain.payments import Payment, PaymentDraft
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound, Unprocessable
from tests.services.main.invoices.support import (
    draft,
    entry,
    issued,
    lines_by_code,
)
from tests.services.main.support import NOW, new_tenant
from tests.services.main.support import fixed_clock as clock


def pay(
    uow: UowFactory, tenant: uuid.UUID, invoice_id: uuid.UUID, amount: str, **fields: object
) -> Payment:
    sent = PaymentDraft(str(invoice_id), amount, str(fields.pop("currency", "EUR")), **fields)  # type: ignore[arg-type]
    return usecases.record_payment(uow(), tenant, sent, clock=clock)


def test_partial_then_full_payment_settles_the_invoice(uow: UowFactory, tenant: uuid.UUID) -> None:
    invoice = issued(uow, tenant)  # 10 x 100 + 20 % = 1200.00
    first = pay(uow, tenant, invoice.id, "500.00", method="bank_transfer", reference="SEPA 1")
    assert (first.amount, first.currency, first.paid_on) == (Decimal("500.00"), "EUR", NOW.date())
    assert (first.invoice_number, first.method) == (invoice.number, "bank_transfer")
    partly = invoices.get_invoice(uow(), tenant, invoice.id)
    assert (partly.status, partly.amount_paid, partly.amount_due) == (
        invoice_rules.ISSUED,
        Decimal("500.00"),
        Decimal("700.00"),
    )
    posted = entry(uow, tenant, first.entry_id)
    assert posted.source == Source("payments", f"payment:{first.id}")
    assert lines_by_code(uow, tenant, posted) == [
        ("1000", "500.0000", "0.0000"),
        ("1100", "0.0000", "500.0000"),
    ]
    second = pay(uow, tenant, invoice.id, "700", paid_on=(2026, 3, 20))
    assert (second.paid_on, second.method) == (date(2026, 3, 20), "other")
    paid = invoices.get_invoice(uow(), tenant, invoice.id)
    assert (paid.status, paid.amount_paid, paid.amount_due, paid.paid_at) == (
        invoice_rules.PAID,
        Decimal("1200.00"),
        Decimal("0"),
        NOW,
    )
    # Receivable back to zero, cash 1200, revenue and tax as issued; balanced.
    balance = ledger.get_trial_balance(uow(), tenant, (2099, 1, 1), clock=clock)
    totals = {row.account.code: (row.debit, row.credit) for row in balance.accounts}
    assert totals["1100"] == (Decimal("1200.00"), Decimal("1200.00"))
    assert totals["1000"] == (Decimal("1200.00"), Decimal("0"))
    assert balance.balanced
    listed = usecases.list_payments(uow(), tenant, invoice_id=invoice.id, limit=None, offset=0)
    assert {p.id for p in listed.items} == {first.id, second.id} and listed.total == 2
    assert usecases.get_payment(uow(), tenant, first.id) == first
    with pytest.raises(FailedPrecondition, match="is paid: only an issued invoice can be paid"):
        pay(uow, tenant, invoice.id, "1")
    with pytest.raises(FailedPrecondition, match="only an issued invoice can be voided"):
        invoices.void_invoice(uow(), tenant, invoice.id, clock=clock)


def test_an_overpayment_is_refused_naming_the_amount_due(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    invoice = issued(uow, tenant)
    pay(uow, tenant, invoice.id, "1000")
    with pytest.raises(
        Unprocessable, match=r"amount: 200\.01 EUR is more than the amount due 200\.00 EUR"
    ):
        pay(uow, tenant, invoice.id, "200.01")
    assert invoices.get_invoice(uow(), tenant, invoice.id).amount_paid == Decimal("1000.00")


def test_payments_need_an_issued_invoice_in_its_currency(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    created = invoices.create_invoice(uow(), tenant, draft(), clock=clock).invoice
    with pytest.raises(FailedPrecondition, match="is draft: only an issued invoice can be paid"):
        pay(uow, tenant, created.id, "1")
    invoice = issued(uow, tenant)
    with pytest.raises(Unprocessable, match="currency: must be the invoice's currency EUR"):
        pay(uow, tenant, invoice.id, "1", currency="USD")
    with pytest.raises(Unprocessable, match="paid_on: must not be before the invoice's issue"):
        pay(uow, tenant, invoice.id, "1", paid_on=(2026, 3, 1))
    with pytest.raises(FailedPrecondition, match=r"has payments of 1\.00 EUR"):
        pay(uow, tenant, invoice.id, "1")
        invoices.void_invoice(uow(), tenant, invoice.id, clock=clock)
    void = issued(uow, tenant)
    invoices.void_invoice(uow(), tenant, void.id, clock=clock)
    with pytest.raises(FailedPrecondition, match="is void"):
        pay(uow, tenant, void.id, "1")
    with pytest.raises(NotFound):
        pay(uow, tenant, uuid.uuid4(), "1")


def test_bad_fields_are_400_naming_each(uow: UowFactory, tenant: uuid.UUID) -> None:
    with pytest.raises(InvalidArgument) as raised:
        usecases.record_payment(
            uow(),
            tenant,
            PaymentDraft("nope", "0.001", "eu", paid_on=(2026, 2, 30), method="#9"),
            clock=clock,
        )
    assert {v.field for v in raised.value.violations} == {
        "invoice_id",
        "amount",
        "currency",
        "paid_on",
        "method",
    }
    with pytest.raises(InvalidArgument, match="amount: must be greater than 0"):
        usecases.record_payment(uow(), tenant, PaymentDraft(str(uuid.uuid4()), "0", "EUR"))


def test_a_foreign_invoice_is_paid_at_its_rate(uow: UowFactory, tenant: uuid.UUID) -> None:
    sent = draft(LineInput("Work", "1", "100", "0"), currency="USD", fx_rate="0.9")
    invoice = issued(uow, tenant, sent)
    payment = pay(uow, tenant, invoice.id, "100", currency="USD")
    posted = entry(uow, tenant, payment.entry_id)
    assert [(line.currency, line.fx_rate, line.base_amount) for line in posted.lines] == [
        ("USD", Decimal("0.9"), Decimal("90.00")),
        ("USD", Decimal("0.9"), Decimal("90.00")),
    ]


def test_another_tenants_payments_and_invoices_are_not_found(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    invoice = issued(uow, tenant)
    payment = pay(uow, tenant, invoice.id, "10")
    other = new_tenant(engine)
    with pytest.raises(NotFound, match=f"payment {payment.id} not found"):
        usecases.get_payment(uow(), other, payment.id)
    with pytest.raises(NotFound, match=f"invoice {invoice.id} not found"):
        pay(uow, other, invoice.id, "10")
    page = usecases.list_payments(uow(), other, invoice_id=None, limit=None, offset=0)
    assert (page.items, page.total) == ([], 0)
    mine = usecases.list_payments(uow(), tenant, invoice_id=None, limit=None, offset=0)
    assert [p.id for p in mine.items] == [payment.id]
