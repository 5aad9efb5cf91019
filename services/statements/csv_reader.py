"""CSV statements, streamed in two passes over the file on disk.

1. The encoding is decided over the whole file (`encoding.sniff_encoding`), the layout
   from its head (`csv_layout`).
2. The first pass reads rows until the file's conventions are settled: the order of
   numeric dates and the decimal separator (`dates.DateEvidence`,
   `amounts.AmountEvidence`). It stops as soon as both are proven, so it usually reads
   a few rows; a file whose dates are ambiguous throughout is read to the end.
   Unproven, dates are read day-first unless the file is American (a USD currency
   column or header unit, or `$` amounts), and the decimal separator is a comma when
   the delimiter is `;` or the headers are German, French, Dutch or Spanish, else a
   point.
3. The second pass streams the rows through per-column parsers chosen once.

Rows: blank lines, and lines whose date cell holds no date and whose first non-empty
cell starts a summary ("Total", "Closing balance", "Kontostand", "Solde"...) are
skipped. Any other row whose date or amount cannot be read, or with more or fewer
cells than the header (extra empty trailing cells are tolerated), is a StatementError
naming its physical line.
"""

from __future__ import annotations

import csv
import datetime
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from services.statements.amounts import AmountEvidence, AmountStyle, amount_parser
from services.statements.csv_layout import HEAD_LINES, Columns, Layout, find_layout
from services.statements.dates import DateEvidence, DateOrder, parse_date
from services.statements.encoding import sniff_encoding
from services.statements.model import StatementError, StatementRow, build_row
from services.statements.text import NO_DESCRIPTION

if TYPE_CHECKING:
    from _csv import Reader

_HEAD_CHARS = 1 << 16
_DATE_CACHE = 4096
_LINE_ENDS = re.compile(r"\r\n?|\n")
_SUMMARY_WORDS = frozenset(
    [
        "total",
        "totals",
        "sum",
        "summe",
        "gesamt",
        "gesamtsumme",
        "subtotal",
        "balance",
        "saldo",
        "kontostand",
        "endsaldo",
        "anfangssaldo",
        "solde",
        "eindsaldo",
        "beginsaldo",
        "totaal",
    ]
)
_SUMMARY_PAIRS = frozenset(
    {
        "closing balance",
        "opening balance",
        "ending balance",
        "beginning balance",
        "starting balance",
        "available balance",
        "ledger balance",
        "end of",
        "neuer saldo",
        "alter saldo",
        "nouveau solde",
        "ancien solde",
        "saldo final",
        "saldo inicial",
        "saldo anterior",
    }
)
_DEBIT_MARKS = frozenset({"D", "DR", "DEBIT", "DBIT", "S", "SOLL", "AF", "-", "DEBET"})
_CREDIT_MARKS = frozenset({"C", "CR", "CREDIT", "CRDT", "H", "HABEN", "BIJ", "+"})


@dataclass(frozen=True, slots=True)
class Conventions:
    order: DateOrder
    style: AmountStyle


def read_csv(path: Path) -> Iterator[StatementRow]:
    encoding = sniff_encoding(path)
    with path.open(encoding=encoding, newline="") as handle:
        layout = _head(handle)
        if layout is None:
            raise StatementError(
                f"CSV: no header naming a date and an amount column in the first {HEAD_LINES} lines"
            )
        conventions = _conventions(layout, _records(handle, layout))
    with path.open(encoding=encoding, newline="") as handle:
        yield from _rows(layout, conventions, handle)


def read_layout(head: str, *, whole_file: bool) -> Layout | None:
    """The layout of a CSV file whose first characters are `head` (all of it when
    `whole_file`, else the last line may be cut short and is not used)."""
    # Split where the csv module ends lines (str.splitlines also splits at U+0085 and
    # other separators, which would shift the header's line number).
    lines = _LINE_ENDS.split(head)
    if not lines[-1] or (not whole_file and len(lines) > 1):
        lines.pop()
    return find_layout(lines)


def _head(handle: TextIO) -> Layout | None:
    head = handle.read(_HEAD_CHARS)
    handle.seek(0)
    return read_layout(head, whole_file=len(head) < _HEAD_CHARS)


