"""The ledger's operations, one function each, over the caller's tenant.

Functions taking a fresh unit of work enter it themselves (one transaction per call).
`post_entry` and `reverse_posted` run inside the caller's unit of work instead: the
invoices and payments post through them in the same transaction as their own change,
so an invoice is never issued without its entry, nor the entry recorded without it.
"""

from __future__ import annotations

import uuid
from datetime import date, datetime

from services.main.kernel.dependencies import Uow
from services.main.ledger.domain import accounts as chart
from services.main.ledger.domain import entries as rules
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.books import Books
from services.main.ledger.domain.entries import (
    CheckedEntry,
    Entry,
    EntryDraft,
    EntryFilters,
    Recorded,
)
from services.main.ledger.domain.trial_balance import TrialBalance, trial_balance
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    FieldViolation,
    NotFound,
    Unprocessable,
    raise_if_any,
)
from services.runtime.paging import Page, checked_page

DEFAULT_ACCOUNTS_PAGE = 50
DEFAULT_ENTRIES_PAGE = 20


# -- books -------------------------------------------------------------------------------


def open_books(uow: Uow, tenant_id: uuid.UUID, now: datetime) -> Books:
    """The tenant's books, opened on first use (inside the caller's unit of work) in the
    tenant's base currency (`tenants.base_currency`) with the default chart of accounts
    in it. The base currency is the books' for good: posted amounts are in it."""
    books = uow.repos.ledger.books(tenant_id)
    if books is not None:
        return books
    opened = uow.repos.ledger.open_books(tenant_id, now)
    if opened is not None:
        for account in chart.default_chart(opened.base_currency):
            uow.repos.ledger.add_account(tenant_id, account, now)
        return opened
    books = uow.repos.ledger.books(tenant_id)  # opened by a concurrent first use
    if books is None:
        raise NotFound(f"tenant {tenant_id} not found")
    return books


# -- accounts ----------------------------------------------------------------------------


def create_account(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    code: str,
    name: str,
    type_: str | None,
    currency: str,
    clock: Clock = utcnow,
) -> Account:
    now = clock()
    with uow:
        books = open_books(uow, tenant_id, now)
        new = chart.new_account(
            code=code, name=name, type_=type_, currency=currency, base_currency=books.base_currency
        )
        account = uow.repos.ledger.add_account(tenant_id, new, now)
        if account is None:
            raise AlreadyExists(f"code: an account with code {new.code} exists already")
        return account


def list_accounts(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    type_: str | None,
    active: bool | None,
    limit: int | None,
    offset: int,
    clock: Clock = utcnow,
) -> Page[Account]:
    size, skip = checked_page(limit, offset, DEFAULT_ACCOUNTS_PAGE)
    if type_ is not None and type_ not in chart.ACCOUNT_TYPES:
        raise_if_any([FieldViolation("type", f"must be one of {', '.join(chart.ACCOUNT_TYPES)}")])
    with uow:
        open_books(uow, tenant_id, clock())
        found, total = uow.repos.ledger.list_accounts(
            tenant_id, type_=type_, active=active, limit=size, offset=skip
        )
        return Page(found, total, size, skip)


def get_account(
    uow: Uow, tenant_id: uuid.UUID, account_id: uuid.UUID, clock: Clock = utcnow
) -> Account:
    with uow:
        open_books(uow, tenant_id, clock())
        account = uow.repos.ledger.account(tenant_id, account_id)
        if account is None:
            raise chart.account_not_found(account_id)
        return account


def update_account(
    uow: Uow,
    tenant_id: uuid.UUID,
    account_id: uuid.UUID,
    *,
    name: str | None,
    active: bool | None,
    clock: Clock = utcnow,
) -> Account:
    changes = chart.account_changes(name=name, active=active)
    now = clock()
    with uow:
        open_books(uow, tenant_id, now)
        account = uow.repos.ledger.update_account(tenant_id, account_id, changes, now)
        if account is None:
            raise chart.account_not_found(account_id)
        return account


