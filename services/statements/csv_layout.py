"""Where a CSV statement's header is and what its columns hold.

The layout is found from the head of the file (the first `HEAD_LINES` lines):

- A first line `sep=;` (Excel's hint) fixes the delimiter.
- Each line, from the top, is split with each candidate delimiter (`,` `;` tab `|`,
  most frequent in that line first); the first line whose cells name a date column
  and an amount (a signed amount, or debit and/or credit columns) is the header.
  Lines above it (account name, IBAN, period, balances) are skipped.
- A file without such a header (some banks export none) is read by content instead:
  with the delimiter that splits the first lines into the same number (≥ 3) of cells,
  the first column whose cells are all dates is the date, the first other column
  whose cells are all amounts is the amount, and the longest remaining text column is
  the description.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from services.statements.amounts import AmountStyle, parse_amount
from services.statements.csv_headers import Meaning, Role, read_header
from services.statements.dates import DateOrder, parse_date

DELIMITERS = (",", ";", "\t", "|")
HEAD_LINES = 50
_HEADERLESS_SAMPLE = 20


@dataclass(frozen=True, slots=True)
class Columns:
    """Column indexes by role (None: the file has no such column)."""

    date: int
    amount: int | None = None
    debit: int | None = None
    credit: int | None = None
    direction: int | None = None
    descriptions: tuple[int, ...] = ()
    memos: tuple[int, ...] = ()
    payee: int | None = None
    currency: int | None = None
    reference: int | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    delimiter: str
    header_line: int  # physical line of the header; 0 when the file has none
    width: int  # cells in a row
    columns: Columns
    currency: str | None = None  # named by a header unit: "Betrag (EUR)"
    # The header is in a language that writes decimal commas (German, French...).
    continental: bool = False


def find_layout(lines: list[str]) -> Layout | None:
    """The layout of the CSV file whose first lines are `lines` (newlines stripped)."""
    lines = lines[:HEAD_LINES]
    delimiters: tuple[str, ...] = DELIMITERS
    first_line = 0
    if lines and lines[0].strip().lower().startswith("sep=") and len(lines[0].strip()) == 5:
        delimiters, first_line = (lines[0].strip()[4],), 1
    for number, line in enumerate(lines[first_line:], start=first_line + 1):
        if not line.strip():
            continue
        for delimiter in sorted(delimiters, key=line.count, reverse=True):
            if delimiter not in line:
                continue
            layout = _from_header(_split(line, delimiter), delimiter, number)
            if layout is not None:
                return layout
    return _headerless(lines[first_line:], delimiters, first_line)


def _split(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter), [])


def _from_header(cells: list[str], delimiter: str, number: int) -> Layout | None:
    if len(cells) < 2:
        return None
    found: dict[Role, list[tuple[int, Meaning]]] = {}
    currency = None
    continental = False
    for index, cell in enumerate(cells):
        meaning, unit = read_header(cell)
        if meaning is None:
            continue
        found.setdefault(meaning.role, []).append((index, meaning))
        continental |= not meaning.english
        if unit and meaning.role in (Role.AMOUNT, Role.DEBIT, Role.CREDIT):
            currency = currency or unit
    dates = found.get(Role.DATE)
    if not dates or not (Role.AMOUNT in found or Role.DEBIT in found or Role.CREDIT in found):
        return None

    def first(role: Role) -> int | None:
        return found[role][0][0] if role in found else None

    amount = first(Role.AMOUNT)
    currencies = [index for index, _ in found.get(Role.CURRENCY, [])]
    # ING-style "Saldo;Währung;Betrag;Währung": the amount's own currency follows it.
    own_currency = next((i for i in currencies if amount is not None and i == amount + 1), None)
    columns = Columns(
        date=min(dates, key=lambda found_date: found_date[1].rank)[0],
        amount=amount,
        debit=first(Role.DEBIT),
        credit=first(Role.CREDIT),
        direction=first(Role.DIRECTION),
        descriptions=tuple(index for index, _ in found.get(Role.DESCRIPTION, [])),
        memos=tuple(index for index, _ in found.get(Role.MEMO, [])),
        payee=first(Role.PAYEE),
        currency=own_currency if own_currency is not None else first(Role.CURRENCY),
        reference=first(Role.REFERENCE),
    )
    return Layout(delimiter, number, len(cells), columns, currency, continental)


def _is_date(cell: str) -> bool:
    return any(parse_date(cell, order) is not None for order in DateOrder)


def _is_amount(cell: str) -> bool:
    return bool(cell.strip()) and parse_amount(cell, AmountStyle.DECIMAL_POINT) is not None


def _headerless(lines: list[str], delimiters: tuple[str, ...], offset: int) -> Layout | None:
    sample = [line for line in lines if line.strip()][:_HEADERLESS_SAMPLE]
    if len(sample) < 2:
        return None
    for delimiter in delimiters:
        rows = [_split(line, delimiter) for line in sample]
        width = len(rows[0])
        if width < 3 or any(len(row) != width for row in rows):
            continue
        columns = list(zip(*rows, strict=True))
        date = next((i for i, cells in enumerate(columns) if all(map(_is_date, cells))), None)
        if date is None:
            continue
        amount = next(
            (i for i, cells in enumerate(columns) if i != date and all(map(_is_amount, cells))),
            None,
        )
        texts = [
            i
            for i, cells in enumerate(columns)
            if i not in (date, amount) and any(any(c.isalpha() for c in cell) for cell in cells)
        ]
        if amount is None or not texts:
            continue
        description = max(texts, key=lambda i: sum(len(cell) for cell in columns[i]))
        return Layout(
            delimiter, offset, width, Columns(date=date, amount=amount, descriptions=(description,))
        )
    return None
