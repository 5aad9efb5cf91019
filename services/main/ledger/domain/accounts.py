"""The chart of accounts: an account's fields and their checks, and the small default
chart every tenant's ledger starts with."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.main.kernel.money import check_currency
from services.runtime.errors import FieldViolation, NotFound, raise_if_any
from services.runtime.text_fields import checked_text, too_long

ASSET: Final = "asset"
LIABILITY: Final = "liability"
EQUITY: Final = "equity"
REVENUE: Final = "revenue"
EXPENSE: Final = "expense"
ACCOUNT_TYPES: Final = (ASSET, LIABILITY, EQUITY, REVENUE, EXPENSE)

MAX_CODE: Final = 20
MAX_NAME: Final = 200
_CODE: Final = re.compile(r"[A-Za-z0-9.-]+\Z")

# Codes other modules post to (invoices: receivable, revenue, tax; payments: cash).
CASH: Final = "1000"
RECEIVABLE: Final = "1100"
PAYABLE: Final = "2000"
TAX_PAYABLE: Final = "2100"
EQUITY_CODE: Final = "3000"
RETAINED_EARNINGS: Final = "3100"
REVENUE_CODE: Final = "4000"
EXPENSES_CODE: Final = "5000"

DEFAULT_CHART: Final = (
    (CASH, "Cash", ASSET),
    (RECEIVABLE, "Accounts receivable", ASSET),
    (PAYABLE, "Accounts payable", LIABILITY),
    (TAX_PAYABLE, "Tax payable", LIABILITY),
    (EQUITY_CODE, "Equity", EQUITY),
    (RETAINED_EARNINGS, "Retained earnings", EQUITY),
    (REVENUE_CODE, "Revenue", REVENUE),
    (EXPENSES_CODE, "Expenses", EXPENSE),
)


@dataclass(frozen=True)
class Account:
    id: uuid.UUID
    code: str
    name: str
    type: str
    currency: str
    active: bool
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class NewAccount:
    code: str
    name: str
    type: str
    currency: str


@dataclass(frozen=True)
class AccountChanges:
    """What an update changes; None leaves a field as it is."""

    name: str | None = None
    active: bool | None = None


def _name(name: str, field: str, problems: list[FieldViolation]) -> str:
    return checked_text(name, field, MAX_NAME, problems, required=True)


def new_account(
    *, code: str, name: str, type_: str | None, currency: str, base_currency: str
) -> NewAccount:
    """A checked account to add; every problem at once (400 naming each field). An
    account without a currency is in the base currency."""
    problems: list[FieldViolation] = []
    if not code:
        problems.append(FieldViolation("code", "is required"))
    elif len(code) > MAX_CODE:
        problems.append(too_long("code", MAX_CODE))
    elif not _CODE.match(code):
        problems.append(
            FieldViolation("code", "must contain only letters, digits, dots and dashes")
        )
    clean_name = _name(name, "name", problems)
    if type_ is None:
        problems.append(FieldViolation("type", "is required"))
    elif type_ not in ACCOUNT_TYPES:
        problems.append(FieldViolation("type", f"must be one of {', '.join(ACCOUNT_TYPES)}"))
    checked = base_currency if not currency else check_currency(currency, "currency", problems)
    raise_if_any(problems)
    assert type_ is not None and checked is not None  # raise_if_any refused the others
    return NewAccount(code=code, name=clean_name, type=type_, currency=checked)


def account_changes(*, name: str | None, active: bool | None) -> AccountChanges:
    problems: list[FieldViolation] = []
    clean = None if name is None else _name(name, "name", problems)
    raise_if_any(problems)
    return AccountChanges(name=clean, active=active)


def default_chart(base_currency: str) -> list[NewAccount]:
    return [NewAccount(code, name, kind, base_currency) for code, name, kind in DEFAULT_CHART]


def account_not_found(account_id: uuid.UUID) -> NotFound:
    # Another tenant's account gets this very answer: its existence is not told.
    return NotFound(f"account {account_id} not found")
