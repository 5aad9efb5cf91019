"""Invoices and payments through the edge (main on PostgreSQL): the whole flow draft →
issued → partly paid → paid with its postings in the ledger and a zero-sum trial
balance; void and its reversal; the state machine's 409s and the rules' 422s (an
overpayment names the amount due); idempotency keys (201, then 200, then 409 for
another request); tenant isolation on every path; viewers and members reading but not
writing; bad input in the gateway error shape, never 5xx; and InvoiceService over real
gRPC (grpcurl) with the caller's token, as the milestone-invoice saga will call it."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, SmtpSink, gateway_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

INVOICES = "/api/invoices"
PAYMENTS = "/api/payments"
LEDGER = "/api/v1/accounting/ledger"
SOME = "00000000-0000-4000-8000-000000000000"

# Hand-computed (tests/services/main/invoices/test_totals.py): nets half-up per line,
# tax per rate: 0 % on 100.00; 5.5 % on 27.02 = 1.49; 10 % on 0.39 = 0.04; 20 % on
# 1030.00 = 206.00. Subtotal 1157.41, tax 207.53, total 1364.94.
MIXED = [
    {"description": "Consulting", "quantity": "3", "unit_price": "333.335", "tax_rate": "20"},
    {"description": "Support", "quantity": "1.5", "unit_price": "19.99", "tax_rate": "20"},
    {"description": "Book", "quantity": "2", "unit_price": "12.345", "tax_rate": "5.5"},
    {"description": "Export service", "quantity": "1", "unit_price": "100", "tax_rate": "0"},
    {"description": "Booklet", "quantity": "7", "unit_price": "0.333", "tax_rate": "5.5"},
    *[{"description": "Stamp", "quantity": "1", "unit_price": "0.13", "tax_rate": "10"}] * 3,
]


@pytest.fixture(scope="module")
def client(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    """One client for the module's shared owner (a new user per test is slow)."""
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="module")
def owner(client: IdentityClient) -> Session:
    return client.session()


def created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


LINE = {"description": "X", "quantity": "1", "unit_price": "1"}
PAYMENT = {"invoice_id": SOME, "amount": "1", "currency": "EUR"}


def with_line(**fields: str | None) -> dict[str, Any]:
    """An invoice of one line with `fields` changed (None: left out)."""
    line = {k: v for k, v in {**LINE, **fields}.items() if v is not None}
    return invoice_body([line])


def invoice_body(lines: Any = None, **fields: Any) -> dict[str, Any]:
    return {
        "customer": {"name": "Acme GmbH", "email": "billing@acme.example.com"},
        "currency": "EUR",
        "lines": lines if lines is not None else [
            {"description": "Work", "quantity": "10", "unit_price": "100", "tax_rate": "20"}
        ],
        **fields,
    }  # fmt: skip


def new_draft(http: httpx.Client, user: Session, **fields: Any) -> dict[str, Any]:
    return created(http.post(INVOICES, json=invoice_body(**fields), headers=user.auth))


def new_issued(http: httpx.Client, user: Session, **fields: Any) -> dict[str, Any]:
    draft = new_draft(http, user, **fields)
    return ok(http.post(f"{INVOICES}/{draft['id']}/issue", json={}, headers=user.auth))


def pay(
    http: httpx.Client, user: Session, invoice_id: str, amount: str, **fields: Any
) -> httpx.Response:
    body = {"invoice_id": invoice_id, "amount": amount, "currency": "EUR", **fields}
    return http.post(PAYMENTS, json=body, headers=user.auth)


def entries(http: httpx.Client, user: Session, **params: str) -> list[dict[str, Any]]:
    listed = ok(http.get(f"{LEDGER}/entries", params={"limit": 100, **params}, headers=user.auth))
    data: list[dict[str, Any]] = listed["data"]
    return data


def codes(http: httpx.Client, user: Session) -> dict[str, str]:
    listed = ok(http.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=user.auth))
    return {a["id"]: a["code"] for a in listed["data"]}


def postings(entry: dict[str, Any], by_id: dict[str, str]) -> list[tuple[str, str, str]]:
    return [(by_id[line["account_id"]], line["debit"], line["credit"]) for line in entry["lines"]]


