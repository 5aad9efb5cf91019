"""MT940 (SWIFT customer statement) files, through the mt-940 library (`mt940`).

The library parses a whole string at once, so the file is read line by line and fed
to it in pieces: a statement's header (`:20:` to the opening balance) once, then each
transaction (`:61:` with its `:86:` lines) on its own into the same collection, whose
transactions are taken and cleared after each piece. Memory stays bounded by one
transaction; the statement's currency (from `:60F:`) and year carry over. SWIFT
envelopes (`{1:...}{2:...}{4:` ... `-}`) and lines before the first tag are skipped.

Per `:61:` line (`row` is its physical line): the entry (booking) date when given,
else the value date; the amount signed by its mark (`D` and `RC` are money out, `C`
and `RD` money in, with the library's `Options.all()` fixes); the bank reference after
`//` unless it is `NONREF`; the currency of the statement's opening balance. The
`:86:` text (all its lines, joined) is the description; its structured forms give
the payee too: German `?20`-style sub-fields (purpose, applicant name, read by the
library) and the SEPA `/NAME/.../REMI/...` codes.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mt940

from services.statements.encoding import sniff_encoding
from services.statements.model import StatementError, StatementRow
from services.statements.text import describe, first_text

_TAG = re.compile(r"^:(\d\d[A-Z]?|NS):")
_OPTIONS = mt940.Options.all()
_SEPA_CODES = re.compile(
    r"/(EREF|KREF|MREF|CRED|DEBT|NAME|REMI|IBAN|BIC|TRTP|CSID|MARF|ORDP|BENM|ID|ADDR|"
    r"PURP|CODE|ULTC|ULTD|ULTB|SVCL|ISDT|RTRN|CNTP|CDTRREFTP|CDTRREF|CD|PREF|OCMT)/"
)


class _Pieces:
    """Groups a statement's lines into the pieces fed to the library."""

    def __init__(self) -> None:
        self.statement: Any = None  # mt940.models.Transactions
        self.lines: list[str] = []
        self.start = 0
        self.is_transaction = False

    def begin(self, line: str, number: int, *, statement: bool, transaction: bool) -> None:
        if statement:
            self.statement = mt940.models.Transactions(options=_OPTIONS)
        self.lines, self.start, self.is_transaction = [line], number, transaction

    def flush(self) -> StatementRow | None:
        if not self.lines:
            return None
        if self.statement is None:  # transactions without a :20: header
            self.statement = mt940.models.Transactions(options=_OPTIONS)
        text, self.lines = "\n".join(self.lines), []
        try:
            self.statement.parse(text)
        except Exception as exc:  # the library raises RuntimeError, ValueError, KeyError...
            first = text.splitlines()[0][:60]
            raise StatementError(
                f"MT940: {first!r} could not be read ({exc})", self.start
            ) from None
        found = list(self.statement.transactions)
        self.statement.transactions.clear()
        if not self.is_transaction or not found:
            return None
        return _row(found[0].data, self.start, self.statement.currency)


def read_mt940(path: Path) -> Iterator[StatementRow]:
    pieces = _Pieces()
    with path.open(encoding=sniff_encoding(path), newline=None) as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\r\n")
            if line.startswith("{"):
                at = line.find("{4:")
                if at < 0:
                    continue  # envelope blocks {1:}, {2:}, {5:}
                line = line[at + 3 :]
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("-") and set(stripped) <= {"-", "}"}:  # end of message
                if (row := pieces.flush()) is not None:
                    yield row
                continue
            match = _TAG.match(line)
            if match is None:
                if pieces.lines:
                    pieces.lines.append(line)  # a continuation line
                continue
            tag = match.group(1)
            if tag == "86" and pieces.is_transaction:
                pieces.lines.append(line)
            elif tag in ("20", "61") or pieces.is_transaction or not pieces.lines:
                if (row := pieces.flush()) is not None:
                    yield row
                pieces.begin(line, number, statement=tag == "20", transaction=tag == "61")
            else:
                pieces.lines.append(line)
        if (row := pieces.flush()) is not None:
            yield row


def _date(value: Any) -> datetime.date:
    return datetime.date(value.year, value.month, value.day)


def _row(data: dict[str, Any], number: int, statement_currency: str | None) -> StatementRow:
    amount = data["amount"]
    reference = first_text(data.get("bank_reference"))
    details = data.get("transaction_details")
    payee = first_text(data.get("applicant_name"))
    description = first_text(data.get("purpose"), data.get("posting_text"))
    if details and _SEPA_CODES.match(details.replace("\n", "")):
        codes = _sepa(details)
        payee = payee or first_text(codes.get("NAME"))
        description = description or first_text(codes.get("REMI"))
    currency = amount.currency or statement_currency
    return StatementRow(
        row=number,
        booked_on=_date(data.get("entry_date") or data["date"]),
        amount=amount.amount,
        description=describe(description, details, payee),
        currency=currency.upper() if currency else None,
        bank_reference=None if reference is None or reference.upper() == "NONREF" else reference,
        payee=payee,
    )


def _sepa(details: str) -> dict[str, str]:
    """`/NAME/ACME LTD/REMI/INVOICE 12` -> {"NAME": "ACME LTD", "REMI": "INVOICE 12"}."""
    parts = _SEPA_CODES.split(details.replace("\n", ""))
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}
