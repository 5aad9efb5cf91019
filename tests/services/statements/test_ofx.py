"""OFX 1 (SGML), OFX 2 (XML) and QFX statements."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from services.statements import StatementError, StatementFormat, StatementRow, open_statement
from tests.services.statements.conftest import WriteFile, read_rows
from tools.bench.statement_gen import generate, stream

SGML_HEADER = (
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\n"
    "CHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n"
)


def _sgml(transactions: str, currency: str = "USD") -> str:
    return (
        SGML_HEADER + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>"
        "<DTSERVER>20260131<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>"
        "<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>"
        f"<CCSTMTRS><CURDEF>{currency}<CCACCTFROM><ACCTID>4111</CCACCTFROM>"
        "<BANKTRANLIST><DTSTART>20260101<DTEND>20260131\n"
        + transactions
        + "</BANKTRANLIST><LEDGERBAL><BALAMT>-10.00<DTASOF>20260131</LEDGERBAL>"
        "</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n"
    )


@pytest.mark.parametrize(("fmt", "version"), [("ofx", 1), ("ofx", 2), ("qfx", 1), ("qfx", 2)])
def test_generated_statements_read_back(tmp_path: Path, fmt: str, version: int) -> None:
    path = tmp_path / f"statement.{fmt}"
    generate(path, fmt, rows=300, seed=8, per_day=4, ofx_version=version, encoding="latin-1")
    statement = open_statement(path)
    assert statement.format is StatementFormat(fmt)
    rows = list(statement.rows())
    expected = [t for t, _ in zip(stream(8, per_day=4), range(300), strict=False)]
    assert [r.row for r in rows] == list(range(1, 301))
    assert [(r.booked_on, r.amount) for r in rows] == [
        (t.booked_on, Decimal(t.cents).scaleb(-2)) for t in expected
    ]
    assert [r.bank_reference for r in rows] == [t.reference for t in expected]
    # NAME (the payee) then MEMO (the bank's text), unless the memo already names it.
    assert [r.description for r in rows] == [
        t.description if t.payee[:32] in t.description else f"{t.payee[:32]} {t.description}"
        for t in expected
    ]
    assert [r.payee for r in rows] == [t.payee[:32] for t in expected]
    assert {r.currency for r in rows} == {"GBP"}


def test_sgml_fields_and_their_fallbacks(write: WriteFile) -> None:
    path = write(
        _sgml(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102120000.000[-5:EST]<TRNAMT>-12.34"
            "<FITID>A1<NAME>TESCO STORES 3412<MEMO>CARD PAYMENT</STMTTRN>\n"
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260103<TRNAMT>-5,50"
            "<FITID>A2<PAYEE><NAME>M&amp;S<ADDR1>1 HIGH ST<CITY>LONDON<POSTALCODE>W1"
            "<PHONE>0</PAYEE><MEMO>M&amp;S SIMPLY FOOD 123<CURRENCY><CURRATE>1.1<CURSYM>eur"
            "</CURRENCY></STMTTRN>\n"
            "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260104235959.000[+10:AEST]<TRNAMT>100"
            "<FITID>A3</STMTTRN>\n"
        ),
        "card.ofx",
    )
    first, second, third = read_rows(path)
    assert (first.booked_on, first.amount, first.bank_reference) == (
        datetime.date(2026, 1, 2),
        Decimal("-12.34"),
        "A1",
    )
    assert (first.description, first.payee, first.currency) == (
        "TESCO STORES 3412 CARD PAYMENT",
        "TESCO STORES 3412",
        "USD",
    )
    # PAYEE aggregate, entities, a memo containing the name, a decimal comma, CURSYM.
    assert (second.payee, second.description) == ("M&S", "M&S SIMPLY FOOD 123")
    assert (second.amount, second.currency) == (Decimal("-5.50"), "EUR")
    # The bank's local day, not the day in UTC.
    assert (third.booked_on, third.description) == (datetime.date(2026, 1, 4), "(no description)")


def test_a_bad_amount_names_its_record(write: WriteFile) -> None:
    path = write(
        _sgml(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1<FITID>A1</STMTTRN>"
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>lots<FITID>A2</STMTTRN>"
        ),
        "bad.ofx",
    )
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert (refused.value.row, refused.value.reason) == (2, "TRNAMT 'lots' is not a number")


def test_a_bad_date_names_its_record(write: WriteFile) -> None:
    path = write(
        _sgml("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026-01-02<TRNAMT>-1<FITID>A1</STMTTRN>"),
        "bad.ofx",
    )
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert (refused.value.row, refused.value.reason) == (
        1,
        "DTPOSTED '2026-01-02' is not an OFX date",
    )


def test_a_truncated_file_is_an_error_after_its_complete_rows(tmp_path: Path) -> None:
    for version in (1, 2):
        path = tmp_path / f"cut{version}.ofx"
        generate(path, "ofx", rows=50, ofx_version=version)
        data = path.read_bytes()
        path.write_bytes(data[: data.index(b"<STMTTRN>", len(data) // 2) + 30])
        rows = open_statement(path).rows()
        read: list[StatementRow] = []
        with pytest.raises(StatementError) as refused:
            read.extend(rows)
        assert 10 < len(read) < 50
        assert "truncated" in str(refused.value)


def test_mismatched_markup_is_an_error(write: WriteFile) -> None:
    path = write(
        _sgml("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1<FITID>A1</STMTRS>"),
        "bad.ofx",
    )
    with pytest.raises(StatementError, match="malformed"):
        read_rows(path)


def test_a_malformed_header_without_a_body_is_an_error(write: WriteFile) -> None:
    path = write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:abc\n\nnothing else", "bad.ofx")
    with pytest.raises(
        StatementError, match="OFX: the header is malformed and no <OFX> body follows it"
    ):
        read_rows(path)


def test_a_header_ofxtools_rejects_is_passed_over_for_the_body(write: WriteFile) -> None:
    transaction = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1<FITID>A1</STMTTRN>"
    body = _sgml(transaction)[len(SGML_HEADER) :]
    path = write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n" + body, "short.ofx")
    assert [r.bank_reference for r in read_rows(path)] == ["A1"]


def test_a_bare_ofx_body_without_header_is_read(write: WriteFile) -> None:
    body = _sgml("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1<FITID>A1</STMTTRN>")
    path = write(body[len(SGML_HEADER) :], "bare.ofx")
    assert [r.bank_reference for r in read_rows(path)] == ["A1"]


def test_transactions_across_chunk_boundaries(tmp_path: Path) -> None:
    # Two MB of transactions: the body is fed in 1 MB chunks, cut before a tag.
    path = tmp_path / "big.ofx"
    generate(path, "ofx", rows=14_000, seed=3)
    rows = read_rows(path)
    assert len(rows) == 14_000 and path.stat().st_size > 2_000_000
    assert len({r.bank_reference for r in rows}) == 14_000


def test_a_second_top_level_element_is_malformed(write: WriteFile) -> None:
    transaction = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1<FITID>A1</STMTTRN>"
    path = write(_sgml(transaction) + "<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>", "two.ofx")
    with pytest.raises(StatementError, match="markup is malformed after transaction 1"):
        read_rows(path)
