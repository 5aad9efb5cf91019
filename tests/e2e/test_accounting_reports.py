"""Accounting reports through the edge (main on PostgreSQL): the GL detail agrees with
the ledger's trial balance and shows invoice and payment postings; the GL detail CSV is
checked cell by cell against the JSON report (formula-like text neutralised); the
availability matrix and the refusals outside it; a large export streamed over REST
with its file name; the export scope (viewers and members
read the GL detail but cannot export); tenant isolation; bad input in the gateway error
shape, never 5xx; and ReportService over real gRPC (grpcurl) with the caller's token."""

from __future__ import annotations

import base64
import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, SmtpSink, gateway_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

REPORTS = "/api/v1/accounting/reports"
LEDGER = "/api/v1/accounting/ledger"
COLUMNS = [
    "date", "journal entry number", "account code", "account name", "debit", "credit",
    "currency", "base amount", "FX rate", "description", "memo", "source module",
    "source event ID", "posted at",
]  # fmt: skip
# The JSON line's field shown in each CSV column, in order.
FIELDS = [
    "entry_date", "entry_number", "account_code", "account_name", "debit", "credit",
    "currency", "base_amount", "fx_rate", "description", "memo", "source_module",
    "source_event_id", "posted_at",
]  # fmt: skip
TEXT = {"account_code", "account_name", "description", "memo", "source_module", "source_event_id"}


@dataclass(frozen=True)
class Books:
    owner: Session
    invoice_number: str


def ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def post_entry(http: httpx.Client, user: Session, body: dict[str, Any]) -> dict[str, Any]:
    response = http.post(f"{LEDGER}/entries", json={**body, "post": True}, headers=user.auth)
    assert response.status_code == 201, response.text
    entry: dict[str, Any] = response.json()
    return entry


def line(account: str, side: str, amount: str, **fields: str) -> dict[str, str]:
    return {"account_id": account, side: amount, "currency": "EUR", **fields}


@pytest.fixture(scope="module")
def client(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    """One client for the module (the `identity` fixture is per test)."""
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="module")
def books(client: IdentityClient) -> Books:
    """A tenant of its own: manual entries (formula-like text among them, a dollar
    line), an invoice issued and paid in part, a draft that must not show."""
    http, owner = client.http, client.session()
    listed = ok(http.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=owner.auth))
    a = {account["code"]: account["id"] for account in listed["data"]}
    post_entry(http, owner, {"entry_date": "2026-01-10", "memo": "Capital", "lines": [
        line(a["1000"], "debit", "500"), line(a["3000"], "credit", "500")]})  # fmt: skip
    post_entry(http, owner, {
        "entry_date": "2026-02-01", "memo": "@SUM(A1:A9)", "source_module": "-manual",
        "source_event_id": "+evt-1",
        "lines": [line(a["5000"], "debit", "40", description="=1+2"),
                  line(a["1000"], "credit", "40", description='-cash, "petty"')],
    })  # fmt: skip
    post_entry(http, owner, {"entry_date": "2026-02-15", "memo": "Dollars", "lines": [
        line(a["1000"], "debit", "100.125", currency="USD", fx_rate="0.9"),
        line(a["4000"], "credit", "90.11")]})  # fmt: skip
    draft = http.post(f"{LEDGER}/entries", headers=owner.auth, json={
        "entry_date": "2026-02-01", "memo": "Draft",
        "lines": [line(a["1000"], "debit", "7"), line(a["4000"], "credit", "7")]})  # fmt: skip
    assert draft.status_code == 201, draft.text
    invoice = http.post("/api/invoices", headers=owner.auth, json={
        "customer": {"name": "Acme GmbH"}, "currency": "EUR",
        "lines": [{"description": "Work", "quantity": "10", "unit_price": "100", "tax_rate": "20"}],
    })  # fmt: skip
    assert invoice.status_code == 201, invoice.text
    issued = ok(
        http.post(f"/api/invoices/{invoice.json()['id']}/issue", json={}, headers=owner.auth)
    )
    paid = http.post("/api/payments", headers=owner.auth, json={
        "invoice_id": issued["id"], "amount": "200", "currency": "EUR"})  # fmt: skip
    assert paid.status_code == 201, paid.text
    return Books(owner, issued["number"])


def gl_detail(http: httpx.Client, user: Session, **params: Any) -> dict[str, Any]:
    body: dict[str, Any] = ok(http.get(f"{REPORTS}/gl-detail", params=params, headers=user.auth))
    return body


