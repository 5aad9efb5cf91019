"""The reconciliation report: the statement's closing balance against the ledger's
balance of the account on the statement's last day, and what is unreconciled on each
side (statement lines without a match; posted ledger lines of the account dated in the
statement's period without one). Lists are capped at ITEMS_LISTED; counts and totals
cover every item."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final, Generic, TypeVar

from services.main.recon.domain.statements import Statement, StatementLine

ITEMS_LISTED: Final = 1000
T = TypeVar("T")


@dataclass(frozen=True)
class LedgerItem:
    ledger_line_id: uuid.UUID
    entry_id: uuid.UUID
    entry_number: str
    entry_date: date
    amount: Decimal  # debit - credit in the account's currency
    description: str


@dataclass(frozen=True)
class Unreconciled(Generic[T]):
    """One side's unreconciled items: the first ITEMS_LISTED, how many, their sum."""

    listed: tuple[T, ...]
    count: int
    total: Decimal


@dataclass(frozen=True)
class Report:
    statement: Statement
    ledger_balance: Decimal
    statement_lines: Unreconciled[StatementLine]
    ledger_lines: Unreconciled[LedgerItem]

    @property
    def as_of(self) -> date:
        return self.statement.period_end

    @property
    def statement_balance(self) -> Decimal | None:
        return self.statement.closing_balance

    @property
    def difference(self) -> Decimal | None:
        known = self.statement_balance
        return None if known is None else known - self.ledger_balance

    @property
    def reconciled(self) -> bool:
        return (
            self.difference == 0
            and self.statement_lines.count == 0
            and self.ledger_lines.count == 0
        )
