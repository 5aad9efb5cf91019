"""QIF (Quicken Interchange Format) statements.

No maintained QIF library comes without heavy dependencies, and the format is a few
line codes, so it is read here. A file holds sections (`!Type:Bank`, `!Type:CCard`,
`!Type:Cash`, `!Type:Oth A`, `!Type:Oth L`) of records ending with `^`; each record's
`D` is the date, `T` (or `U`) the signed amount, `P` the payee, `M` the memo, the rest
(`N` number, `C` cleared, `L` category, `A` address, `S`/`E`/`$` splits) is not used.
`!Account` blocks, option lines and the non-cash sections (`!Type:Invst`, `!Type:Cat`,
`!Type:Class`, `!Type:Memorized`, prices, securities) are skipped. A last record
without its `^` still counts.

Dates are Quicken's US forms (`1/2/26`, `01/02/2026`, `1/ 2'26` where the apostrophe
marks a year 2000-2099), or ISO. Like CSV, the order of numeric dates is decided over
the whole file in a first pass, but unproven it is month-first (QIF is Quicken's US
format); amounts use a decimal point unless the file proves a comma.

`row` is the physical line a record starts on.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from services.statements.amounts import AmountEvidence, AmountStyle, amount_parser
from services.statements.dates import DateEvidence, DateOrder, parse_date
from services.statements.encoding import sniff_encoding
from services.statements.model import StatementError, StatementRow
from services.statements.text import first_text, name_and_memo

_CASH_SECTIONS = frozenset({"bank", "ccard", "cash", "oth a", "oth l"})


@dataclass
class _Record:
    start: int
    fields: dict[str, tuple[int, str]] = field(default_factory=dict)


def read_qif(path: Path) -> Iterator[StatementRow]:
    encoding = sniff_encoding(path)
    dates, amounts = DateEvidence(), AmountEvidence()
    for record in _records(path, encoding):
        if "D" in record.fields:
            line, value = record.fields["D"]
            dates.add(_four_digit_year(value), line)
        amount = record.fields.get("T") or record.fields.get("U")
        if amount:
            amounts.add(amount[1])
        if dates.settled and amounts.settled:
            break
    order = dates.order(DateOrder.MONTH_FIRST)
    parse = amount_parser(amounts.style or AmountStyle.DECIMAL_POINT)
    for record in _records(path, encoding):
        payee = first_text(record.fields.get("P", (0, ""))[1])
        memo = record.fields.get("M", (0, ""))[1]
        yield StatementRow(
            row=record.start,
            booked_on=_date(record, order),
            amount=_amount(record, parse),
            description=name_and_memo(payee, memo),
            currency=None,
            bank_reference=None,
            payee=payee,
        )


def _records(path: Path, encoding: str) -> Iterator[_Record]:
    """The records of the file's cash sections."""
    section = "bank"  # a file without any !Type header is taken as a bank register
    record: _Record | None = None
    with path.open(encoding=encoding, newline=None) as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("!"):
                header = line[1:].lower()
                if header.startswith("type:"):
                    section = " ".join(header[5:].split())
                elif header.startswith("account"):
                    section = "account"
                record = None
                continue
            if line == "^" or line.startswith("^"):
                if record is not None and section in _CASH_SECTIONS:
                    yield record
                record = None
                continue
            if record is None:
                record = _Record(number)
            # Splits repeat their codes; the first occurrence of a code is the record's.
            record.fields.setdefault(line[0].upper(), (number, line[1:].strip()))
        if record is not None and section in _CASH_SECTIONS:
            yield record


def _four_digit_year(value: str) -> str:
    """`1/ 2'26` -> `1/ 2/2026`: Quicken's apostrophe marks the 2000s."""
    if "'" not in value:
        return value
    day_month, _, year = value.partition("'")
    year = year.strip()
    if year.isdigit() and len(year) <= 2:
        year = str(2000 + int(year))
    return f"{day_month}/{year}"


def _date(record: _Record, order: DateOrder) -> datetime.date:
    if "D" not in record.fields:
        raise StatementError("the record has no date (D line)", record.start)
    line, value = record.fields["D"]
    booked = parse_date(_four_digit_year(value), order)
    if booked is None:
        raise StatementError(f"date {value!r} is not a date", line)
    return booked


def _amount(record: _Record, parse: Callable[[str], Decimal | None]) -> Decimal:
    found = record.fields.get("T") or record.fields.get("U")
    if found is None:
        raise StatementError("the record has no amount (T line)", record.start)
    line, value = found
    amount = parse(value)
    if amount is None:
        raise StatementError(f"amount {value!r} is not a number", line)
    return amount
