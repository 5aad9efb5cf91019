"""Bank statements: which ledger accounts take them, what is kept of an uploaded file
(its lines, period and balances) and the checks on it.

A statement is for a *cash account*: an asset account whose code starts with "10"
(1000 Cash of the default chart and the 1000-1099 range a conventional chart keeps for
cash and bank accounts). Its amounts are in the account's currency: a line the file
gives another currency is refused.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.main.kernel.money import AMOUNT_PLACES, MAX_AMOUNT, ZERO
from services.main.ledger.domain.accounts import ASSET, Account
from services.main.recon.domain.matches import Match
from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation, NotFound, Unprocessable, raise_if_any

CASH_CODE_PREFIX: Final = "10"
# Bounds on one upload's work: a month of a busy account is a few thousand lines.
MAX_FILE_BYTES: Final = 10 * 1024 * 1024
MAX_LINES: Final = 20_000
MAX_DESCRIPTION: Final = 500
MAX_REFERENCE: Final = 200
MAX_FILE_NAME: Final = 255


@dataclass(frozen=True)
class BankRow:
    """A statement row as the parser read it (services.statements.StatementRow's
    fields this module needs; the parsers stay unknown to the domain)."""

    row: int
    booked_on: date
    amount: Decimal
    description: str
    currency: str | None
    bank_reference: str | None
    payee: str | None


@dataclass(frozen=True)
class NewLine:
    row: int
    booked_on: date
    amount: Decimal
    description: str
    bank_reference: str | None
    payee: str | None


@dataclass(frozen=True)
class NewStatement:
    account_id: uuid.UUID
    file_name: str
    format: str
    currency: str
    period_start: date
    period_end: date
    opening_balance: Decimal | None
    closing_balance: Decimal | None
    lines: tuple[NewLine, ...]


@dataclass(frozen=True)
class Statement:
    id: uuid.UUID
    account_id: uuid.UUID
    file_name: str
    format: str
    currency: str
    period_start: date
    period_end: date
    opening_balance: Decimal | None
    closing_balance: Decimal | None
    line_count: int
    matched_count: int
    created_at: datetime


@dataclass(frozen=True)
class Balances:
    """What the form (or the file) says of the balances; None: not said."""

    opening: Decimal | None = None
    closing: Decimal | None = None


def is_cash_account(account: Account) -> bool:
    return account.type == ASSET and account.code.startswith(CASH_CODE_PREFIX)


def check_cash_account(account: Account | None, account_id: uuid.UUID) -> Account:
    """The account a statement is for: the tenant's (`account` is None otherwise),
    a cash account, active. 422 naming `account_id`."""
    if account is None:
        raise Unprocessable.for_field("account_id", f"account {account_id} not found")
    if not is_cash_account(account):
        raise Unprocessable.for_field(
            "account_id",
            f"account {account.code} is not a cash account (an asset account whose code "
            f"starts with {CASH_CODE_PREFIX})",
        )
    if not account.active:
        raise Unprocessable.for_field("account_id", f"account {account.code} is inactive")
    return account


def _balance(text: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    if not text:
        return None
    if not DECIMAL_TEXT.match(text):
        problems.append(FieldViolation(field, "must be a decimal number"))
        return None
    value = Decimal(text)
    if abs(value) > MAX_AMOUNT:
        problems.append(FieldViolation(field, f"must be between -{MAX_AMOUNT} and {MAX_AMOUNT}"))
    elif _places(value) > AMOUNT_PLACES:
        problems.append(FieldViolation(field, f"must have at most {AMOUNT_PLACES} decimal places"))
    else:
        return value
    return None


def _places(value: Decimal) -> int:
    return max(0, -int(value.normalize().as_tuple().exponent))


def form_balances(opening: str, closing: str) -> Balances:
    """The balances the upload's form sends (decimal strings, "" for not sent); 400
    naming each bad one."""
    problems: list[FieldViolation] = []
    checked = Balances(
        _balance(opening, "opening_balance", problems),
        _balance(closing, "closing_balance", problems),
    )
    raise_if_any(problems)
    return checked


def _file_problem(row: int, problem: str) -> Unprocessable:
    return Unprocessable.for_field("file", f"row {row}: {problem}")


def _line(row: BankRow, currency: str) -> NewLine:
    if row.currency is not None and row.currency != currency:
        raise _file_problem(row.row, f"is in {row.currency}, the account in {currency}")
    if abs(row.amount) > MAX_AMOUNT:
        raise _file_problem(row.row, f"amount {row.amount} is beyond {MAX_AMOUNT}")
    if _places(row.amount) > AMOUNT_PLACES:
        raise _file_problem(row.row, f"amount {row.amount} has more than 4 decimal places")
    return NewLine(
        row=row.row,
        booked_on=row.booked_on,
        amount=row.amount,
        description=row.description[:MAX_DESCRIPTION],
        bank_reference=row.bank_reference[:MAX_REFERENCE] if row.bank_reference else None,
        payee=row.payee[:MAX_REFERENCE] if row.payee else None,
    )


def new_statement(
    account: Account,
    *,
    file_name: str,
    format: str,
    rows: Iterable[BankRow],
    given: Balances,
    in_file: Balances,
) -> NewStatement:
    """The statement to store: its lines (at most MAX_LINES, at least one, each in the
    account's currency), its period, and its balances — the form's, else the file's;
    a closing balance missing is the opening one plus the lines. 422 naming the file."""
    lines: list[NewLine] = []
    for row in rows:
        if len(lines) == MAX_LINES:
            raise Unprocessable.for_field("file", f"holds more than {MAX_LINES} lines")
        lines.append(_line(row, account.currency))
    if not lines:
        raise Unprocessable.for_field("file", "holds no transactions")
    opening = given.opening if given.opening is not None else in_file.opening
    closing = given.closing if given.closing is not None else in_file.closing
    if closing is None and opening is not None:
        closing = opening + sum((line.amount for line in lines), ZERO)
    days = [line.booked_on for line in lines]
    return NewStatement(
        account_id=account.id,
        file_name=file_name.strip()[:MAX_FILE_NAME] or "statement",
        format=format,
        currency=account.currency,
        period_start=min(days),
        period_end=max(days),
        opening_balance=opening,
        closing_balance=closing,
        lines=tuple(lines),
    )


def statement_not_found(statement_id: uuid.UUID) -> NotFound:
    # Another tenant's statement gets this very answer: its existence is not told.
    return NotFound(f"statement {statement_id} not found")


def line_not_found(line_id: uuid.UUID) -> NotFound:
    return NotFound(f"statement line {line_id} not found")


def total(amounts: Sequence[Decimal]) -> Decimal:
    return sum(amounts, ZERO)


@dataclass(frozen=True)
class StatementLine:
    """A stored line and its match (None while unmatched)."""

    id: uuid.UUID
    row: int
    booked_on: date
    amount: Decimal
    description: str
    bank_reference: str | None
    payee: str | None
    match: Match | None
