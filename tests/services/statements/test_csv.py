"""CSV statements: layouts, conventions decided over the whole file, and bad rows."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from services.statements import StatementError, StatementFormat, open_statement
from services.statements.model import StatementRow
from tests.services.statements.conftest import WriteFile, read_rows
from tools.bench.statement_gen import generate, stream

D = datetime.date


def _expected(seed: int, count: int, per_day: float = 4.0) -> list[tuple[D, Decimal, str]]:
    rows = []
    for txn, _ in zip(stream(seed, per_day=per_day), range(count), strict=False):
        rows.append((txn.booked_on, Decimal(txn.cents).scaleb(-2), txn.description))
    return rows


def _seen(rows: list[StatementRow]) -> list[tuple[D, Decimal, str]]:
    return [(r.booked_on, r.amount, r.description) for r in rows]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"date_order": "mdy"},
        {"date_order": "iso", "delimiter": "|", "thousands": False},
        {"delimiter": "\t", "two_digit_year": True},
        {"language": "de", "amounts": "debit_credit", "preamble": 3, "summary": True},
        {"language": "fr", "encoding": "latin-1", "payee_column": True, "currency_column": True},
        {"language": "nl", "encoding": "utf-8-sig", "amounts": "debit_credit"},
        {"language": "es", "encoding": "cp1252", "reference_column": True},
        {"amounts": "debit_credit", "preamble": 2, "encoding": "utf-8-sig", "summary": True},
    ],
)
def test_generated_statements_read_back_exactly(tmp_path: Path, options: dict[str, Any]) -> None:
    path = tmp_path / "statement.csv"
    generate(path, "csv", rows=400, seed=5, per_day=4, **options)
    rows = read_rows(path)
    assert _seen(rows) == _expected(5, 400)
    assert open_statement(path).format is StatementFormat.CSV
    if options.get("payee_column"):
        assert all(r.payee for r in rows)
    if options.get("currency_column"):
        assert {r.currency for r in rows} == {"GBP"}
    if options.get("reference_column"):
        assert len({r.bank_reference for r in rows}) == 400
    else:
        assert {r.bank_reference for r in rows} == {None}


def test_rows_are_numbered_by_physical_line(write: WriteFile) -> None:
    path = write(
        "Account:,12345\n\nDate,Description,Amount\n"
        '02/01/2026,"TWO\nLINES",-1.00\n\n03/01/2026,NEXT,-2.00\n'
    )
    assert [r.row for r in read_rows(path)] == [4, 7]


def test_day_first_is_decided_by_a_late_row(write: WriteFile) -> None:
    early = "".join(f"0{m}/0{m}/2026,SHOP {m},-1.00\n" for m in range(1, 10))
    path = write(
        "Date,Description,Amount\n" + early + "01/03/2026,X,-1.00\n25/03/2026,LATE,-2.00\n"
    )
    rows = read_rows(path)
    assert rows[9].booked_on == D(2026, 3, 1)  # read day-first because of the last row
    assert rows[10].booked_on == D(2026, 3, 25)


def test_month_first_is_decided_by_a_late_row(write: WriteFile) -> None:
    early = "".join(f"0{m}/0{m}/2026,SHOP,-1.00\n" for m in range(1, 10))
    path = write(
        "Date,Description,Amount\n" + early + "01/03/2026,X,-1.00\n03/25/2026,LATE,-2.00\n"
    )
    rows = read_rows(path)
    assert rows[9].booked_on == D(2026, 1, 3)
    assert rows[10].booked_on == D(2026, 3, 25)


def test_ambiguous_dates_are_day_first_unless_the_file_is_american(write: WriteFile) -> None:
    plain = write("Date,Description,Amount\n01/02/2026,X,-1.00\n", "plain.csv")
    dollars = write("Date,Description,Amount\n01/02/2026,X,-$1.00\n", "dollars.csv")
    usd = write("Date,Description,Amount,Currency\n01/02/2026,X,-1.00,USD\n", "usd.csv")
    assert read_rows(plain)[0].booked_on == D(2026, 2, 1)
    assert read_rows(dollars)[0].booked_on == D(2026, 1, 2)
    assert read_rows(usd)[0].booked_on == D(2026, 1, 2)


def test_dates_mixing_both_orders_are_refused(write: WriteFile) -> None:
    path = write("Date,Description,Amount\n25/01/2026,A,-1.00\n01/25/2026,B,-1.00\n")
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert refused.value.row == 3
    assert refused.value.reason == (
        "date '01/25/2026' is not a date when read day-first like the file's dates"
    )


def test_conflicting_evidence_in_the_first_pass_is_refused(write: WriteFile) -> None:
    path = write("Date,Description,Amount\n02/01/2026,A,1\n25/01/2026,B,2\n01/25/2026,C,3\n")
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert refused.value.row == 4
    assert "mix day-first and month-first" in refused.value.reason


@pytest.mark.parametrize(
    ("written", "booked"),
    [
        ("2026-01-02", D(2026, 1, 2)),
        ("2026-01-02T10:11:12", D(2026, 1, 2)),
        ("2026-01-02 10:11:12", D(2026, 1, 2)),
        ("20260102", D(2026, 1, 2)),
        ("02.01.2026", D(2026, 1, 2)),
        ("2.1.26", D(2026, 1, 2)),
        ("02/01/99", D(1999, 1, 2)),
        ("02 Jan 2026", D(2026, 1, 2)),
        ("2-Jan-26", D(2026, 1, 2)),
        ("Jan 2, 2026", D(2026, 1, 2)),
        ("2. März 2026", D(2026, 3, 2)),
        ("2 févr. 2026", D(2026, 2, 2)),
        ("2 juil. 2026", D(2026, 7, 2)),
    ],
)
def test_date_shapes(write: WriteFile, written: str, booked: D) -> None:
    path = write(f"Date;Description;Amount\n{written};X;-1,00\n")
    assert read_rows(path)[0].booked_on == booked


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("1.234,56", "1234.56"),
        ("-1.234.567,89", "-1234567.89"),
        ("1 234,56", "1234.56"),
        ("12,5", "12.5"),
        ("(12,34)", "-12.34"),
        ("12,34-", "-12.34"),
        ("€ -12,34", "-12.34"),
        ("12,34 EUR", "12.34"),
    ],
)
def test_decimal_comma_amounts(write: WriteFile, written: str, amount: str) -> None:
    path = write(f'Buchungstag;Verwendungszweck;Betrag\n02.01.2026;X;"{written}"\n')
    assert read_rows(path)[0].amount == Decimal(amount)


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("1,234.56", "1234.56"),
        ("-1,234,567.89", "-1234567.89"),
        ("(12.34)", "-12.34"),
        ("12.34-", "-12.34"),
        ("£12.34", "12.34"),
        ("-$5.00", "-5.00"),
        ("12.34 CR", "12.34"),
        ("12.34 DR", "-12.34"),
        ("1'234.50", "1234.50"),
        ("+7", "7"),
    ],
)
def test_decimal_point_amounts(write: WriteFile, written: str, amount: str) -> None:
    path = write(f'Date,Description,Amount\n02/01/2026,X,"{written}"\n')
    assert read_rows(path)[0].amount == Decimal(amount)


def test_the_decimal_separator_is_decided_over_the_file(write: WriteFile) -> None:
    # "1.234" alone could be either; a later "5,5" proves the comma.
    path = write('Date,Description,Amount\n02/01/2026,A,1.234\n03/01/2026,B,"5,5"\n')
    assert [r.amount for r in read_rows(path)] == [Decimal(1234), Decimal("5.5")]


def test_debit_and_credit_columns(write: WriteFile) -> None:
    path = write(
        "Date,Details,Money out,Money in,Balance\n"
        "02/01/2026,TESCO,12.34,,100.00\n"
        "03/01/2026,SALARY,,2500.00,2600.00\n"
        "04/01/2026,FEE,-3.00,,2597.00\n"
        "05/01/2026,BOTH,1.00,0.00,2596.00\n"
    )
    assert [r.amount for r in read_rows(path)] == [
        Decimal("-12.34"),
        Decimal("2500.00"),
        Decimal("-3.00"),
        Decimal("-1.00"),
    ]


def test_german_soll_haben_columns_and_preamble(write: WriteFile) -> None:
    path = write(
        "Kontoinhaber;Jan Schmidt\nIBAN;DE89 3704 0044 0532 0130 00\n\n"
        "Buchungstag;Valuta;Auftraggeber / Begünstigter;Verwendungszweck;Soll;Haben;Währung\n"
        "02.01.2026;03.01.2026;REWE Markt;Einkauf  Lebensmittel;1.234,56;;EUR\n"
        "05.01.2026;05.01.2026;ACME GmbH;Gehalt;;2.000,00;EUR\n"
        "Kontostand;31.01.2026;;;;765,44;EUR\n"
    )
    rows = read_rows(path)
    assert [(r.row, r.booked_on, r.amount) for r in rows] == [
        (5, D(2026, 1, 2), Decimal("-1234.56")),
        (6, D(2026, 1, 5), Decimal("2000.00")),
    ]
    assert rows[0].description == "Einkauf Lebensmittel"
    assert rows[0].payee == "REWE Markt"
    assert rows[0].currency == "EUR"


def test_a_debit_credit_mark_signs_the_amount(write: WriteFile) -> None:
    path = write(
        '"Datum","Naam / Omschrijving","Af Bij","Bedrag (EUR)","Mededelingen"\n'
        '"20260102","Albert Heijn","Af","12,34","Pasvolgnr 001"\n'
        '"20260103","Werkgever BV","Bij","2.000,00","Salaris"\n'
    )
    rows = read_rows(path)
    assert [r.amount for r in rows] == [Decimal("-12.34"), Decimal("2000.00")]
    assert rows[0].description == "Albert Heijn Pasvolgnr 001"
    assert rows[0].currency == "EUR"  # from the header's unit


def test_byte_order_mark_and_latin1(write: WriteFile) -> None:
    text = "Date;Libellé;Montant\n02/01/2026;CAFÉ DE FLORE;-4,50\n"
    bom = write(b"\xef\xbb\xbf" + text.encode(), "bom.csv")
    latin = write(text.encode("latin-1"), "latin.csv")
    cp1252 = write(text.replace("-4,50", "-4,50 €").encode("cp1252"), "cp1252.csv")
    for path in (bom, latin, cp1252):
        (row,) = read_rows(path)
        assert (row.row, row.description, row.amount) == (2, "CAFÉ DE FLORE", Decimal("-4.50"))


def test_a_late_non_utf8_byte_decides_the_whole_file(write: WriteFile) -> None:
    lines = "".join(f"02/01/2026,SHOP {i},-1.00\n" for i in range(5000))
    path = write(
        ("Date,Description,Amount\n" + lines + "03/01/2026,CAFÉ,-2.00\n").encode("latin-1")
    )
    assert read_rows(path)[-1].description == "CAFÉ"


def test_twins_are_kept_as_two_rows(write: WriteFile) -> None:
    path = write(
        "Date,Description,Amount\n02/01/2026,COSTA COFFEE,-3.10\n02/01/2026,COSTA COFFEE,-3.10\n"
    )
    rows = read_rows(path)
    assert len(rows) == 2 and rows[0].row != rows[1].row
    assert _seen(rows[:1]) == _seen(rows[1:])


def test_blank_and_summary_lines_are_skipped(write: WriteFile) -> None:
    path = write(
        "Date,Description,Amount\n"
        "Opening balance,,100.00\n"
        "02/01/2026,A,-1.00\n"
        ",,\n"
        "\n"
        "03/01/2026,B,-2.00\n"
        "Total,,-3.00\n"
        "Closing balance,,97.00\n"
    )
    assert [r.description for r in read_rows(path)] == ["A", "B"]


def test_description_falls_back_to_the_payee_then_a_placeholder(write: WriteFile) -> None:
    path = write("Date,Payee,Description,Amount\n02/01/2026,ACME,,-1.00\n03/01/2026,,  ,-2.00\n")
    rows = read_rows(path)
    assert [r.description for r in rows] == ["ACME", "(no description)"]
    assert [r.payee for r in rows] == ["ACME", None]


def test_a_trailing_delimiter_is_tolerated(write: WriteFile) -> None:
    path = write("Date,Description,Amount\n02/01/2026,A,-1.00,\n")
    assert read_rows(path)[0].amount == Decimal("-1.00")


def test_a_file_without_header_is_read_by_content(write: WriteFile) -> None:
    path = write(
        '"01/02/2026","-12.34","*","","CHECK CARD PURCHASE TESCO"\n'
        '"01/03/2026","2500.00","*","","PAYROLL ACME"\n'
        '"01/13/2026","-5.00","*","","ATM"\n'
    )
    rows = read_rows(path)
    assert [(r.row, r.booked_on, r.amount, r.description) for r in rows] == [
        (1, D(2026, 1, 2), Decimal("-12.34"), "CHECK CARD PURCHASE TESCO"),
        (2, D(2026, 1, 3), Decimal("2500.00"), "PAYROLL ACME"),
        (3, D(2026, 1, 13), Decimal("-5.00"), "ATM"),
    ]


@pytest.mark.parametrize(
    ("bad_line", "reason"),
    [
        ("04/01/2026,C,abc", "amount 'abc' is not a number"),
        ("31/02/2026,C,-1.00", "date '31/02/2026' is not a date"),
        (",C,-1.00", "date '' is not a date"),
        ("04/01/2026,C,", "amount '' is not a number"),
        ("04/01/2026,C", "2 cells where the header has 3"),
        ("04/01/2026,C,-1.00,EXTRA", "4 cells where the header has 3"),
        ("04/01/2026,C,1,23,4", "5 cells where the header has 3"),
    ],
)
def test_a_bad_row_names_its_line(write: WriteFile, bad_line: str, reason: str) -> None:
    path = write(f"Statement\n\nDate,Description,Amount\n02/01/2026,A,-1.00\n{bad_line}\n")
    statement = open_statement(path)
    rows = statement.rows()
    assert next(rows).row == 4
    with pytest.raises(StatementError) as refused:
        next(rows)
    assert refused.value.row == 5
    assert refused.value.reason == reason
    assert str(refused.value) == f"row 5: {reason}"


def test_a_bad_row_deep_in_a_big_file(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    generate(path, "csv", rows=5000, seed=2)
    lines = path.read_text().splitlines()
    lines[4000] = lines[4000].replace(lines[4000].split(",")[0], "not a date", 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(StatementError) as refused:
        read_rows(path)
    assert refused.value.row == 4001
    assert "'not a date' is not a date" in str(refused.value)


def test_a_header_without_an_amount_is_no_statement(write: WriteFile) -> None:
    with pytest.raises(StatementError, match="unrecognised statement format"):
        open_statement(write("Date,Description,Category\n02/01/2026,A,Food\n"))


def test_rows_can_be_read_again(write: WriteFile) -> None:
    statement = open_statement(write("Date,Description,Amount\n02/01/2026,A,-1.00\n"))
    assert list(statement.rows()) == list(statement.rows())


def test_excels_separator_hint_line(write: WriteFile) -> None:
    path = write("sep=;\nDate;Description;Amount\n02/01/2026;A, B and C;-1.50\n")
    (row,) = read_rows(path)
    assert (row.row, row.description, row.amount) == (3, "A, B and C", Decimal("-1.50"))


def test_semicolons_with_a_decimal_point(write: WriteFile) -> None:
    path = write("Date;Description;Amount\n02/01/2026;A;-1.50\n03/01/2026;B;2\n")
    assert [r.amount for r in read_rows(path)] == [Decimal("-1.50"), Decimal(2)]


def test_the_booking_date_wins_over_the_value_date(write: WriteFile) -> None:
    path = write(
        "Value date,Transaction Date,Posted Date,Description,Debit,Credit\n"
        "2026-01-01,2026-01-02,2026-01-03,X,1.00,\n"
    )
    assert read_rows(path)[0].booked_on == D(2026, 1, 3)


def test_line_numbers_count_only_real_line_ends(write: WriteFile) -> None:
    # U+0085 is a line break to str.splitlines, not to the csv module.
    # \x81 is undefined in Windows-1252, so the file is read as Latin-1, where \x85 is U+0085.
    text = "Account:,A\x85B\r\nDate,Description,Amount\r\n02/01/2026,X\x81,-1.00\r\n"
    (row,) = read_rows(write(text.encode("latin-1"), "a.csv"))
    assert (row.row, row.description) == (3, "X\x81")


def test_old_mac_line_ends(write: WriteFile) -> None:
    rows = read_rows(write("Date,Description,Amount\r02/01/2026,X,-1.00\r03/01/2026,Y,-2.00\r"))
    assert [r.row for r in rows] == [2, 3]


def test_a_small_headerless_file_without_a_final_line_end(write: WriteFile) -> None:
    path = write("02/01/2026,TESCO,-1.00\n03/01/2026,SALARY,100.00")
    assert [r.description for r in read_rows(path)] == ["TESCO", "SALARY"]
