"""Delegation grants from main (RFC 8693 token exchange), as the milestone-invoice saga
needs them: while a user's call is running the saga, its token is traded for a grant
that lets this backend — and only this backend's service account — act for that user
with `invoices:manage` alone; the runner later trades the grant for a short-lived access
token to resume the saga with nobody calling (docs/project-finance-milestones.md,
"Whose token"). No transport here; kernel.delegation is the gRPC implementation.

Failures come in two kinds: `DelegationRefused` is final for the grant (unknown,
expired, revoked by the user, or the user lost the scope or left the tenant: forget it
and wait for a user again), `MainUnavailable` passes (try again later).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

# The one scope the saga's calls to main need.
INVOICING_SCOPE: Final = "invoices:manage"


@dataclass(frozen=True)
class Grant:
    # The opaque grant: usable only with this backend's own service token.
    value: str
    expires_at: datetime


class DelegationRefused(Exception):
    """Main will not honour the grant (or will not make one from this token)."""


class Delegations(Protocol):
    def grant(self, user_token: str, purpose: str, now: datetime) -> Grant:
        """Trade a user's access token for a grant of `INVOICING_SCOPE`."""
        ...

    def token(self, grant: str) -> str:
        """A short-lived access token of the grant's user, `INVOICING_SCOPE` only."""
        ...

    def revoke(self, grant: str) -> None:
        """End the grant (its work is done); an ended grant is no error."""
        ...

    def close(self) -> None: ...
