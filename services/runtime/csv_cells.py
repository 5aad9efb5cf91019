"""Formula-injection-safe text cells for CSV (and spreadsheet) exports.

A spreadsheet (Excel, LibreOffice, Google Sheets) opening a CSV treats a cell whose
text begins with `=`, `+`, `-` or `@` as a formula, and a leading TAB or CR can hide
such a character from a reviewer while some importers still evaluate it. Text that a
user typed in (a description, a memo, a name) must therefore never reach an export
verbatim: `=HYPERLINK(...)` or `=cmd|' /C calc'!A0` would run in the reader's
spreadsheet ("CSV injection", OWASP). Prefixing such text with a single quote `'` is
the mitigation spreadsheets understand: the cell is shown as text and nothing runs.

Only text goes through `safe_cell`; numbers an export writes itself (amounts, counts)
are exact decimals and keep their sign — a negative amount is data, not a formula.
"""

from __future__ import annotations

from typing import Final

FORMULA_TRIGGERS: Final = ("=", "+", "-", "@", "\t", "\r")
QUOTE: Final = "'"


def safe_cell(value: str) -> str:
    """`value` as a spreadsheet shows it as text: a `'` in front when it starts with
    a formula trigger (= + - @ TAB CR), unchanged otherwise."""
    return QUOTE + value if value.startswith(FORMULA_TRIGGERS) else value
