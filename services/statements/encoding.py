"""Which text encoding a statement file uses.

Banks write UTF-8 (with or without a byte-order mark) or a Western single-byte code
page. The whole file is tried as UTF-8 first (a quick decode of the bytes, chunk by
chunk, nothing kept): a Latin-1 file is almost never valid UTF-8, while a UTF-8 file
whose only non-ASCII character sits on its last line would fool any guess made from
the head. Otherwise Windows-1252 (Latin-1 plus the € sign and curly quotes where
Latin-1 has unused control codes), and ISO-8859-1 when the file holds bytes that
Windows-1252 leaves undefined.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import BinaryIO

UTF8_BOM = codecs.BOM_UTF8
_CHUNK = 1 << 20


def sniff_encoding(path: Path) -> str:
    """The codec name to open `path` with (`utf-8-sig` drops a byte-order mark)."""
    with path.open("rb") as handle:
        bom = handle.read(len(UTF8_BOM)) == UTF8_BOM
        handle.seek(0)
        for candidate in ("utf-8", "cp1252"):
            if _decodes(handle, candidate):
                return "utf-8-sig" if candidate == "utf-8" and bom else candidate
            handle.seek(0)
    return "latin-1"


def _decodes(handle: BinaryIO, encoding: str) -> bool:
    decoder = codecs.getincrementaldecoder(encoding)()
    read = handle.read
    try:
        while chunk := read(_CHUNK):
            decoder.decode(chunk)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def decode_head(head: bytes) -> str:
    """The first bytes of a file as text, for sniffing only.

    A multi-byte character cut at the end of the head is dropped rather than taken as
    proof that the file is not UTF-8.
    """
    head = head.removeprefix(UTF8_BOM)
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        pass
    try:
        return head.decode("cp1252")
    except UnicodeDecodeError:
        return head.decode("latin-1")