def test_issue_partial_and_full_payment_post_to_the_ledger(client: IdentityClient) -> None:
    http = client.http
    user = client.session()  # a tenant of its own: the ledger's totals are exact
    response = http.post(
        INVOICES, json=invoice_body(MIXED, due_date="2099-01-31", memo="Q1"), headers=user.auth
    )
    draft = created(response)
    assert response.headers["location"] == f"{INVOICES}/{draft['id']}"
    assert (draft["status"], draft["number"], draft["issue_date"]) == ("draft", None, None)
    assert (draft["subtotal"], draft["tax_total"], draft["total"]) == (
        "1157.41",
        "207.53",
        "1364.94",
    )
    assert draft["taxes"] == [
        {"tax_rate": "0", "taxable_amount": "100.00", "tax_amount": "0.00"},
        {"tax_rate": "5.5", "taxable_amount": "27.02", "tax_amount": "1.49"},
        {"tax_rate": "10", "taxable_amount": "0.39", "tax_amount": "0.04"},
        {"tax_rate": "20", "taxable_amount": "1030.00", "tax_amount": "206.00"},
    ]
    assert draft["lines"][0] == {
        "description": "Consulting",
        "quantity": "3",
        "unit_price": "333.335",
        "tax_rate": "20",
        "net_amount": "1000.01",
    }
    assert (draft["amount_paid"], draft["amount_due"], draft["fx_rate"]) == ("0.00", "0.00", None)
    assert ok(http.get(f"{INVOICES}/{draft['id']}", headers=user.auth)) == draft
    patched = ok(
        http.patch(f"{INVOICES}/{draft['id']}", json={"memo": "Q1 2026"}, headers=user.auth)
    )
    assert patched["memo"] == "Q1 2026" and patched["total"] == "1364.94"

    issued = ok(http.post(f"{INVOICES}/{draft['id']}/issue", json={}, headers=user.auth))
    year = datetime.now(UTC).year
    assert (issued["status"], issued["number"]) == ("issued", f"INV-{year}-000001")
    assert issued["issue_date"] == datetime.now(UTC).date().isoformat()
    assert (issued["due_date"], issued["amount_due"]) == ("2099-01-31", "1364.94")
    gateway_error(
        http.patch(f"{INVOICES}/{draft['id']}", json={"memo": "x"}, headers=user.auth),
        409,
        "invalid_transition",
    )
    gateway_error(
        http.delete(f"{INVOICES}/{draft['id']}", headers=user.auth), 409, "invalid_transition"
    )

    first = pay(http, user, draft["id"], "364.94", method="bank_transfer", reference="SEPA-1")
    payment = created(first)
    assert first.headers["location"] == f"{PAYMENTS}/{payment['id']}"
    assert (payment["amount"], payment["method"], payment["invoice_number"]) == (
        "364.94",
        "bank_transfer",
        issued["number"],
    )
    partly = ok(http.get(f"{INVOICES}/{draft['id']}", headers=user.auth))
    assert (partly["status"], partly["amount_paid"], partly["amount_due"]) == (
        "issued",
        "364.94",
        "1000.00",
    )
    gateway_error(
        pay(http, user, draft["id"], "1000.01"),
        422,
        "unprocessable",
        mentions="amount: 1000.01 EUR is more than the amount due 1000.00 EUR",
    )
    rest = created(pay(http, user, draft["id"], "1000.00", paid_on="2099-01-01"))
    paid = ok(http.get(f"{INVOICES}/{draft['id']}", headers=user.auth))
    assert (paid["status"], paid["amount_paid"], paid["amount_due"]) == ("paid", "1364.94", "0.00")
    assert paid["paid_at"] is not None
    gateway_error(pay(http, user, draft["id"], "1"), 409, "invalid_transition")
    gateway_error(
        http.post(f"{INVOICES}/{draft['id']}/void", json={}, headers=user.auth),
        409,
        "invalid_transition",
    )
    assert ok(http.get(f"{PAYMENTS}/{payment['id']}", headers=user.auth)) == payment
    by_invoice = ok(http.get(PAYMENTS, params={"invoice_id": draft["id"]}, headers=user.auth))
    assert {p["id"] for p in by_invoice["data"]} == {payment["id"], rest["id"]}

    # The ledger shows the issue and both payments, each under its source.
    by_id = codes(http, user)
    (issue_entry,) = entries(http, user, source_module="invoices")
    assert issue_entry["id"] == issued["issue_entry_id"]
    assert issue_entry["source_event_id"] == f"invoice:{draft['id']}:issue"
    assert postings(issue_entry, by_id) == [
        ("1100", "1364.94", "0.00"),
        ("4000", "0.00", "1157.41"),
        ("2100", "0.00", "207.53"),
    ]
    payment_entries = entries(http, user, source_module="payments")
    assert {e["id"] for e in payment_entries} == {payment["entry_id"], rest["entry_id"]}
    assert {e["source_event_id"] for e in payment_entries} == {
        f"payment:{payment['id']}",
        f"payment:{rest['id']}",
    }
    assert sorted(postings(e, by_id) for e in payment_entries) == [
        [("1000", "1000.00", "0.00"), ("1100", "0.00", "1000.00")],
        [("1000", "364.94", "0.00"), ("1100", "0.00", "364.94")],
    ]
    balance = ok(
        http.get(f"{LEDGER}/trial-balance", params={"as_of": "2099-12-31"}, headers=user.auth)
    )
    assert balance["balanced"] is True
    assert balance["total_debit"] == balance["total_credit"] == "2729.88"
    rows = {row["code"]: row for row in balance["accounts"]}
    assert rows["1100"]["debit"] == rows["1100"]["credit"] == "1364.94"  # receivable settled
    assert (rows["1000"]["debit"], rows["4000"]["credit"], rows["2100"]["credit"]) == (
        "1364.94",
        "1157.41",
        "207.53",
    )


