"""Reconciliation's operations, one function each, over the caller's tenant. Each
enters its unit of work (one transaction per call); the adjusting entry is posted
through the ledger's `post_entry` in the same transaction as its match, so an entry is
never posted without the match, nor the match stored without the entry."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import islice
from pathlib import Path

from services.main.kernel.dependencies import Uow
from services.main.ledger import usecases as ledger
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import Entry
from services.main.recon.domain import matches as pairs
from services.main.recon.domain import matching
from services.main.recon.domain import statements as rules
from services.main.recon.domain.matches import Match, NewMatch
from services.main.recon.domain.report import ITEMS_LISTED, Report, Unreconciled
from services.main.recon.domain.statements import BankRow, Statement, StatementLine
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import AlreadyExists, Unprocessable
from services.runtime.paging import Page, checked_page
from services.statements import StatementError, open_statement, read_balances

DEFAULT_PAGE = 20


@dataclass(frozen=True)
class ReceivedStatement:
    """An upload as the servicer received it: the file on disk and the form's fields."""

    account_id: uuid.UUID
    file_name: str
    path: Path
    opening_balance: str = ""
    closing_balance: str = ""


@dataclass(frozen=True)
class AutoMatched:
    statement: Statement
    matched: int
    settings: matching.Settings

    @property
    def unmatched(self) -> int:
        return self.statement.line_count - self.statement.matched_count


@dataclass(frozen=True)
class Adjusted:
    match: Match
    entry: Entry


def _file_error(error: StatementError) -> Unprocessable:
    return Unprocessable.for_field("file", str(error))


def _read(received: ReceivedStatement) -> tuple[str, list[BankRow], rules.Balances]:
    """The file's format, its rows (one more than a statement may hold, at most) and the
    balances it carries; 422 naming the file when it is no statement or a row is bad."""
    try:
        statement = open_statement(received.path)
        rows = [
            BankRow(
                r.row, r.booked_on, r.amount, r.description, r.currency, r.bank_reference, r.payee
            )
            for r in islice(statement.rows(), rules.MAX_LINES + 1)
        ]
        found = read_balances(statement)
    except StatementError as error:
        raise _file_error(error) from None
    return statement.format.value, rows, rules.Balances(found.opening, found.closing)


def _cash_account(uow: Uow, tenant_id: uuid.UUID, account_id: uuid.UUID) -> Account:
    return rules.check_cash_account(uow.repos.ledger.account(tenant_id, account_id), account_id)


def _account(uow: Uow, tenant_id: uuid.UUID, statement: Statement) -> Account:
    account = uow.repos.ledger.account(tenant_id, statement.account_id)
    assert account is not None  # a foreign key: accounts are never deleted
    return account


def upload_statement(
    uow: Uow, tenant_id: uuid.UUID, received: ReceivedStatement, *, clock: Clock = utcnow
) -> Statement:
    given = rules.form_balances(received.opening_balance, received.closing_balance)
    format_, rows, in_file = _read(received)
    now = clock()
    with uow:
        ledger.open_books(uow, tenant_id, now)
        account = _cash_account(uow, tenant_id, received.account_id)
        new = rules.new_statement(
            account,
            file_name=received.file_name,
            format=format_,
            rows=rows,
            given=given,
            in_file=in_file,
        )
        statement_id = uow.repos.recon.add_statement(tenant_id, new, now)
        return _statement(uow, tenant_id, statement_id)


def _statement(uow: Uow, tenant_id: uuid.UUID, statement_id: uuid.UUID) -> Statement:
    statement = uow.repos.recon.statement(tenant_id, statement_id)
    if statement is None:
        raise rules.statement_not_found(statement_id)
    return statement


def get_statement(uow: Uow, tenant_id: uuid.UUID, statement_id: uuid.UUID) -> Statement:
    with uow:
        return _statement(uow, tenant_id, statement_id)


def list_statements(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    account_id: uuid.UUID | None,
    limit: int | None,
    offset: int,
) -> Page[Statement]:
    size, skip = checked_page(limit, offset, DEFAULT_PAGE)
    with uow:
        found, total = uow.repos.recon.list_statements(
            tenant_id, account_id, limit=size, offset=skip
        )
        return Page(found, total, size, skip)


def statement_lines(
    uow: Uow,
    tenant_id: uuid.UUID,
    statement_id: uuid.UUID,
    *,
    matched: bool | None,
    limit: int | None,
    offset: int,
) -> Page[StatementLine]:
    size, skip = checked_page(limit, offset, DEFAULT_PAGE)
    with uow:
        _statement(uow, tenant_id, statement_id)
        found, total = uow.repos.recon.statement_lines(
            tenant_id, statement_id, matched, limit=size, offset=skip
        )
        return Page(found, total, size, skip)


