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
from typing import Any

from sqlalchemy import ColumnElement, case, exists, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import type_coerce

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from db.types import Money
from services.main.kernel.money import ZERO
from services.main.ledger.domain.accounts import Account, AccountChanges, NewAccount
from services.main.ledger.domain.books import Books
from services.main.ledger.domain.entries import (
    DRAFT,
    POSTED,
    REVERSED,
    CheckedEntry,
    Entry,
    EntryFilters,
    Line,
    Source,
)
from services.main.ledger.domain.trial_balance import AccountTotals
from services.main.ledger.tables import (
    JournalEntryRow,
    JournalLineRow,
    LedgerAccountRow,
    LedgerBooksRow,
)

# Rows changed by UPDATE statements in this transaction are read back as stored, not as
# the session's identity map last saw them.
_FRESH: dict[str, Any] = {"populate_existing": True}


def _account(row: LedgerAccountRow) -> Account:
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


class LedgerRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def _insert(self, table: Any) -> postgresql.Insert | sqlite.Insert:
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    # -- books -----------------------------------------------------------------------------

    def books(self, tenant_id: uuid.UUID) -> Books | None:
        row = self._session.scalar(select_owned(LedgerBooksRow, tenant_id))
        return None if row is None else Books(row.tenant_id, row.base_currency)

    def open_books(self, tenant_id: uuid.UUID, base_currency: str, now: datetime) -> bool:
        """Open the tenant's books; False when they were open already (a concurrent
        first use: whoever inserted seeds the chart)."""
        opened = self._session.execute(
            self._insert(LedgerBooksRow)
            .values(
                tenant_id=tenant_id, base_currency=base_currency, posted_count=0, created_at=now
            )
            .on_conflict_do_nothing(index_elements=[LedgerBooksRow.tenant_id])
            .returning(LedgerBooksRow.tenant_id)
        ).all()
        return len(opened) == 1

    def next_number(self, tenant_id: uuid.UUID) -> int:
        """The tenant's next posting number; locks the books row until the transaction
        ends, so postings of one tenant are numbered one at a time."""
        count = self._session.execute(
            update_owned(LedgerBooksRow, tenant_id)
            .values(posted_count=LedgerBooksRow.posted_count + 1)
            .returning(LedgerBooksRow.posted_count)
        ).scalar_one()
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
            execution_options=_FRESH,
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
        rows = self._session.scalars(
            select_owned(LedgerAccountRow, tenant_id, LedgerAccountRow.id.in_(list(ids)))
        )
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
        total = self._count(LedgerAccountRow, tenant_id, where)
        rows = self._session.scalars(
            select_owned(LedgerAccountRow, tenant_id, *where)
            .order_by(LedgerAccountRow.code)
            .limit(limit)
            .offset(offset)
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
            self._insert(JournalEntryRow)
            .values(
                id=new_id,
                tenant_id=tenant_id,
                number=None,
                entry_date=entry.entry_date,
                memo=entry.memo,
                source_module=None if source is None else source.module,
                source_event_id=None if source is None else source.event_id,
                status=DRAFT,
                base_currency=base_currency,
                posted_at=None,
                reversal_of_id=reversal_of_id,
                reversed_by_id=None,
                created_at=now,
            )
            .on_conflict_do_nothing(
                index_elements=[
                    JournalEntryRow.tenant_id,
                    JournalEntryRow.source_module,
                    JournalEntryRow.source_event_id,
                ]
            )
            .returning(JournalEntryRow.id)
        ).all()
        if not inserted:
            return None
        self._session.execute(
            insert(JournalLineRow),
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
            execution_options=_FRESH,
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
            execution_options=_FRESH,
        )
        return None if row is None else self._with_lines(tenant_id, [row])[0]

    def list_entries(
        self, tenant_id: uuid.UUID, filters: EntryFilters, *, limit: int, offset: int
    ) -> tuple[list[Entry], int]:
        where = self._entry_filters(tenant_id, filters)
        total = self._count(JournalEntryRow, tenant_id, where)
        rows = list(
            self._session.scalars(
                select_owned(JournalEntryRow, tenant_id, *where)
                .order_by(
                    JournalEntryRow.entry_date.desc(),
                    JournalEntryRow.created_at.desc(),
                    JournalEntryRow.id,
                )
                .limit(limit)
                .offset(offset)
            )
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

    def mark_posted(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, number: str, now: datetime
    ) -> bool:
        """Draft → posted; False when it is no (longer a) draft."""
        return self._move(tenant_id, entry_id, DRAFT, status=POSTED, number=number, posted_at=now)

    def mark_reversed(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, reversal_id: uuid.UUID
    ) -> bool:
        """Posted → reversed; False when it is no (longer) posted."""
        return self._move(tenant_id, entry_id, POSTED, status=REVERSED, reversed_by_id=reversal_id)

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

    def _move(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, from_status: str, **values: Any
    ) -> bool:
        moved = self._session.execute(
            update_owned(
                JournalEntryRow,
                tenant_id,
                JournalEntryRow.id == entry_id,
                JournalEntryRow.status == from_status,
            )
            .values(**values)
            .returning(JournalEntryRow.id)
        ).all()
        return len(moved) == 1

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

    def _count(self, entity: Any, tenant_id: uuid.UUID, where: list[ColumnElement[bool]]) -> int:
        total = self._session.scalar(
            scoped(
                select(func.count()).select_from(entity).where(owner_is(entity, tenant_id), *where)
            )
        )
        return int(total or 0)

    def _with_lines(self, tenant_id: uuid.UUID, rows: list[JournalEntryRow]) -> list[Entry]:
        if not rows:
            return []
        lines: dict[uuid.UUID, list[JournalLineRow]] = {row.id: [] for row in rows}
        for line in self._session.scalars(
            select_owned(
                JournalLineRow, tenant_id, JournalLineRow.entry_id.in_(list(lines))
            ).order_by(JournalLineRow.entry_id, JournalLineRow.line_no)
        ):
            lines[line.entry_id].append(line)
        return [_entry(row, lines[row.id]) for row in rows]
