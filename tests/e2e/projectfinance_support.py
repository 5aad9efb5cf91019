"""What the project-finance e2e modules share: a tenant's project in main and its
finance record and phases (through the edge, as a client does), the project-finance error
body `{code, message, details}` (details: field → why), exact reading of money-bearing
bodies, and a token without one scope."""

from __future__ import annotations

import json
import time
import uuid
from decimal import Decimal
from typing import Any

import httpx
import jwt

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient, Session, claims_of, signing_key_pem

RECORDS = "/api/project-finance"


def pf_error(
    response: httpx.Response, status: int, code: str | None = None, field: str | None = None
) -> dict[str, Any]:
    """Assert spec 3's ErrorBody (plus the edge's request_id): `code`, `message`,
    `details`; `field`, when given, is one of the fields details names."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert isinstance(body["code"], str) and isinstance(body["message"], str), body
    assert isinstance(body["details"], dict), body
    if code is not None:
        assert body["code"] == code, body
    if field is not None:
        assert field in body["details"], body
    return body


def create_project(identity: IdentityClient, user: Session, name: str = "Bridge") -> str:
    """A project of the user's active tenant in main; its id."""
    response = identity.http.post("/api/projects", json={"name": name}, headers=user.auth)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def create_record(
    identity: IdentityClient,
    user: Session,
    *,
    amount: Any = 10000,
    currency: str = "EUR",
    revenue_model: str = "fixed_price",
) -> dict[str, Any]:
    """A fresh project and its finance record (POST /api/project-finance → 201).
    `amount` is sent as JSON: an int or a Decimal-exact float; exact decimals with more
    places go as raw JSON text in the tests that need them."""
    project_id = create_project(identity, user, f"Project {uuid.uuid4().hex[:8]}")
    response = identity.http.post(
        RECORDS,
        json={
            "project_id": project_id,
            "revenue_model": revenue_model,
            "total_budget": {"amount": amount, "currency": currency},
        },
        headers=user.auth,
    )
    assert response.status_code == 201, response.text
    record: dict[str, Any] = response.json()
    return record


def exact(response: httpx.Response, status: int = 200) -> Any:
    """The body of a `status` answer with every number a Decimal: money and ratios are
    compared exactly, never through a float."""
    assert response.status_code == status, response.text
    return json.loads(response.text, parse_float=Decimal, parse_int=Decimal)


def minor(amount: int, currency: str = "EUR") -> dict[str, Any]:
    """A MoneyA as the analytics endpoints render it (minor units)."""
    return {"AmountMinor": amount, "Currency": currency}


def plan_phase(
    identity: IdentityClient,
    user: Session,
    record: dict[str, Any],
    budget: int,
    *,
    sequence: int,
    start: str,
    end: str,
    name: str | None = None,
) -> str:
    """A planned phase of `record` (in its currency), not started; its path."""
    created = identity.http.post(
        f"{RECORDS}/{record['id']}/phases",
        json={
            "name": name or f"Phase {sequence}",
            "sequence": sequence,
            "phase_budget": {"amount": budget, "currency": record["total_budget"]["currency"]},
            "planned_start": start,
            "planned_end": end,
        },
        headers=user.auth,
    )
    assert created.status_code == 201, created.text
    return f"/api/phases/{created.json()['id']}"


def add_phase(
    identity: IdentityClient,
    user: Session,
    record: dict[str, Any],
    budget: int,
    *,
    sequence: int,
    start: str,
    end: str,
    progress: int,
    cost: int,
    actual_start: str | None = None,
) -> str:
    """A phase of `record` (in its currency) planned from `start` to `end`, started, at
    `progress` with `cost` spent (and `actual_start` when given); its path."""
    http, auth = identity.http, user.auth
    currency = record["total_budget"]["currency"]
    path = plan_phase(identity, user, record, budget, sequence=sequence, start=start, end=end)
    assert http.post(f"{path}/start", headers=auth).status_code == 201
    change: dict[str, Any] = {"actual_cost": {"amount": cost, "currency": currency}}
    if actual_start is not None:
        change["actual_start"] = actual_start
    changed = http.put(path, json=change, headers=auth)
    assert changed.status_code == 200, changed.text
    progressed = http.post(f"{path}/progress", json={"percent": progress}, headers=auth)
    assert progressed.status_code == 201, progressed.text
    return path


def add_phases(
    identity: IdentityClient,
    user: Session,
    record: dict[str, Any],
    *phases: tuple[int, str, str, int, int],
) -> list[str]:
    """Phases 1, 2… of `record`, each (budget, start, end, progress, cost), started on
    their planned start; their paths."""
    return [
        add_phase(
            identity,
            user,
            record,
            budget,
            sequence=sequence,
            start=start,
            end=end,
            progress=progress,
            cost=cost,
            actual_start=start,
        )
        for sequence, (budget, start, end, progress, cost) in enumerate(phases, start=1)
    ]


def token_without_scope(stack: RunningStack, user: Session, scope: str) -> str:
    """`user`'s token re-signed with main's real key (read from its database) without
    `scope`: no tenant role lacks the project-finance scopes, an operator's token may."""
    header = jwt.get_unverified_header(user.access_token)
    kid = str(header["kid"])
    pem = signing_key_pem(stack.database_url, kid)
    claims = claims_of(user.access_token)
    claims["scope"] = " ".join(s for s in str(claims["scope"]).split() if s != scope)
    claims.update(iat=int(time.time()), jti=str(uuid.uuid4()))
    return jwt.encode(
        claims, pem, algorithm="RS256", headers={"kid": kid, "typ": header.get("typ")}
    )