def all_lines(http: httpx.Client, user: Session, **params: Any) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    while True:
        page = gl_detail(http, user, limit=4, offset=len(lines), **params)
        lines += page["lines"]
        if not page["pagination"]["has_more"]:
            return lines


def export(http: httpx.Client, user: Session, **body: Any) -> httpx.Response:
    return http.post(f"{REPORTS}/export", json=body, headers=user.auth)


def test_gl_detail_totals_equal_the_trial_balance(client: IdentityClient, books: Books) -> None:
    http, owner = client.http, books.owner
    balance = ok(http.get(f"{LEDGER}/trial-balance", headers=owner.auth))
    detail = gl_detail(http, owner)
    assert detail["base_currency"] == "EUR" and detail["from_date"] is None
    assert (detail["total_debit"], detail["total_credit"]) == (
        balance["total_debit"],
        balance["total_credit"],
    )
    closing = {a["code"]: Decimal(a["closing_balance"]) for a in detail["accounts"]}
    assert closing == {
        a["code"]: Decimal(a["debit"]) - Decimal(a["credit"]) for a in balance["accounts"]
    }
    # From a later day: opening + period = the same closing balances.
    later = gl_detail(http, owner, from_date="2026-02-01")
    for account in later["accounts"]:
        opening, debit, credit = (
            Decimal(account[k]) for k in ("opening_balance", "debit", "credit")
        )
        assert opening + debit - credit == closing[account["code"]]
    assert (
        Decimal(next(a for a in later["accounts"] if a["code"] == "1000")["opening_balance"]) == 500
    )


def test_lines_in_order_with_running_balances_and_invoice_and_payment_postings(
    client: IdentityClient, books: Books
) -> None:
    http, owner = client.http, books.owner
    lines = all_lines(http, owner)
    assert gl_detail(http, owner, limit=1)["pagination"]["total"] == len(lines)
    keys = [(x["entry_date"], len(x["entry_number"]), x["entry_number"]) for x in lines]
    assert keys == sorted(keys)
    assert "Draft" not in {x["memo"] for x in lines}
    running: dict[str, Decimal] = {}
    for x in lines:
        signed = Decimal(x["base_amount"]) * (1 if Decimal(x["debit"]) > 0 else -1)
        running[x["account_code"]] = running.get(x["account_code"], Decimal(0)) + signed
        assert Decimal(x["running_balance"]) == running[x["account_code"]]
    modules = {x["source_module"] for x in lines}
    assert {"invoices", "payments", None} <= modules
    invoiced = gl_detail(http, owner, source_module="invoices")
    assert {(x["account_code"], x["debit"], x["credit"]) for x in invoiced["lines"]} == {
        ("1100", "1200.00", "0.00"), ("4000", "0.00", "1000.00"), ("2100", "0.00", "200.00"),
    }  # fmt: skip
    paid = gl_detail(http, owner, source_module="payments")
    assert {(x["account_code"], x["base_amount"]) for x in paid["lines"]} == {
        ("1000", "200.00"), ("1100", "200.00"),
    }  # fmt: skip
    dollars = gl_detail(http, owner, currency="USD", account_codes=["1000", "4000"])
    assert [(x["debit"], x["fx_rate"], x["base_amount"]) for x in dollars["lines"]] == [
        ("100.125", "0.9", "90.11")
    ]


def test_the_csv_matches_the_json_report_cell_by_cell(client: IdentityClient, books: Books) -> None:
    http, owner = client.http, books.owner
    params = {"from_date": "2026-02-01", "to_date": "2026-12-31"}
    response = export(http, owner, report_type="gl_detail", format="csv", **params)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    name = "gl_detail_2026-02-01_2026-12-31.csv"
    assert response.headers["content-disposition"] == (
        f"attachment; filename=\"{name}\"; filename*=UTF-8''{name}"
    )
    assert response.content.count(b"\r\n") >= 2  # RFC 4180 line ends
    header, *rows = list(csv.reader(io.StringIO(response.text, newline="")))
    assert header == COLUMNS
    lines = all_lines(http, owner, **params)
    assert len(rows) == len(lines) > 5
    for row, shown in zip(rows, lines, strict=True):
        for column, (cell, field) in enumerate(zip(row, FIELDS, strict=True)):
            value = shown[field] if shown[field] is not None else ""
            expected = (
                ("'" + value if value[:1] in ("=", "+", "-", "@") else value)
                if field in TEXT
                else value
            )
            assert cell == expected, (COLUMNS[column], cell, value)
    by_description = {row[9]: row for row in rows}
    assert "'=1+2" in by_description and '\'-cash, "petty"' in by_description
    assert by_description["'=1+2"][10:13] == ["'@SUM(A1:A9)", "'-manual", "'+evt-1"]