def auto_match(
    uow: Uow,
    tenant_id: uuid.UUID,
    statement_id: uuid.UUID,
    *,
    window_days: int | None,
    min_score: float | None,
    clock: Clock = utcnow,
) -> AutoMatched:
    chosen = matching.settings(window_days, min_score)
    now = clock()
    with uow:
        before = _statement(uow, tenant_id, statement_id)
        account = _account(uow, tenant_id, before)
        window = timedelta(days=chosen.window_days)
        bank = uow.repos.recon.bank_lines_to_match(tenant_id, statement_id)
        books = uow.repos.recon.book_lines_to_match(
            tenant_id, account, before.period_start - window, before.period_end + window
        )
        found = matching.auto_match(bank, books, chosen)
        uow.repos.recon.add_matches(tenant_id, statement_id, pairs.AUTO, found, now)
        after = _statement(uow, tenant_id, statement_id)
        # Counted from the database: a pair matched meanwhile by another call was skipped.
        return AutoMatched(after, after.matched_count - before.matched_count, chosen)


def report(uow: Uow, tenant_id: uuid.UUID, statement_id: uuid.UUID) -> Report:
    with uow:
        statement = _statement(uow, tenant_id, statement_id)
        account = _account(uow, tenant_id, statement)
        repo = uow.repos.recon
        lines, count, total = repo.unmatched_lines(tenant_id, statement_id, ITEMS_LISTED)
        items, item_count, item_total = repo.unmatched_items(
            tenant_id, account, statement.period_start, statement.period_end, ITEMS_LISTED
        )
        return Report(
            statement=statement,
            ledger_balance=repo.ledger_balance(tenant_id, account, statement.period_end),
            statement_lines=Unreconciled(tuple(lines), count, total),
            ledger_lines=Unreconciled(tuple(items), item_count, item_total),
        )


def create_match(
    uow: Uow,
    tenant_id: uuid.UUID,
    statement_line_id: uuid.UUID,
    ledger_line_id: uuid.UUID,
    *,
    clock: Clock = utcnow,
) -> Match:
    now = clock()
    with uow:
        line = uow.repos.recon.bank_line(tenant_id, statement_line_id)
        entry_line = None
        if line is not None:
            account = uow.repos.ledger.account(tenant_id, line.account_id)
            assert account is not None  # a foreign key: accounts are never deleted
            entry_line = uow.repos.recon.ledger_line(tenant_id, ledger_line_id, account)
        new = pairs.check_manual(line, entry_line, statement_line_id, ledger_line_id)
        return _add(uow, tenant_id, new, now)


def _add(uow: Uow, tenant_id: uuid.UUID, new: NewMatch, now: datetime) -> Match:
    match_id = uow.repos.recon.add_match(tenant_id, new, now)
    if match_id is None:  # matched by a concurrent call since the check
        raise AlreadyExists("one of the lines is matched already")
    found = uow.repos.recon.match(tenant_id, match_id)
    assert found is not None
    return found


def get_match(uow: Uow, tenant_id: uuid.UUID, match_id: uuid.UUID) -> Match:
    with uow:
        found = uow.repos.recon.match(tenant_id, match_id)
        if found is None:
            raise pairs.match_not_found(match_id)
        return found


def delete_match(uow: Uow, tenant_id: uuid.UUID, match_id: uuid.UUID) -> None:
    with uow:
        if not uow.repos.recon.delete_match(tenant_id, match_id):
            raise pairs.match_not_found(match_id)


def adjust_line(
    uow: Uow,
    tenant_id: uuid.UUID,
    statement_line_id: uuid.UUID,
    *,
    offset_account_id: uuid.UUID,
    memo: str,
    clock: Clock = utcnow,
) -> Adjusted:
    now = clock()
    with uow:
        books = ledger.open_books(uow, tenant_id, now)
        line = uow.repos.recon.bank_line(tenant_id, statement_line_id)
        if line is None:
            raise rules.line_not_found(statement_line_id)
        pairs.check_unmatched(line)
        cash = uow.repos.ledger.account(tenant_id, line.account_id)
        assert cash is not None  # a foreign key: accounts are never deleted
        if uow.repos.ledger.account(tenant_id, offset_account_id) is None:
            raise Unprocessable.for_field(
                "offset_account_id", f"account {offset_account_id} not found"
            )
        draft = pairs.adjusting_entry(line, cash, offset_account_id, memo, books.base_currency)
        entry = ledger.post_entry(uow, tenant_id, draft, now).entry
        cash_line = uow.repos.recon.entry_line_on(tenant_id, entry.id, cash.id)
        assert cash_line is not None  # the entry was built with a line on it
        new = NewMatch(line.statement_id, line.id, cash_line, entry.id, 1.0, pairs.ADJUSTMENT)
        return Adjusted(_add(uow, tenant_id, new, now), entry)
