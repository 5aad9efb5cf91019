"""The GL detail's reads over the ledger's tables (read only; the ledger owns them).

One statement selects the report's lines (`_selected`), for the JSON report's pages
and the CSV export alike; every table in it is scoped by tenant (`owner_is`), and only
entries in the books count (posted, and reversed: their reversals offset them), never
drafts. Report order: entry date, then entry number, then the line's position. Numbers
are "JE-<year>-<count>" with a count that never resets and grows past six digits, so
they sort by length first, then text: that is the count's order.

The export streams: on PostgreSQL a server-side cursor hands rows over a batch at a
time (`STREAM_BATCH`), so memory stays flat whatever the number of lines.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterator, Sequence
from decimal import Decimal
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Select,
    Text,
    and_,
    case,
    cast,
    func,
    literal,
    select,
    tuple_,
)
from sqlalchemy.sql.expression import type_coerce

from db.scoping import owner_is, scoped
from db.tenant_repository import TenantRepository
from db.types import Money
from services.main.kernel.money import ZERO
from services.main.ledger.domain.entries import POSTED, REVERSED
from services.main.ledger.tables import JournalEntryRow, JournalLineRow, LedgerAccountRow
from services.main.reports.domain.exports import ShownRow, shown_cells
from services.main.reports.domain.filters import GlFilters
from services.main.reports.domain.gl_detail import AccountBalance, GlLine

STREAM_BATCH: Final = 5000

_E = JournalEntryRow
_L = JournalLineRow
_A = LedgerAccountRow
_COLUMNS = (
    _E.entry_date,
    _E.number,
    _E.id,
    _L.account_id,
    _A.code,
    _A.name,
    _L.debit,
    _L.credit,
    _L.currency,
    _L.base_amount,
    _L.fx_rate,
    _L.description,
    _E.memo,
    _E.source_module,
    _E.source_event_id,
    _E.posted_at,
    _L.line_no,
)
_ORDER: tuple[Any, ...] = (_E.entry_date, func.length(_E.number), _E.number, _L.line_no)
# + base amount on a debit line, - on a credit line.
_SIGNED = type_coerce(case((_L.debit > ZERO, _L.base_amount), else_=-_L.base_amount), Money())


def _sum(value: Any) -> Any:
    return type_coerce(func.coalesce(func.sum(value), ZERO), Money())


def _gl_line(row: Any) -> GlLine:
    return GlLine(*row)


# -- the CSV's cells written by PostgreSQL ----------------------------------------------------
# Reading typed values (Decimal, datetime, UUID) and formatting them in Python held the
# export near 30k lines/s; PostgreSQL writes the same texts (exports.shown_cells, the
# JSON report's) and the rows arrive as str. tests/e2e/test_accounting_reports.py checks
# every cell against the JSON report.


def _amount_text(column: Any) -> Any:
    """kernel.money.amount_text: two places at least, more only when the amount has them."""
    trimmed = func.trim_scale(column)
    return case(
        (func.scale(trimmed) <= 2, cast(func.round(column, 2), Text)), else_=cast(trimmed, Text)
    )


def _rfc3339(column: Any) -> Any:
    """exports.rfc3339: UTC seconds, then 3 or 6 fraction digits when there are any, Z."""
    micros = cast(func.extract("microseconds", column), BigInteger) % 1_000_000
    fraction = case(
        (micros == 0, literal("", Text)),
        (micros % 1000 == 0, "." + func.lpad(cast(micros // 1000, Text), 3, "0")),
        else_="." + func.lpad(cast(micros, Text), 6, "0"),
    )
    seconds = func.to_char(func.timezone("UTC", column), 'YYYY-MM-DD"T"HH24:MI:SS', type_=Text)
    return seconds + fraction + "Z"


_SHOWN = (
    cast(_E.entry_date, Text),
    _E.number,
    _A.code,
    _A.name,
    _amount_text(_L.debit),
    _amount_text(_L.credit),
    _L.currency,
    cast(_L.base_amount, Text),
    cast(func.trim_scale(_L.fx_rate), Text),
    _L.description,
    _E.memo,
    _E.source_module,
    _E.source_event_id,
    _rfc3339(_E.posted_at),
)


def _where(
    tenant_id: uuid.UUID, filters: GlFilters, *, dated_from: bool = True
) -> list[ColumnElement[bool]]:
    """The selection's conditions (`dated_from`: with the lower date bound)."""
    where: list[ColumnElement[bool]] = [
        owner_is(_L, tenant_id),
        owner_is(_E, tenant_id),
        owner_is(_A, tenant_id),
        _E.status.in_((POSTED, REVERSED)),
    ]
    if dated_from and filters.from_date is not None:
        where.append(_E.entry_date >= filters.from_date)
    if filters.to_date is not None:
        where.append(_E.entry_date <= filters.to_date)
    if filters.account_codes:
        where.append(_A.code.in_(filters.account_codes))
    if filters.currency is not None:
        where.append(_L.currency == filters.currency)
    if filters.source_module is not None:
        where.append(_E.source_module == filters.source_module)
    return where


