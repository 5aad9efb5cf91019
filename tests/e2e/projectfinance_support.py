"""What the project-finance e2e modules share: a tenant's project in main and its
finance record (through the edge, as a client does), and the project-finance error body
`{code, message, details}` (details: field → why)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from tests.e2e.identity_support import IdentityClient, Session

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
