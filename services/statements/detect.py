"""Which statement format a file is in, from its first bytes.

Checked in this order, on the head decoded as text (see `encoding.decode_head`):

- binary content (a NUL byte, or many control characters) is no statement;
- OFX: an OFX 1 header (`OFXHEADER:100`), an OFX 2 processing instruction
  (`<?OFX ... ?>`) or an `<OFX>` root; it is QFX when Quicken's `INTU.BID` /
  `INTU.USERID` elements appear in its sign-on block;
- CAMT.053: XML whose namespace or root names `camt.053`;
- MT940: lines opening with the `:20:` tag and an account (`:25:`) or opening
  balance (`:60F:`/`:60M:`) tag, possibly inside SWIFT `{1:...}{4:` blocks;
- QIF: a first line `!Type:...`, `!Account` or `!Option:...`;
- CSV: a header naming a date and an amount column, or rows whose columns read as
  dates, amounts and text (see `csv_layout`).
"""

from __future__ import annotations

import re

from services.statements.csv_reader import read_layout
from services.statements.encoding import decode_head
from services.statements.model import StatementFormat

HEAD_BYTES = 8192

_OFX = re.compile(r"^\s*OFXHEADER\s*:|<\?OFX\s|<OFX>", re.IGNORECASE | re.MULTILINE)
_QFX = re.compile(r"<INTU\.(?:BID|USERID)>", re.IGNORECASE)
_CAMT053 = re.compile(r"camt\.053\.001\.\d+")
_MT940_START = re.compile(r"^(?:\{[^\n]*\{4:\s*)?:20:", re.MULTILINE)
_MT940_ACCOUNT = re.compile(r"^:(?:25[A-Z]?|60[FM]):", re.MULTILINE)
_QIF = re.compile(r"^\s*!(?:Type:|Account|Option:|Clear:)", re.IGNORECASE)


def is_binary(head: bytes) -> bool:
    if b"\x00" in head:
        return True
    controls = sum(head.count(bytes([c])) for c in range(32) if c not in (9, 10, 12, 13, 26))
    return controls > max(8, len(head) // 100)


def detect_format(head: bytes) -> StatementFormat | None:
    """The format of a file whose first bytes (at most `HEAD_BYTES`) are `head`."""
    head = head[:HEAD_BYTES]
    if not head.strip() or is_binary(head):
        return None
    text = decode_head(head)
    if _OFX.search(text):
        return StatementFormat.QFX if _QFX.search(text) else StatementFormat.OFX
    if text.lstrip().startswith("<"):
        return StatementFormat.CAMT053 if _CAMT053.search(text) else None
    if _MT940_START.search(text) and _MT940_ACCOUNT.search(text):
        return StatementFormat.MT940
    if _QIF.match(text):
        return StatementFormat.QIF
    if read_layout(text, whole_file=len(head) < HEAD_BYTES) is not None:
        return StatementFormat.CSV
    return None
