"""A user account as the auth flows see it, and what follows from it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from services.main.kernel import access
from services.runtime.errors import AlreadyExists


@dataclass(frozen=True)
class User:
    id: uuid.UUID
    tenant_id: uuid.UUID
    # Normalised (lower case): the unique login name.
    email: str
    username: str
    full_name: str
    password_hash: str
    email_verified_at: datetime | None
    # Platform roles ("user" always; "admin", "service" granted by operators).
    roles: tuple[str, ...]
    # Its role in its default tenant `tenant_id` (owner, manager, member, viewer), read
    # from the membership; None when it no longer belongs to it (its next token is for
    # another tenant: services.main.kernel.tokens).
    tenant_role: str | None
    # Scopes granted beyond those of the tenant role.
    extra_scopes: tuple[str, ...]
    mfa_secret: str | None
    # Set by SetupMfa, promoted to mfa_secret by EnableMfa.
    mfa_pending_secret: str | None
    mfa_enabled_at: datetime | None
    # The last TOTP time step accepted: a code of that step or earlier is a replay.
    mfa_last_step: int | None
    created_at: datetime
    updated_at: datetime
    last_login_at: datetime | None

    @property
    def mfa_enabled(self) -> bool:
        return self.mfa_secret is not None

    @property
    def email_verified(self) -> bool:
        return self.email_verified_at is not None


@dataclass(frozen=True)
class NewUser:
    """What registering (or creating a service account) stores; the rest is defaulted."""

    email: str
    username: str
    full_name: str
    password_hash: str
    roles: tuple[str, ...] = (access.USER,)
    tenant_role: str = access.OWNER
    # A fixed id for an account the code refers to (the decoy); random otherwise.
    id: uuid.UUID | None = None


def workspace_name(full_name: str) -> str:
    """The name of the tenant a new account gets."""
    return f"{full_name}'s workspace"[:200]


@dataclass(frozen=True)
class Profile:
    """The caller's account as GetProfile shows it, in the tenant of the calling token."""

    user: User
    roles: list[str]  # the platform roles its tokens carry ("user" always)
    tenant_id: uuid.UUID
    tenant_role: str
    scopes: list[str]


def profile_of(user: User, tenant_id: uuid.UUID, tenant_role: str) -> Profile:
    return Profile(
        user,
        sorted(set(user.roles) | {access.USER}),
        tenant_id,
        tenant_role,
        access.scopes_for(tenant_role, user.extra_scopes),
    )


class AccountTaken(AlreadyExists):
    """Another account took the email or the username first (a concurrent registration
    between our check and our insert)."""
