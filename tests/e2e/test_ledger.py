"""The general ledger through the edge (main on PostgreSQL): accounts, balanced entries
(an unbalanced one refused in the gateway error shape), posting, immutability, reversal,
idempotent repeats (201, then 200), the zero-sum trial balance, tenant isolation on every
path, viewers and members reading but not writing, bad input never answered 5xx, and
LedgerService over real gRPC with the caller's token."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, SmtpSink, gateway_error
from tests.e2e.ledger_support import LEDGER, Chart, accounts_of
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def client(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    """One client for the module's shared owner (a new user per test is slow)."""
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="module")
def owner(client: IdentityClient) -> Session:
    return client.session()


@pytest.fixture(scope="module")
def chart(client: IdentityClient, owner: Session) -> Chart:
    return accounts_of(client, owner)


def created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def sale(
    accounts: dict[str, dict[str, Any]], amount: str = "100.00", **fields: Any
) -> dict[str, Any]:
    return {
        "entry_date": "2026-03-01",
        "memo": "Sale",
        "lines": [
            {"account_id": accounts["1100"]["id"], "debit": amount, "currency": "EUR"},
            {"account_id": accounts["4000"]["id"], "credit": amount, "currency": "EUR"},
        ],
        **fields,
    }


def test_the_ledger_end_to_end(identity: IdentityClient) -> None:
    user = identity.session()
    http = identity.http
    accounts = accounts_of(identity, user)
    assert {"1000", "1100", "2100", "3000", "4000", "5000"} <= set(accounts)

    created = http.post(
        f"{LEDGER}/accounts",
        json={"code": "1010", "name": "Bank USD", "type": "asset", "currency": "USD"},
        headers=user.auth,
    )
    assert created.status_code == 201, created.text
    bank = created.json()
    assert created.headers["location"] == f"{LEDGER}/accounts/{bank['id']}"
    assert (bank["type"], bank["currency"], bank["active"]) == ("asset", "USD", True)

    unbalanced = sale(accounts)
    unbalanced["lines"][1]["credit"] = "90.00"
    gateway_error(
        http.post(f"{LEDGER}/entries", json=unbalanced, headers=user.auth),
        400,
        "validation_error",
        mentions="lines: debits 100.00 ≠ credits 90.00 EUR",
    )

    draft = http.post(f"{LEDGER}/entries", json=sale(accounts), headers=user.auth)
    assert draft.status_code == 201, draft.text
    entry = draft.json()
    assert draft.headers["location"] == f"{LEDGER}/entries/{entry['id']}"
    assert (entry["status"], entry["number"], entry["total"]) == ("draft", None, "100.00")
    assert entry["lines"][0]["debit"] == "100.00" and entry["lines"][0]["base_amount"] == "100.00"

    posted = http.post(f"{LEDGER}/entries/{entry['id']}/post", json={}, headers=user.auth)
    assert posted.status_code == 200, posted.text
    assert posted.json()["status"] == "posted"
    assert posted.json()["number"].startswith("JE-")
    gateway_error(
        http.delete(f"{LEDGER}/entries/{entry['id']}", headers=user.auth), 409, "invalid_transition"
    )
    gateway_error(
        http.post(f"{LEDGER}/entries/{entry['id']}/post", json={}, headers=user.auth),
        409,
        "invalid_transition",
    )

    reversed_ = http.post(f"{LEDGER}/entries/{entry['id']}/reverse", json={}, headers=user.auth)
    assert reversed_.status_code == 201, reversed_.text
    reversal = reversed_.json()
    assert reversal["reversal_of_id"] == entry["id"] and reversal["status"] == "posted"
    original = http.get(f"{LEDGER}/entries/{entry['id']}", headers=user.auth).json()
    assert (original["status"], original["reversed_by_id"]) == ("reversed", reversal["id"])

    keyed = sale(
        accounts, "25.50", source_module="invoices", source_event_id=str(uuid.uuid4()), post=True
    )
    first = http.post(f"{LEDGER}/entries", json=keyed, headers=user.auth)
    again = http.post(f"{LEDGER}/entries", json=keyed, headers=user.auth)
    assert first.status_code == 201, first.text
    # A repeat records nothing: 200 with the entry recorded first, and its Location.
    assert again.status_code == 200, again.text
    assert again.json() == first.json()
    assert again.headers["location"] == first.headers["location"]
    listed = http.get(
        f"{LEDGER}/entries", params={"source_module": "invoices"}, headers=user.auth
    ).json()
    assert listed["pagination"]["total"] == 1

    draft_to_drop = http.post(f"{LEDGER}/entries", json=sale(accounts), headers=user.auth).json()
    dropped = http.delete(f"{LEDGER}/entries/{draft_to_drop['id']}", headers=user.auth)
    assert dropped.status_code == 204, dropped.text

    balance = http.get(f"{LEDGER}/trial-balance", params={"as_of": "2099-12-31"}, headers=user.auth)
    assert balance.status_code == 200, balance.text
    body = balance.json()
    assert body["balanced"] is True and body["base_currency"] == "EUR"
    assert body["total_debit"] == body["total_credit"] == "225.50"

    # Another tenant sees none of it.
    other = identity.session()
    gateway_error(http.get(f"{LEDGER}/entries/{entry['id']}", headers=other.auth), 404, "not_found")
    gateway_error(
        http.post(f"{LEDGER}/entries/{entry['id']}/reverse", json={}, headers=other.auth),
        404,
        "not_found",
    )
    gateway_error(http.get(f"{LEDGER}/accounts/{bank['id']}", headers=other.auth), 404, "not_found")
    assert http.get(f"{LEDGER}/entries", headers=other.auth).json()["pagination"]["total"] == 0


