"""A payment: its fields and their checks (400 naming each), the rules against its
invoice (422), and its ledger entry: Dr cash / Cr receivable for the amount, in the
invoice's currency at the invoice's rate (realised exchange differences are not
booked: a foreign-currency invoice is settled at the rate it was issued at).

Payments are final: refunds and reversals are not supported yet.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.main.invoices.domain.invoices import Invoice
from services.main.invoices.domain.postings import Leg, entry
from services.main.invoices.domain.totals import half_up
from services.main.kernel.money import check_currency, parse_amount
from services.main.ledger.domain.accounts import CASH, RECEIVABLE
from services.main.ledger.domain.entries import EntryDraft
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, NotFound, Unprocessable, raise_if_any
from services.runtime.text_fields import checked_text

METHODS: Final = ("bank_transfer", "card", "cash", "cheque", "other")
DEFAULT_METHOD: Final = "other"
MAX_REFERENCE: Final = 200
SOURCE_MODULE: Final = "payments"
ACCOUNTS: Final = (CASH, RECEIVABLE)


@dataclass(frozen=True)
class PaymentDraft:
    """A payment as sent."""

    invoice_id: str
    amount: str
    currency: str
    paid_on: DateParts | None = None
    method: str | None = None
    reference: str = ""


@dataclass(frozen=True)
class NewPayment:
    invoice_id: uuid.UUID
    amount: Decimal
    currency: str
    paid_on: date | None
    method: str
    reference: str


@dataclass(frozen=True)
class Payment:
    id: uuid.UUID
    invoice_id: uuid.UUID
    invoice_number: str
    amount: Decimal
    currency: str
    paid_on: date
    method: str
    reference: str
    entry_id: uuid.UUID
    created_at: datetime


def payment_not_found(payment_id: uuid.UUID) -> NotFound:
    # Another tenant's payment gets this very answer: its existence is not told.
    return NotFound(f"payment {payment_id} not found")


def check_payment(draft: PaymentDraft) -> NewPayment:
    """Every field checked, all problems at once."""
    problems: list[FieldViolation] = []
    invoice_id: uuid.UUID | None = None
    if not draft.invoice_id:
        problems.append(FieldViolation("invoice_id", "is required"))
    else:
        try:
            invoice_id = uuid.UUID(draft.invoice_id)
        except ValueError:
            problems.append(FieldViolation("invoice_id", "must be a UUID"))
    amount = None
    if draft.amount == "":
        problems.append(FieldViolation("amount", "is required"))
    else:
        amount = parse_amount(draft.amount, "amount", problems)
    if amount is not None and amount <= 0:
        problems.append(FieldViolation("amount", "must be greater than 0"))
    elif amount is not None and half_up(amount) != amount:
        problems.append(FieldViolation("amount", "must have at most 2 decimal places"))
    currency = check_currency(draft.currency, "currency", problems)
    paid_on = checked_date(draft.paid_on, "paid_on", problems)
    method = draft.method or DEFAULT_METHOD
    if method not in METHODS:
        problems.append(FieldViolation("method", f"must be one of {', '.join(METHODS)}"))
    reference = checked_text(draft.reference, "reference", MAX_REFERENCE, problems)
    raise_if_any(problems)
    assert invoice_id is not None and amount is not None and currency is not None
    return NewPayment(invoice_id, amount, currency, paid_on, method, reference)


def payment_day(payment: NewPayment, invoice: Invoice, today: date) -> date:
    """The day it was received (today when not sent), not before the invoice's issue."""
    day = payment.paid_on or today
    issued = invoice.content.issue_date
    if issued is not None and day < issued:
        raise Unprocessable.for_field(
            "paid_on", f"must not be before the invoice's issue date {issued.isoformat()}"
        )
    return day


def payment_entry(
    payment_id: uuid.UUID,
    payment: NewPayment,
    invoice: Invoice,
    day: date,
    accounts: dict[str, str],
) -> EntryDraft:
    label = f"Payment of invoice {invoice.number}"
    if payment.reference:
        label = f"{label} ({payment.reference})"
    return entry(
        day=day,
        memo=label,
        event_id=f"payment:{payment_id}",
        module=SOURCE_MODULE,
        legs=[
            Leg(CASH, payment.amount, True, label),
            Leg(RECEIVABLE, payment.amount, False, label),
        ],
        accounts=accounts,
        currency=invoice.content.currency,
        fx_rate=invoice.content.fx_rate,
    )
