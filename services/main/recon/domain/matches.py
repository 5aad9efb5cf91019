"""Matches: a statement line paired with a posted ledger line of the statement's
account, one to one; the checks on a manual match; the adjusting entry posted for an
unmatched statement line."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.main.kernel.money import amount_text
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import POSTED, REVERSED, EntryDraft, LineDraft
from services.runtime.errors import AlreadyExists, NotFound, Unprocessable

AUTO: Final = "auto"
MANUAL: Final = "manual"
ADJUSTMENT: Final = "adjustment"
METHODS: Final = (AUTO, MANUAL, ADJUSTMENT)
# Entries in the books: a reversed entry was posted too (its reversal offsets it).
IN_THE_BOOKS: Final = (POSTED, REVERSED)
# The ledger's idempotency key of an adjusting entry: one per statement line.
SOURCE_MODULE: Final = "recon"
MAX_MEMO: Final = 500


@dataclass(frozen=True)
class Match:
    id: uuid.UUID
    statement_id: uuid.UUID
    statement_line_id: uuid.UUID
    ledger_line_id: uuid.UUID
    entry_id: uuid.UUID
    score: float
    method: str
    created_at: datetime


@dataclass(frozen=True)
class NewMatch:
    statement_id: uuid.UUID
    statement_line_id: uuid.UUID
    ledger_line_id: uuid.UUID
    entry_id: uuid.UUID
    score: float
    method: str


@dataclass(frozen=True)
class BankLineRef:
    """A statement line with what matching it needs to know."""

    id: uuid.UUID
    statement_id: uuid.UUID
    account_id: uuid.UUID
    booked_on: date
    amount: Decimal
    description: str
    matched: bool


@dataclass(frozen=True)
class LedgerLineRef:
    """A ledger line with what matching it needs to know."""

    id: uuid.UUID
    entry_id: uuid.UUID
    account_id: uuid.UUID
    entry_status: str
    amount: Decimal  # debit - credit in the account's currency
    matched: bool


def check_manual(
    line: BankLineRef | None, ledger: LedgerLineRef | None, line_id: uuid.UUID, ledger_id: uuid.UUID
) -> NewMatch:
    """A manual match of the tenant's lines (None: not the tenant's): the ledger line on
    the statement's account, its entry in the books, the same amount (422 naming the
    field); neither line matched already (409)."""
    if line is None:
        raise Unprocessable.for_field("statement_line_id", f"statement line {line_id} not found")
    if ledger is None:
        raise Unprocessable.for_field("ledger_line_id", f"ledger line {ledger_id} not found")
    if ledger.account_id != line.account_id:
        raise Unprocessable.for_field("ledger_line_id", "is not a line of the statement's account")
    if ledger.entry_status not in IN_THE_BOOKS:
        raise Unprocessable.for_field(
            "ledger_line_id", f"its entry is {ledger.entry_status}, not posted"
        )
    if ledger.amount != line.amount:
        raise Unprocessable.for_field(
            "ledger_line_id",
            f"amount {amount_text(ledger.amount)} differs from the statement line's "
            f"{amount_text(line.amount)}",
        )
    check_unmatched(line)
    if ledger.matched:
        raise AlreadyExists(f"ledger line {ledger.id} is matched already")
    return NewMatch(line.statement_id, line.id, ledger.id, ledger.entry_id, 1.0, MANUAL)


def check_unmatched(line: BankLineRef) -> None:
    if line.matched:
        raise AlreadyExists(f"statement line {line.id} is matched already")


def _printable(text: str) -> str:
    return "".join(c for c in text if c.isprintable())


def adjusting_entry(
    line: BankLineRef, cash: Account, offset_account_id: uuid.UUID, memo: str, base_currency: str
) -> EntryDraft:
    """The entry that books a statement line the ledger lacks: money in debits the cash
    account and credits the offset account, money out the other way round; dated as
    the line, keyed by it (a repeat finds the entry posted first)."""
    if line.amount == 0:
        raise Unprocessable.for_field("id", "the line's amount is 0: there is nothing to post")
    if offset_account_id == cash.id:
        raise Unprocessable.for_field("offset_account_id", "must not be the cash account")
    if cash.currency != base_currency:
        raise Unprocessable.for_field(
            "id",
            f"the cash account is in {cash.currency}, not the base currency {base_currency}: "
            "post the entry with its rate in the ledger and match it by hand",
        )
    amount = amount_text(abs(line.amount))
    cash_side, offset_side = ("debit", "credit") if line.amount > 0 else ("credit", "debit")
    text = memo or f"Bank reconciliation: {_printable(line.description)}"[:MAX_MEMO].strip()
    return EntryDraft(
        entry_date=(line.booked_on.year, line.booked_on.month, line.booked_on.day),
        memo=text,
        source_module=SOURCE_MODULE,
        source_event_id=f"adjust:{line.id}",
        lines=[
            LineDraft(str(cash.id), currency=cash.currency, **{cash_side: amount}),
            LineDraft(str(offset_account_id), currency=cash.currency, **{offset_side: amount}),
        ],
    )


def match_not_found(match_id: uuid.UUID) -> NotFound:
    return NotFound(f"match {match_id} not found")