def test_void_posts_the_reversal_of_the_issue(client: IdentityClient) -> None:
    http = client.http
    user = client.session()
    issued = new_issued(http, user)
    void = ok(http.post(f"{INVOICES}/{issued['id']}/void", json={}, headers=user.auth))
    assert (void["status"], void["amount_due"]) == ("void", "0.00")
    assert void["voided_at"] is not None and void["number"] == issued["number"]
    reversal = ok(http.get(f"{LEDGER}/entries/{void['void_entry_id']}", headers=user.auth))
    assert reversal["reversal_of_id"] == issued["issue_entry_id"]
    by_id = codes(http, user)
    assert postings(reversal, by_id) == [
        ("1100", "0.00", "1200.00"),
        ("4000", "1000.00", "0.00"),
        ("2100", "200.00", "0.00"),
    ]
    (original,) = entries(http, user, source_module="invoices")
    assert (original["status"], original["reversed_by_id"]) == ("reversed", reversal["id"])
    balance = ok(
        http.get(f"{LEDGER}/trial-balance", params={"as_of": "2099-12-31"}, headers=user.auth)
    )
    assert balance["balanced"] is True
    assert all(row["debit"] == row["credit"] for row in balance["accounts"])
    gateway_error(
        http.post(f"{INVOICES}/{issued['id']}/void", json={}, headers=user.auth),
        409,
        "invalid_transition",
    )
    gateway_error(pay(http, user, issued["id"], "1"), 409, "invalid_transition")
    # A partly paid invoice is not voided (Stripe's rule): refunds come first.
    partly = new_issued(http, user)
    created(pay(http, user, partly["id"], "1"))
    gateway_error(
        http.post(f"{INVOICES}/{partly['id']}/void", json={}, headers=user.auth),
        409,
        "invalid_transition",
        mentions="has payments of 1.00 EUR",
    )


def test_drafts_are_listed_filtered_changed_and_deleted(
    client: IdentityClient, owner: Session
) -> None:
    http = client.http
    tag = uuid.uuid4().hex[:10]
    body = invoice_body(issue_date="2031-05-02", customer={"name": f"Globex {tag}"})
    draft = created(http.post(INVOICES, json=body, headers=owner.auth))
    listed = ok(http.get(INVOICES, params={"customer": tag.upper()}, headers=owner.auth))
    assert [i["id"] for i in listed["data"]] == [draft["id"]]
    assert listed["pagination"] == {"limit": 20, "offset": 0, "total": 1, "has_more": False}
    in_may = ok(
        http.get(
            INVOICES,
            params={"from_date": "2031-05-01", "to_date": "2031-05-31", "status": "draft"},
            headers=owner.auth,
        )
    )
    assert draft["id"] in {i["id"] for i in in_may["data"]}
    assert (
        ok(http.get(INVOICES, params={"status": "paid", "customer": tag}, headers=owner.auth))[
            "data"
        ]
        == []
    )
    lines = [{"description": "Other", "quantity": "2", "unit_price": "50", "tax_rate": "7"}]
    changed = ok(
        http.patch(
            f"{INVOICES}/{draft['id']}",
            json={"lines": lines, "customer": {"name": "Globex Ltd", "tax_id": "GB123"}},
            headers=owner.auth,
        )
    )
    assert (changed["total"], changed["customer"]["tax_id"]) == ("107.00", "GB123")
    deleted = http.delete(f"{INVOICES}/{draft['id']}", headers=owner.auth)
    assert deleted.status_code == 204 and deleted.content == b""
    gateway_error(http.get(f"{INVOICES}/{draft['id']}", headers=owner.auth), 404, "not_found")


