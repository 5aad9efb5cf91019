"""Each format opened as its readers open it (csv, json.loads, openpyxl) with the right
rows; the include switches honoured; text cells starting with = + - @ neutralised in CSV
and XLSX (numbers keep their sign); amounts exact."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from decimal import Decimal
from decimal import Decimal as D

import openpyxl
import pytest

from services.projectfinance.exports.domain.contents import (
    PHASE_COLUMNS,
    RECORD_COLUMNS,
    SCOPE_COLUMNS,
    TEAM_COLUMNS,
)
from services.projectfinance.exports.domain.requests import Include
from services.projectfinance.exports.files import render
from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.records.domain.figures import Work, figures
from tests.services.projectfinance.exports.support import (
    CENTER_ID,
    FORMULA,
    NOW,
    PHASE_ID,
    RECORD_ID,
    USER_ID,
    exported,
)

EVERYTHING = Include(phases=True, scopes=True, team=True)
NOTHING = Include(phases=False, scopes=False, team=False)


def csv_rows(include: Include) -> list[dict[str, str]]:
    file = render("csv", [exported()], include, NOW)
    assert file.content_type.startswith("text/csv")
    text = file.content.decode("utf-8")
    assert "\r\n" in text  # RFC 4180 line ends
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_csv_holds_every_section_asked() -> None:
    rows = csv_rows(EVERYTHING)
    assert [r["section"] for r in rows] == ["records", "phases", "scopes", "team"]
    record, phase, scope, member = rows
    assert record["record_id"] == str(RECORD_ID)
    assert record["total_budget"] == "1000.00"
    assert record["currency"] == "EUR"
    assert record["cost_performance_index"] == "1.0000"
    assert record["parent_id"] == ""
    assert record["created_at"] == "2026-03-15T12:00:00Z"
    assert (phase["phase_id"], phase["record_id"]) == (str(PHASE_ID), str(RECORD_ID))
    assert (phase["phase_budget"], phase["actual_cost"]) == ("400.00", "125.50")
    assert phase["progress_percent"] == "25.00"
    assert phase["actual_end"] == ""
    assert scope["cost_center_id"] == str(CENTER_ID)
    assert scope["allocated_budget"] == "300.00"
    assert scope["is_active"] == "true"
    assert member["user_id"] == str(USER_ID)
    assert member["allocation_percent"] == "50.00"


def test_csv_text_cells_are_neutralised_and_quoted() -> None:
    _, phase, scope, member = csv_rows(EVERYTHING)
    assert phase["name"] == "'" + FORMULA
    assert scope["name"] == "'+Design"
    # Commas, quotes and a line break survive RFC 4180 quoting.
    assert scope["description"] == '\'-1+2, @SUM(A1:A2)\nsecond line, "quoted"'
    assert member["role"] == "'@lead"


def test_numbers_keep_their_sign() -> None:
    # 10 % done for 500 spent of 1000: EAC 5000, a variance of -4000.00.
    work = Work(
        phases=[PhaseWork(RECORD_ID, "in_progress", D("1000"), D("500"), D(10), NOW, NOW, None)]
    )
    overrun = replace(exported(), figures=figures(D("1000.00"), "fixed_price", work, NOW))
    text = render("csv", [overrun], NOTHING, NOW).content.decode()
    (record,) = csv.DictReader(io.StringIO(text, newline=""))
    assert record["budget_variance"] == "-4000.00"  # a number, not neutralised text
    sheet = openpyxl.load_workbook(io.BytesIO(render("xlsx", [overrun], NOTHING, NOW).content))
    cell = sheet["records"].cell(2, RECORD_COLUMNS.index("budget_variance") + 1)
    assert cell.value == -4000


def test_csv_without_parts_holds_records_only() -> None:
    rows = csv_rows(NOTHING)
    assert [r["section"] for r in rows] == ["records"]
    assert list(rows[0]) == ["section", *RECORD_COLUMNS]


def test_json_nests_the_parts_asked() -> None:
    file = render("json", [exported()], Include(phases=True, scopes=False, team=True), NOW)
    assert file.content_type == "application/json"
    body = json.loads(file.content)
    assert body["record_count"] == 1
    assert body["generated_at"] == "2026-03-15T12:00:00Z"
    (record,) = body["records"]
    assert record["total_budget"] == "1000.00"  # exact decimal text, never a float
    assert "scopes" not in record
    (phase,) = record["phases"]
    assert phase["name"] == FORMULA  # JSON is data: as typed
    assert phase["sequence"] == 1
    assert phase["actual_end"] is None
    (member,) = record["team"]
    assert member["role"] == "@lead"
    assert set(member) == set(TEAM_COLUMNS)


def test_xlsx_has_a_sheet_per_section() -> None:
    file = render("xlsx", [exported()], EVERYTHING, NOW)
    assert file.content_type.endswith("spreadsheetml.sheet")
    book = openpyxl.load_workbook(io.BytesIO(file.content))
    assert book.sheetnames == ["records", "phases", "scopes", "team"]
    records = list(book["records"].iter_rows(values_only=True))
    assert records[0] == RECORD_COLUMNS
    assert len(records) == 2
    row = dict(zip(RECORD_COLUMNS, records[1], strict=True))
    assert Decimal(str(row["total_budget"])) == Decimal("1000.00")
    assert book["records"].cell(2, RECORD_COLUMNS.index("total_budget") + 1).number_format == (
        "0.00"
    )
    phases = list(book["phases"].iter_rows(values_only=True))
    assert phases[0] == PHASE_COLUMNS
    phase = dict(zip(PHASE_COLUMNS, phases[1], strict=True))
    assert phase["name"] == "'" + FORMULA
    assert Decimal(str(phase["actual_cost"])) == Decimal("125.50")
    scope = dict(
        zip(SCOPE_COLUMNS, list(book["scopes"].iter_rows(values_only=True))[1], strict=True)
    )
    assert scope["name"] == "'+Design"
    assert str(scope["description"]).startswith("'-1+2")
    assert scope["is_active"] is True
    member = dict(zip(TEAM_COLUMNS, list(book["team"].iter_rows(values_only=True))[1], strict=True))
    assert member["role"] == "'@lead"
    # Nothing in the workbook is a formula.
    for sheet in book.worksheets:
        for line in sheet.iter_rows():
            assert all(cell.data_type != "f" for cell in line)


def test_xlsx_without_parts_has_the_records_sheet_only() -> None:
    book = openpyxl.load_workbook(io.BytesIO(render("xlsx", [exported()], NOTHING, NOW).content))
    assert book.sheetnames == ["records"]


def test_xlsx_number_format_follows_the_currency() -> None:
    file = render("xlsx", [exported("JPY")], NOTHING, NOW)
    sheet = openpyxl.load_workbook(io.BytesIO(file.content))["records"]
    cell = sheet.cell(2, RECORD_COLUMNS.index("total_budget") + 1)
    assert (cell.value, cell.number_format) == (1000, "0")


@pytest.mark.parametrize("fmt", ["csv", "json", "xlsx"])
def test_an_empty_export_is_a_valid_file(fmt: str) -> None:
    file = render(fmt, [], EVERYTHING, NOW)
    assert file.content
