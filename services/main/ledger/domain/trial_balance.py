"""The trial balance: every account's base-currency debit and credit totals, and the
check that the books balance (they always do unless something wrote around the
ledger's use cases)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from services.main.kernel.money import ZERO
from services.main.ledger.domain.accounts import Account


@dataclass(frozen=True)
class AccountTotals:
    account: Account
    debit: Decimal
    credit: Decimal


@dataclass(frozen=True)
class TrialBalance:
    as_of: date
    base_currency: str
    accounts: tuple[AccountTotals, ...]

    @property
    def total_debit(self) -> Decimal:
        return sum((row.debit for row in self.accounts), ZERO)

    @property
    def total_credit(self) -> Decimal:
        return sum((row.credit for row in self.accounts), ZERO)

    @property
    def balanced(self) -> bool:
        return self.total_debit == self.total_credit


def trial_balance(as_of: date, base_currency: str, rows: Sequence[AccountTotals]) -> TrialBalance:
    ordered = sorted(rows, key=lambda row: row.account.code)
    return TrialBalance(as_of, base_currency, tuple(ordered))