def test_rules_across_fields_and_stored_data_are_422(
    client: IdentityClient, owner: Session
) -> None:
    http = client.http
    for body, mentions in (
        (invoice_body(issue_date="2026-03-10", due_date="2026-03-09"), "due_date"),
        (invoice_body(fx_rate="1.1"), "fx_rate: must not be sent for the base currency EUR"),
    ):
        gateway_error(
            http.post(INVOICES, json=body, headers=owner.auth),
            422,
            "unprocessable",
            mentions=mentions,
        )
    gateway_error(
        http.get(
            INVOICES,
            params={"from_date": "2026-03-05", "to_date": "2026-03-01"},
            headers=owner.auth,
        ),
        422,
        "unprocessable",
        mentions="to_date",
    )
    empty = new_draft(http, owner, lines=[])
    gateway_error(
        http.post(f"{INVOICES}/{empty['id']}/issue", json={}, headers=owner.auth),
        422,
        "unprocessable",
        mentions="lines: an invoice needs at least one line",
    )
    dollars = new_draft(http, owner, currency="USD")
    gateway_error(
        http.post(f"{INVOICES}/{dollars['id']}/issue", json={}, headers=owner.auth),
        422,
        "unprocessable",
        mentions="fx_rate: is required",
    )
    gateway_error(pay(http, owner, empty["id"], "1"), 409, "invalid_transition")
    issued = new_issued(http, owner)
    gateway_error(
        pay(http, owner, issued["id"], "1", currency="USD"),
        422,
        "unprocessable",
        mentions="currency: must be the invoice's currency EUR",
    )


def test_idempotency_keys_answer_the_first_call(client: IdentityClient, owner: Session) -> None:
    http = client.http
    key = f"create-{uuid.uuid4()}"
    first = http.post(INVOICES, json=invoice_body(idempotency_key=key), headers=owner.auth)
    again = http.post(INVOICES, json=invoice_body(idempotency_key=key), headers=owner.auth)
    assert (first.status_code, again.status_code) == (201, 200), again.text
    assert again.json() == first.json()
    assert again.headers["location"] == first.headers["location"]
    gateway_error(
        http.post(INVOICES, json=invoice_body(idempotency_key=key, memo="x"), headers=owner.auth),
        409,
        "idempotency_key_reused",
        mentions="was used with a different request",
    )
    invoice_id = first.json()["id"]
    issue = {"idempotency_key": f"issue-{uuid.uuid4()}"}
    issued = ok(http.post(f"{INVOICES}/{invoice_id}/issue", json=issue, headers=owner.auth))
    repeat = ok(http.post(f"{INVOICES}/{invoice_id}/issue", json=issue, headers=owner.auth))
    assert repeat == issued
    gateway_error(
        http.post(f"{INVOICES}/{invoice_id}/issue", json={}, headers=owner.auth),
        409,
        "invalid_transition",
    )


@pytest.mark.parametrize("role", ["viewer", "member"])
def test_viewers_and_members_read_but_cannot_write(
    client: IdentityClient, owner: Session, role: str
) -> None:
    http = client.http
    draft = new_draft(http, owner)
    issued = new_issued(http, owner)
    payment = created(pay(http, owner, issued["id"], "10"))
    reader = member_of(client, owner, role)
    for path in (INVOICES, f"{INVOICES}/{draft['id']}", PAYMENTS, f"{PAYMENTS}/{payment['id']}"):
        assert http.get(path, headers=reader.auth).status_code == 200, path
    assert ok(http.get(f"{INVOICES}/{issued['id']}", headers=reader.auth))["amount_paid"] == "10.00"
    for method, path, body in (
        ("post", INVOICES, invoice_body()),
        ("patch", f"{INVOICES}/{draft['id']}", {"memo": "mine"}),
        ("delete", f"{INVOICES}/{draft['id']}", None),
        ("post", f"{INVOICES}/{draft['id']}/issue", {}),
        ("post", f"{INVOICES}/{issued['id']}/void", {}),
        ("post", PAYMENTS, {"invoice_id": issued["id"], "amount": "1", "currency": "EUR"}),
    ):
        gateway_error(http.request(method, path, json=body, headers=reader.auth), 403, "forbidden")
    assert ok(http.get(f"{INVOICES}/{draft['id']}", headers=owner.auth)) == draft


