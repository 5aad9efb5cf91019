"""Statements and their lines, with each line's match (outer-joined), scoped by tenant."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Row,
    Select,
    Table,
    and_,
    func,
    insert,
    select,
)

from db.scoping import owner_is, scoped
from db.tenant_repository import TenantRepository
from services.main.kernel.money import ZERO
from services.main.recon.domain.matches import (
    BankLineRef,
    Match,
)
from services.main.recon.domain.matching import BankLine, joined_text
from services.main.recon.domain.statements import NewStatement, Statement, StatementLine
from services.main.recon.tables import ReconMatchRow, ReconStatementLineRow, ReconStatementRow

_STATEMENTS = cast(Table, ReconStatementRow.__table__)
_LINES = cast(Table, ReconStatementLineRow.__table__)
_INSERT_STATEMENT = insert(_STATEMENTS)
_INSERT_LINES = insert(_LINES)
_LINE = ReconStatementLineRow
_MATCH = ReconMatchRow


class StatementRows(TenantRepository):
    """Statements and their lines (each with its match)."""

    def add_statement(self, tenant_id: uuid.UUID, new: NewStatement, now: datetime) -> uuid.UUID:
        statement_id = uuid.uuid4()
        self._session.execute(
            _INSERT_STATEMENT,
            {
                "id": statement_id,
                "tenant_id": tenant_id,
                "account_id": new.account_id,
                "file_name": new.file_name,
                "format": new.format,
                "currency": new.currency,
                "period_start": new.period_start,
                "period_end": new.period_end,
                "opening_balance": new.opening_balance,
                "closing_balance": new.closing_balance,
                "line_count": len(new.lines),
                "created_at": now,
            },
        )
        self._session.execute(
            _INSERT_LINES,
            [
                {
                    "id": uuid.uuid4(),
                    "tenant_id": tenant_id,
                    "statement_id": statement_id,
                    "line_no": number,
                    "file_row": line.row,
                    "booked_on": line.booked_on,
                    "amount": line.amount,
                    "description": line.description,
                    "bank_reference": line.bank_reference,
                    "payee": line.payee,
                }
                for number, line in enumerate(new.lines)
            ],
        )
        return statement_id

    def _statements(self, tenant_id: uuid.UUID, *where: ColumnElement[bool]) -> Select[Any]:
        matched = (
            select(func.count())
            .where(owner_is(_MATCH, tenant_id), _MATCH.statement_id == ReconStatementRow.id)
            .scalar_subquery()
        )
        return scoped(
            select(ReconStatementRow, matched.label("matched")).where(
                owner_is(ReconStatementRow, tenant_id), *where
            )
        )

    @staticmethod
    def _statement(row: Row[Any]) -> Statement:
        found: ReconStatementRow = row[0]
        return Statement(
            id=found.id,
            account_id=found.account_id,
            file_name=found.file_name,
            format=found.format,
            currency=found.currency,
            period_start=found.period_start,
            period_end=found.period_end,
            opening_balance=found.opening_balance,
            closing_balance=found.closing_balance,
            line_count=found.line_count,
            matched_count=int(row.matched),
            created_at=found.created_at,
        )

    def statement(self, tenant_id: uuid.UUID, statement_id: uuid.UUID) -> Statement | None:
        row = self._session.execute(
            self._statements(tenant_id, ReconStatementRow.id == statement_id)
        ).first()
        return None if row is None else self._statement(row)

    def list_statements(
        self, tenant_id: uuid.UUID, account_id: uuid.UUID | None, *, limit: int, offset: int
    ) -> tuple[list[Statement], int]:
        where = [] if account_id is None else [ReconStatementRow.account_id == account_id]
        total = self._count(ReconStatementRow, tenant_id, where)
        rows = self._session.execute(
            self._statements(tenant_id, *where)
            .order_by(ReconStatementRow.created_at.desc(), ReconStatementRow.id)
            .limit(limit)
            .offset(offset)
        )
        return [self._statement(row) for row in rows], total

    def _with_match(self, tenant_id: uuid.UUID, query: Select[Any]) -> Select[Any]:
        """`query` over statement lines, outer-joined to their match."""
        return query.outerjoin(
            _MATCH, and_(owner_is(_MATCH, tenant_id), _MATCH.statement_line_id == _LINE.id)
        )

    @staticmethod
    def _line(row: Row[Any]) -> StatementLine:
        line: ReconStatementLineRow = row[0]
        match = None
        if row.m_id is not None:
            match = Match(
                id=row.m_id,
                statement_id=line.statement_id,
                statement_line_id=line.id,
                ledger_line_id=row.m_journal_line_id,
                entry_id=row.m_entry_id,
                score=float(row.m_score),
                method=row.m_method,
                created_at=row.m_created_at,
            )
        return StatementLine(
            id=line.id,
            row=line.file_row,
            booked_on=line.booked_on,
            amount=line.amount,
            description=line.description,
            bank_reference=line.bank_reference,
            payee=line.payee,
            match=match,
        )

    def _line_query(
        self, tenant_id: uuid.UUID, statement_id: uuid.UUID, matched: bool | None, *columns: Any
    ) -> Select[Any]:
        """`columns` of the statement's lines (matched, unmatched or both)."""
        where: list[ColumnElement[bool]] = [
            owner_is(_LINE, tenant_id),
            _LINE.statement_id == statement_id,
        ]
        if matched is not None:
            where.append(_MATCH.id.is_not(None) if matched else _MATCH.id.is_(None))
        return scoped(
            self._with_match(tenant_id, select(*columns).select_from(_LINE)).where(*where)
        )

    def _page_of_lines(
        self,
        tenant_id: uuid.UUID,
        statement_id: uuid.UUID,
        matched: bool | None,
        limit: int,
        offset: int = 0,
    ) -> list[StatementLine]:
        query = self._line_query(
            tenant_id,
            statement_id,
            matched,
            _LINE,
            _MATCH.id.label("m_id"),
            _MATCH.journal_line_id.label("m_journal_line_id"),
            _MATCH.entry_id.label("m_entry_id"),
            _MATCH.score.label("m_score"),
            _MATCH.method.label("m_method"),
            _MATCH.created_at.label("m_created_at"),
        )
        rows = self._session.execute(query.order_by(_LINE.line_no).limit(limit).offset(offset))
        return [self._line(row) for row in rows]

    def statement_lines(
        self,
        tenant_id: uuid.UUID,
        statement_id: uuid.UUID,
        matched: bool | None,
        *,
        limit: int,
        offset: int,
    ) -> tuple[list[StatementLine], int]:
        total = self._session.scalar(
            self._line_query(tenant_id, statement_id, matched, func.count())
        )
        lines = self._page_of_lines(tenant_id, statement_id, matched, limit, offset)
        return lines, int(total or 0)

    def unmatched_lines(
        self, tenant_id: uuid.UUID, statement_id: uuid.UUID, limit: int
    ) -> tuple[list[StatementLine], int, Decimal]:
        """The first `limit` unmatched lines in file order, how many, their sum."""
        # Summed here: SQLite's SUM of NUMERIC is a double, the column's values are exact.
        amounts = self._session.scalars(
            self._line_query(tenant_id, statement_id, False, _LINE.amount)
        ).all()
        lines = self._page_of_lines(tenant_id, statement_id, False, limit)
        return lines, len(amounts), sum(amounts, ZERO)

    def bank_lines_to_match(self, tenant_id: uuid.UUID, statement_id: uuid.UUID) -> list[BankLine]:
        """The statement's unmatched lines in file order, as the auto-match reads them."""
        rows = self._session.execute(
            self._line_query(
                tenant_id,
                statement_id,
                False,
                _LINE.id,
                _LINE.booked_on,
                _LINE.amount,
                _LINE.description,
                _LINE.bank_reference,
                _LINE.payee,
            ).order_by(_LINE.line_no)
        )
        return [
            BankLine(
                row.id,
                row.booked_on,
                row.amount,
                joined_text(row.description, row.bank_reference, row.payee),
            )
            for row in rows
        ]

    def bank_line(self, tenant_id: uuid.UUID, line_id: uuid.UUID) -> BankLineRef | None:
        row = self._session.execute(
            scoped(
                select(
                    _LINE.id,
                    _LINE.statement_id,
                    ReconStatementRow.account_id,
                    _LINE.booked_on,
                    _LINE.amount,
                    _LINE.description,
                    _MATCH.id.label("match_id"),
                )
                .join(
                    ReconStatementRow,
                    and_(
                        owner_is(ReconStatementRow, tenant_id),
                        ReconStatementRow.id == _LINE.statement_id,
                    ),
                )
                .outerjoin(
                    _MATCH,
                    and_(owner_is(_MATCH, tenant_id), _MATCH.statement_line_id == _LINE.id),
                )
                .where(owner_is(_LINE, tenant_id), _LINE.id == line_id)
            )
        ).first()
        if row is None:
            return None
        return BankLineRef(
            id=row.id,
            statement_id=row.statement_id,
            account_id=row.account_id,
            booked_on=row.booked_on,
            amount=row.amount,
            description=row.description,
            matched=row.match_id is not None,
        )
