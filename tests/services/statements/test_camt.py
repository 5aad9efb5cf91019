"""CAMT.053 statements (any camt.053.001.xx namespace)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from services.statements import StatementError, StatementFormat, StatementRow, open_statement
from tests.services.statements.conftest import WriteFile, read_rows
from tools.bench.statement_gen import generate, stream


def _document(entries: str, version: str = "02") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.{version}">'
        "<BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr><Stmt><Id>S1</Id>"
        "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>"
        + entries
        + "</Stmt></BkToCstmrStmt></Document>\n"
    )


@pytest.mark.parametrize("version", ["02", "04", "08"])
def test_generated_statements_read_back(tmp_path: Path, version: str) -> None:
    path = tmp_path / "statement.xml"
    generate(path, "camt053", rows=300, seed=9, per_day=4, camt_version=version, currency="EUR")
    statement = open_statement(path)
    assert statement.format is StatementFormat.CAMT053
    rows = list(statement.rows())
    expected = [t for t, _ in zip(stream(9, per_day=4), range(300), strict=False)]
    assert [r.row for r in rows] == list(range(1, 301))
    assert [(r.booked_on, r.amount, r.description, r.payee, r.bank_reference) for r in rows] == [
        (t.booked_on, Decimal(t.cents).scaleb(-2), t.description, t.payee, t.reference)
        for t in expected
    ]
    assert {r.currency for r in rows} == {"EUR"}


def test_entry_fields_and_fallbacks(write: WriteFile) -> None:
    path = write(
        _document(
            # .08 style parties and status; several Ustrd lines; NtryRef only.
            '<Ntry><NtryRef>N-1</NtryRef><Amt Ccy="eur">12.30</Amt><CdtDbtInd>DBIT</CdtDbtInd>'
            "<Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2026-01-02T10:00:00+01:00</DtTm></BookgDt>"
            "<NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Stadtwerke  München</Nm></Pty></Cdtr>"
            "<Dbtr><Pty><Nm>Jan Schmidt</Nm></Pty></Dbtr></RltdPties>"
            "<RmtInf><Ustrd>Abschlag</Ustrd><Ustrd>Januar 2026</Ustrd></RmtInf>"
            "</TxDtls></NtryDtls></Ntry>"
            # A credit: the debtor pays us; only the entry's additional info as text.
            '<Ntry><Amt Ccy="EUR">100</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>'
            "<BookgDt><Dt>2026-01-03</Dt></BookgDt><AcctSvcrRef>BANK-2</AcctSvcrRef>"
            "<AddtlNtryInf>GUTSCHRIFT</AddtlNtryInf><NtryDtls><TxDtls><RltdPties>"
            "<Dbtr><Nm>ACME GmbH</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>"
            # Pending: not booked, skipped (it keeps its record number).
            '<Ntry><Amt Ccy="EUR">1</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts>'
            "<BookgDt><Dt>2026-01-04</Dt></BookgDt></Ntry>"
            # A batch of three transactions stays one row.
            '<Ntry><Amt Ccy="EUR">300.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>'
            "<BookgDt><Dt>2026-01-05</Dt></BookgDt><AcctSvcrRef>BANK-4</AcctSvcrRef>"
            "<NtryDtls><Btch><NbOfTxs>3</NbOfTxs></Btch><TxDtls/><TxDtls/><TxDtls/></NtryDtls>"
            "</Ntry>",
            "08",
        ),
        "camt.xml",
    )
    first, second, batch = read_rows(path)
    assert (first.row, first.booked_on, first.amount, first.currency) == (
        1,
        datetime.date(2026, 1, 2),
        Decimal("-12.30"),
        "EUR",
    )
    assert (first.description, first.payee, first.bank_reference) == (
        "Abschlag Januar 2026",
        "Stadtwerke München",
        "N-1",
    )
    assert (second.amount, second.description, second.payee, second.bank_reference) == (
        Decimal(100),
        "GUTSCHRIFT",
        "ACME GmbH",
        "BANK-2",
    )
    assert (batch.row, batch.amount, batch.description, batch.payee) == (
        4,
        Decimal("-300.00"),
        "batch of 3 transactions",
        None,
    )


def test_truncated_xml_is_an_error_after_the_complete_entries(tmp_path: Path) -> None:
    path = tmp_path / "cut.xml"
    generate(path, "camt053", rows=40)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    read: list[StatementRow] = []
    with pytest.raises(StatementError) as refused:
        read.extend(open_statement(path).rows())
    assert 5 < len(read) < 40
    assert "malformed or truncated" in str(refused.value)


def test_a_bad_amount_names_its_entry(write: WriteFile) -> None:
    path = write(
        _document(
            '<Ntry><Amt Ccy="EUR">ten</Amt><CdtDbtInd>DBIT</CdtDbtInd>'
            "<BookgDt><Dt>2026-01-02</Dt></BookgDt></Ntry>"
        ),
        "bad.xml",
    )
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert (refused.value.row, refused.value.reason) == (1, "Amt 'ten' is not a number")


def test_entity_expansion_is_refused(write: WriteFile) -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&b;</Document>'
    )
    with pytest.raises(StatementError, match=r"CAMT\.053: refused XML"):
        read_rows(write(bomb, "bomb.xml"))


def test_another_root_is_refused(write: WriteFile) -> None:
    path = write(
        '<?xml version="1.0"?><!-- camt.053.001.02 --><Other xmlns="urn:x"><a/></Other>', "x.xml"
    )
    assert open_statement(path).format is StatementFormat.CAMT053  # the head mentions it
    with pytest.raises(StatementError, match=r"not a camt\.053 Document"):
        read_rows(path)