# -- entries -----------------------------------------------------------------------------


def record_entry(
    uow: Uow, tenant_id: uuid.UUID, draft: EntryDraft, *, post: bool, clock: Clock = utcnow
) -> Recorded:
    """Record an entry as a draft, or posted when `post`; idempotent by its source."""
    now = clock()
    with uow:
        return _record(uow, tenant_id, draft, post=post, now=now)


def post_entry(uow: Uow, tenant_id: uuid.UUID, draft: EntryDraft, now: datetime) -> Recorded:
    """Record and post an entry inside the caller's unit of work (invoices, payments).
    Idempotent by (source_module, source_event_id): a repeat answers the entry posted
    first and records nothing."""
    return _record(uow, tenant_id, draft, post=True, now=now)


def _record(
    uow: Uow, tenant_id: uuid.UUID, draft: EntryDraft, *, post: bool, now: datetime
) -> Recorded:
    # The books and the accounts the lines name, in one statement: the posting path
    # runs per entry, and every statement costs more CPU here than in the database.
    named = rules.named_accounts(draft)
    books, accounts = uow.repos.ledger.books_with_accounts(tenant_id, named)
    if books is None:
        books = open_books(uow, tenant_id, now)
        accounts = uow.repos.ledger.accounts_by_id(tenant_id, named)
    checked = rules.check_entry(draft, books.base_currency)
    if checked.source is not None:
        # A repeat answers the first entry even if the accounts changed since.
        existing = uow.repos.ledger.entry_by_source(tenant_id, checked.source)
        if existing is not None:
            return Recorded(existing, created=False)
    rules.check_accounts(checked, accounts, books.base_currency)
    return _insert(uow, tenant_id, checked, books, post=post, now=now)


def _insert(
    uow: Uow,
    tenant_id: uuid.UUID,
    checked: CheckedEntry,
    books: Books,
    *,
    post: bool,
    now: datetime,
    reversal_of_id: uuid.UUID | None = None,
    entry_id: uuid.UUID | None = None,
) -> Recorded:
    new_id = uow.repos.ledger.insert_entry(
        tenant_id,
        checked,
        base_currency=books.base_currency,
        now=now,
        reversal_of_id=reversal_of_id,
        entry_id=entry_id,
    )
    if new_id is None:  # a concurrent repeat inserted it first
        assert checked.source is not None
        existing = uow.repos.ledger.entry_by_source(tenant_id, checked.source)
        assert existing is not None
        return Recorded(existing, created=False)
    number = _post(uow, tenant_id, new_id, now) if post else None
    # Built from what was written rather than read back: the books row stays locked
    # from numbering to the commit, so every statement after `_post` delays the
    # tenant's next posting.
    entry = rules.recorded_entry(
        new_id, checked, books.base_currency, now, number=number, reversal_of_id=reversal_of_id
    )
    return Recorded(entry, created=True)


def _post(uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID, now: datetime) -> str:
    # The number is taken last thing before the commit: the books row stays locked only
    # from here to the commit, and a failure rolls the number back with the rest.
    number = uow.repos.ledger.number_and_post(tenant_id, entry_id, now)
    if number is None:
        raise FailedPrecondition(f"journal entry {entry_id} is no longer a draft")
    return number