def line(account: str, *, debit: Any = None, credit: Any = None, **fields: Any) -> dict[str, Any]:
    sides = {"debit": debit, "credit": credit}
    sent = {side: value for side, value in sides.items() if value is not None}
    return {"account_id": account, **sent, "currency": "EUR", **fields}


def entry_with(*lines: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"entry_date": "2026-03-01", "lines": list(lines), **fields}


# Fixed, not drawn: test ids must be the same in every process (pytest-xdist workers).
SOME = "2eda1ef8-181b-4995-8189-63cd8e94c51d"
PAIR = [line(SOME, debit="1"), line(SOME, credit="1")]
# (method, path, body, the field the 400 names)
BAD_INPUT: list[tuple[str, str, Any, str]] = [
    # missing required
    ("post", "/entries", {"lines": PAIR}, "entry_date"),
    ("post", "/entries", {"entry_date": "2026-03-01"}, "lines"),
    ("post", "/entries", entry_with({"debit": "1", "currency": "EUR"}, PAIR[1]), "account_id"),
    ("post", "/entries", entry_with({"account_id": SOME, "debit": "1"}, PAIR[1]), "currency"),
    ("post", "/accounts", {"code": "9", "name": "X"}, "type"),
    ("post", "/accounts", {"name": "X", "type": "asset"}, "code"),
    # wrong JSON types
    ("post", "/entries", {"entry_date": 20260301, "lines": PAIR}, "entry_date"),
    ("post", "/entries", {"entry_date": "2026-03-01", "lines": "all of them"}, "lines"),
    ("post", "/entries", entry_with(*PAIR, post="yes"), "post"),
    ("post", "/entries", entry_with(*PAIR, memo=["a"]), "memo"),
    ("post", "/entries", entry_with(line(SOME, debit={"a": 1}), PAIR[1]), "debit"),
    ("post", "/entries", entry_with(line(SOME, debit="1", fx_rate=True), PAIR[1]), "fx_rate"),
    ("post", "/accounts", {"code": 1200, "name": "X", "type": "asset"}, "code"),
    ("patch", f"/accounts/{SOME}", {"active": "no"}, "active"),
    # bad values and ids
    ("post", "/entries", {"entry_date": "2026-02-30", "lines": PAIR}, "entry_date"),
    ("post", "/entries", entry_with(line("x", debit="1"), PAIR[1]), "account_id"),
    ("post", "/entries", entry_with(line(SOME, debit="1", currency="eur"), PAIR[1]), "currency"),
    ("post", "/entries", entry_with(line(SOME, debit="1", credit="1"), PAIR[1]), "lines[0]"),
    ("post", "/entries", entry_with(line(SOME), PAIR[1]), "lines[0]"),
    ("post", "/entries", entry_with(*PAIR, memo="m" * 501), "memo"),
    ("post", "/entries", entry_with(*PAIR, source_module="invoices"), "source_event_id"),
    (
        "post",
        "/entries",
        entry_with(*PAIR, source_module="Bad Module", source_event_id="1"),
        "source_module",
    ),
    ("post", "/accounts", {"code": "9 9", "name": "X", "type": "asset"}, "code"),
    ("post", "/accounts", {"code": "9", "name": "X", "type": "nonsense"}, "type"),
    ("patch", f"/accounts/{SOME}", {"name": ""}, "name"),
    # out of range amounts and rates, too many lines
    ("post", "/entries", entry_with(line(SOME, debit="-1"), PAIR[1]), "debit"),
    ("post", "/entries", entry_with(line(SOME, debit="1e999"), PAIR[1]), "debit"),
    ("post", "/entries", entry_with(line(SOME, debit="100000000000"), PAIR[1]), "debit"),
    ("post", "/entries", entry_with(line(SOME, debit="1.00001"), PAIR[1]), "debit"),
    ("post", "/entries", entry_with(line(SOME, credit="NaN"), PAIR[0]), "credit"),
    ("post", "/entries", entry_with(line(SOME, debit="1", fx_rate="0"), PAIR[1]), "fx_rate"),
    ("post", "/entries", entry_with(line(SOME, debit="1", fx_rate="-2"), PAIR[1]), "fx_rate"),
    ("post", "/entries", entry_with(line(SOME, debit="1", fx_rate="1000000"), PAIR[1]), "fx_rate"),
    (
        "post",
        "/entries",
        entry_with(line(SOME, debit="1", fx_rate="1.123456789"), PAIR[1]),
        "fx_rate",
    ),
    ("post", "/entries", entry_with(line(SOME, debit="1", fx_rate="2"), PAIR[1]), "fx_rate"),
    ("post", "/entries", entry_with(PAIR[0]), "lines"),
    ("post", "/entries", entry_with(*(PAIR * 251)), "lines"),
    # queries and paths
    ("get", "/entries?limit=0", None, "limit"),
    ("get", "/entries?limit=101", None, "limit"),
    ("get", "/accounts?offset=-1", None, "offset"),
    ("get", "/entries?status=open", None, "status"),
    ("get", "/entries?account_id=nope", None, "account_id"),
    ("get", "/entries?from_date=yesterday", None, "from_date"),
    ("get", "/trial-balance?as_of=2026-13-01", None, "as_of"),
    ("get", "/entries/not-a-uuid", None, "id"),
    ("get", "/accounts/not-a-uuid", None, "id"),
    ("patch", "/accounts/not-a-uuid", {"name": "X"}, "id"),
    ("delete", "/entries/not-a-uuid", None, "id"),
    ("post", "/entries/not-a-uuid/post", {}, "id"),
    ("post", "/entries/not-a-uuid/reverse", {}, "id"),
    ("post", f"/entries/{SOME}/reverse", {"entry_date": "2026-02-30"}, "entry_date"),
]


