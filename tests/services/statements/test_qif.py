"""QIF statements."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from services.statements import StatementError, StatementFormat, open_statement
from tests.services.statements.conftest import WriteFile, read_rows
from tools.bench.statement_gen import generate, stream

D = datetime.date


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"date_order": "dmy"},
        {"date_order": "iso"},
        {"two_digit_year": True, "date_order": "mdy"},
    ],
)
def test_generated_statements_read_back(tmp_path: Path, options: dict[str, Any]) -> None:
    path = tmp_path / "statement.qif"
    generate(path, "qif", rows=300, seed=6, per_day=4, **options)
    statement = open_statement(path)
    assert statement.format is StatementFormat.QIF
    rows = list(statement.rows())
    expected = [t for t, _ in zip(stream(6, per_day=4), range(300), strict=False)]
    assert [(r.booked_on, r.amount, r.payee) for r in rows] == [
        (t.booked_on, Decimal(t.cents).scaleb(-2), t.payee) for t in expected
    ]
    assert all(r.payee and r.payee.casefold() in r.description.casefold() for r in rows)
    assert {(r.currency, r.bank_reference) for r in rows} == {(None, None)}


def test_quicken_dates_fields_and_line_numbers(write: WriteFile) -> None:
    path = write(
        "!Account\nNChecking\nTBank\n^\n"
        "!Type:Bank\n"
        "D1/ 2'26\nT-1,234.56\nPTESCO STORES\nMGroceries\nN101\nC*\nLFood\n^\n"
        "D12/31/99\nU250.00\nT250.00\nPACME LTD\n^\n"
        "D01/13/2026\nT-5\nSGroceries\nEsplit memo\n$-5\n^\n",
        "statement.qif",
    )
    rows = read_rows(path)
    assert [(r.row, r.booked_on, r.amount) for r in rows] == [
        (6, D(2026, 1, 2), Decimal("-1234.56")),
        (14, D(1999, 12, 31), Decimal("250.00")),
        (19, D(2026, 1, 13), Decimal("-5")),
    ]
    assert (rows[0].description, rows[0].payee) == ("TESCO STORES Groceries", "TESCO STORES")
    assert rows[2].description == "(no description)"


def test_day_first_proven_by_a_late_record(write: WriteFile) -> None:
    records = "".join(f"D0{m}/0{m}/2026\nT-1\nPSHOP\n^\n" for m in range(1, 8))
    path = write("!Type:CCard\n" + records + "D02/01/2026\nT-1\n^\nD25/01/2026\nT-2\n^\n", "a.qif")
    rows = read_rows(path)
    assert rows[7].booked_on == D(2026, 1, 2)
    assert rows[8].booked_on == D(2026, 1, 25)


def test_non_cash_sections_are_skipped(write: WriteFile) -> None:
    path = write(
        "!Type:Cat\nNFood\nE\n^\n"
        "!Type:Bank\nD1/2/26\nT-1\nPA\n^\n"
        "!Type:Invst\nD1/3/26\nNBuy\nYACME\nT-100\n^\n"
        "!Type:Bank\nD1/4/26\nT-2\nPB\n",  # the last record may lack its ^
        "a.qif",
    )
    assert [r.payee for r in read_rows(path)] == ["A", "B"]


@pytest.mark.parametrize(
    ("record", "row", "reason"),
    [
        ("D1/2/26\nTabc\n^\n", 4, "amount 'abc' is not a number"),
        ("D13/13/26\nT-1\n^\n", 3, "date '13/13/26' is not a date"),
        ("T-1\nPX\n^\n", 3, "the record has no date (D line)"),
        ("D1/2/26\nPX\n^\n", 3, "the record has no amount (T line)"),
    ],
)
def test_a_bad_record_names_its_line(write: WriteFile, record: str, row: int, reason: str) -> None:
    path = write("!Type:Bank\n\n" + record, "bad.qif")
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert (refused.value.row, refused.value.reason) == (row, reason)
