"""The reports' use cases on SQLite and PostgreSQL: the GL detail agrees with the
ledger's trial balance, orders and pages its lines with running balances, filters,
leaves drafts out, stays in its tenant; exports are refused outside the availability
matrix and their CSV holds the report's lines with formula-safe cells."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import date
from decimal import Decimal
from typing import Any

import orjson
import pytest
from sqlalchemy import Engine

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.reports import usecases
from services.main.reports.domain import exports
from services.main.reports.domain.filters import GlQuery
from services.main.reports.usecases import ExportRequest
from services.runtime.errors import InvalidArgument, Unprocessable
from tests.services.main.reports.support import FORMULA_DESCRIPTION, FORMULA_MEMO, gl, seed
from tests.services.main.support import fixed_clock as clock
from tests.services.main.support import new_tenant


def export(uow: UowFactory, tenant: uuid.UUID, request: ExportRequest) -> bytes:
    return usecases.whole_file(usecases.export_report(uow(), tenant, request, clock))


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))


@pytest.mark.parametrize("to_date", [None, (2026, 2, 15), (2026, 3, 5)])
def test_gl_detail_totals_equal_the_trial_balance(
    uow: UowFactory, tenant: uuid.UUID, to_date: tuple[int, int, int] | None
) -> None:
    seed(uow, tenant)
    as_of = date(*to_date) if to_date else date(2026, 12, 31)
    balance = ledger.get_trial_balance(uow(), tenant, as_of.timetuple()[:3], clock)
    for start in (None, (2026, 2, 1)):
        detail = gl(uow, tenant, from_date=start, to_date=to_date)
        closing = {a.code: a.closing for a in detail.accounts}
        assert closing == {r.account.code: r.debit - r.credit for r in balance.accounts}
        if start is None:
            assert (detail.total_debit, detail.total_credit) == (
                balance.total_debit,
                balance.total_credit,
            )
            assert all(a.opening == 0 for a in detail.accounts)


def test_lines_are_ordered_with_running_balances_and_drafts_left_out(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    books = seed(uow, tenant)
    detail = gl(uow, tenant)
    lines = [b.line for b in detail.lines]
    assert detail.total == len(lines) == 11  # 2 + 3 + 2 + 2 + its reversal's 2; no draft
    assert books.draft_id not in {line.entry_id for line in lines}
    assert books.reversed_id in {line.entry_id for line in lines}  # reversed: still in the books
    keys = [(x.entry_date, len(x.entry_number), x.entry_number, x.line_no) for x in lines]
    assert keys == sorted(keys)
    last: dict[str, Decimal] = {}
    for balanced in detail.lines:
        line = balanced.line
        expected = last.get(line.account_code, Decimal(0)) + line.signed
        assert balanced.running_balance == expected
        last[line.account_code] = expected
    assert last == {a.code: a.closing for a in detail.accounts}
    cash = next(a for a in detail.accounts if a.code == "1000")
    assert (cash.debit, cash.credit, cash.closing) == (
        Decimal("620.11"),  # 500 + 90.11 (the dollars) + 30 (the reversal)
        Decimal("30.00"),
        Decimal("590.11"),
    )


def test_pages_carry_the_running_balance_over(uow: UowFactory, tenant: uuid.UUID) -> None:
    seed(uow, tenant)
    whole = gl(uow, tenant, from_date=(2026, 2, 1))
    pages = [
        gl(uow, tenant, from_date=(2026, 2, 1), limit=3, offset=offset)
        for offset in range(0, whole.total, 3)
    ]
    paged = [balanced for page in pages for balanced in page.lines]
    assert paged == list(whole.lines)
    cash = next(a for a in whole.accounts if a.code == "1000")
    assert cash.opening == Decimal("500.00")
    first_cash = next(b for b in whole.lines if b.line.account_code == "1000")
    assert first_cash.running_balance == Decimal("500.00") + first_cash.line.signed
    page = gl(uow, tenant, limit=3, offset=9)
    assert (len(page.lines), page.total, page.limit, page.offset) == (2, 11, 3, 9)


def test_filters_select_lines_and_their_balances(uow: UowFactory, tenant: uuid.UUID) -> None:
    seed(uow, tenant)
    dollars = gl(uow, tenant, currency="USD")
    assert [(b.line.account_code, b.line.debit, b.line.base_amount) for b in dollars.lines] == [
        ("1000", Decimal("100.1250"), Decimal("90.11"))
    ]
    assert [(a.code, a.closing) for a in dollars.accounts] == [("1000", Decimal("90.11"))]
    invoiced = gl(uow, tenant, source_module="invoices")
    assert {b.line.source_module for b in invoiced.lines} == {"invoices"}
    assert invoiced.total == 3
    two = gl(uow, tenant, account_codes=("4000", "2100", "4000"))
    assert {b.line.account_code for b in two.lines} == {"4000", "2100"}
    assert gl(uow, tenant, account_codes=("nope",)).total == 0
    assert gl(uow, tenant, from_date=(2026, 3, 1), to_date=(2026, 3, 1)).lines == ()


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"from_date": (2026, 2, 30)}, "from_date"),
        ({"to_date": (2026, 13, 1)}, "to_date"),
        ({"currency": "usd"}, "currency"),
        ({"source_module": "Invoices!"}, "source_module"),
        ({"account_codes": ("",)}, "account_codes[0]"),
        ({"account_codes": tuple(str(n) for n in range(101))}, "account_codes"),
    ],
)
def test_bad_filters_are_refused_naming_the_field(
    uow: UowFactory, tenant: uuid.UUID, query: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidArgument) as refused:
        gl(uow, tenant, **query)
    assert [v.field for v in refused.value.violations] == [field]
    with pytest.raises(InvalidArgument) as exported:
        export(uow, tenant, ExportRequest(exports.GL_DETAIL, gl=GlQuery(**query)))
    assert [v.field for v in exported.value.violations] == [field]  # one parser for both


def test_an_end_before_the_start_and_a_bad_page_are_refused(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    with pytest.raises(Unprocessable, match="to_date"):
        gl(uow, tenant, from_date=(2026, 2, 2), to_date=(2026, 2, 1))
    with pytest.raises(InvalidArgument, match="limit"):
        gl(uow, tenant, limit=101)
    with pytest.raises(InvalidArgument, match="offset"):
        gl(uow, tenant, offset=-1)


def test_another_tenants_lines_are_never_seen(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    seed(uow, tenant)
    other = new_tenant(engine)
    detail = gl(uow, other)
    assert (detail.total, detail.lines, detail.accounts) == (0, (), ())
    assert csv_rows(export(uow, other, ExportRequest(exports.GL_DETAIL))) == [
        list(exports.GL_DETAIL_COLUMNS)
    ]


def test_the_gl_detail_csv_holds_the_reports_lines_with_safe_cells(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    seed(uow, tenant)
    data = export(
        uow, tenant, ExportRequest(exports.GL_DETAIL, "csv", GlQuery(from_date=(2026, 2, 1)))
    )
    assert data.startswith(b"date,journal entry number,account code,") and b"\r\n" in data
    header, *rows = csv_rows(data)
    assert header == list(exports.GL_DETAIL_COLUMNS)
    detail = gl(uow, tenant, from_date=(2026, 2, 1))
    assert len(rows) == detail.total == 9
    for row, balanced in zip(rows, detail.lines, strict=True):
        shown = exports.shown_cells(balanced.line)  # what the JSON report shows
        assert row == [cell or "" for cell in exports.csv_row(shown)]
    by_description = {row[9]: row for row in rows}
    assert "'" + FORMULA_DESCRIPTION in by_description
    assert "'-net" in by_description
    assert by_description["'-net"][10] == "'" + FORMULA_MEMO
    assert by_description["'-net"][12] == "'@inv-1:issue"


def test_exports_outside_the_availability_matrix_are_refused(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    assert usecases.export_availability() == {
        "csv": ("gl_detail", "trial_balance"),
        "json": ("trial_balance",),
    }
    cases = [
        (ExportRequest("gl_detail", "json"), "format", "gl_detail is not exported as json"),
        (ExportRequest("balance_sheet"), "report_type", "must be one of"),
        (ExportRequest("trial_balance", "xlsx"), "format", "must be one of"),
        (ExportRequest("gl_detail", as_of=(2026, 1, 1)), "as_of", "not a filter of gl_detail"),
        (
            ExportRequest("trial_balance", gl=GlQuery(currency="EUR")),
            "currency",
            "not a filter of trial_balance",
        ),
    ]
    for request, field, text in cases:
        with pytest.raises(InvalidArgument) as refused:
            export(uow, tenant, request)
        assert [v.field for v in refused.value.violations] == [field]
        assert text in refused.value.message and exports.AVAILABILITY_PATH in (
            refused.value.message
            if field in ("format", "report_type")
            else exports.AVAILABILITY_PATH
        )


def test_the_trial_balance_exports_as_csv_and_json(uow: UowFactory, tenant: uuid.UUID) -> None:
    seed(uow, tenant)
    balance = ledger.get_trial_balance(uow(), tenant, (2026, 3, 31), clock)
    file = usecases.export_report(
        uow(), tenant, ExportRequest("trial_balance", as_of=(2026, 3, 31)), clock
    )
    assert (file.content_type, file.filename) == (
        "text/csv; charset=utf-8",
        "trial_balance_2026-03-31.csv",
    )
    header, *rows = csv_rows(usecases.whole_file(file))
    assert header == ["account code", "account name", "account type", "debit", "credit"]
    assert [(r[0], Decimal(r[3]), Decimal(r[4])) for r in rows] == [
        (r.account.code, r.debit, r.credit) for r in balance.accounts
    ]
    body = orjson.loads(
        export(uow, tenant, ExportRequest("trial_balance", "json", as_of=(2026, 3, 31)))
    )
    assert body["balanced"] is True and body["total_debit"] == str(balance.total_debit)
    assert [a["code"] for a in body["accounts"]] == [r.account.code for r in balance.accounts]


def test_a_file_too_large_for_one_message_is_refused(uow: UowFactory, tenant: uuid.UUID) -> None:
    seed(uow, tenant)
    file = usecases.export_report(uow(), tenant, ExportRequest(exports.GL_DETAIL), clock)
    with pytest.raises(Unprocessable, match="StreamReportExport"):
        usecases.whole_file(file, limit=100)
    streamed = usecases.export_report(uow(), tenant, ExportRequest(exports.GL_DETAIL), clock)
    assert b"".join(streamed.chunks) == export(uow, tenant, ExportRequest(exports.GL_DETAIL))
