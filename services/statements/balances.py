"""The balances a statement file carries, where its format has them: the balance
before its first transaction (opening) and after its last (closing).

- MT940: the first `:60F:`/`:60M:` (opening) and the last `:62F:`/`:62M:` (closing),
  `C`/`D` mark, YYMMDD, currency, amount with a decimal comma;
- CAMT.053: the first `Bal` of type `OPBD` (or `PRCD`, the previous closing) and the
  last of type `CLBD`, negative when `CdtDbtInd` is `DBIT`;
- OFX/QFX: the last `LEDGERBAL`'s `BALAMT` (closing; OFX has no opening balance);
- CSV and QIF: none.

Read in a pass of its own, streamed like the rows (memory bounded by a chunk or an
element). A balance that cannot be read is left out (None): the rows are what a
statement must have; `rows()` reports a malformed file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from services.statements.encoding import sniff_encoding
from services.statements.model import StatementFormat
from services.statements.statement import Statement

_MT940_BALANCE = re.compile(r"^:6([02])[FM]:\s*([CD])(\d{6})([A-Z]{3})([\d,.]+)")
_OFX_TOKEN = re.compile(r"<(LEDGERBAL|BALAMT)>\s*([^<\s]*)", re.IGNORECASE)
_CHUNK = 1 << 20
# Longer than any token _OFX_TOKEN reads: a token cut by a chunk's end is read whole
# with the next chunk.
_OVERLAP = 128
_OPENING_TYPES = ("OPBD", "PRCD")
_CLOSING_TYPES = ("CLBD",)


@dataclass(frozen=True)
class StatementBalances:
    opening: Decimal | None = None
    closing: Decimal | None = None


def read_balances(statement: Statement) -> StatementBalances:
    """The opening and closing balances of `statement`'s file (None where the file has
    none, or none that can be read)."""
    if statement.format is StatementFormat.MT940:
        return _mt940(statement.path)
    if statement.format is StatementFormat.CAMT053:
        return _camt053(statement.path)
    if statement.format in (StatementFormat.OFX, StatementFormat.QFX):
        return StatementBalances(closing=_ofx_closing(statement.path))
    return StatementBalances()


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _mt940(path: Path) -> StatementBalances:
    opening = closing = None
    with path.open(encoding=sniff_encoding(path), newline=None) as handle:
        for line in handle:
            match = _MT940_BALANCE.match(line.split("{4:", 1)[-1].lstrip())
            if match is None:
                continue
            value = _decimal(match[5])
            if value is not None and match[2] == "D":
                value = -value
            if match[1] == "0":
                opening = value if opening is None else opening
            else:
                closing = value
    return StatementBalances(opening, closing)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _camt_balance(element: ET.Element) -> tuple[str, Decimal | None]:
    kind = amount = mark = ""
    for child in element.iter():
        name = _local(child.tag)
        if name == "Cd" and not kind:
            kind = (child.text or "").strip().upper()
        elif name == "Amt":
            amount = child.text or ""
        elif name == "CdtDbtInd":
            mark = (child.text or "").strip().upper()
    value = _decimal(amount)
    return kind, None if value is None else -value if mark == "DBIT" else value


def _camt053(path: Path) -> StatementBalances:
    opening = closing = None
    parents: list[ET.Element] = []
    try:
        for event, element in iterparse(str(path), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                parents.append(element)
                continue
            parents.pop()
            name = _local(element.tag)
            if name == "Bal":
                kind, value = _camt_balance(element)
                if kind in _OPENING_TYPES and opening is None:
                    opening = value
                elif kind in _CLOSING_TYPES:
                    closing = value
            if name in ("Bal", "Ntry") and parents:
                parents[-1].remove(element)  # keep memory bounded, as the row reader does
    except (ET.ParseError, DefusedXmlException):
        pass  # the rows' reader says what is wrong with the file
    return StatementBalances(opening, closing)


def _ofx_tokens(path: Path) -> Iterator[tuple[str, str]]:
    with path.open(encoding=sniff_encoding(path), errors="replace") as handle:
        pending = ""
        while True:
            chunk = handle.read(_CHUNK)
            text = pending + chunk
            safe = len(text) if not chunk else max(0, len(text) - _OVERLAP)
            keep = safe
            for match in _OFX_TOKEN.finditer(text):
                if chunk and match.end() > safe:
                    keep = match.start()
                    break
                yield match[1].upper(), match[2]
            if not chunk:
                return
            pending = text[keep:]


def _ofx_closing(path: Path) -> Decimal | None:
    closing = None
    in_ledger = False
    for tag, value in _ofx_tokens(path):
        if tag == "LEDGERBAL":
            in_ledger = True
        elif in_ledger:
            closing, in_ledger = _decimal(value), False
    return closing