def list_entries(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    status: str | None,
    account_id: uuid.UUID | None,
    from_date: DateParts | None,
    to_date: DateParts | None,
    source_module: str | None,
    limit: int | None,
    offset: int,
    clock: Clock = utcnow,
) -> Page[Entry]:
    size, skip = checked_page(limit, offset, DEFAULT_ENTRIES_PAGE)
    problems: list[FieldViolation] = []
    if status is not None and status not in rules.STATUSES:
        problems.append(FieldViolation("status", f"must be one of {', '.join(rules.STATUSES)}"))
    first = checked_date(from_date, "from_date", problems)
    last = checked_date(to_date, "to_date", problems)
    raise_if_any(problems)
    if first is not None and last is not None and last < first:
        raise Unprocessable.for_field("to_date", "must not be before from_date")
    filters = EntryFilters(status, account_id, first, last, source_module or None)
    with uow:
        open_books(uow, tenant_id, clock())
        found, total = uow.repos.ledger.list_entries(tenant_id, filters, limit=size, offset=skip)
        return Page(found, total, size, skip)


def _existing(uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID) -> Entry:
    entry = uow.repos.ledger.entry(tenant_id, entry_id)
    if entry is None:
        raise rules.entry_not_found(entry_id)
    return entry


def get_entry(uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID) -> Entry:
    with uow:
        return _existing(uow, tenant_id, entry_id)


def delete_entry(uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID) -> None:
    with uow:
        rules.check_deletable(_existing(uow, tenant_id, entry_id))
        if not uow.repos.ledger.delete_draft(tenant_id, entry_id):
            raise FailedPrecondition(f"journal entry {entry_id} is no longer a draft")


def post_draft(uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID, clock: Clock = utcnow) -> Entry:
    now = clock()
    with uow:
        entry = _existing(uow, tenant_id, entry_id)
        rules.check_postable(entry)
        books = open_books(uow, tenant_id, now)
        # The accounts may have been deactivated since the draft was recorded.
        checked = CheckedEntry(entry.entry_date, entry.memo, entry.source, entry.lines)
        accounts = uow.repos.ledger.accounts_by_id(tenant_id, checked.account_ids)
        rules.check_accounts(checked, accounts, books.base_currency)
        _post(uow, tenant_id, entry_id, now)
        return _existing(uow, tenant_id, entry_id)


def reverse_entry(
    uow: Uow,
    tenant_id: uuid.UUID,
    entry_id: uuid.UUID,
    *,
    entry_date: DateParts | None = None,
    memo: str = "",
    clock: Clock = utcnow,
) -> Entry:
    problems: list[FieldViolation] = []
    day = checked_date(entry_date, "entry_date", problems)
    raise_if_any(problems)
    clean = rules.reversal_memo(memo)
    now = clock()
    with uow:
        return reverse_posted(uow, tenant_id, entry_id, now, day or now.date(), clean)


def reverse_posted(
    uow: Uow, tenant_id: uuid.UUID, entry_id: uuid.UUID, now: datetime, day: date, memo: str = ""
) -> Entry:
    """Reverse a posted entry inside the caller's unit of work (voiding an invoice):
    the reversal is recorded and posted, the original marked reversed, both linked."""
    entry = _existing(uow, tenant_id, entry_id)
    rules.check_reversible(entry)
    books = open_books(uow, tenant_id, now)
    reversal_id = uuid.uuid4()
    # The conditional move first: of two concurrent reversals only one gets past it.
    if not uow.repos.ledger.mark_reversed(tenant_id, entry_id, reversal_id):
        raise FailedPrecondition(f"journal entry {entry_id} is no longer posted")
    recorded = _insert(
        uow,
        tenant_id,
        rules.reversal_of(entry, day, memo),
        books,
        post=True,
        now=now,
        reversal_of_id=entry_id,
        entry_id=reversal_id,
    )
    return recorded.entry


def get_trial_balance(
    uow: Uow, tenant_id: uuid.UUID, as_of: DateParts | None, clock: Clock = utcnow
) -> TrialBalance:
    problems: list[FieldViolation] = []
    day = checked_date(as_of, "as_of", problems)
    raise_if_any(problems)
    now = clock()
    with uow:
        books = open_books(uow, tenant_id, now)
        day = day or now.date()
        rows = uow.repos.ledger.account_totals(tenant_id, day)
        return trial_balance(day, books.base_currency, rows)
