"""The CSV export (RFC 4180: comma-separated, fields with commas, quotes or line breaks
quoted, quotes doubled, CRLF line ends; UTF-8 without a byte-order mark).

One table for every section: the first column, `section`, names the row's kind
(records, phases, scopes, team); the header is the union of the included sections'
columns in their order, and a row leaves the columns of other sections empty. Text
cells are formula-injection safe (services.runtime.csv_cells): a spreadsheet opening
the file never runs a name or description typed in as `=…`. Numbers (amounts, indices,
counts) are written as exact decimals and are not text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from services.projectfinance.exports.domain.contents import Cell, Section
from services.runtime.csv_cells import safe_cell

SECTION: Final = "section"


def csv_value(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return "true" if cell else "false"
    if isinstance(cell, Decimal | int):
        return format(cell, "f") if isinstance(cell, Decimal) else str(cell)
    return safe_cell(cell)


def header(found: Sequence[Section]) -> list[str]:
    columns = [SECTION]
    for section in found:
        columns.extend(c for c in section.columns if c not in columns)
    return columns


def csv_file(found: Sequence[Section]) -> bytes:
    columns = header(found)
    out = io.StringIO(newline="")
    writer = csv.writer(out, dialect="excel", lineterminator="\r\n")
    writer.writerow(columns)
    for section in found:
        for row in section.rows:
            cells = {SECTION: section.name, **row}
            writer.writerow([csv_value(cells.get(column)) for column in columns])
    return out.getvalue().encode("utf-8")
