"""OFX 1.x (SGML), OFX 2.x (XML) and QFX (Quicken's OFX) statements.

ofxtools reads the header (`OFXHeaderV1`/`OFXHeaderV2`: version and character set),
tokenizes the body (its `TreeBuilder`, which accepts SGML's unclosed elements) and
converts values (`Types.Decimal` for TRNAMT, `Types.DT_REGEX` for DTPOSTED,
`Types.String` for entity unescaping). Its `OFXTree.parse` reads the whole file into
one string and tree, so the body is fed to the tokenizer in chunks instead, cut just
before an opening tag, and each `STMTTRN` is converted and detached from the tree as
soon as it is closed: memory stays bounded by a chunk.

Per transaction: DTPOSTED (the bank's local calendar day, as written), TRNAMT (signed
as written), FITID (`bank_reference`), NAME or PAYEE/NAME (`payee`), and NAME with MEMO
for the description (MEMO alone when it already contains NAME). The currency is the
transaction's CURRENCY/CURSYM, else its statement's CURDEF. Records are numbered from
1 in file order, over all the statements of the file (bank, credit card and investment
cash transactions alike).
"""

from __future__ import annotations

import codecs
import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ofxtools import Types
from ofxtools.header import OFXHeaderError, OFXHeaderV1, OFXHeaderV2
from ofxtools.Parser import ParseError, TreeBuilder

from services.statements.encoding import sniff_encoding
from services.statements.model import StatementError, StatementRow
from services.statements.text import first_text, name_and_memo

_HEAD = 4096
_CHUNK = 1 << 20
_OPEN_TAG = re.compile(r"<[A-Za-z0-9]")
_XML_DECLARATION = re.compile(r"^\s*<\?xml", re.IGNORECASE)
_TEXT = Types.String()
_AMOUNT = Types.Decimal()


class _Builder(TreeBuilder):
    """ofxtools' tokenizer that hands over each closed STMTTRN and forgets it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[ET.Element] = []
        self.closed: list[tuple[ET.Element, str | None]] = []
        self.currency: str | None = None

    def start(self, tag: str, attrs: Any) -> ET.Element:
        element: ET.Element = super().start(tag, attrs)
        if tag in ("STMTRS", "CCSTMTRS", "INVSTMTRS"):
            self.currency = None
        self.open.append(element)
        return element

    def end(self, tag: str) -> ET.Element:
        if not self.open or self.open[-1].tag != tag:
            inside = f" inside <{self.open[-1].tag}>" if self.open else ""
            raise ParseError(f"unexpected </{tag}>{inside}")
        element: ET.Element = super().end(tag)
        self.open.pop()
        if tag == "STMTTRN":
            self.closed.append((element, self.currency))
            if self.open:
                self.open[-1].remove(element)
        elif tag == "CURDEF" and element.text:
            self.currency = element.text.strip().upper()
        return element


def read_ofx(path: Path) -> Iterator[StatementRow]:
    with path.open("rb") as handle:
        body_at, codec = _header(handle.read(_HEAD), path)
        handle.seek(body_at)
        decoder = codecs.getincrementaldecoder(codec)()
        builder = _Builder()
        number = 0
        pending = ""
        while True:
            chunk = handle.read(_CHUNK)
            try:
                pending += decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError as exc:
                raise StatementError(f"OFX: the text is not {codec}: {exc.reason}") from None
            cut = len(pending) if not chunk else _last_open_tag(pending)
            _feed(builder, pending[:cut], number)
            pending = pending[cut:]
            for element, currency in builder.closed:
                number += 1
                yield _row(element, number, currency)
            builder.closed.clear()
            if not chunk:
                break
        if builder.open:
            raise StatementError(f"OFX: the file ends inside <{builder.open[-1].tag}> (truncated?)")


def _header(head: bytes, path: Path) -> tuple[int, str]:
    """Where the body starts and which codec decodes it.

    A header ofxtools rejects (fields in another order or missing, as some banks write
    them) is passed over when the body's `<OFX>` follows: the body is what matters."""
    text = head.decode("latin-1")  # one character per byte: indexes are offsets
    codec = "utf-8"
    try:
        if _XML_DECLARATION.match(text.removeprefix("\xef\xbb\xbf")):
            _, end = OFXHeaderV2.parse(text)
        elif "OFXHEADER" in text.upper()[:512]:
            header, end = OFXHeaderV1.parse(text)
            codec = header.codec
        else:
            end = -1
    except (OFXHeaderError, ValueError):
        end = -1
    if end < 0:
        end = text.upper().find("<OFX>")
        if end < 0:
            raise StatementError("OFX: the header is malformed and no <OFX> body follows it")
    if codecs.lookup(codec).name == "utf-8":
        # Declared UTF-8 (or no charset) but written in a code page happens: check.
        codec = sniff_encoding(path)
    return end, codec


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _last_open_tag(text: str) -> int:
    """The index of the last opening tag in `text`: feeding up to there never splits
    an element from its text or its closing tag. 0 when there is none."""
    start = len(text)
    while (at := text.rfind("<", 0, start)) >= 0:
        if _OPEN_TAG.match(text, at) and text.rfind("<![CDATA[", 0, at) <= text.rfind("]]>", 0, at):
            return at
        start = at
    return 0


def _feed(builder: _Builder, text: str, transactions_so_far: int) -> None:
    try:
        builder.feed(text)
    except (ParseError, ET.ParseError) as exc:  # ofxtools' own, or its TreeBuilder's
        complete = transactions_so_far + len(builder.closed)
        raise StatementError(
            f"OFX: the markup is malformed after transaction {complete}: {_first_line(exc)[:200]}"
        ) from None


def _row(element: ET.Element, number: int, statement_currency: str | None) -> StatementRow:
    values = {child.tag: child.text for child in element if child.text}
    payee = _text(values.get("NAME")) or _text(element.findtext("PAYEE/NAME"))
    try:
        return StatementRow(
            row=number,
            booked_on=_date(values.get("DTPOSTED")),
            amount=_amount(values.get("TRNAMT")),
            description=name_and_memo(payee, _text(values.get("MEMO"))),
            currency=_currency(element.findtext("CURRENCY/CURSYM")) or statement_currency,
            bank_reference=first_text(values.get("FITID")),
            payee=payee,
        )
    except StatementError as exc:
        raise StatementError(exc.reason, number) from None


def _text(value: str | None) -> str | None:
    return first_text(_TEXT.convert(value)) if value else None


def _currency(value: str | None) -> str | None:
    return value.strip().upper() or None if value else None


def _date(value: str | None) -> datetime.date:
    match = Types.DT_REGEX.match(value.strip()) if value else None
    if match is None:
        raise StatementError(f"DTPOSTED {value!r} is not an OFX date")
    return datetime.date(int(match["year"]), int(match["month"]), int(match["day"]))


def _amount(value: str | None) -> Decimal:
    try:
        amount = _AMOUNT.convert(value.strip()) if value else None
    except (InvalidOperation, ValueError):
        amount = None
    if not isinstance(amount, Decimal) or not amount.is_finite():
        raise StatementError(f"TRNAMT {value!r} is not a number")
    return amount
