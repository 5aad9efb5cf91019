"""The XLSX export (openpyxl): a sheet per section (records, then phases, scopes and
team as asked), a bold header row, frozen. Amounts, indices and percents are numeric
cells (sums and sorts work) with a number format showing their exact places ("0.00"
for EUR, "0" for JPY); the decimal is written to the file as typed, and a spreadsheet
holds it as a double (exact to 15 significant digits, above any amount the API
accepts). Times are RFC 3339 text; text cells are formula-injection safe
(services.runtime.csv_cells), so nothing typed in runs as a formula."""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from services.projectfinance.exports.domain.contents import Cell, Section
from services.runtime.csv_cells import safe_cell

BOLD = Font(bold=True)


def number_format(value: Decimal) -> str:
    places = max(0, -int(value.as_tuple().exponent))
    return "0." + "0" * places if places else "0"


def _write(sheet: Worksheet, section: Section) -> None:
    sheet.title = section.name
    sheet.append(list(section.columns))
    for cell in sheet[1]:
        cell.font = BOLD
    sheet.freeze_panes = "A2"
    for row in section.rows:
        sheet.append([_value(row.get(column)) for column in section.columns])
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, Decimal):
                cell.number_format = number_format(cell.value)


def _value(cell: Cell) -> Cell:
    return safe_cell(cell) if isinstance(cell, str) else cell


def xlsx_file(found: Sequence[Section], generated_at: datetime) -> bytes:
    workbook = Workbook()
    # A fixed creation time: the file says when it was generated, not when it was saved.
    workbook.properties.created = generated_at.replace(tzinfo=None)
    workbook.properties.modified = generated_at.replace(tzinfo=None)
    first, *others = found
    _write(workbook.active, first)
    for section in others:
        _write(workbook.create_sheet(), section)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
