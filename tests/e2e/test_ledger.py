"""The general ledger through the edge (main on PostgreSQL): accounts, balanced entries
(an unbalanced one refused in the gateway error shape), posting, immutability, reversal,
idempotent repeats, the zero-sum trial balance, tenant isolation, and bad input never
answered 5xx."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.e2e.identity_support import IdentityClient, Session, gateway_error

pytestmark = pytest.mark.e2e

LEDGER = "/api/v1/accounting/ledger"


def accounts_of(identity: IdentityClient, user: Session) -> dict[str, dict[str, Any]]:
    response = identity.http.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=user.auth)
    assert response.status_code == 200, response.text
    return {a["code"]: a for a in response.json()["data"]}


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
    # The edge has no per-response status yet: a repeat answers the first entry (201).
    assert again.status_code in (200, 201), again.text
    assert again.json()["id"] == first.json()["id"]
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


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("post", "/entries", {"lines": []}, "entry_date"),
        ("post", "/entries", {"entry_date": "2026-02-30", "lines": []}, "entry_date"),
        ("post", "/entries", {"entry_date": "2026-03-01"}, "lines"),
        (
            "post",
            "/entries",
            {
                "entry_date": "2026-03-01",
                "lines": [{"account_id": "x", "debit": "1", "currency": "EUR"}] * 2,
            },
            "account_id",
        ),
        (
            "post",
            "/entries",
            {
                "entry_date": "2026-03-01",
                "lines": [{"account_id": str(uuid.uuid4()), "debit": "-1", "currency": "EUR"}] * 2,
            },
            "debit",
        ),
        (
            "post",
            "/entries",
            {
                "entry_date": "2026-03-01",
                "lines": [{"account_id": str(uuid.uuid4()), "debit": "1e999", "currency": "EUR"}]
                * 2,
            },
            "debit",
        ),
        ("post", "/accounts", {"code": "9", "name": "X"}, "type"),
        ("post", "/accounts", {"code": "9", "name": "X", "type": "nonsense"}, "type"),
        ("patch", f"/accounts/{uuid.uuid4()}", {"name": ""}, "name"),
        ("get", "/entries?limit=0", None, "limit"),
        ("get", "/entries?status=open", None, "status"),
        ("get", "/entries?account_id=nope", None, "account_id"),
        ("get", "/trial-balance?as_of=2026-13-01", None, "as_of"),
        ("get", "/entries/not-a-uuid", None, "id"),
    ],
)
def test_bad_input_is_a_gateway_400_naming_the_field(
    identity: IdentityClient, method: str, path: str, body: Any, field: str
) -> None:
    user = identity.session()
    response = identity.http.request(method, f"{LEDGER}{path}", json=body, headers=user.auth)
    error = gateway_error(response, 400, "validation_error")
    assert field in error["message"], error


def test_reads_and_writes_need_a_token(identity: IdentityClient) -> None:
    gateway_error(identity.http.get(f"{LEDGER}/accounts"), 401, "unauthorized")
    gateway_error(identity.http.post(f"{LEDGER}/entries", json={}), 401, "unauthorized")
