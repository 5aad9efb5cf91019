"""What issuing an invoice posts to the ledger: Dr receivable (total), Cr revenue
(subtotal), Cr tax payable (tax_total, when there is tax), dated the issue date.

An invoice in a foreign currency is posted in that currency at its fx_rate. Its
receivable is then debited in two lines, one per credit (net and tax), so that each
debit and its credit round to the same base amount and the entry balances in the base
currency to the cent whatever the rate (one total line could differ from the sum of
the rounded credits by a cent).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final

from services.main.invoices.domain.invoices import Invoice
from services.main.kernel.money import cents, rate_text
from services.main.ledger.domain.accounts import RECEIVABLE, REVENUE_CODE, TAX_PAYABLE
from services.main.ledger.domain.entries import EntryDraft, LineDraft
from services.runtime.errors import Unprocessable

SOURCE_MODULE: Final = "invoices"
ISSUE_ACCOUNTS: Final = (RECEIVABLE, REVENUE_CODE, TAX_PAYABLE)


@dataclass(frozen=True)
class Leg:
    """One side of a posting: an account (by code) debited or credited an amount."""

    code: str
    amount: Decimal
    debit: bool
    description: str


def issue_event(invoice_id: uuid.UUID) -> str:
    return f"invoice:{invoice_id}:issue"


def account_ids(found: Mapping[str, uuid.UUID | None], codes: tuple[str, ...]) -> dict[str, str]:
    """The accounts a posting needs, by code; 422 when the tenant's chart lacks one."""
    missing = [code for code in codes if found.get(code) is None]
    if missing:
        raise Unprocessable(f"the ledger has no account {', '.join(missing)}")
    return {code: str(found[code]) for code in codes}


def entry(
    *,
    day: date,
    memo: str,
    event_id: str,
    module: str,
    legs: list[Leg],
    accounts: Mapping[str, str],
    currency: str,
    fx_rate: Decimal | None,
) -> EntryDraft:
    """A ledger entry of `legs` in `currency` (at `fx_rate`, or the base currency)."""
    rate = "" if fx_rate is None else rate_text(fx_rate)
    return EntryDraft(
        entry_date=(day.year, day.month, day.day),
        memo=memo,
        source_module=module,
        source_event_id=event_id,
        lines=[
            LineDraft(
                account_id=accounts[leg.code],
                debit=cents(leg.amount) if leg.debit else "",
                credit="" if leg.debit else cents(leg.amount),
                currency=currency,
                fx_rate=rate,
                description=leg.description,
            )
            for leg in legs
            if leg.amount > 0
        ],
    )


def issue_entry(invoice: Invoice, day: date, accounts: Mapping[str, str]) -> EntryDraft:
    content, totals = invoice.content, invoice.totals
    label = f"Invoice {invoice.number}"
    if content.fx_rate is None:
        receivable = [Leg(RECEIVABLE, totals.total, True, label)]
    else:
        receivable = [
            Leg(RECEIVABLE, totals.subtotal, True, f"{label} (net)"),
            Leg(RECEIVABLE, totals.tax_total, True, f"{label} (tax)"),
        ]
    legs = [
        *receivable,
        Leg(REVENUE_CODE, totals.subtotal, False, label),
        Leg(TAX_PAYABLE, totals.tax_total, False, f"{label} tax"),
    ]
    return entry(
        day=day,
        memo=f"{label} to {content.customer.name}",
        event_id=issue_event(invoice.id),
        module=SOURCE_MODULE,
        legs=legs,
        accounts=accounts,
        currency=content.currency,
        fx_rate=content.fx_rate,
    )
