"""Opening a statement file: detect its format, then stream its rows on demand."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from services.statements.camt_reader import read_camt053
from services.statements.csv_reader import read_csv
from services.statements.detect import HEAD_BYTES, detect_format, is_binary
from services.statements.model import StatementError, StatementFormat, StatementRow
from services.statements.mt940_reader import read_mt940
from services.statements.ofx_reader import read_ofx
from services.statements.qif_reader import read_qif

_READERS: dict[StatementFormat, Callable[[Path], Iterator[StatementRow]]] = {
    StatementFormat.CSV: read_csv,
    StatementFormat.OFX: read_ofx,
    StatementFormat.QFX: read_ofx,
    StatementFormat.QIF: read_qif,
    StatementFormat.CAMT053: read_camt053,
    StatementFormat.MT940: read_mt940,
}


class Statement:
    """A statement file of a known format. `rows()` reads it afresh on each call,
    streaming: memory stays bounded whatever the file's size."""

    def __init__(self, path: Path, format: StatementFormat) -> None:
        self.path = path
        self.format = format

    def __repr__(self) -> str:
        return f"Statement({str(self.path)!r}, {self.format})"

    def rows(self) -> Iterator[StatementRow]:
        """The file's transactions in file order; raises StatementError for a file or a
        row that cannot be read."""
        return _READERS[self.format](self.path)


def open_statement(path: Path) -> Statement:
    """The statement in `path`; StatementError when the file is no format we read."""
    with path.open("rb") as handle:
        head = handle.read(HEAD_BYTES)
    format = detect_format(head)
    if format is None:
        if not head.strip():
            why = "the file is empty"
        elif is_binary(head):
            why = "the file is binary, not text"
        else:
            why = "it is none of CSV, OFX, QFX, QIF, CAMT.053 or MT940"
        raise StatementError(f"unrecognised statement format: {why}")
    return Statement(path, format)