@pytest.mark.parametrize(("method", "path", "body", "field"), BAD_INPUT)
def test_bad_input_is_a_gateway_400_naming_the_field(
    client: IdentityClient, owner: Session, method: str, path: str, body: Any, field: str
) -> None:
    response = client.http.request(method, f"{LEDGER}{path}", json=body, headers=owner.auth)
    error = gateway_error(response, 400, "validation_error")
    assert field in error["message"], error


@pytest.mark.parametrize("content", [b"{bad", b'{"lines": }', b"[1, 2]", b'"text"', b"\xff\xfe"])
@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/entries"), ("post", "/accounts"), ("patch", f"/accounts/{SOME}")],
)
def test_a_body_that_is_not_a_json_object_is_400(
    client: IdentityClient, owner: Session, method: str, path: str, content: bytes
) -> None:
    headers = {**owner.auth, "content-type": "application/json"}
    response = client.http.request(method, f"{LEDGER}{path}", content=content, headers=headers)
    assert "JSON" in gateway_error(response, 400, "bad_request")["message"]


def test_rules_across_fields_and_stored_data_are_422(
    client: IdentityClient, owner: Session, chart: Chart
) -> None:
    http = client.http
    gateway_error(
        http.get(
            f"{LEDGER}/entries",
            params={"from_date": "2026-03-05", "to_date": "2026-03-01"},
            headers=owner.auth,
        ),
        422,
        "unprocessable",
        mentions="to_date",
    )
    # Accounts are checked against the stored chart: unknown, or in another currency.
    unknown = entry_with(line(SOME, debit="1"), line(chart["4000"]["id"], credit="1"))
    gateway_error(
        http.post(f"{LEDGER}/entries", json=unknown, headers=owner.auth),
        422,
        "unprocessable",
        mentions="lines[0].account_id",
    )
    usd = created(
        http.post(
            f"{LEDGER}/accounts",
            json={
                "code": f"U{uuid.uuid4().hex[:8]}",
                "name": "USD",
                "type": "asset",
                "currency": "USD",
            },
            headers=owner.auth,
        )
    )
    in_gbp = entry_with(
        line(usd["id"], debit="1", currency="GBP", fx_rate="1.1"),
        line(chart["4000"]["id"], credit="1.10"),
    )
    gateway_error(
        http.post(f"{LEDGER}/entries", json=in_gbp, headers=owner.auth),
        422,
        "unprocessable",
        mentions="is in USD, not GBP",
    )


