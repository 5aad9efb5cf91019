"""What the accounting e2e modules share: the ledger's path and a tenant's chart of
accounts read through the edge, by account code."""

from __future__ import annotations

from typing import Any

from tests.e2e.identity_support import IdentityClient, Session

LEDGER = "/api/v1/accounting/ledger"
Chart = dict[str, dict[str, Any]]


def accounts_of(identity: IdentityClient, user: Session) -> Chart:
    """The user's tenant's accounts by code (the seeded chart fits one page)."""
    response = identity.http.get(f"{LEDGER}/accounts", params={"limit": 100}, headers=user.auth)
    assert response.status_code == 200, response.text
    return {a["code"]: a for a in response.json()["data"]}