def test_another_tenants_ids_are_404_on_every_path_and_lists_leak_nothing(
    client: IdentityClient, owner: Session
) -> None:
    http = client.http
    draft = new_draft(http, owner)
    issued = new_issued(http, owner)
    payment = created(pay(http, owner, issued["id"], "10"))
    other = client.session()

    def unnamed(text: str) -> str:
        for id_ in (draft["id"], issued["id"], payment["id"]):
            text = text.replace(id_, SOME)
        return text

    for method, path, body in (
        ("get", f"{INVOICES}/{draft['id']}", None),
        ("patch", f"{INVOICES}/{draft['id']}", {"memo": "mine"}),
        ("delete", f"{INVOICES}/{draft['id']}", None),
        ("post", f"{INVOICES}/{draft['id']}/issue", {}),
        ("post", f"{INVOICES}/{issued['id']}/void", {}),
        ("get", f"{PAYMENTS}/{payment['id']}", None),
        ("post", PAYMENTS, {"invoice_id": issued["id"], "amount": "1", "currency": "EUR"}),
    ):
        response = http.request(method, path, json=body, headers=other.auth)
        unnamed_body = None if body is None else json.loads(unnamed(json.dumps(body)))
        missing = http.request(method, unnamed(path), json=unnamed_body, headers=other.auth)
        error = gateway_error(response, 404, "not_found")
        assert unnamed(error["message"]) == gateway_error(missing, 404, "not_found")["message"]
    for path, params in (
        (INVOICES, {}),
        (INVOICES, {"customer": "acme"}),
        (PAYMENTS, {}),
        (PAYMENTS, {"invoice_id": issued["id"]}),
    ):
        listed = ok(http.get(path, params=params, headers=other.auth))
        assert (listed["data"], listed["pagination"]["total"]) == ([], 0), path
    assert ok(http.get(f"{INVOICES}/{draft['id']}", headers=owner.auth)) == draft
    assert ok(http.get(f"{INVOICES}/{issued['id']}", headers=owner.auth))["amount_paid"] == "10.00"


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("post", INVOICES, {"currency": "EUR"}, "customer"),
        ("post", INVOICES, {"customer": {"name": "A"}}, "currency"),
        ("post", INVOICES, {"customer": {"name": "A"}, "currency": "eur"}, "currency"),
        ("post", INVOICES, {"customer": {}, "currency": "EUR"}, "name"),
        ("post", INVOICES, {"customer": {"name": 5}, "currency": "EUR"}, "name"),
        ("post", INVOICES, invoice_body(customer={"name": "A", "email": "nope"}), "email"),
        ("post", INVOICES, invoice_body(issue_date="2026-02-30"), "issue_date"),
        ("post", INVOICES, invoice_body(idempotency_key="a b"), "idempotency_key"),
        ("post", INVOICES, invoice_body(lines="x"), "lines"),
        ("post", INVOICES, with_line(quantity="0"), "quantity"),
        ("post", INVOICES, with_line(unit_price="-1"), "unit_price"),
        ("post", INVOICES, with_line(unit_price="1.00001"), "unit_price"),
        ("post", INVOICES, with_line(unit_price="1e999"), "unit_price"),
        ("post", INVOICES, with_line(tax_rate="101"), "tax_rate"),
        ("post", INVOICES, with_line(description=None), "description"),
        ("post", INVOICES, with_line(quantity=None), "quantity"),
        ("post", INVOICES, invoice_body([LINE] * 101), "lines"),
        ("patch", f"{INVOICES}/{SOME}", {"currency": "E"}, "currency"),
        ("get", f"{INVOICES}/not-a-uuid", None, "id"),
        ("post", f"{INVOICES}/not-a-uuid/issue", {}, "id"),
        ("get", f"{INVOICES}?limit=0", None, "limit"),
        ("get", f"{INVOICES}?limit=101", None, "limit"),
        ("get", f"{INVOICES}?status=open", None, "status"),
        ("get", f"{INVOICES}?from_date=2026-13-01", None, "from_date"),
        ("post", PAYMENTS, {"amount": "1", "currency": "EUR"}, "invoice_id"),
        ("post", PAYMENTS, {"invoice_id": "x", "amount": "1", "currency": "EUR"}, "invoice_id"),
        ("post", PAYMENTS, {**PAYMENT, "amount": "0"}, "amount"),
        ("post", PAYMENTS, {**PAYMENT, "amount": "1.001"}, "amount"),
        ("post", PAYMENTS, {**PAYMENT, "amount": "ten"}, "amount"),
        ("post", PAYMENTS, {**PAYMENT, "method": "gold"}, "method"),
        ("get", f"{PAYMENTS}?invoice_id=nope", None, "invoice_id"),
        ("get", f"{PAYMENTS}/nope", None, "id"),
    ],
)  # fmt: skip
def test_bad_input_is_a_gateway_400_naming_the_field(
    client: IdentityClient, owner: Session, method: str, path: str, body: Any, field: str
) -> None:
    response = client.http.request(method, path, json=body, headers=owner.auth)
    error = gateway_error(response, 400, "validation_error")
    assert field in error["message"], error


