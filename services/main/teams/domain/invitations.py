"""Invitations into a tenant: an email, a role, a single-use token valid 7 days (stored
only as its SHA-256, like the auth capability's emailed tokens)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from services.runtime.errors import FailedPrecondition, PermissionDenied

INVITATION_DAYS: Final = 7
INVITATION_LIFETIME: Final = timedelta(days=INVITATION_DAYS)


@dataclass(frozen=True)
class NewInvitation:
    tenant_id: uuid.UUID
    email: str
    tenant_role: str
    invited_by: uuid.UUID


@dataclass(frozen=True)
class Invitation:
    id: uuid.UUID
    tenant_id: uuid.UUID
    # Normalised (lower case), as the users' emails are.
    email: str
    tenant_role: str
    invited_by: uuid.UUID | None
    created_at: datetime
    expires_at: datetime
    accepted_at: datetime | None
    revoked_at: datetime | None

    def pending(self, now: datetime) -> bool:
        return self.accepted_at is None and self.revoked_at is None and self.expires_at > now


def acceptable_by(invitation: Invitation, email: str, now: datetime) -> Invitation:
    """`invitation` if the user with `email` may accept it now: another address is 403
    (the token was forwarded, or the wrong account is logged in), a used, revoked or
    expired token 409."""
    if invitation.email != email:
        raise PermissionDenied(
            "this invitation is for another email address; log in as the invited user"
        )
    if invitation.accepted_at is not None:
        raise FailedPrecondition("this invitation has already been used", reason="INVITATION_USED")
    if invitation.revoked_at is not None:
        raise FailedPrecondition("this invitation has been revoked", reason="INVITATION_REVOKED")
    if invitation.expires_at <= now:
        raise FailedPrecondition(
            "this invitation has expired; ask for a new one", reason="INVITATION_EXPIRED"
        )
    return invitation
