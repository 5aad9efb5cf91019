"""Persistence of the ledger, every statement scoped by tenant through db.scoping: another
tenant's account or entry is indistinguishable from a missing one, and lists and
totals see only the tenant's rows.

Races are settled by the database, on SQLite and PostgreSQL alike: an entry's source
is a UNIQUE key written with INSERT … ON CONFLICT DO NOTHING (a concurrent repeat finds
the first one), moves are conditional UPDATEs (`… WHERE status = 'draft'`), and a
posting number is an UPDATE … RETURNING of the books row, whose row lock lasts until
the transaction ends — a rolled-back posting gives its number back, so there are no gaps.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Row,
    String,
    Table,
    and_,
    bindparam,
    case,
    exists,
    func,
    insert,
    literal,
    select,
)
from sqlalchemy import cast as cast_
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.sql.expression import type_coerce

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from db.tenant_repository import FRESH, TenantRepository
from db.types import Money, UTCDateTime
from services.main.auth.tables import TenantRow
from services.main.kernel.money import ZERO
from services.main.ledger.domain.accounts import Account, AccountChanges, NewAccount
from services.main.ledger.domain.books import Books
from services.main.ledger.domain.entries import (
    DRAFT,
    NUMBER_DIGITS,
    POSTED,
    REVERSED,
    CheckedEntry,
    Entry,
    EntryFilters,
    Line,
    Source,
    entry_number,
    number_prefix,
)
from services.main.ledger.domain.trial_balance import AccountTotals
from services.main.ledger.tables import (
    JournalEntryRow,
    JournalLineRow,
    LedgerAccountRow,
    LedgerBooksRow,
)

# The posting path's statements are built once with bind parameters; reads select
# columns (no ORM objects), inserts go to the tables (Core, not the ORM's bulk insert)
# and updates skip the ORM's session synchronisation. Building statements per call
# (coercions, cache keys) and that ORM work cost main more CPU per posting than the
# database spends on it (tools/bench/ledger_posting.py, docs/ledger.md).
_TENANT: BindParameter[uuid.UUID] = bindparam("tenant")
_BOOKS = scoped(select(LedgerBooksRow.base_currency).where(owner_is(LedgerBooksRow, _TENANT)))
_ACCOUNT_COLUMNS = tuple(LedgerAccountRow.__table__.columns)
_ACCOUNTS_BY_ID = scoped(
    select(*_ACCOUNT_COLUMNS).where(
        owner_is(LedgerAccountRow, _TENANT),
        LedgerAccountRow.id.in_(bindparam("ids", expanding=True)),
    )
)
_BOOKS_WITH_ACCOUNTS = scoped(
    select(LedgerBooksRow.base_currency, *_ACCOUNT_COLUMNS)
    .select_from(LedgerBooksRow)
    .outerjoin(
        LedgerAccountRow,
        and_(
            LedgerAccountRow.tenant_id == LedgerBooksRow.tenant_id,
            LedgerAccountRow.id.in_(bindparam("ids", expanding=True)),
        ),
    )
    .where(owner_is(LedgerBooksRow, _TENANT))
)
# No synchronisation (evaluating the WHERE against every loaded object): nothing reads
# a changed row from the identity map, the ORM reads here use FRESH.
_UNSYNCED: dict[str, Any] = {"synchronize_session": False}
_NEXT_NUMBER = (
    update_owned(LedgerBooksRow, _TENANT)
    .values(posted_count=LedgerBooksRow.posted_count + 1)
    .returning(LedgerBooksRow.posted_count)
    .execution_options(**_UNSYNCED)
)
_ENTRY_TABLE = cast(Table, JournalEntryRow.__table__)
_INSERT_LINES = insert(cast(Table, JournalLineRow.__table__))
_INSERT_ENTRY: dict[str, Any] = {}  # by dialect name (LedgerRepository._insert_entry)


def _move(from_status: str, **values: Any) -> Any:
    """A conditional move of one entry (`… WHERE status = from_status`), its new values
    bound at execution."""
    return (
        update_owned(
            JournalEntryRow,
            _TENANT,
            JournalEntryRow.id == bindparam("entry"),
            JournalEntryRow.status == from_status,
        )
        .values(**values)
        .returning(JournalEntryRow.id)
        .execution_options(**_UNSYNCED)
    )


_MARK_POSTED = _move(
    DRAFT, status=POSTED, number=bindparam("new_number"), posted_at=bindparam("at")
)


def _numbered() -> Any:
    """The PostgreSQL form of entry_number(next count, year), with the count taken by
    the UPDATE of the books row in a CTE: prefix || count zero-padded to NUMBER_DIGITS
    (lpad would cut a longer count, hence the greatest())."""
    count = _NEXT_NUMBER.returning(LedgerBooksRow.tenant_id).cte("next_number")
    digits = cast_(count.c.posted_count, String)
    padded = func.lpad(digits, func.greatest(NUMBER_DIGITS, func.length(digits)), "0")
    prefix = bindparam("prefix", type_=String)
    statement = (
        update_owned(
            JournalEntryRow,
            _TENANT,
            JournalEntryRow.id == bindparam("entry"),
            JournalEntryRow.status == DRAFT,
            JournalEntryRow.tenant_id == count.c.tenant_id,  # UPDATE … FROM the CTE
        )
        .values(status=POSTED, posted_at=bindparam("at"), number=prefix + padded)
        .returning(JournalEntryRow.number)
        .execution_options(**_UNSYNCED)
    )
    return statement.add_cte(count)


_NUMBER_AND_POST = _numbered()
_MARK_REVERSED = _move(POSTED, status=REVERSED, reversed_by_id=bindparam("reversal"))


def _account(row: LedgerAccountRow | Row[Any]) -> Account:
    return Account(
        id=row.id,
        code=row.code,
        name=row.name,
        type=row.type,
        currency=row.currency,
        active=row.active,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _line(row: JournalLineRow) -> Line:
    return Line(
        account_id=row.account_id,
        debit=row.debit,
        credit=row.credit,
        currency=row.currency,
        fx_rate=row.fx_rate,
        base_amount=row.base_amount,
        description=row.description,
    )


def _entry(row: JournalEntryRow, lines: Iterable[JournalLineRow]) -> Entry:
    source = (
        Source(row.source_module, row.source_event_id)
        if row.source_module is not None and row.source_event_id is not None
        else None
    )
    return Entry(
        id=row.id,
        number=row.number,
        entry_date=row.entry_date,
        memo=row.memo,
        source=source,
        status=row.status,
        base_currency=row.base_currency,
        lines=tuple(_line(line) for line in lines),
        posted_at=row.posted_at,
        reversal_of_id=row.reversal_of_id,
        reversed_by_id=row.reversed_by_id,
        created_at=row.created_at,
    )


class LedgerRepository(TenantRepository):
    def _insert_entry(self) -> Any:
        """INSERT of a draft that does nothing when its source is taken (built once per
        dialect: the ON CONFLICT clause is dialect-specific)."""
        dialect = self._session.get_bind().dialect.name
        statement = _INSERT_ENTRY.get(dialect)
        if statement is None:
            statement = _INSERT_ENTRY[dialect] = (
                self._insert(_ENTRY_TABLE)
                .on_conflict_do_nothing(
                    index_elements=[
                        _ENTRY_TABLE.c.tenant_id,
                        _ENTRY_TABLE.c.source_module,
                        _ENTRY_TABLE.c.source_event_id,
                    ]
                )
                .returning(_ENTRY_TABLE.c.id)
            )
        return statement

    # -- books -----------------------------------------------------------------------------

    def books(self, tenant_id: uuid.UUID) -> Books | None:
        currency = self._session.scalar(_BOOKS, {"tenant": tenant_id})
        return None if currency is None else Books(tenant_id, currency)

    def open_books(self, tenant_id: uuid.UUID, now: datetime) -> Books | None:
        """Open the tenant's books in the tenant's base currency (`tenants.base_currency`,
        read in the same statement); None when they were open already (a concurrent
        first use: whoever inserted seeds the chart) or there is no such tenant."""
        tenant = select(
            TenantRow.id, TenantRow.base_currency, literal(0), literal(now, UTCDateTime)
        ).where(TenantRow.id == tenant_id)
        opened = self._session.execute(
            self._insert(LedgerBooksRow)
            .from_select(["tenant_id", "base_currency", "posted_count", "created_at"], tenant)
            .on_conflict_do_nothing(index_elements=[LedgerBooksRow.tenant_id])
            .returning(LedgerBooksRow.tenant_id, LedgerBooksRow.base_currency)
        ).first()
        return None if opened is None else Books(opened[0], opened[1])

    def books_with_accounts(
        self, tenant_id: uuid.UUID, ids: Collection[uuid.UUID]
    ) -> tuple[Books | None, dict[uuid.UUID, Account]]:
        """The tenant's books (None when not open yet) and those of `ids` that are its
        accounts, in one statement."""
        rows = self._session.execute(
            _BOOKS_WITH_ACCOUNTS, {"tenant": tenant_id, "ids": list(ids)}
        ).all()
        if not rows:
            return None, {}
        accounts = {row.id: _account(row) for row in rows if row.id is not None}
        return Books(tenant_id, rows[0].base_currency), accounts

    def _next_number(self, tenant_id: uuid.UUID) -> int:
        """The tenant's next posting number; locks the books row until the transaction
        ends, so postings of one tenant are numbered one at a time."""
        count = self._session.execute(_NEXT_NUMBER, {"tenant": tenant_id}).scalar_one()
        return int(count)

    # -- accounts --------------------------------------------------------------------------

    def add_account(
        self, tenant_id: uuid.UUID, account: NewAccount, now: datetime
    ) -> Account | None:
        """The new account, or None when the tenant has one with that code already."""
        row = self._session.execute(
            self._insert(LedgerAccountRow)
            .values(
                id=uuid.uuid4(),
                tenant_id=tenant_id,
                code=account.code,
                name=account.name,
                type=account.type,
                currency=account.currency,
                active=True,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_nothing(
                index_elements=[LedgerAccountRow.tenant_id, LedgerAccountRow.code]
            )
            .returning(LedgerAccountRow.id)
        ).first()
        return None if row is None else self.account(tenant_id, row[0])

    def account(self, tenant_id: uuid.UUID, account_id: uuid.UUID) -> Account | None:
        row = self._session.scalar(
            select_owned(LedgerAccountRow, tenant_id, LedgerAccountRow.id == account_id),
            execution_options=FRESH,
        )
        return None if row is None else _account(row)

    def account_by_code(self, tenant_id: uuid.UUID, code: str) -> Account | None:
        row = self._session.scalar(
            select_owned(LedgerAccountRow, tenant_id, LedgerAccountRow.code == code)
        )
        return None if row is None else _account(row)

    def accounts_by_id(
        self, tenant_id: uuid.UUID, ids: Collection[uuid.UUID]
    ) -> dict[uuid.UUID, Account]:
        rows = self._session.execute(_ACCOUNTS_BY_ID, {"tenant": tenant_id, "ids": list(ids)})
        return {row.id: _account(row) for row in rows}

    def list_accounts(
        self,
        tenant_id: uuid.UUID,
        *,
        type_: str | None,
        active: bool | None,
        limit: int,
        offset: int,
    ) -> tuple[list[Account], int]:
        where: list[ColumnElement[bool]] = []
        if type_ is not None:
            where.append(LedgerAccountRow.type == type_)
        if active is not None:
            where.append(LedgerAccountRow.active == active)
        rows, total = self._page(
            LedgerAccountRow,
            tenant_id,
            where,
            order_by=[LedgerAccountRow.code],
            limit=limit,
            offset=offset,
        )
        return [_account(row) for row in rows], total

    def update_account(
        self, tenant_id: uuid.UUID, account_id: uuid.UUID, changes: AccountChanges, now: datetime
    ) -> Account | None:
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values["name"] = changes.name
        if changes.active is not None:
            values["active"] = changes.active
        updated = self._session.execute(
            update_owned(LedgerAccountRow, tenant_id, LedgerAccountRow.id == account_id)
            .values(**values)
            .returning(LedgerAccountRow.id)
        ).all()
        return self.account(tenant_id, account_id) if updated else None

    # -- entries ---------------------------------------------------------------------------

    def insert_entry(
        self,
        tenant_id: uuid.UUID,
        entry: CheckedEntry,
        *,
        base_currency: str,
        now: datetime,
        reversal_of_id: uuid.UUID | None = None,
        entry_id: uuid.UUID | None = None,
    ) -> uuid.UUID | None:
        """Insert a draft and its lines; None when the tenant has an entry from the same
        source already (nothing is inserted)."""
        new_id = entry_id or uuid.uuid4()
        source = entry.source
        inserted = self._session.execute(
            self._insert_entry(),
            {
                "id": new_id,
                "tenant_id": tenant_id,
                "number": None,
                "entry_date": entry.entry_date,
                "memo": entry.memo,
                "source_module": None if source is None else source.module,
                "source_event_id": None if source is None else source.event_id,
                "status": DRAFT,
                "base_currency": base_currency,
                "posted_at": None,
                "reversal_of_id": reversal_of_id,
                "reversed_by_id": None,
                "created_at": now,
            },
        ).all()
        if not inserted:
            return None
        self._session.execute(
            _INSERT_LINES,
            [
                {
                    "id": uuid.uuid4(),
                    "tenant_id": tenant_id,
                    "entry_id": new_id,
                    "line_no": number,
                    "account_id": line.account_id,
                    "debit": line.debit,
                    "credit": line.credit,
                    "currency": line.currency,
                    "fx_rate": line.fx_rate,
                    "base_amount": line.base_amount,
                    "description": line.description,
                }
                for number, line in enumerate(entry.lines)
            ],
        )
        return new_id

    def entry(self, tenant_id: uuid.UUID, entry_id: uuid.UUID) -> Entry | None:
        row = self._session.scalar(
            select_owned(JournalEntryRow, tenant_id, JournalEntryRow.id == entry_id),
            execution_options=FRESH,
        )
        return None if row is None else self._with_lines(tenant_id, [row])[0]

    def entry_by_source(self, tenant_id: uuid.UUID, source: Source) -> Entry | None:
        row = self._session.scalar(
            select_owned(
                JournalEntryRow,
                tenant_id,
                JournalEntryRow.source_module == source.module,
                JournalEntryRow.source_event_id == source.event_id,
            ),
            execution_options=FRESH,
        )
        return None if row is None else self._with_lines(tenant_id, [row])[0]

    def list_entries(
        self, tenant_id: uuid.UUID, filters: EntryFilters, *, limit: int, offset: int
    ) -> tuple[list[Entry], int]:
        where = self._entry_filters(tenant_id, filters)
        rows, total = self._page(
            JournalEntryRow,
            tenant_id,
            where,
            order_by=[
                JournalEntryRow.entry_date.desc(),
                JournalEntryRow.created_at.desc(),
                JournalEntryRow.id,
            ],
            limit=limit,
            offset=offset,
        )
        return self._with_lines(tenant_id, rows), total

    def delete_draft(self, tenant_id: uuid.UUID, entry_id: uuid.UUID) -> bool:
        """Delete a draft and its lines; False when it is no (longer a) draft."""
        deleted = self._session.execute(
            delete_owned(
                JournalEntryRow,
                tenant_id,
                JournalEntryRow.id == entry_id,
                JournalEntryRow.status == DRAFT,
            ).returning(JournalEntryRow.id)
        ).all()
        if deleted:
            # Explicitly: SQLite enforces ON DELETE CASCADE only when foreign keys are on.
            self._session.execute(
                delete_owned(JournalLineRow, tenant_id, JournalLineRow.entry_id == entry_id)
            )
        return bool(deleted)

    def number_and_post(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, now: datetime
    ) -> str | None:
        """Draft → posted at `now` with the tenant's next number (`entry_number`); None
        when it is no (longer a) draft — the caller must then roll back, or the number
        taken stays used.

        On PostgreSQL in one statement (the books row's UPDATE in a CTE): from the
        numbering on, the row lock makes the tenant's other postings wait until the
        commit, and every round trip in between — the thread waiting for the GIL again
        after each one — lengthens that wait (a lock convoy with many threads)."""
        values = {"tenant": tenant_id, "entry": entry_id, "at": now}
        if self._session.get_bind().dialect.name == "postgresql":
            number = self._session.execute(
                _NUMBER_AND_POST, {**values, "prefix": number_prefix(now.year)}
            ).scalar()
            return None if number is None else str(number)
        number = entry_number(self._next_number(tenant_id), now.year)
        posted = self._session.execute(_MARK_POSTED, {**values, "new_number": number}).all()
        return number if posted else None

    def mark_reversed(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, reversal_id: uuid.UUID
    ) -> bool:
        """Posted → reversed; False when it is no (longer) posted."""
        values = {"tenant": tenant_id, "entry": entry_id, "reversal": reversal_id}
        return len(self._session.execute(_MARK_REVERSED, values).all()) == 1

    def account_totals(self, tenant_id: uuid.UUID, as_of: date) -> list[AccountTotals]:
        """Every account's base-currency debits and credits over the entries in the
        books (posted, and reversed: their reversals are posted too) dated up to as_of."""
        line = JournalLineRow
        debit = type_coerce(
            func.coalesce(func.sum(case((line.debit > ZERO, line.base_amount), else_=ZERO)), ZERO),
            Money(),
        )
        credit = type_coerce(
            func.coalesce(func.sum(case((line.debit > ZERO, ZERO), else_=line.base_amount)), ZERO),
            Money(),
        )
        sums = (
            select(line.account_id, debit, credit)
            .join(JournalEntryRow, JournalEntryRow.id == line.entry_id)
            .where(
                owner_is(line, tenant_id),
                owner_is(JournalEntryRow, tenant_id),
                JournalEntryRow.status.in_((POSTED, REVERSED)),
                JournalEntryRow.entry_date <= as_of,
            )
            .group_by(line.account_id)
        )
        totals = {row[0]: (row[1], row[2]) for row in self._session.execute(scoped(sums))}
        accounts = self.accounts_by_id(tenant_id, totals.keys()) if totals else {}
        return [
            AccountTotals(account, *(Decimal(v) if v is not None else ZERO for v in totals[id_]))
            for id_, account in accounts.items()
        ]

    # -- helpers ---------------------------------------------------------------------------

    def _entry_filters(
        self, tenant_id: uuid.UUID, filters: EntryFilters
    ) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if filters.status is not None:
            where.append(JournalEntryRow.status == filters.status)
        if filters.from_date is not None:
            where.append(JournalEntryRow.entry_date >= filters.from_date)
        if filters.to_date is not None:
            where.append(JournalEntryRow.entry_date <= filters.to_date)
        if filters.source_module is not None:
            where.append(JournalEntryRow.source_module == filters.source_module)
        if filters.account_id is not None:
            where.append(
                exists().where(
                    owner_is(JournalLineRow, tenant_id),
                    JournalLineRow.entry_id == JournalEntryRow.id,
                    JournalLineRow.account_id == filters.account_id,
                )
            )
        return where

    def _with_lines(self, tenant_id: uuid.UUID, rows: list[JournalEntryRow]) -> list[Entry]:
        lines = self._lines(JournalLineRow, JournalLineRow.entry_id, tenant_id, rows)
        return [_entry(row, lines[row.id]) for row in rows]
