"""The statement account's journal lines as reconciliation reads them: in the books,
joined to their entry and (outer) to their match. Read only: posted lines are immutable."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Select,
    and_,
    case,
    select,
)
from sqlalchemy.sql.expression import type_coerce

from db.scoping import owner_is, scoped
from db.tenant_repository import TenantRepository
from db.types import Amount
from services.main.kernel.money import ZERO
from services.main.ledger.domain.accounts import Account
from services.main.ledger.tables import JournalEntryRow, JournalLineRow
from services.main.recon.domain.matches import (
    IN_THE_BOOKS,
    LedgerLineRef,
)
from services.main.recon.domain.matching import BookLine, joined_text
from services.main.recon.domain.report import LedgerItem
from services.main.recon.tables import ReconMatchRow

_JOURNAL = JournalLineRow
_ENTRY = JournalEntryRow
_MATCH = ReconMatchRow


def _signed(account: Account) -> Any:
    """A journal line's amount in the account's currency, debit positive, as a column
    (one value to read per line, not four). A line in another currency sits on an
    account in the base currency: its base amount is in the account's currency."""
    line = _JOURNAL
    in_base = case((line.debit > ZERO, line.base_amount), else_=-line.base_amount)
    amount = case((line.currency == account.currency, line.debit - line.credit), else_=in_base)
    return type_coerce(amount, Amount()).label("amount")


class LedgerLines(TenantRepository):
    """The account's journal lines, read for matching and the report."""

    def _journal(self, tenant_id: uuid.UUID, account: Account, *columns: Any) -> Select[Any]:
        """The account's journal lines in the books, joined to their entry and (outer)
        to their match."""
        return (
            select(_JOURNAL.id, _JOURNAL.entry_id, _signed(account), *columns)
            .join(_ENTRY, and_(owner_is(_ENTRY, tenant_id), _ENTRY.id == _JOURNAL.entry_id))
            .outerjoin(
                _MATCH, and_(owner_is(_MATCH, tenant_id), _MATCH.journal_line_id == _JOURNAL.id)
            )
            .where(
                owner_is(_JOURNAL, tenant_id),
                _JOURNAL.account_id == account.id,
                _ENTRY.status.in_(IN_THE_BOOKS),
            )
        )

    def book_lines_to_match(
        self, tenant_id: uuid.UUID, account: Account, first: date, last: date
    ) -> list[BookLine]:
        """The account's unmatched journal lines in the books dated first..last."""
        rows = self._session.execute(
            scoped(
                self._journal(
                    tenant_id,
                    account,
                    _ENTRY.entry_date,
                    _JOURNAL.description,
                    _ENTRY.memo,
                    _ENTRY.number,
                    _ENTRY.source_event_id,
                ).where(_MATCH.id.is_(None), _ENTRY.entry_date >= first, _ENTRY.entry_date <= last)
            )
        )
        return [
            BookLine(
                row.id,
                row.entry_id,
                row.entry_date,
                row.amount,
                joined_text(row.description, row.memo, row.number, row.source_event_id),
            )
            for row in rows
        ]

    def unmatched_items(
        self, tenant_id: uuid.UUID, account: Account, first: date, last: date, limit: int
    ) -> tuple[list[LedgerItem], int, Decimal]:
        """The account's unmatched journal lines dated first..last: the first `limit`
        by date and number, how many, their sum."""
        rows = self._session.execute(
            scoped(
                self._journal(
                    tenant_id,
                    account,
                    _ENTRY.entry_date,
                    _ENTRY.number,
                    _JOURNAL.description,
                    _ENTRY.memo,
                )
                .where(_MATCH.id.is_(None), _ENTRY.entry_date >= first, _ENTRY.entry_date <= last)
                .order_by(_ENTRY.entry_date, _ENTRY.number, _JOURNAL.line_no)
            )
        ).all()
        items = [
            LedgerItem(
                ledger_line_id=row.id,
                entry_id=row.entry_id,
                entry_number=row.number or "",
                entry_date=row.entry_date,
                amount=row.amount,
                description=row.description or row.memo,
            )
            for row in rows
        ]
        return items[:limit], len(items), sum((i.amount for i in items), ZERO)

    def ledger_balance(self, tenant_id: uuid.UUID, account: Account, as_of: date) -> Decimal:
        rows = self._session.execute(
            scoped(self._journal(tenant_id, account).where(_ENTRY.entry_date <= as_of))
        )
        return sum((row.amount for row in rows), ZERO)

    def ledger_line(
        self, tenant_id: uuid.UUID, line_id: uuid.UUID, account: Account
    ) -> LedgerLineRef | None:
        """A journal line of the tenant, its amount read as a line of `account` (the
        statement's: a line of another account is refused whatever its amount)."""
        row = self._session.execute(
            scoped(
                select(
                    _JOURNAL.id,
                    _JOURNAL.entry_id,
                    _JOURNAL.account_id,
                    _signed(account),
                    _ENTRY.status,
                    _MATCH.id.label("match_id"),
                )
                .join(_ENTRY, and_(owner_is(_ENTRY, tenant_id), _ENTRY.id == _JOURNAL.entry_id))
                .outerjoin(
                    _MATCH,
                    and_(owner_is(_MATCH, tenant_id), _MATCH.journal_line_id == _JOURNAL.id),
                )
                .where(owner_is(_JOURNAL, tenant_id), _JOURNAL.id == line_id)
            )
        ).first()
        if row is None:
            return None
        return LedgerLineRef(
            id=row.id,
            entry_id=row.entry_id,
            account_id=row.account_id,
            entry_status=row.status,
            amount=row.amount,
            matched=row.match_id is not None,
        )

    def entry_line_on(
        self, tenant_id: uuid.UUID, entry_id: uuid.UUID, account_id: uuid.UUID
    ) -> uuid.UUID | None:
        """The first line of an entry on `account_id` (an adjusting entry's cash line)."""
        found: uuid.UUID | None = self._session.scalar(
            scoped(
                select(_JOURNAL.id)
                .where(
                    owner_is(_JOURNAL, tenant_id),
                    _JOURNAL.entry_id == entry_id,
                    _JOURNAL.account_id == account_id,
                )
                .order_by(_JOURNAL.line_no)
                .limit(1)
            )
        )
        return found
