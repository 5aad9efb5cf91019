"""The general-ledger detail: the posted lines the filters select, each with its
account's running balance, and every account's opening balance, period totals and
closing balance.

A balance is base-currency debits minus credits (a credit balance is negative), over
the lines the filters select: with a currency or source-module filter it is the balance
of those lines only. Entries in the books are the posted ones and the reversed ones
(their reversals are posted too and offset them), as in the trial balance; drafts never
count.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from services.main.kernel.money import ZERO
from services.main.reports.domain.filters import GlFilters


@dataclass(frozen=True, slots=True)
class GlLine:
    """One line of a posted entry, with what the report shows of its entry and account."""

    entry_date: date
    entry_number: str
    entry_id: uuid.UUID
    account_id: uuid.UUID
    account_code: str
    account_name: str
    debit: Decimal
    credit: Decimal
    currency: str
    base_amount: Decimal
    fx_rate: Decimal
    description: str
    memo: str
    source_module: str | None
    source_event_id: str | None
    posted_at: datetime
    # Its position in the entry: the report's last sort key (not shown).
    line_no: int

    @property
    def signed(self) -> Decimal:
        """Its effect on its account's balance: + base amount on a debit line, - on a credit."""
        return self.base_amount if self.debit > ZERO else -self.base_amount


@dataclass(frozen=True)
class AccountBalance:
    account_id: uuid.UUID
    code: str
    name: str
    opening: Decimal
    debit: Decimal
    credit: Decimal
    # Its selected lines in the period (their sum is the report's total).
    lines: int = 0

    @property
    def closing(self) -> Decimal:
        return self.opening + self.debit - self.credit


@dataclass(frozen=True)
class BalancedLine:
    line: GlLine
    running_balance: Decimal


@dataclass(frozen=True)
class GlDetail:
    """A page of the GL detail: the page's lines, and the whole selection's accounts."""

    base_currency: str
    filters: GlFilters
    accounts: tuple[AccountBalance, ...]
    lines: tuple[BalancedLine, ...]
    total: int
    limit: int
    offset: int

    @property
    def total_debit(self) -> Decimal:
        return sum((a.debit for a in self.accounts), ZERO)

    @property
    def total_credit(self) -> Decimal:
        return sum((a.credit for a in self.accounts), ZERO)


def with_running_balances(
    lines: Iterable[GlLine], before: Mapping[uuid.UUID, Decimal]
) -> tuple[BalancedLine, ...]:
    """`lines` (in report order) with their account's balance after each: `before` is
    each account's balance before the first of them (opening balance plus the selected
    lines of earlier pages)."""
    balances = dict(before)
    out: list[BalancedLine] = []
    for line in lines:
        balance = balances.get(line.account_id, ZERO) + line.signed
        balances[line.account_id] = balance
        out.append(BalancedLine(line, balance))
    return tuple(out)


def by_code(accounts: Sequence[AccountBalance]) -> tuple[AccountBalance, ...]:
    return tuple(sorted(accounts, key=lambda a: a.code))


def openings(accounts: Iterable[AccountBalance]) -> dict[uuid.UUID, Decimal]:
    """Each account's balance before the period: what the first page carries in."""
    return {account.account_id: account.opening for account in accounts}