@pytest.mark.parametrize("path", [INVOICES, PAYMENTS, f"{INVOICES}/{SOME}"])
@pytest.mark.parametrize("content", [b"{", b"[1, 2]", b'"text"'])
def test_malformed_json_is_a_gateway_400(
    client: IdentityClient, owner: Session, path: str, content: bytes
) -> None:
    method = "patch" if path.endswith(SOME) else "post"
    headers = {**owner.auth, "content-type": "application/json"}
    response = client.http.request(method, path, content=content, headers=headers)
    gateway_error(response, 400, "bad_request")


def test_reads_and_writes_need_a_token(client: IdentityClient) -> None:
    gateway_error(client.http.get(INVOICES), 401, "unauthorized")
    gateway_error(client.http.post(PAYMENTS, json={}), 401, "unauthorized")


def test_grpcurl_creates_issues_and_voids_idempotently_with_the_callers_token(
    identity_stack: RunningStack, client: IdentityClient, owner: Session
) -> None:
    address = identity_stack.running.backend_addresses["main"]
    service = "finplat.billing.v1.InvoiceService"
    bearer = f"authorization: Bearer {owner.access_token}"
    saga = uuid.uuid4()

    def call(method: str, request: dict[str, Any]) -> dict[str, Any]:
        done = grpcurl("-H", bearer, "-d", json.dumps(request), address, f"{service}/{method}")
        assert done.returncode == 0, done.stderr
        answer: dict[str, Any] = json.loads(done.stdout)
        return answer

    create = {
        "customer": {"name": "Milestone client"},
        "currency": "EUR",
        "lines": [
            {"description": "Milestone 1", "quantity": "1", "unitPrice": "5000", "taxRate": "19"}
        ],
        "idempotencyKey": f"{saga}:create",
    }
    first = call("CreateInvoice", create)
    assert first["created"] is True and first["invoice"]["status"] == "INVOICE_STATUS_DRAFT"
    again = call("CreateInvoice", create)
    assert "created" not in again and again["invoice"] == first["invoice"]  # false: left out
    invoice_id = first["invoice"]["id"]
    issue = {"id": invoice_id, "idempotencyKey": f"{saga}:issue"}
    issued = call("IssueInvoice", issue)
    assert issued["created"] is True and issued["invoice"]["total"] == "5950.00"
    assert call("IssueInvoice", issue)["invoice"]["number"] == issued["invoice"]["number"]
    void = {"id": invoice_id, "idempotencyKey": f"{saga}:void"}
    assert call("VoidInvoice", void)["invoice"]["status"] == "INVOICE_STATUS_VOID"
    assert "created" not in call("VoidInvoice", void)
    reused = grpcurl(
        "-H", bearer, "-d", json.dumps({**create, "memo": "other"}), address,
        f"{service}/CreateInvoice",
    )  # fmt: skip
    assert reused.returncode != 0 and "AlreadyExists" in reused.stderr
    # The same invoice through the edge; and nobody without a token.
    rest = ok(client.http.get(f"{INVOICES}/{invoice_id}", headers=owner.auth))
    assert (rest["status"], rest["number"]) == ("void", issued["invoice"]["number"])
    denied = grpcurl("-d", json.dumps(create), address, f"{service}/CreateInvoice")
    assert denied.returncode != 0 and "Unauthenticated" in denied.stderr