def _reader_after_header(handle: TextIO, layout: Layout) -> Reader:
    """A csv reader positioned on the first record after the header."""
    reader = csv.reader(handle, delimiter=layout.delimiter)
    try:
        while reader.line_num < layout.header_line:
            next(reader)
    except StopIteration:
        pass
    except csv.Error as exc:
        raise StatementError(f"CSV: {exc}", reader.line_num + 1) from None
    return reader


def _records(handle: TextIO, layout: Layout) -> Iterator[tuple[int, list[str]]]:
    """(first physical line, cells) of each record after the header."""
    reader = _reader_after_header(handle, layout)
    line = reader.line_num
    try:
        for cells in reader:
            yield line + 1, cells
            line = reader.line_num
    except csv.Error as exc:
        raise StatementError(f"CSV: {exc}", line + 1) from None


def _is_summary(cells: list[str]) -> bool:
    """Blank, or a "Total"/"Closing balance" line."""
    first = next((cell for cell in cells if cell.strip()), None)
    if first is None:
        return True
    plain = unicodedata.normalize("NFKD", first.lower())
    words = "".join(c if c.isalnum() else " " for c in plain if c.isascii()).split()
    return bool(words) and (words[0] in _SUMMARY_WORDS or " ".join(words[:2]) in _SUMMARY_PAIRS)


def _conventions(layout: Layout, records: Iterator[tuple[int, list[str]]]) -> Conventions:
    columns = layout.columns
    amount_columns = [
        index for index in (columns.amount, columns.debit, columns.credit) if index is not None
    ]
    dates, amounts = DateEvidence(), AmountEvidence()
    american = layout.currency == "USD"
    for row, cells in records:
        if len(cells) < layout.width:
            continue
        raw = cells[columns.date]
        if not raw[:1].isdigit() and (not raw.strip() or _is_summary(cells)):
            continue
        dates.add(raw, row)
        for index in amount_columns:
            if cells[index]:
                amounts.add(cells[index])
        if columns.currency is not None and cells[columns.currency].strip().upper() == "USD":
            american = True
        if dates.settled and amounts.settled:
            break
    american |= amounts.dollars
    continental = layout.continental or layout.delimiter == ";"
    default_style = AmountStyle.DECIMAL_COMMA if continental else AmountStyle.DECIMAL_POINT
    return Conventions(
        order=dates.order(DateOrder.MONTH_FIRST if american else DateOrder.DAY_FIRST),
        style=amounts.style or default_style,
    )


def _rows(layout: Layout, conventions: Conventions, handle: TextIO) -> Iterator[StatementRow]:
    # The hot path: everything per column is decided before the loop, the common
    # single signed amount column is parsed inline, dates are cached by their text.
    columns = layout.columns
    width = layout.width
    date_at = columns.date
    order = conventions.order
    signed_at = _single_amount_column(columns)
    parse_signed = amount_parser(conventions.style)
    amount_of = _amount_reader(columns, conventions.style)
    description_of = _description_reader(columns)
    currency_of = _currency_reader(columns, layout.currency)
    reference_at, payee_at = columns.reference, columns.payee
    build = build_row
    dates: dict[str, datetime.date] = {}
    reader = _reader_after_header(handle, layout)
    line = reader.line_num
    try:
        for cells in reader:
            row = line + 1
            line = reader.line_num
            if len(cells) != width and not _fits(cells, width):
                if not cells or _is_summary(cells):
                    continue
                raise StatementError(f"{len(cells)} cells where the header has {width}", row)
            raw = cells[date_at]
            booked = dates.get(raw)
            if booked is None:
                booked = parse_date(raw, order)
                if booked is None:
                    if _is_summary(cells):
                        continue
                    raise StatementError(_bad_date(raw, order), row)
                if len(dates) >= _DATE_CACHE:
                    dates.clear()
                dates[raw] = booked
            if signed_at is not None:
                amount = parse_signed(cells[signed_at])
                if amount is None:
                    if _is_summary(cells):
                        continue
                    raise StatementError(f"amount {cells[signed_at]!r} is not a number", row)
            else:
                try:
                    amount = amount_of(cells)
                except StatementError as exc:
                    if _is_summary(cells):
                        continue
                    raise StatementError(exc.reason, row) from None
            payee = " ".join(cells[payee_at].split()) or None if payee_at is not None else None
            yield build(
                row,
                booked,
                amount,
                description_of(cells) or payee or NO_DESCRIPTION,
                currency_of(cells),
                cells[reference_at].strip() or None if reference_at is not None else None,
                payee,
            )
    except csv.Error as exc:
        raise StatementError(f"CSV: {exc}", line + 1) from None