def _joined(statement: Select[*tuple[Any, ...]]) -> Select[*tuple[Any, ...]]:
    return (
        statement.select_from(_L)
        .join(_E, and_(_E.id == _L.entry_id, _E.tenant_id == _L.tenant_id))
        .join(_A, and_(_A.id == _L.account_id, _A.tenant_id == _L.tenant_id))
    )


def _selected(tenant_id: uuid.UUID, filters: GlFilters) -> Select[*tuple[Any, ...]]:
    """The GL detail's lines, in report order: the one query behind report and export."""
    return scoped(_joined(select(*_COLUMNS)).where(*_where(tenant_id, filters)).order_by(*_ORDER))


class ReportRepository(TenantRepository):
    def gl_lines(
        self, tenant_id: uuid.UUID, filters: GlFilters, *, limit: int, offset: int
    ) -> list[GlLine]:
        rows = self._session.execute(_selected(tenant_id, filters).limit(limit).offset(offset))
        return [_gl_line(row) for row in rows]

    def stream_gl_rows(
        self, tenant_id: uuid.UUID, filters: GlFilters
    ) -> Iterator[Sequence[ShownRow]]:
        """Every selected line in report order as the JSON report shows it
        (exports.shown_cells), in batches of STREAM_BATCH read from a server-side cursor
        on PostgreSQL. The same selection and order as the report's pages (`_where`,
        `_ORDER`); PostgreSQL writes the texts itself, SQLite's are written here."""
        postgres = self._session.get_bind().dialect.name == "postgresql"
        columns = _SHOWN if postgres else _COLUMNS
        statement = scoped(
            _joined(select(*columns)).where(*_where(tenant_id, filters)).order_by(*_ORDER)
        ).execution_options(yield_per=STREAM_BATCH)
        # Core execution on the unit of work's connection: the rows are plain tuples of
        # text, the ORM's row loading would double the CPU per line.
        result = self._session.connection().execute(statement)
        try:
            for batch in result.partitions(STREAM_BATCH):
                yield list(batch) if postgres else [shown_cells(_gl_line(row)) for row in batch]
        finally:
            result.close()

    def gl_balances(self, tenant_id: uuid.UUID, filters: GlFilters) -> list[AccountBalance]:
        """Every account with a selected line dated up to to_date: its opening balance
        (lines before from_date), the period's base debits and credits and its number of
        lines in the period — one grouped scan gives the balances and the report's total."""
        if filters.from_date is None:
            opening: Any = type_coerce(ZERO, Money())
            in_period: ColumnElement[bool] | None = None
        else:
            before = _E.entry_date < filters.from_date
            opening = _sum(case((before, _SIGNED), else_=ZERO))
            in_period = _E.entry_date >= filters.from_date
        is_debit = _L.debit > ZERO
        debit_in = is_debit if in_period is None else and_(is_debit, in_period)
        credit_in = ~is_debit if in_period is None else and_(~is_debit, in_period)
        statement = (
            _joined(
                select(
                    _L.account_id,
                    _A.code,
                    _A.name,
                    opening,
                    _sum(case((debit_in, _L.base_amount), else_=ZERO)),
                    _sum(case((credit_in, _L.base_amount), else_=ZERO)),
                    func.count() if in_period is None else func.count(case((in_period, 1))),
                )
            )
            .where(*_where(tenant_id, filters, dated_from=False))
            .group_by(_L.account_id, _A.code, _A.name)
        )
        return [
            AccountBalance(row[0], row[1], row[2], Decimal(row[3]), row[4], row[5], row[6])
            for row in self._session.execute(scoped(statement))
        ]

    def balances_before(
        self,
        tenant_id: uuid.UUID,
        filters: GlFilters,
        first: GlLine,
        accounts: Collection[uuid.UUID],
    ) -> dict[uuid.UUID, Decimal]:
        """The balance of each of `accounts` over the selected lines (from_date aside:
        the opening balance is part of it) that come before `first` in report order."""
        if not accounts:
            return {}
        number = first.entry_number
        values = (first.entry_date, len(number), number, first.line_no)
        key = [literal(value, column.type) for value, column in zip(values, _ORDER, strict=True)]
        statement = (
            _joined(select(_L.account_id, _sum(_SIGNED)))
            .where(
                *_where(tenant_id, filters, dated_from=False),
                _L.account_id.in_(list(accounts)),
                tuple_(*_ORDER) < tuple_(*key),
            )
            .group_by(_L.account_id)
        )
        return {row[0]: row[1] for row in self._session.execute(scoped(statement))}