def test_reads_and_writes_need_a_token(identity: IdentityClient) -> None:
    gateway_error(identity.http.get(f"{LEDGER}/accounts"), 401, "unauthorized")
    gateway_error(identity.http.post(f"{LEDGER}/entries", json={}), 401, "unauthorized")


def four_lines(chart: Chart, amount: str = "100.00", **fields: Any) -> dict[str, Any]:
    """A sale with tax, paid partly in cash: the benchmark's shape."""
    return entry_with(
        line(chart["1000"]["id"], debit="30.00"),
        line(chart["1100"]["id"], debit=str(Decimal(amount) - 30 + 19)),
        line(chart["4000"]["id"], credit=amount),
        line(chart["2100"]["id"], credit="19.00"),
        **fields,
    )


def test_the_trial_balance_stays_zero_sum(identity: IdentityClient) -> None:
    user = identity.session()
    http = identity.http
    chart = accounts_of(identity, user)
    bank = created(
        http.post(
            f"{LEDGER}/accounts",
            json={"code": "1010", "name": "Bank USD", "type": "asset", "currency": "USD"},
            headers=user.auth,
        )
    )
    posted = [
        created(
            http.post(f"{LEDGER}/entries", json=four_lines(chart, post=True), headers=user.auth)
        )
        for _ in range(3)
    ]
    foreign = entry_with(
        line(bank["id"], debit="120.50", currency="USD", fx_rate="0.9123"),
        line(chart["4000"]["id"], credit="109.93"),
        post=True,
    )
    posted.append(created(http.post(f"{LEDGER}/entries", json=foreign, headers=user.auth)))
    # A draft is not in the books.
    created(http.post(f"{LEDGER}/entries", json=four_lines(chart), headers=user.auth))
    for entry in posted[:2]:
        created(http.post(f"{LEDGER}/entries/{entry['id']}/reverse", json={}, headers=user.auth))

    balance = http.get(f"{LEDGER}/trial-balance", params={"as_of": "2099-12-31"}, headers=user.auth)
    body = balance.json()
    debits = sum(float(row["debit"]) for row in body["accounts"])
    credits = sum(float(row["credit"]) for row in body["accounts"])
    assert body["balanced"] is True and body["total_debit"] == body["total_credit"]
    assert round(debits, 2) == round(credits, 2) == float(body["total_debit"])
    # three sales of 119, two of them reversed (119 each again), and the USD line
    assert body["total_debit"] == "704.93"
    rows = {row["code"]: row for row in body["accounts"]}
    assert rows["1010"]["debit"] == "109.93" and rows["1010"]["credit"] == "0.00"
    assert (rows["1000"]["debit"], rows["1000"]["credit"]) == ("90.00", "60.00")


@pytest.mark.parametrize("role", ["viewer", "member"])
def test_viewers_and_members_read_but_cannot_write(
    client: IdentityClient, owner: Session, chart: Chart, role: str
) -> None:
    http = client.http
    entry = created(
        http.post(f"{LEDGER}/entries", json=four_lines(chart, post=True), headers=owner.auth)
    )
    draft = created(http.post(f"{LEDGER}/entries", json=four_lines(chart), headers=owner.auth))
    reader = member_of(client, owner, role)

    for path in (
        "/accounts",
        f"/accounts/{chart['1000']['id']}",
        "/entries",
        f"/entries/{entry['id']}",
        "/trial-balance",
    ):
        response = http.get(f"{LEDGER}{path}", headers=reader.auth)
        assert response.status_code == 200, (path, response.text)
    assert http.get(f"{LEDGER}/entries/{entry['id']}", headers=reader.auth).json() == entry

    for method, path, body in (
        ("post", "/accounts", {"code": "9999", "name": "Mine", "type": "asset"}),
        ("patch", f"/accounts/{chart['1000']['id']}", {"name": "Mine"}),
        ("post", "/entries", four_lines(chart, post=True)),
        ("delete", f"/entries/{draft['id']}", None),
        ("post", f"/entries/{draft['id']}/post", {}),
        ("post", f"/entries/{entry['id']}/reverse", {}),
    ):
        response = http.request(method, f"{LEDGER}{path}", json=body, headers=reader.auth)
        gateway_error(response, 403, "forbidden")
    # Nothing changed.
    assert http.get(f"{LEDGER}/entries/{entry['id']}", headers=owner.auth).json() == entry
    assert http.get(f"{LEDGER}/entries/{draft['id']}", headers=owner.auth).json() == draft
    assert accounts_of(client, owner)["1000"] == chart["1000"]


