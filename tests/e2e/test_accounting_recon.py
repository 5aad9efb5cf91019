"""Bank reconciliation through the edge (main on PostgreSQL): a statement uploaded for the
cash account (multipart, streamed), auto-matched against the month's postings (exact
and near-date matches, one unmatched line on each side), unmatched and matched by hand
(conflicts 409), an adjusting entry posted for the bank fee, the report's figures;
tenant isolation on every path, viewers reading but not writing, bad input and bad files
never answered 5xx, and ReconciliationService over real gRPC with the caller's token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, SmtpSink, gateway_error
from tests.e2e.ledger_support import LEDGER, Chart, accounts_of
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

RECON = "/api/v1/accounting/recon"
# Fixed, not drawn: test ids must be the same in every process (pytest-xdist workers).
SOME = "2eda1ef8-181b-4995-8189-63cd8e94c51d"

# (date, signed amount on cash, other account, memo)
POSTINGS = (
    ("2026-02-28", "1000.00", "3000", "Opening balance"),
    ("2026-03-02", "250.00", "4000", "Invoice INV-2026-000001 ACME"),
    ("2026-03-05", "-80.00", "5000", "Office supplies Staples"),
    ("2026-03-10", "1200.00", "4000", "Invoice INV-2026-000002 Globex"),
    ("2026-03-12", "-45.50", "5000", "Taxi to the airport"),
    ("2026-03-20", "250.00", "4000", "Invoice INV-2026-000003 Initech"),
)
STATEMENT = b"""Date,Amount,Description
2026-03-02,250.00,ACME CORP INV-2026-000001
2026-03-07,-80.00,STAPLES OFFICE SUPPLIES
2026-03-11,1200.00,GLOBEX PAYMENT INV-2026-000002
2026-03-21,250.00,INITECH INV 000003
2026-03-31,-12.00,BANK FEE MARCH
"""


@pytest.fixture(scope="module")
def client(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="module")
def owner(client: IdentityClient) -> Session:
    return client.session()


@pytest.fixture(scope="module")
def chart(client: IdentityClient, owner: Session) -> Chart:
    return accounts_of(client, owner)


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if response.content else None


def post_month(identity: IdentityClient, user: Session, chart: Chart) -> None:
    for day, amount, other, memo in POSTINGS:
        money_in = not amount.startswith("-")
        value = amount.lstrip("-")
        cash = {"account_id": chart["1000"]["id"], "currency": "EUR"}
        offset = {"account_id": chart[other]["id"], "currency": "EUR"}
        cash["debit" if money_in else "credit"] = value
        offset["credit" if money_in else "debit"] = value
        entry = {"entry_date": day, "memo": memo, "lines": [cash, offset], "post": True}
        ok(identity.http.post(f"{LEDGER}/entries", json=entry, headers=user.auth), 201)


def upload(
    identity: IdentityClient,
    user: Session,
    account_id: str | None,
    content: bytes = STATEMENT,
    **fields: str,
) -> httpx.Response:
    data = {"account_id": account_id, **fields} if account_id is not None else fields
    return identity.http.post(
        f"{RECON}/statements",
        data=data,
        files={"file": ("march.csv", content, "text/csv")},
        headers=user.auth,
    )


def lines_of(identity: IdentityClient, user: Session, statement_id: str) -> dict[str, Any]:
    page = ok(
        identity.http.get(
            f"{RECON}/statements/{statement_id}/lines", params={"limit": 100}, headers=user.auth
        )
    )
    return {line["description"]: line for line in page["data"]}


def reconciled_month(identity: IdentityClient) -> tuple[Session, Chart, dict[str, Any]]:
    """A fresh tenant with the month posted and its statement uploaded."""
    user = identity.session()
    chart = accounts_of(identity, user)
    post_month(identity, user, chart)
    statement = ok(upload(identity, user, chart["1000"]["id"], opening_balance="1000.00"), 201)
    return user, chart, statement


def test_reconciliation_end_to_end(identity: IdentityClient) -> None:
    http = identity.http
    user, chart, statement = reconciled_month(identity)
    sid = statement["id"]
    assert (statement["format"], statement["currency"], statement["line_count"]) == (
        "csv",
        "EUR",
        5,
    )
    assert (statement["period_start"], statement["period_end"]) == ("2026-03-02", "2026-03-31")
    assert (statement["opening_balance"], statement["closing_balance"]) == ("1000.00", "2608.00")
    assert ok(http.get(f"{RECON}/statements/{sid}", headers=user.auth)) == statement
    listed = ok(http.get(f"{RECON}/statements", headers=user.auth))
    assert [s["id"] for s in listed["data"]] == [sid] and listed["pagination"]["total"] == 1

    before = ok(http.get(f"{RECON}/statements/{sid}/report", headers=user.auth))
    assert (before["statement_balance"], before["ledger_balance"], before["difference"]) == (
        "2608.00",
        "2574.50",
        "33.50",
    )

    done = ok(http.post(f"{RECON}/statements/{sid}/auto-match", json={}, headers=user.auth))
    assert (done["matched"], done["unmatched"], done["window_days"]) == (4, 1, 3)
    assert done["statement"]["matched_count"] == 4
    lines = lines_of(identity, user, sid)
    assert lines["BANK FEE MARCH"]["match"] is None
    acme = lines["ACME CORP INV-2026-000001"]["match"]
    staples = lines["STAPLES OFFICE SUPPLIES"]["match"]
    assert acme["method"] == "auto" and acme["score"] > staples["score"] >= 0.5
    unmatched = ok(
        http.get(f"{RECON}/statements/{sid}/lines", params={"matched": False}, headers=user.auth)
    )
    assert [line["description"] for line in unmatched["data"]] == ["BANK FEE MARCH"]

    report = ok(http.get(f"{RECON}/statements/{sid}/report", headers=user.auth))
    [taxi] = report["unmatched_ledger_lines"]
    assert (taxi["amount"], taxi["description"], taxi["entry_date"]) == (
        "-45.50",
        "Taxi to the airport",
        "2026-03-12",
    )
    assert [line["description"] for line in report["unmatched_statement_lines"]] == [
        "BANK FEE MARCH"
    ]
    assert (report["unmatched_statement_total"], report["unmatched_ledger_total"]) == (
        "-12.00",
        "-45.50",
    )
    assert report["reconciled"] is False

    # Unmatch Initech, try it against ACME's posting (matched already): 409; then by hand.
    initech = lines["INITECH INV 000003"]
    gone = http.delete(f"{RECON}/matches/{initech['match']['id']}", headers=user.auth)
    assert gone.status_code == 204, gone.text
    gateway_error(
        http.get(f"{RECON}/matches/{initech['match']['id']}", headers=user.auth), 404, "not_found"
    )
    conflict = {"statement_line_id": initech["id"], "ledger_line_id": acme["ledger_line_id"]}
    gateway_error(
        http.post(f"{RECON}/matches", json=conflict, headers=user.auth), 409, "already_exists"
    )
    again = {
        "statement_line_id": initech["id"],
        "ledger_line_id": initech["match"]["ledger_line_id"],
    }
    made = http.post(f"{RECON}/matches", json=again, headers=user.auth)
    match = ok(made, 201)
    assert made.headers["location"] == f"{RECON}/matches/{match['id']}"
    assert (match["method"], match["score"]) == ("manual", 1.0)
    assert ok(http.get(f"{RECON}/matches/{match['id']}", headers=user.auth)) == match
    gateway_error(
        http.post(f"{RECON}/matches", json=again, headers=user.auth), 409, "already_exists"
    )
    # Amounts must agree.
    fee = lines["BANK FEE MARCH"]
    mismatch = {"statement_line_id": fee["id"], "ledger_line_id": taxi["ledger_line_id"]}
    gateway_error(
        http.post(f"{RECON}/matches", json=mismatch, headers=user.auth),
        422,
        "unprocessable",
        mentions="differs",
    )

    adjusted = http.post(
        f"{RECON}/statement-lines/{fee['id']}/adjust",
        json={"offset_account_id": chart["5000"]["id"], "memo": "Bank fee March"},
        headers=user.auth,
    )
    body = ok(adjusted, 201)
    entry = body["entry"]
    assert adjusted.headers["location"] == f"{RECON}/matches/{body['match']['id']}"
    assert (entry["status"], entry["entry_date"], entry["total"]) == (
        "posted",
        "2026-03-31",
        "12.00",
    )
    assert [(line["account_id"], line["credit"]) for line in entry["lines"]] == [
        (chart["1000"]["id"], "12.00"),
        (chart["5000"]["id"], "0.00"),
    ]
    assert body["match"]["method"] == "adjustment"
    assert ok(http.get(f"{LEDGER}/entries/{entry['id']}", headers=user.auth)) == entry
    gateway_error(
        http.post(
            f"{RECON}/statement-lines/{fee['id']}/adjust",
            json={"offset_account_id": chart["5000"]["id"]},
            headers=user.auth,
        ),
        409,
        "already_exists",
    )
    balance = ok(
        http.get(f"{LEDGER}/trial-balance", params={"as_of": "2026-03-31"}, headers=user.auth)
    )
    assert balance["balanced"] is True

    after = ok(http.get(f"{RECON}/statements/{sid}/report", headers=user.auth))
    assert (after["ledger_balance"], after["difference"]) == ("2562.50", "45.50")
    assert (after["unmatched_statement_count"], after["unmatched_ledger_count"]) == (0, 1)


def test_statements_need_a_cash_account_and_a_readable_file(
    client: IdentityClient, owner: Session, chart: Chart
) -> None:
    gateway_error(
        upload(client, owner, chart["1100"]["id"]), 422, "unprocessable", mentions="not a cash"
    )
    gateway_error(upload(client, owner, SOME), 422, "unprocessable", mentions="not found")
    for content, problem in (
        (b"Date,Amount,Description\n", "no transactions"),
        (b"hello there, this is no statement at all\n", "unrecognised"),
        (b"Date,Amount,Currency,Description\n2026-03-02,1.00,USD,x\n", "in USD"),
    ):
        gateway_error(
            upload(client, owner, chart["1000"]["id"], content),
            422,
            "unprocessable",
            mentions=problem,
        )
    too_big = b"Date,Amount,Description\n" + b"2026-03-02,1.00,x\n" * 600_000
    gateway_error(upload(client, owner, chart["1000"]["id"], too_big), 413, "payload_too_large")


# (method, path, body, the field the 400 names)
BAD_INPUT: list[tuple[str, str, Any, str]] = [
    ("post", "/matches", {"ledger_line_id": SOME}, "statement_line_id"),
    ("post", "/matches", {"statement_line_id": SOME}, "ledger_line_id"),
    ("post", "/matches", {"statement_line_id": "x", "ledger_line_id": SOME}, "statement_line_id"),
    ("post", "/matches", {"statement_line_id": 12, "ledger_line_id": SOME}, "statement_line_id"),
    ("post", f"/statements/{SOME}/auto-match", {"window_days": 32}, "window_days"),
    ("post", f"/statements/{SOME}/auto-match", {"window_days": -1}, "window_days"),
    ("post", f"/statements/{SOME}/auto-match", {"window_days": "three"}, "window_days"),
    ("post", f"/statements/{SOME}/auto-match", {"min_score": 2}, "min_score"),
    ("post", "/statements/not-a-uuid/auto-match", {}, "id"),
    ("post", f"/statement-lines/{SOME}/adjust", {}, "offset_account_id"),
    ("post", f"/statement-lines/{SOME}/adjust", {"offset_account_id": True}, "offset_account_id"),
    ("post", "/statement-lines/nope/adjust", {"offset_account_id": SOME}, "id"),
    (
        "post",
        f"/statement-lines/{SOME}/adjust",
        {"offset_account_id": SOME, "memo": "m" * 501},
        "memo",
    ),
    ("get", "/statements/not-a-uuid", None, "id"),
    ("get", "/statements/not-a-uuid/lines", None, "id"),
    ("get", f"/statements/{SOME}/lines?limit=0", None, "limit"),
    ("get", f"/statements/{SOME}/lines?matched=perhaps", None, "matched"),
    ("get", "/statements/not-a-uuid/report", None, "id"),
    ("get", "/statements?account_id=nope", None, "account_id"),
    ("get", "/statements?offset=-1", None, "offset"),
    ("get", "/matches/not-a-uuid", None, "id"),
    ("delete", "/matches/not-a-uuid", None, "id"),
]


@pytest.mark.parametrize(("method", "path", "body", "field"), BAD_INPUT)
def test_bad_input_is_a_gateway_400_naming_the_field(
    client: IdentityClient, owner: Session, method: str, path: str, body: Any, field: str
) -> None:
    response = client.http.request(method, f"{RECON}{path}", json=body, headers=owner.auth)
    error = gateway_error(response, 400, "validation_error")
    assert field in error["message"], error


@pytest.mark.parametrize("content", [b"{bad", b"[1, 2]", b'"text"', b"\xff\xfe"])
@pytest.mark.parametrize(
    "path", ["/matches", f"/statements/{SOME}/auto-match", f"/statement-lines/{SOME}/adjust"]
)
def test_a_body_that_is_not_a_json_object_is_400(
    client: IdentityClient, owner: Session, path: str, content: bytes
) -> None:
    headers = {**owner.auth, "content-type": "application/json"}
    response = client.http.post(f"{RECON}{path}", content=content, headers=headers)
    assert "JSON" in gateway_error(response, 400, "bad_request")["message"]


def test_bad_uploads_are_4xx(client: IdentityClient, owner: Session, chart: Chart) -> None:
    http = client.http
    cash = chart["1000"]["id"]
    gateway_error(upload(client, owner, None), 400, "validation_error", mentions="account_id")
    gateway_error(upload(client, owner, "nope"), 400, "validation_error", mentions="account_id")
    gateway_error(
        upload(client, owner, cash, opening_balance="lots"),
        400,
        "validation_error",
        mentions="opening_balance",
    )
    no_file = http.post(
        f"{RECON}/statements",
        data={"account_id": cash},
        files={"x": ("x", b"y")},
        headers=owner.auth,
    )
    gateway_error(no_file, 400, "validation_error", mentions="file")
    as_json = http.post(f"{RECON}/statements", json={"account_id": cash}, headers=owner.auth)
    assert as_json.status_code == 415, as_json.text
    binary = upload(client, owner, cash, bytes(range(256)) * 4)
    assert binary.status_code in (415, 422), binary.text


@pytest.mark.parametrize("role", ["viewer", "member"])
def test_viewers_and_members_read_but_cannot_write(client: IdentityClient, role: str) -> None:
    http = client.http
    owner, chart, statement = reconciled_month(client)
    sid = statement["id"]
    ok(http.post(f"{RECON}/statements/{sid}/auto-match", json={}, headers=owner.auth))
    line = next(li for li in lines_of(client, owner, sid).values() if li["match"])
    reader = member_of(client, owner, role)
    for path in (
        "/statements",
        f"/statements/{sid}",
        f"/statements/{sid}/lines",
        f"/statements/{sid}/report",
        f"/matches/{line['match']['id']}",
    ):
        ok(http.get(f"{RECON}{path}", headers=reader.auth))
    for method, path, body in (
        ("post", f"/statements/{sid}/auto-match", {}),
        ("post", "/matches", {"statement_line_id": line["id"], "ledger_line_id": SOME}),
        ("delete", f"/matches/{line['match']['id']}", None),
        ("post", f"/statement-lines/{line['id']}/adjust", {"offset_account_id": SOME}),
    ):
        response = http.request(method, f"{RECON}{path}", json=body, headers=reader.auth)
        gateway_error(response, 403, "forbidden")
    gateway_error(upload(client, reader, chart["1000"]["id"]), 403, "forbidden")
    assert (
        ok(http.get(f"{RECON}/matches/{line['match']['id']}", headers=owner.auth)) == line["match"]
    )


def test_another_tenants_ids_are_404_on_every_path_and_lists_leak_nothing(
    client: IdentityClient,
) -> None:
    http = client.http
    owner, chart, statement = reconciled_month(client)
    sid = statement["id"]
    ok(http.post(f"{RECON}/statements/{sid}/auto-match", json={}, headers=owner.auth))
    line = next(li for li in lines_of(client, owner, sid).values() if li["match"])
    match_id = line["match"]["id"]
    other = client.session()
    theirs = accounts_of(client, other)

    def unnamed(text: str) -> str:
        for id_ in (sid, match_id, line["id"]):
            text = text.replace(id_, SOME)
        return text

    for method, path, body in (
        ("get", f"/statements/{sid}", None),
        ("get", f"/statements/{sid}/lines", None),
        ("get", f"/statements/{sid}/report", None),
        ("post", f"/statements/{sid}/auto-match", {}),
        ("get", f"/matches/{match_id}", None),
        ("delete", f"/matches/{match_id}", None),
        (
            "post",
            f"/statement-lines/{line['id']}/adjust",
            {"offset_account_id": theirs["5000"]["id"]},
        ),
    ):
        response = http.request(method, f"{RECON}{path}", json=body, headers=other.auth)
        missing = http.request(method, f"{RECON}{unnamed(path)}", json=body, headers=other.auth)
        error = gateway_error(response, 404, "not_found")
        assert unnamed(error["message"]) == gateway_error(missing, 404, "not_found")["message"]
    listed = ok(http.get(f"{RECON}/statements", headers=other.auth))
    assert (listed["data"], listed["pagination"]["total"]) == ([], 0)
    by_account = ok(
        http.get(
            f"{RECON}/statements", params={"account_id": chart["1000"]["id"]}, headers=other.auth
        )
    )
    assert by_account["pagination"]["total"] == 0
    # Its requests may not name the owner's records.
    gateway_error(upload(client, other, chart["1000"]["id"]), 422, "unprocessable")
    stolen = {"statement_line_id": line["id"], "ledger_line_id": line["match"]["ledger_line_id"]}
    gateway_error(
        http.post(f"{RECON}/matches", json=stolen, headers=other.auth), 422, "unprocessable"
    )
    # The owner's records are untouched.
    assert ok(http.get(f"{RECON}/matches/{match_id}", headers=owner.auth)) == line["match"]


def test_grpcurl_reads_the_report_with_the_callers_token(
    identity_stack: RunningStack, client: IdentityClient
) -> None:
    owner, _, statement = reconciled_month(client)
    address = identity_stack.running.backend_addresses["main"]
    bearer = f"authorization: Bearer {owner.access_token}"
    service = "finplat.accounting.v1.ReconciliationService"
    matched = grpcurl(
        "-H",
        bearer,
        "-d",
        json.dumps({"id": statement["id"], "windowDays": 3}),
        address,
        f"{service}/AutoMatch",
    )
    assert matched.returncode == 0, matched.stderr
    assert json.loads(matched.stdout)["matched"] == "4"  # int64: a JSON string in proto3 JSON
    report = grpcurl(
        "-H", bearer, "-d", json.dumps({"id": statement["id"]}), address, f"{service}/GetReport"
    )
    assert report.returncode == 0, report.stderr
    body = json.loads(report.stdout)
    assert (body["statement_balance"], body["ledger_balance"], body["difference"]) == (
        "2608.00",
        "2574.50",
        "33.50",
    )
    denied = grpcurl("-d", "{}", address, f"{service}/ListStatements")
    assert denied.returncode != 0 and "Unauthenticated" in denied.stderr
