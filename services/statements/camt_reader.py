"""CAMT.053 (ISO 20022 bank-to-customer statement) files, any `camt.053.001.xx` version.

Parsed with defusedxml's `iterparse` (no DTDs, entities or external references), one
`Ntry` at a time: each entry is converted when it closes and then detached from its
statement, so memory stays bounded whatever the file's size. Elements are matched by
local name (`{*}`), so every version's namespace reads the same; the differences
between versions (.02's `Sts` and `Cdtr/Nm` against .08's `Sts/Cd` and
`Cdtr/Pty/Nm`) are both accepted.

Per entry (`row` is its number in the file, from 1): `Amt` and its `Ccy`, negative
when `CdtDbtInd` is `DBIT`; `BookgDt/Dt` (or `DtTm`, else the value date); the bank's
reference `AcctSvcrRef`, else `NtryRef`; the description from the remittance text
(`RmtInf/Ustrd`, all lines), else `AddtlTxInf`, the structured creditor reference or
`AddtlNtryInf`; the payee is the counterparty (`RltdPties` creditor for money out,
debtor for money in, their ultimate party as fallback). Entries whose status is
pending (`PDNG`) or informational (`INFO`) are not booked and are skipped (they keep
their record number). A batched entry (several `TxDtls`) stays one row with the
entry's total: its description is `AddtlNtryInf`, else "batch of N transactions".
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from services.statements.model import StatementError, StatementRow
from services.statements.text import describe, first_text

_NOT_BOOKED = frozenset({"PDNG", "INFO", "FUTR"})


_BOOKED = ("BookgDt/Dt", "BookgDt/DtTm", "ValDt/Dt", "ValDt/DtTm")
_REFERENCES = ("AcctSvcrRef", "NtryRef")
_TRANSACTION = "NtryDtls/TxDtls"
_REMITTANCE = "NtryDtls/TxDtls/RmtInf/Ustrd"
_DETAILS = (
    "NtryDtls/TxDtls/AddtlTxInf",
    "NtryDtls/TxDtls/RmtInf/Strd/CdtrRefInf/Ref",
    "AddtlNtryInf",
)
_CREDITORS = tuple(
    f"NtryDtls/TxDtls/RltdPties/{party}"
    for party in ("Cdtr/Nm", "Cdtr/Pty/Nm", "UltmtCdtr/Nm", "UltmtCdtr/Pty/Nm")
)
_DEBTORS = tuple(
    f"NtryDtls/TxDtls/RltdPties/{party}"
    for party in ("Dbtr/Nm", "Dbtr/Pty/Nm", "UltmtDbtr/Nm", "UltmtDbtr/Pty/Nm")
)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def read_camt053(path: Path) -> Iterator[StatementRow]:
    open_elements: list[ET.Element] = []
    entry_tag = statement_tag = ""
    number = 0
    try:
        for event, element in iterparse(str(path), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                if not open_elements:
                    if "camt.053" not in element.tag:
                        raise StatementError(
                            f"CAMT.053: the document's root is {element.tag!r}, not a "
                            f"camt.053 Document"
                        )
                    namespace = element.tag.partition("}")[0] + "}"
                    entry_tag, statement_tag = namespace + "Ntry", namespace + "Stmt"
                open_elements.append(element)
                continue
            open_elements.pop()
            if element.tag == entry_tag:
                number += 1
                row = _entry(element, number)
                if open_elements:
                    open_elements[-1].remove(element)
                if row is not None:
                    yield row
            elif element.tag == statement_tag and open_elements:
                open_elements[-1].remove(element)
    except ET.ParseError as exc:
        raise StatementError(
            f"CAMT.053: the XML is malformed or truncated ({exc}), after entry {number}"
        ) from None
    except DefusedXmlException as exc:
        raise StatementError(f"CAMT.053: refused XML construct ({exc})") from None


def _flatten(entry: ET.Element) -> dict[str, list[ET.Element]]:
    """The entry's elements by their path of local names ("NtryDtls/TxDtls/RmtInf/Ustrd"):
    one walk of the entry instead of a namespace-wildcard search per field."""
    found: dict[str, list[ET.Element]] = {}

    def walk(element: ET.Element, prefix: str) -> None:
        for child in element:
            path = prefix + _local(child.tag)
            found.setdefault(path, []).append(child)
            if len(child):
                walk(child, path + "/")

    walk(entry, "")
    return found


def _text(found: dict[str, list[ET.Element]], *paths: str) -> str | None:
    """The first non-blank text at any of `paths`, whitespace collapsed."""
    for path in paths:
        for element in found.get(path, ()):
            if element.text and (text := first_text(element.text)):
                return text
    return None


def _entry(entry: ET.Element, number: int) -> StatementRow | None:
    found = _flatten(entry)
    status = _text(found, "Sts/Cd", "Sts")
    if status and status.upper() in _NOT_BOOKED:
        return None
    debit = (_text(found, "CdtDbtInd") or "").upper() == "DBIT"
    transactions = len(found.get(_TRANSACTION, ()))
    if transactions == 1:
        payee = _text(found, *(_CREDITORS if debit else _DEBTORS))
        remittance = " ".join(u.text for u in found.get(_REMITTANCE, ()) if u.text)
        description = describe(remittance, _text(found, *_DETAILS), payee)
    else:
        payee = None
        batch = f"batch of {transactions} transactions" if transactions else None
        description = describe(_text(found, "AddtlNtryInf"), batch)
    amount, currency = _amount(found, number)
    return StatementRow(
        row=number,
        booked_on=_booked(found, number),
        amount=-amount if debit else amount,
        description=description,
        currency=currency,
        bank_reference=_text(found, *_REFERENCES),
        payee=payee,
    )


def _amount(found: dict[str, list[ET.Element]], number: int) -> tuple[Decimal, str | None]:
    element = found["Amt"][0] if "Amt" in found else None
    text = (element.text or "").strip() if element is not None else ""
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise StatementError(f"Amt {text!r} is not a number", number) from None
    if not amount.is_finite():
        raise StatementError(f"Amt {text!r} is not a number", number)
    currency = element.get("Ccy") if element is not None else None
    return amount, currency.strip().upper() if currency else None


def _booked(found: dict[str, list[ET.Element]], number: int) -> datetime.date:
    text = _text(found, *_BOOKED)
    try:
        return datetime.date.fromisoformat((text or "")[:10])
    except ValueError:
        raise StatementError(f"booking date {text!r} is not a date", number) from None