def test_another_tenants_ids_are_404_on_every_path_and_lists_leak_nothing(
    client: IdentityClient, owner: Session, chart: Chart
) -> None:
    http = client.http
    entry = created(
        http.post(f"{LEDGER}/entries", json=four_lines(chart, post=True), headers=owner.auth)
    )
    draft = created(http.post(f"{LEDGER}/entries", json=four_lines(chart), headers=owner.auth))
    account = chart["1000"]["id"]
    other = client.session()

    def unnamed(text: str) -> str:
        for id_ in (account, entry["id"], draft["id"]):
            text = text.replace(id_, SOME)
        return text

    for method, path, body in (
        ("get", f"/accounts/{account}", None),
        ("patch", f"/accounts/{account}", {"name": "Mine", "active": False}),
        ("get", f"/entries/{entry['id']}", None),
        ("get", f"/entries/{draft['id']}", None),
        ("delete", f"/entries/{draft['id']}", None),
        ("post", f"/entries/{draft['id']}/post", {}),
        ("post", f"/entries/{entry['id']}/reverse", {}),
    ):
        response = http.request(method, f"{LEDGER}{path}", json=body, headers=other.auth)
        missing = http.request(method, f"{LEDGER}{unnamed(path)}", json=body, headers=other.auth)
        error = gateway_error(response, 404, "not_found")
        # Exactly like a missing one: the same answer but for the id.
        assert unnamed(error["message"]) == gateway_error(missing, 404, "not_found")["message"]

    # Its own books: its own chart, no entries, nothing of the owner's in any list.
    theirs = accounts_of(client, other)
    assert not {a["id"] for a in theirs.values()} & {a["id"] for a in chart.values()}
    listed = http.get(f"{LEDGER}/entries", headers=other.auth).json()
    assert (listed["data"], listed["pagination"]["total"]) == ([], 0)
    by_account = http.get(
        f"{LEDGER}/entries", params={"account_id": account}, headers=other.auth
    ).json()
    assert by_account["pagination"]["total"] == 0
    balance = http.get(f"{LEDGER}/trial-balance", headers=other.auth).json()
    assert (balance["accounts"], balance["total_debit"]) == ([], "0.00")
    # Its lines may not name the owner's accounts.
    gateway_error(
        http.post(f"{LEDGER}/entries", json=four_lines(chart, post=True), headers=other.auth),
        422,
        "unprocessable",
        mentions="not found",
    )
    # The owner's records are untouched.
    assert http.get(f"{LEDGER}/entries/{entry['id']}", headers=owner.auth).json() == entry
    assert http.get(f"{LEDGER}/entries/{draft['id']}", headers=owner.auth).json() == draft
    assert accounts_of(client, owner)["1000"] == chart["1000"]


def test_grpcurl_records_and_reads_an_entry_with_the_callers_token(
    identity_stack: RunningStack, client: IdentityClient, owner: Session, chart: Chart
) -> None:
    address = identity_stack.running.backend_addresses["main"]
    bearer = f"authorization: Bearer {owner.access_token}"
    request = {
        "entryDate": {"year": 2026, "month": 3, "day": 2},
        "memo": "Over gRPC",
        "sourceModule": "grpcurl",
        "sourceEventId": str(uuid.uuid4()),
        "post": True,
        "lines": [
            {"accountId": chart["1000"]["id"], "debit": "12.34", "currency": "EUR"},
            {"accountId": chart["4000"]["id"], "credit": "12.34", "currency": "EUR"},
        ],
    }
    service = "finplat.accounting.v1.LedgerService"
    first = grpcurl("-H", bearer, "-d", json.dumps(request), address, f"{service}/CreateEntry")
    assert first.returncode == 0, first.stderr
    answer = json.loads(first.stdout)
    assert answer["created"] is True and answer["entry"]["status"] == "ENTRY_STATUS_POSTED"
    again = grpcurl("-H", bearer, "-d", json.dumps(request), address, f"{service}/CreateEntry")
    assert again.returncode == 0, again.stderr
    assert "created" not in json.loads(again.stdout)  # false: proto3 JSON leaves it out
    assert json.loads(again.stdout)["entry"] == answer["entry"]
    # The same entry through the edge.
    entry_id = answer["entry"]["id"]
    rest = client.http.get(f"{LEDGER}/entries/{entry_id}", headers=owner.auth).json()
    assert (rest["number"], rest["total"]) == (answer["entry"]["number"], "12.34")
    denied = grpcurl("-d", "{}", address, f"{service}/ListAccounts")
    assert denied.returncode != 0 and "Unauthenticated" in denied.stderr