def test_the_availability_matrix_and_the_refusals_outside_it(
    client: IdentityClient, books: Books
) -> None:
    http, owner = client.http, books.owner
    assert ok(http.get(f"{REPORTS}/export/availability", headers=owner.auth)) == {
        "csv": ["gl_detail", "trial_balance"],
        "json": ["trial_balance"],
    }
    refused = gateway_error(
        export(http, owner, report_type="gl_detail", format="json"), 400, "validation_error"
    )
    assert f"GET {REPORTS}/export/availability" in refused["message"]
    gateway_error(
        export(http, owner, report_type="ledger"), 400, "validation_error", mentions="report_type"
    )
    gateway_error(
        export(http, owner, report_type="trial_balance", format="xlsx"),
        400,
        "validation_error",
        mentions="format",
    )
    gateway_error(
        export(http, owner, report_type="trial_balance", from_date="2026-01-01"),
        400, "validation_error", mentions="from_date",
    )  # fmt: skip
    as_csv = export(http, owner, report_type="trial_balance", as_of="2026-12-31")
    assert as_csv.status_code == 200 and as_csv.text.startswith("account code,account name,")
    as_json = export(http, owner, report_type="trial_balance", format="json", as_of="2026-12-31")
    assert as_json.headers["content-type"] == "application/json"
    balance = ok(
        http.get(f"{LEDGER}/trial-balance", params={"as_of": "2026-12-31"}, headers=owner.auth)
    )
    assert as_json.json() == balance  # the ledger's own trial balance, as a file


@pytest.mark.parametrize("role", ["viewer", "member"])
def test_viewers_and_members_read_the_gl_detail_but_cannot_export(
    client: IdentityClient, books: Books, role: str
) -> None:
    reader = member_of(client, books.owner, role)
    http = client.http
    assert (
        gl_detail(http, reader)["pagination"]["total"]
        == gl_detail(http, books.owner)["pagination"]["total"]
    )
    gateway_error(export(http, reader, report_type="gl_detail"), 403, "forbidden")
    gateway_error(http.get(f"{REPORTS}/export/availability", headers=reader.auth), 403, "forbidden")


def test_another_tenant_sees_none_of_the_lines(client: IdentityClient, books: Books) -> None:
    stranger = client.session()
    detail = gl_detail(client.http, stranger)
    assert (detail["lines"], detail["accounts"], detail["pagination"]["total"]) == ([], [], 0)
    assert detail["total_debit"] == "0.00"
    exported = export(client.http, stranger, report_type="gl_detail")
    assert exported.status_code == 200
    assert exported.text == ",".join(COLUMNS) + "\r\n"  # the header row only


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"from_date": "2026-02-30"}, "from_date"),
        ({"to_date": "yesterday"}, "to_date"),
        ({"currency": "eur"}, "currency"),
        ({"source_module": "Bad Module"}, "source_module"),
        ({"limit": "0"}, "limit"),
        ({"limit": "abc"}, "limit"),
        ({"offset": "-1"}, "offset"),
        ({"account_codes": "x" * 21}, "account_codes"),
    ],
)
def test_bad_gl_detail_queries_are_a_gateway_400(
    client: IdentityClient, books: Books, params: dict[str, str], field: str
) -> None:
    response = client.http.get(f"{REPORTS}/gl-detail", params=params, headers=books.owner.auth)
    gateway_error(response, 400, "validation_error", mentions=field)


def test_a_start_after_the_end_is_422(client: IdentityClient, books: Books) -> None:
    params = {"from_date": "2026-03-01", "to_date": "2026-02-01"}
    response = client.http.get(f"{REPORTS}/gl-detail", params=params, headers=books.owner.auth)
    gateway_error(response, 422, "unprocessable", mentions="to_date")
    body = {"report_type": "gl_detail", **params}
    gateway_error(
        export(client.http, books.owner, **body), 422, "unprocessable", mentions="to_date"
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "report_type"),
        ({"report_type": 7}, "report_type"),
        ({"report_type": "gl_detail", "format": ["csv"]}, "format"),
        ({"report_type": "gl_detail", "from_date": "2026-13-01"}, "from_date"),
        ({"report_type": "gl_detail", "account_codes": "1000"}, "account_codes"),
        ({"report_type": "gl_detail", "currency": "EURO"}, "currency"),
        ({"report_type": "trial_balance", "as_of": 20260101}, "as_of"),
    ],
)
def test_bad_export_bodies_are_a_gateway_400(
    client: IdentityClient, books: Books, body: dict[str, Any], field: str
) -> None:
    gateway_error(export(client.http, books.owner, **body), 400, "validation_error", mentions=field)