def _bad_date(raw: str, order: DateOrder) -> str:
    other = DateOrder.MONTH_FIRST if order is DateOrder.DAY_FIRST else DateOrder.DAY_FIRST
    if parse_date(raw, other) is not None:
        return f"date {raw!r} is not a date when read {order.value} like the file's dates"
    return f"date {raw!r} is not a date"


def _single_amount_column(columns: Columns) -> int | None:
    """The amount column when it is the only one (no debit/credit, no D/C mark)."""
    if columns.debit is None and columns.credit is None and columns.direction is None:
        return columns.amount
    return None


def _fits(cells: list[str], width: int) -> bool:
    """A row with extra empty cells at its end (a trailing delimiter) still fits."""
    return len(cells) > width and not any(cell.strip() for cell in islice(cells, width, None))


def _amount_reader(columns: Columns, style: AmountStyle) -> Callable[[list[str]], Decimal]:
    parse = amount_parser(style)

    def number(text: str, what: str) -> Decimal:
        value = parse(text)
        if value is None:
            raise StatementError(f"{what} {text!r} is not a number")
        return value

    amount_at, debit_at, credit_at = columns.amount, columns.debit, columns.credit
    direction_at = columns.direction

    def combined(cells: list[str]) -> Decimal:
        # A signed amount when the row has one, else its debit and credit cells.
        text = cells[amount_at].strip() if amount_at is not None else ""
        if text:
            value = number(text, "amount")
            if direction_at is not None:
                mark = cells[direction_at].strip().upper()
                if mark in _DEBIT_MARKS:
                    value = -abs(value)
                elif mark in _CREDIT_MARKS:
                    value = abs(value)
                elif mark:
                    raise StatementError(f"debit/credit mark {mark!r} is not D/C")
            return value
        debit = cells[debit_at].strip() if debit_at is not None else ""
        credit = cells[credit_at].strip() if credit_at is not None else ""
        if not debit and not credit:
            raise StatementError("amount '' is not a number")
        value = number(credit, "credit") if credit else Decimal(0)
        if debit:
            value -= abs(number(debit, "debit"))
        return value

    if (
        amount_at is None
        and direction_at is None
        and debit_at is not None
        and credit_at is not None
    ):

        def debit_or_credit(cells: list[str]) -> Decimal:
            # The common row has exactly one of the two cells filled: one parse.
            debit, credit = cells[debit_at], cells[credit_at]
            if debit and not credit:
                value = parse(debit)
                if value is not None:
                    return -value if value > 0 else value
            elif credit and not debit:
                value = parse(credit)
                if value is not None:
                    return value
            return combined(cells)

        return debit_or_credit

    return combined


def _description_reader(columns: Columns) -> Callable[[list[str]], str]:
    texts = columns.descriptions + columns.memos
    if len(texts) == 1:
        (only,) = texts

        def one(cells: list[str]) -> str:
            return " ".join(cells[only].split())

        return one

    def joined(cells: list[str]) -> str:
        return " ".join(" ".join(cells[index] for index in texts).split())

    return joined


def _currency_reader(columns: Columns, default: str | None) -> Callable[[list[str]], str | None]:
    at = columns.currency
    if at is None:
        return lambda cells: default
    seen: dict[str, str | None] = {}

    def currency(cells: list[str]) -> str | None:
        raw = cells[at]
        code = seen.get(raw, "")
        if code == "":
            plain = raw.strip().upper()
            code = plain if len(plain) == 3 and plain.isalpha() else default
            if len(seen) < 64:
                seen[raw] = code
        return code

    return currency
