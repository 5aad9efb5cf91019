"""Journal entries: their lines and the checks on them, the balance in the base
currency, the moves draft → posted → reversed, numbers and reversals.

Every line is in some currency with a rate to the tenant's base currency; an entry
balances when its base-currency debits equal its base-currency credits (the lines'
own currencies need not balance: a foreign-currency line is offset in the base one).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.main.kernel.money import (
    ONE,
    ZERO,
    base_amount,
    cents,
    check_currency,
    parse_amount,
    parse_rate,
)
from services.main.ledger.domain.accounts import Account
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    InvalidArgument,
    NotFound,
    Unprocessable,
    raise_if_any,
)
from services.runtime.text_fields import checked_text

DRAFT: Final = "draft"
POSTED: Final = "posted"
REVERSED: Final = "reversed"
STATUSES: Final = (DRAFT, POSTED, REVERSED)

MIN_LINES: Final = 2
# A bound on one request's work; real entries have a handful of lines.
MAX_LINES: Final = 500
MAX_TEXT: Final = 500
MAX_SOURCE_MODULE: Final = 50
MAX_SOURCE_EVENT: Final = 200
_SOURCE_MODULE: Final = re.compile(r"[a-z0-9_-]+\Z")
_SOURCE_EVENT: Final = re.compile(r"[!-~]+\Z")
NUMBER_PREFIX: Final = "JE"
NUMBER_DIGITS: Final = 6
# Reversals are recorded by the ledger itself, keyed by the entry they reverse, so the
# unique source makes a second reversal of one entry impossible.
LEDGER_MODULE: Final = "ledger"


@dataclass(frozen=True)
class LineDraft:
    """A line as sent: text, checked by `check_entry`."""

    account_id: str
    debit: str = ""
    credit: str = ""
    currency: str = ""
    fx_rate: str = ""
    description: str = ""


@dataclass(frozen=True)
class EntryDraft:
    """An entry as sent."""

    entry_date: DateParts | None
    lines: Sequence[LineDraft]
    memo: str = ""
    source_module: str = ""
    source_event_id: str = ""


@dataclass(frozen=True)
class Line:
    account_id: uuid.UUID
    debit: Decimal
    credit: Decimal
    currency: str
    fx_rate: Decimal
    base_amount: Decimal
    description: str

    @property
    def is_debit(self) -> bool:
        return self.debit > 0

    def swapped(self) -> Line:
        return replace(self, debit=self.credit, credit=self.debit)


@dataclass(frozen=True)
class Source:
    """Who recorded an entry: a module and its event (the idempotency key)."""

    module: str
    event_id: str


@dataclass(frozen=True)
class CheckedEntry:
    """An entry whose fields are valid and whose lines balance (accounts not yet seen)."""

    entry_date: date
    memo: str
    source: Source | None
    lines: tuple[Line, ...]

    @property
    def account_ids(self) -> frozenset[uuid.UUID]:
        return frozenset(line.account_id for line in self.lines)


@dataclass(frozen=True)
class Entry:
    id: uuid.UUID
    number: str | None
    entry_date: date
    memo: str
    source: Source | None
    status: str
    base_currency: str
    lines: tuple[Line, ...]
    posted_at: datetime | None
    reversal_of_id: uuid.UUID | None
    reversed_by_id: uuid.UUID | None
    created_at: datetime

    @property
    def total(self) -> Decimal:
        return sum((line.base_amount for line in self.lines if line.is_debit), ZERO)


@dataclass(frozen=True)
class EntryFilters:
    """What a list of entries is narrowed to; None: no condition."""

    status: str | None = None
    account_id: uuid.UUID | None = None
    from_date: date | None = None
    to_date: date | None = None
    source_module: str | None = None


@dataclass(frozen=True)
class Recorded:
    """The outcome of recording an entry: `created` is False on an idempotent repeat."""

    entry: Entry
    created: bool


# -- checks ------------------------------------------------------------------------------


def _source(draft: EntryDraft, problems: list[FieldViolation]) -> Source | None:
    module, event = draft.source_module, draft.source_event_id
    if not module and not event:
        return None
    before = len(problems)
    if not module:
        problems.append(FieldViolation("source_module", "is required with source_event_id"))
    elif len(module) > MAX_SOURCE_MODULE or not _SOURCE_MODULE.match(module):
        problems.append(
            FieldViolation(
                "source_module",
                f"must be 1-{MAX_SOURCE_MODULE} lowercase letters, digits, '_' or '-'",
            )
        )
    if not event:
        problems.append(FieldViolation("source_event_id", "is required with source_module"))
    elif len(event) > MAX_SOURCE_EVENT or not _SOURCE_EVENT.match(event):
        problems.append(
            FieldViolation(
                "source_event_id",
                f"must be 1-{MAX_SOURCE_EVENT} printable ASCII characters without spaces",
            )
        )
    return Source(module, event) if len(problems) == before else None


def _line(
    index: int, draft: LineDraft, base_currency: str, problems: list[FieldViolation]
) -> Line | None:
    path = f"lines[{index}]"
    before = len(problems)
    account_id: uuid.UUID | None = None
    if not draft.account_id:
        problems.append(FieldViolation(f"{path}.account_id", "is required"))
    else:
        try:
            account_id = uuid.UUID(draft.account_id)
        except ValueError:
            problems.append(FieldViolation(f"{path}.account_id", "must be a UUID"))
    debit = parse_amount(draft.debit, f"{path}.debit", problems)
    credit = parse_amount(draft.credit, f"{path}.credit", problems)
    currency = check_currency(draft.currency, f"{path}.currency", problems)
    rate = parse_rate(draft.fx_rate, f"{path}.fx_rate", problems)
    description = checked_text(draft.description, f"{path}.description", MAX_TEXT, problems)
    if debit is not None and credit is not None and (debit > 0) == (credit > 0):
        problems.append(FieldViolation(path, "exactly one of debit and credit must be positive"))
    if currency == base_currency and rate is not None and rate != ONE:
        problems.append(
            FieldViolation(f"{path}.fx_rate", f"must be 1 in the base currency {base_currency}")
        )
    if len(problems) > before:
        return None
    assert account_id and debit is not None and credit is not None and currency and rate
    amount = debit if debit > 0 else credit
    base = base_amount(amount, rate)
    if base == 0:
        problems.append(FieldViolation(path, f"is less than a cent in {base_currency}"))
        return None
    return Line(account_id, debit, credit, currency, rate, base, description)


def named_accounts(draft: EntryDraft) -> frozenset[uuid.UUID]:
    """The accounts a draft's lines name, where the id is well formed (`check_entry`
    reports the others): what to look up before the lines are checked."""
    named: set[uuid.UUID] = set()
    for line in draft.lines[:MAX_LINES]:
        try:
            named.add(uuid.UUID(line.account_id))
        except ValueError:
            continue
    return frozenset(named)


def check_balance(lines: Sequence[Line], base_currency: str) -> None:
    """400 naming the imbalance when base-currency debits and credits differ."""
    debits = sum((line.base_amount for line in lines if line.is_debit), ZERO)
    credits = sum((line.base_amount for line in lines if not line.is_debit), ZERO)
    if debits != credits:
        raise InvalidArgument.for_field(
            "lines", f"debits {cents(debits)} ≠ credits {cents(credits)} {base_currency}"
        )


def check_entry(draft: EntryDraft, base_currency: str) -> CheckedEntry:
    """Every field of an entry checked (all problems at once, 400 naming each), then the
    balance. The accounts are checked against the stored ones by `check_accounts`."""
    problems: list[FieldViolation] = []
    if draft.entry_date is None:
        problems.append(FieldViolation("entry_date", "is required"))
    day = checked_date(draft.entry_date, "entry_date", problems)
    memo = checked_text(draft.memo, "memo", MAX_TEXT, problems)
    source = _source(draft, problems)
    lines: list[Line | None] = []
    if len(draft.lines) < MIN_LINES:
        problems.append(FieldViolation("lines", f"must have at least {MIN_LINES} lines"))
    elif len(draft.lines) > MAX_LINES:
        problems.append(FieldViolation("lines", f"must have at most {MAX_LINES} lines"))
    else:
        lines = [_line(i, line, base_currency, problems) for i, line in enumerate(draft.lines)]
    raise_if_any(problems)
    checked = tuple(line for line in lines if line is not None)
    check_balance(checked, base_currency)
    assert day is not None
    return CheckedEntry(day, memo, source, checked)


def check_accounts(
    entry: CheckedEntry, accounts: Mapping[uuid.UUID, Account], base_currency: str
) -> None:
    """Each line's account must be the tenant's (`accounts` holds only the tenant's),
    active, and in the line's currency or the base currency: 422 naming the line."""
    problems: list[FieldViolation] = []
    for index, line in enumerate(entry.lines):
        field = f"lines[{index}].account_id"
        account = accounts.get(line.account_id)
        if account is None:
            problems.append(FieldViolation(field, f"account {line.account_id} not found"))
        elif not account.active:
            problems.append(FieldViolation(field, f"account {account.code} is inactive"))
        elif account.currency not in (line.currency, base_currency):
            problems.append(
                FieldViolation(
                    field,
                    f"account {account.code} is in {account.currency}, not {line.currency}",
                )
            )
    if problems:
        summary = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise Unprocessable(summary, violations=problems)


# -- transitions -------------------------------------------------------------------------


def entry_not_found(entry_id: uuid.UUID) -> NotFound:
    # Another tenant's entry gets this very answer: its existence is not told.
    return NotFound(f"journal entry {entry_id} not found")


def _refuse(entry: Entry, action: str, allowed: str) -> FailedPrecondition:
    return FailedPrecondition(
        f"journal entry {entry.id} is {entry.status}: only a {allowed} entry can be {action}"
    )


def check_deletable(entry: Entry) -> None:
    if entry.status != DRAFT:
        raise _refuse(entry, "deleted", DRAFT)


def check_postable(entry: Entry) -> None:
    if entry.status != DRAFT:
        raise _refuse(entry, "posted", DRAFT)


def check_reversible(entry: Entry) -> None:
    if entry.status != POSTED:
        raise _refuse(entry, "reversed", POSTED)
    if entry.reversal_of_id is not None:
        # A reversal undone by a reversal would be the original posted twice.
        raise FailedPrecondition(f"journal entry {entry.id} is a reversal: post a new entry")


def number_prefix(year: int) -> str:
    return f"{NUMBER_PREFIX}-{year}-"


def entry_number(sequence: int, year: int) -> str:
    """ "JE-2026-000042": the posting year and the tenant's sequence, zero-padded to
    NUMBER_DIGITS (more digits past 999999)."""
    return f"{number_prefix(year)}{sequence:0{NUMBER_DIGITS}d}"


def reversal_of(entry: Entry, entry_date: date, memo: str) -> CheckedEntry:
    """The entry that undoes `entry`: every line with debit and credit swapped."""
    return CheckedEntry(
        entry_date=entry_date,
        memo=memo or f"Reversal of {entry.number}",
        source=Source(LEDGER_MODULE, f"reversal:{entry.id}"),
        lines=tuple(line.swapped() for line in entry.lines),
    )


def recorded_entry(
    entry_id: uuid.UUID,
    checked: CheckedEntry,
    base_currency: str,
    now: datetime,
    *,
    number: str | None,
    reversal_of_id: uuid.UUID | None = None,
) -> Entry:
    """The entry just recorded at `now`: posted when it got a `number`, else a draft."""
    return Entry(
        id=entry_id,
        number=number,
        entry_date=checked.entry_date,
        memo=checked.memo,
        source=checked.source,
        status=DRAFT if number is None else POSTED,
        base_currency=base_currency,
        lines=checked.lines,
        posted_at=None if number is None else now,
        reversal_of_id=reversal_of_id,
        reversed_by_id=None,
        created_at=now,
    )


def reversal_memo(memo: str) -> str:
    problems: list[FieldViolation] = []
    clean = checked_text(memo, "memo", MAX_TEXT, problems)
    raise_if_any(problems)
    return clean
