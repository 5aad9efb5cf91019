"""The balances a statement file carries: MT940 :60F:/:62F:, CAMT.053 OPBD/CLBD, OFX
LEDGERBAL (closing only), none in CSV and QIF; an unreadable balance is left out."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from services.statements import StatementBalances, open_statement, read_balances
from tests.services.statements.conftest import WriteFile
from tools.bench.statement_gen import generate


@pytest.mark.parametrize(
    ("fmt", "opening"),
    [("mt940", True), ("camt053", True), ("ofx", False), ("csv", False), ("qif", False)],
)
def test_generated_files_give_their_balances(tmp_path: Path, fmt: str, opening: bool) -> None:
    path = tmp_path / f"statement.{fmt}"
    # Three months: MT940 writes one statement per month (first opening, last closing).
    summary = generate(path, fmt, rows=300, seed=4, per_day=3, currency="EUR")
    found = read_balances(open_statement(path))
    if fmt in ("csv", "qif"):
        assert found == StatementBalances()
        return
    assert found.closing == Decimal(summary.closing_cents).scaleb(-2)
    expected = Decimal(summary.opening_cents).scaleb(-2) if opening else None
    assert found.opening == expected


def test_debit_balances_are_negative_and_bad_ones_left_out(write: WriteFile) -> None:
    mt940 = write(
        ":20:X\n:25:123/456\n:60F:D260101EUR10,50\n"
        ":61:2601020102D1,00NMSCNONREF\n:86:FEE\n:62F:CXXXXXXEUR\n-\n",
        "s.sta",
    )
    assert read_balances(open_statement(mt940)) == StatementBalances(Decimal("-10.50"), None)


def test_an_ofx_balance_cut_by_a_chunk_is_read_whole(
    write: WriteFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.statements import balances

    monkeypatch.setattr(balances, "_CHUNK", 7)
    monkeypatch.setattr(balances, "_OVERLAP", 20)
    ofx = write(
        "OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>"
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260102<TRNAMT>-1.00<FITID>1<NAME>X</STMTTRN>"
        "</BANKTRANLIST><LEDGERBAL><BALAMT>-123.45<DTASOF>20260131</LEDGERBAL>"
        "<AVAILBAL><BALAMT>99<DTASOF>20260131</AVAILBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
        "s.ofx",
    )
    assert read_balances(open_statement(ofx)).closing == Decimal("-123.45")