@pytest.mark.parametrize("content", [b"{", b"[]", b'"gl_detail"', b"  "])
def test_a_body_that_is_not_a_json_object_is_400(
    client: IdentityClient, books: Books, content: bytes
) -> None:
    headers = {**books.owner.auth, "content-type": "application/json"}
    response = client.http.post(f"{REPORTS}/export", content=content, headers=headers)
    gateway_error(response, 400, "bad_request")


def test_a_large_export_streams_in_chunks(client: IdentityClient) -> None:
    """REST streams the export (no size cap, no Content-Length): two entries of 500
    long lines, about 1.2 MB of CSV, arrive as several chunks of one response."""
    http, owner = client.http, client.session()
    listed = ok(http.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=owner.auth))
    a = {account["code"]: account["id"] for account in listed["data"]}
    text = "x" * 500
    for day in ("2026-03-01", "2026-03-02"):
        lines = [line(a["5000"], "debit", "1", description=text) for _ in range(250)]
        lines += [line(a["1000"], "credit", "1", description=text) for _ in range(250)]
        post_entry(http, owner, {"entry_date": day, "memo": text, "lines": lines})
    pieces: list[bytes] = []
    with http.stream(
        "POST", f"{REPORTS}/export", json={"report_type": "gl_detail"}, headers=owner.auth
    ) as response:
        assert response.status_code == 200
        assert response.headers["transfer-encoding"] == "chunked"
        assert "content-length" not in response.headers
        assert response.headers["content-disposition"].startswith(
            'attachment; filename="gl_detail.csv"'
        )
        pieces = list(response.iter_raw())
    data = b"".join(pieces)
    assert len(data) > 1_000_000 and len(pieces) > 1
    assert data.count(b"\r\n") == 1 + 1000  # the header and every line


def test_reports_need_a_token(client: IdentityClient) -> None:
    gateway_error(client.http.get(f"{REPORTS}/gl-detail"), 401, "unauthorized")
    gateway_error(client.http.post(f"{REPORTS}/export", json={}), 401, "unauthorized")
    gateway_error(client.http.get(f"{REPORTS}/export/availability"), 401, "unauthorized")


def test_grpcurl_reads_and_streams_with_the_callers_token(
    identity_stack: RunningStack, client: IdentityClient, books: Books
) -> None:
    address = identity_stack.running.backend_addresses["main"]
    service = "finplat.accounting.v1.ReportService"
    bearer = f"authorization: Bearer {books.owner.access_token}"

    def call(method: str, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        done = grpcurl("-H", bearer, "-d", json.dumps(request), address, f"{service}/{method}")
        assert done.returncode == 0, done.stderr
        decoder, text, at = json.JSONDecoder(), done.stdout.strip(), 0
        while at < len(text):
            message, at = decoder.raw_decode(text, at)
            yield message
            while at < len(text) and text[at].isspace():
                at += 1

    detail = next(call("GetGlDetail", {"source_module": "invoices"}))
    rest = gl_detail(client.http, books.owner, source_module="invoices")
    assert detail["lines"] and detail["base_currency"] == "EUR"
    assert [x["entry_number"] for x in detail["lines"]] == [
        x["entry_number"] for x in rest["lines"]
    ]
    chunks = list(call("StreamReportExport", {"export": {"report_type": "gl_detail"}}))
    assert chunks[0]["filename"] == "gl_detail.csv"
    assert chunks[0]["chunk"]["content_type"] == "text/csv; charset=utf-8"
    streamed = b"".join(base64.b64decode(c["chunk"].get("data", "")) for c in chunks)
    assert streamed == export(client.http, books.owner, report_type="gl_detail").content
    denied = grpcurl("-d", "{}", address, f"{service}/GetGlDetail")
    assert denied.returncode != 0 and "Unauthenticated" in denied.stderr
