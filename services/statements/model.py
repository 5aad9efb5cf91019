"""What every statement parser produces: formats, rows and the one error type."""

from __future__ import annotations

import datetime
import decimal
import enum
from collections.abc import Callable
from dataclasses import dataclass


class StatementFormat(enum.Enum):
    CSV = "csv"
    OFX = "ofx"
    QFX = "qfx"
    QIF = "qif"
    CAMT053 = "camt053"
    MT940 = "mt940"


@dataclass(frozen=True, slots=True)
class StatementRow:
    """One booked transaction as the bank wrote it.

    `row` is the 1-based physical line the row starts on (CSV, QIF, MT940) or the
    1-based number of the record in the file (OFX/QFX `STMTTRN`, CAMT.053 `Ntry`).
    """

    row: int
    booked_on: datetime.date
    amount: decimal.Decimal  # signed: negative is money out
    description: str  # never empty
    currency: str | None
    bank_reference: str | None
    payee: str | None


class StatementError(Exception):
    """The file is not a statement we can read, or one of its rows is not.

    `row` is the physical line (CSV, QIF, MT940) or record (OFX, CAMT) at fault, when
    one is to blame.
    """

    def __init__(self, reason: str, row: int | None = None) -> None:
        super().__init__(reason, row)
        self.reason = reason
        self.row = row

    def __str__(self) -> str:
        return self.reason if self.row is None else f"row {self.row}: {self.reason}"


def _row_builder() -> Callable[
    [int, datetime.date, decimal.Decimal, str, str | None, str | None, str | None], StatementRow
]:
    """`StatementRow(...)` for hot loops, without the frozen dataclass's `__init__`.

    That `__init__` sets each field through `object.__setattr__` by name (~1.5 µs a row,
    the largest single cost of a CSV row); the slots' own descriptors set the very same
    fields in ~0.6 µs. The object is an ordinary StatementRow (equality, repr, hash)."""
    new = object.__new__
    setters = [getattr(StatementRow, field).__set__ for field in StatementRow.__slots__]
    row, booked_on, amount, description, currency, bank_reference, payee = setters

    def build(
        number: int,
        booked: datetime.date,
        value: decimal.Decimal,
        text: str,
        code: str | None,
        reference: str | None,
        counterparty: str | None,
    ) -> StatementRow:
        made: StatementRow = new(StatementRow)
        row(made, number)
        booked_on(made, booked)
        amount(made, value)
        description(made, text)
        currency(made, code)
        bank_reference(made, reference)
        payee(made, counterparty)
        return made

    return build


build_row = _row_builder()
