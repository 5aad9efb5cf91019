"""What the invoice and payment tests share: drafts with hand-computed totals, and the
ledger entries an invoice posted."""

from __future__ import annotations

import uuid
from decimal import Decimal

from services.main.invoices import usecases
from services.main.invoices.domain.fields import CustomerInput, InvoiceDraft, LineInput
from services.main.invoices.domain.invoices import Invoice
from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.domain.entries import Entry
from tests.services.main.support import fixed_clock as clock

ACME = CustomerInput(name="Acme GmbH", email="billing@acme.example.com", tax_id="DE123456789")

# Mixed rates, each total computed by hand in test_totals.py: subtotal 1157.41,
# tax 207.53, total 1364.94.
MIXED = (
    LineInput("Consulting", "3", "333.335", "20"),
    LineInput("Support", "1.5", "19.99", "20"),
    LineInput("Book", "2", "12.345", "5.5"),
    LineInput("Export service", "1", "100", "0"),
    LineInput("Booklet", "7", "0.333", "5.5"),
    LineInput("Stamp", "1", "0.13", "10"),
    LineInput("Stamp", "1", "0.13", "10"),
    LineInput("Stamp", "1", "0.13", "10"),
)


def draft(
    *lines: LineInput, currency: str = "EUR", fx_rate: str = "", **fields: object
) -> InvoiceDraft:
    values: dict[str, object] = {"customer": ACME, **fields}
    return InvoiceDraft(
        currency=currency,
        fx_rate=fx_rate,
        lines=lines or (LineInput("Work", "10", "100", "20"),),
        **values,  # type: ignore[arg-type]
    )


def issued(uow: UowFactory, tenant: uuid.UUID, sent: InvoiceDraft | None = None) -> Invoice:
    created = usecases.create_invoice(uow(), tenant, sent or draft(), clock=clock).invoice
    return usecases.issue_invoice(uow(), tenant, created.id, clock=clock).invoice


def entry(uow: UowFactory, tenant: uuid.UUID, entry_id: uuid.UUID | None) -> Entry:
    assert entry_id is not None
    return ledger.get_entry(uow(), tenant, entry_id)


def lines_by_code(uow: UowFactory, tenant: uuid.UUID, found: Entry) -> list[tuple[str, str, str]]:
    """(code, debit, credit) of each line of an entry, in order."""
    page = ledger.list_accounts(uow(), tenant, type_=None, active=None, limit=100, offset=0)
    codes = {a.id: a.code for a in page.items}
    return [(codes[line.account_id], str(line.debit), str(line.credit)) for line in found.lines]


def amounts(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(v) for v in values)
