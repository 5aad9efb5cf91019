"""MT940 statements."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from services.statements import StatementError, StatementFormat, open_statement
from tests.services.statements.conftest import WriteFile, read_rows
from tools.bench.statement_gen import generate, stream


@pytest.mark.parametrize("options", [{}, {"mt940_sepa": True, "encoding": "latin-1"}])
def test_generated_statements_read_back(tmp_path: Path, options: dict[str, Any]) -> None:
    path = tmp_path / "statement.sta"
    generate(path, "mt940", rows=400, seed=12, per_day=4, currency="EUR", **options)
    statement = open_statement(path)
    assert statement.format is StatementFormat.MT940
    rows = list(statement.rows())
    expected = [t for t, _ in zip(stream(12, per_day=4), range(400), strict=False)]
    assert [(r.booked_on, r.amount, r.bank_reference) for r in rows] == [
        (t.booked_on, Decimal(t.cents).scaleb(-2), t.reference) for t in expected
    ]
    assert {r.currency for r in rows} == {"EUR"}
    lines = path.read_text(encoding="latin-1").splitlines()
    assert all(lines[r.row - 1].startswith(":61:") for r in rows)
    if options:
        assert [(r.description, r.payee) for r in rows] == [
            (t.description, t.payee) for t in expected
        ]
    else:  # free text over several :86: lines, joined
        assert [r.description for r in rows] == [
            f"{t.description} REF {t.reference} {t.payee}" for t in expected
        ]
        assert any(len(r.description) > 65 for r in rows)


STATEMENT = """{1:F01BANKDEFFAXXX0000000000}{2:I940BANKDEFFXXXXN}{4:
:20:STARTUMS
:25:10020030/1234567
:28C:00001/001
:60F:C260101EUR1000,00
:61:2601020102D12,34NMSCNONREF//BREF-1
:86:CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN WITH A LONG TEXT THAT
 CONTINUES ON A SECOND LINE
 AND A THIRD
:61:2601030103C2500,00NTRFSALARY//NONREF
:86:166?00GUTSCHRIFT?20SALARY JANUARY?32ACME GMBH
:61:2601040104RC5,00NTRFNONREF
:86:RETURN
:62F:C260104EUR3482,66
-}
{5:{CHK:123456789ABC}}
"""


def test_fields_marks_references_and_multi_line_details(write: WriteFile) -> None:
    rows = read_rows(write(STATEMENT, "statement.sta"))
    assert [(r.row, r.booked_on, r.amount, r.bank_reference) for r in rows] == [
        (6, datetime.date(2026, 1, 2), Decimal("-12.34"), "BREF-1"),
        (10, datetime.date(2026, 1, 3), Decimal("2500.00"), None),  # NONREF is no reference
        (12, datetime.date(2026, 1, 4), Decimal("-5.00"), None),  # RC: reversal of a credit
    ]
    assert rows[0].description == (
        "CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN WITH A LONG TEXT THAT "
        "CONTINUES ON A SECOND LINE AND A THIRD"
    )
    assert (rows[1].description, rows[1].payee) == ("SALARY JANUARY", "ACME GMBH")
    assert {r.currency for r in rows} == {"EUR"}


def test_entry_date_is_the_booking_day_across_a_year_end(write: WriteFile) -> None:
    text = ":20:X\n:25:1/2\n:28C:1\n:60F:C251231EUR0,00\n:61:2601011231D1,00NTRFNONREF\n:86:X\n"
    (row,) = read_rows(write(text, "a.sta"))
    assert row.booked_on == datetime.date(2025, 12, 31)


def test_a_bad_statement_line_names_its_line(write: WriteFile) -> None:
    text = (
        ":20:X\n:25:1/2\n:28C:1\n:60F:C260101EUR0,00\n"
        ":61:2601020102D1,00NTRFNONREF\n:86:OK\n"
        ":61:GARBAGE\n:86:BAD\n"
    )
    rows = open_statement(write(text, "bad.sta")).rows()
    assert next(rows).row == 5
    with pytest.raises(StatementError) as refused:
        next(rows)
    assert refused.value.row == 7
    assert "':61:GARBAGE' could not be read" in refused.value.reason
