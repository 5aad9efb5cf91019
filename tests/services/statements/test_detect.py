"""Format detection from a file's head, and what open_statement refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.statements import StatementError, StatementFormat, detect_format, open_statement
from tests.services.statements.conftest import WriteFile
from tools.bench.statement_gen import FORMATS, generate


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_generated_format_is_detected(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"statement.{fmt}"
    generate(path, fmt, rows=20, seed=1)
    assert detect_format(path.read_bytes()[:8192]) is StatementFormat(fmt)
    assert open_statement(path).format is StatementFormat(fmt)


def test_qfx_is_told_from_ofx_by_quickens_sign_on(tmp_path: Path) -> None:
    for version in (1, 2):
        generate(tmp_path / "a.ofx", "ofx", rows=5, ofx_version=version)
        generate(tmp_path / "a.qfx", "qfx", rows=5, ofx_version=version)
        assert detect_format((tmp_path / "a.ofx").read_bytes()) is StatementFormat.OFX
        assert detect_format((tmp_path / "a.qfx").read_bytes()) is StatementFormat.QFX


def test_a_head_cut_inside_a_multibyte_character_is_still_utf8_csv() -> None:
    head = ("Date,Description,Amount\n" + "02/01/2026,CAFÉ,-1.00\n" * 400).encode()
    cut = head[: head.index("É".encode()) + 1]  # half of the É
    assert detect_format(cut) is StatementFormat.CSV


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "the file is empty"),
        (b"  \n\n ", "the file is empty"),
        (bytes(range(256)) * 20, "binary"),
        (b"\x89PNG\r\n\x1a\n" + bytes(2000), "binary"),
        (b"Dear customer,\nplease find your statement attached.\n", "none of CSV"),
        (b"a,b,c\n1,2,3\n4,5,6\n", "none of CSV"),
        (b"<html><body>statement</body></html>", "none of CSV"),
    ],
)
def test_what_is_no_statement_is_refused_with_a_reason(
    write: WriteFile, content: bytes, why: str
) -> None:
    with pytest.raises(StatementError) as refused:
        open_statement(write(content))
    assert str(refused.value).startswith("unrecognised statement format")
    assert why in str(refused.value)
    assert refused.value.row is None


def test_xml_that_is_not_camt053_is_not_a_statement() -> None:
    camt052 = (
        b'<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"/>'
    )
    assert detect_format(camt052) is None


def test_mt940_inside_a_swift_envelope_is_detected() -> None:
    head = b"{1:F01BANKBEBBAXXX0000000000}{2:I940BANKBEBBXXXXN}{4:\r\n:20:STMT1\r\n:25:BE12/3\r\n"
    assert detect_format(head) is StatementFormat.MT940


def test_statement_error_reads_with_its_row() -> None:
    error = StatementError("amount 'abc' is not a number", 57)
    assert str(error) == "row 57: amount 'abc' is not a number"
    assert (error.reason, error.row) == ("amount 'abc' is not a number", 57)
    assert str(StatementError("truncated")) == "truncated"
