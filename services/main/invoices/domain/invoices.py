"""An invoice's life: draft → issued → paid | void, its number, and the checks of each
move. Moves not listed are 409 (`invalid_transition`).

Voiding needs an issued invoice without any payment, as Stripe's does: a payment is
money received, and undoing it (a refund) is its own operation, not supported yet.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Final

from services.main.invoices.domain.fields import Content
from services.main.invoices.domain.totals import Totals
from services.main.kernel.money import ZERO, cents
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    NotFound,
    Unprocessable,
)

DRAFT: Final = "draft"
ISSUED: Final = "issued"
PAID: Final = "paid"
VOID: Final = "void"
STATUSES: Final = (DRAFT, ISSUED, PAID, VOID)

NUMBER_PREFIX: Final = "INV"
# Net 30 (Xero's and most ledgers' default terms) when a draft has no due date.
DEFAULT_TERMS: Final = timedelta(days=30)


@dataclass(frozen=True)
class Invoice:
    id: uuid.UUID
    number: str | None
    status: str
    content: Content
    amount_paid: Decimal
    issue_entry_id: uuid.UUID | None
    void_entry_id: uuid.UUID | None
    issued_at: datetime | None
    paid_at: datetime | None
    voided_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @property
    def totals(self) -> Totals:
        return self.content.totals

    @property
    def amount_due(self) -> Decimal:
        return self.totals.total - self.amount_paid if self.status == ISSUED else ZERO


@dataclass(frozen=True)
class InvoiceFilters:
    """What a list of invoices is narrowed to; None: no condition."""

    status: str | None = None
    customer: str | None = None
    from_date: date | None = None
    to_date: date | None = None


@dataclass(frozen=True)
class Issue:
    """What issuing a draft sets: its dates (defaults filled in)."""

    issue_date: date
    due_date: date


def invoice_not_found(invoice_id: uuid.UUID) -> NotFound:
    # Another tenant's invoice gets this very answer: its existence is not told.
    return NotFound(f"invoice {invoice_id} not found")


def _refuse(invoice: Invoice, action: str, allowed: str) -> FailedPrecondition:
    return FailedPrecondition(
        f"invoice {invoice.id} is {invoice.status}: only {allowed} invoice can be {action}"
    )


def check_editable(invoice: Invoice, action: str) -> None:
    if invoice.status != DRAFT:
        raise _refuse(invoice, action, "a draft")


def check_issuable(invoice: Invoice, base_currency: str, today: date) -> Issue:
    """A draft with at least one line, and a rate if it is in a foreign currency (422
    naming the field otherwise); its dates with the defaults filled in."""
    check_editable(invoice, "issued")
    content = invoice.content
    problems: list[FieldViolation] = []
    if not content.lines:
        problems.append(FieldViolation("lines", "an invoice needs at least one line to be issued"))
    elif invoice.totals.total <= 0:
        problems.append(FieldViolation("lines", "an invoice with a total of 0 cannot be issued"))
    if content.currency != base_currency and content.fx_rate is None:
        problems.append(
            FieldViolation(
                "fx_rate",
                f"is required to issue an invoice in {content.currency} "
                f"(the base currency is {base_currency})",
            )
        )
    issue_date = content.issue_date or today
    due_date = content.due_date or issue_date + DEFAULT_TERMS
    if due_date < issue_date:
        problems.append(FieldViolation("due_date", "must not be before issue_date"))
    if problems:
        summary = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise Unprocessable(summary, violations=problems)
    return Issue(issue_date, due_date)


def issued(
    invoice: Invoice, number: str, issue: Issue, entry_id: uuid.UUID | None, now: datetime
) -> Invoice:
    """The draft as issuing stores it (built, not read back: the issue holds the tenant's
    number sequence locked until it commits, so it makes no statement it need not)."""
    content = replace(invoice.content, issue_date=issue.issue_date, due_date=issue.due_date)
    return replace(
        invoice,
        number=number,
        status=ISSUED,
        content=content,
        issue_entry_id=entry_id,
        issued_at=now,
        updated_at=now,
    )


def voided(invoice: Invoice, entry_id: uuid.UUID, now: datetime) -> Invoice:
    """The invoice as voiding stores it."""
    return replace(invoice, status=VOID, void_entry_id=entry_id, voided_at=now, updated_at=now)


def check_voidable(invoice: Invoice) -> None:
    if invoice.status != ISSUED:
        raise _refuse(invoice, "voided", "an issued")
    if invoice.amount_paid > 0:
        raise FailedPrecondition(
            f"invoice {invoice.id} has payments of {cents(invoice.amount_paid)} "
            f"{invoice.content.currency}: only an unpaid invoice can be voided"
        )


def check_payment(invoice: Invoice, amount: Decimal, currency: str) -> None:
    """A payment of `amount` in `currency` may settle (part of) `invoice`: it is issued
    (409 otherwise), in its currency and at most its amount due (422 otherwise)."""
    if invoice.status != ISSUED:
        raise _refuse(invoice, "paid", "an issued")
    if currency != invoice.content.currency:
        raise Unprocessable.for_field(
            "currency", f"must be the invoice's currency {invoice.content.currency}"
        )
    due = invoice.amount_due
    if amount > due:
        raise Unprocessable.for_field(
            "amount",
            f"{cents(amount)} {currency} is more than the amount due {cents(due)} {currency}",
        )


def invoice_number(sequence: int, year: int) -> str:
    return f"{NUMBER_PREFIX}-{year}-{sequence:06d}"
