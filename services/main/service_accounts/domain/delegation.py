"""Delegation grants: OAuth 2.0 Token Exchange (RFC 8693) for service accounts. Pure.

A backend holding a user's live access token trades it for a *delegation grant*: an
opaque credential bound to the calling service account (the actor), the user, the
token's tenant and a subset of its scopes, kept as a session of the user's. Later, with
nobody calling (a saga resumed after a restart), the actor trades the grant for a
short-lived access token of the user that names the actor in an `act` claim (§4.1) and
carries only the grant's scopes the user's current role still grants.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from services.main.kernel import access
from services.runtime.errors import (
    FieldViolation,
    InvalidArgument,
    PermissionDenied,
    raise_if_any,
)
from services.runtime.principal import Principal
from services.runtime.text_fields import checked_text

ACCESS_TOKEN_TYPE: Final = "urn:ietf:params:oauth:token-type:access_token"
DELEGATION_GRANT_TYPE: Final = "urn:finplat:params:oauth:token-type:delegation_grant"
TOKEN_TYPES: Final = (ACCESS_TOKEN_TYPE, DELEGATION_GRANT_TYPE)
# `token_type` of the answer (RFC 8693 §2.2.1): "N_A" when the issued token is not an
# access token (a grant cannot be presented to any API).
BEARER: Final = "Bearer"
NOT_AN_ACCESS_TOKEN: Final = "N_A"

GRANT_PREFIX: Final = "fpd_"
MAX_PURPOSE: Final = 200
DEFAULT_PURPOSE: Final = "delegated work"
DEFAULT_LIFETIME: Final = timedelta(days=1)
MAX_LIFETIME: Final = timedelta(days=7)
# A delegated access token is short-lived: every new one re-checks the grant, its
# session, the membership and the role.
TOKEN_LIFETIME: Final = timedelta(minutes=5)
# Nobody authenticated in the grant's session: it is the actor's, on the user's behalf.
DELEGATION_AMR: Final[list[str]] = []
REVOKED_REASON: Final = "delegation_revoked"

# One message for a grant unknown, expired, revoked, whose session ended, or another
# actor's: the answer must not tell them apart.
BAD_GRANT: Final = "invalid delegation grant"
BAD_SUBJECT: Final = "invalid subject token"
NOT_A_SERVICE_ACCOUNT: Final = "only service accounts may exchange tokens"
NOT_A_MEMBER: Final = "the user is no longer a member of the tenant"


@dataclass(frozen=True)
class DelegationGrant:
    id: uuid.UUID
    # The service account's user, the only one that may present or revoke the grant.
    actor_user_id: uuid.UUID
    user_id: uuid.UUID
    tenant_id: uuid.UUID
    # The user's session the grant lives in (and its tokens carry as `sid`).
    session_id: uuid.UUID
    scopes: tuple[str, ...]
    purpose: str
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None

    def active(self, now: datetime) -> bool:
        return self.revoked_at is None and self.expires_at > now


@dataclass(frozen=True)
class ExchangeRequest:
    """RFC 8693 §2.1's parameters, as received (ExchangeTokenRequest)."""

    subject_token: str
    subject_token_type: str
    scope: str = ""
    purpose: str = ""
    lifetime_seconds: int = 0


@dataclass(frozen=True)
class GrantTerms:
    """What an access token → grant exchange asks for, validated."""

    scopes: tuple[str, ...]
    purpose: str
    lifetime: timedelta


@dataclass(frozen=True)
class Subject:
    """The user behind a subject access token that may be delegated."""

    user_id: uuid.UUID
    tenant_id: uuid.UUID
    session_id: uuid.UUID
    scopes: frozenset[str]


@dataclass(frozen=True)
class Exchanged:
    """The answer of an exchange (RFC 8693 §2.2.1)."""

    token: str
    issued_token_type: str
    token_type: str
    expires_in: int
    scopes: tuple[str, ...]
    session_id: uuid.UUID


def subject_token_type(raw: str) -> str:
    if raw not in TOKEN_TYPES:
        raise InvalidArgument.for_field(
            "subject_token_type", f"must be one of {', '.join(TOKEN_TYPES)}"
        )
    return raw


def require_subject_token(token: str) -> str:
    if not token:
        raise InvalidArgument.for_field("subject_token", "is required")
    return token


def parse_scopes(scope: str) -> tuple[str, ...]:
    """A space-separated `scope` parameter (RFC 6749 §3.3) as sorted distinct scopes."""
    return tuple(sorted(set(scope.split())))


def grant_terms(scope: str, purpose: str, lifetime_seconds: int) -> GrantTerms:
    """The request's scopes (required), purpose (default DEFAULT_PURPOSE) and lifetime
    (0: DEFAULT_LIFETIME); every bad field reported at once."""
    problems: list[FieldViolation] = []
    scopes = parse_scopes(scope)
    if not scopes:
        problems.append(FieldViolation("scope", "is required"))
    # Shown to the user as the session's device: no characters that forge or hide text.
    clean = checked_text(purpose, "purpose", MAX_PURPOSE, problems)
    maximum = int(MAX_LIFETIME.total_seconds())
    if not 0 <= lifetime_seconds <= maximum:
        problems.append(
            FieldViolation("lifetime_seconds", f"must be between 0 (a day) and {maximum}")
        )
    raise_if_any(problems)
    return GrantTerms(
        scopes=scopes,
        purpose=clean or DEFAULT_PURPOSE,
        lifetime=timedelta(seconds=lifetime_seconds) if lifetime_seconds else DEFAULT_LIFETIME,
    )


def delegable(principal: Principal) -> Subject:
    """The user of a verified subject access token, if it may be delegated: a user's own
    token for a tenant — not a delegated one (no chains of actors: RFC 8693 §4.1 allows
    them, nothing here needs them), not a service account's (a service acts for users,
    never for another service)."""
    if "act" in principal.claims:
        raise PermissionDenied("a delegated token cannot be exchanged again")
    if access.SERVICE in principal.roles:
        raise PermissionDenied("a service account's token cannot be delegated")
    if principal.tenant_id is None or principal.session_id is None:
        raise PermissionDenied("the subject token is for no tenant")
    return Subject(
        user_id=uuid.UUID(principal.subject),
        tenant_id=uuid.UUID(principal.tenant_id),
        session_id=uuid.UUID(principal.session_id),
        scopes=principal.scopes,
    )


def require_scopes(wanted: Iterable[str], held: Iterable[str], refusal: str) -> None:
    """PERMISSION_DENIED "`refusal` <scope>" naming the first of `wanted` (sorted) not
    in `held`."""
    missing = sorted(set(wanted) - set(held))
    if missing:
        raise PermissionDenied(f"{refusal} {missing[0]}", metadata={"scope": missing[0]})


def grant_expiry(now: datetime, lifetime: timedelta, session_expires_at: datetime) -> datetime:
    """A grant never outlives the session of the token it was made from."""
    return min(now + lifetime, session_expires_at)


def device_label(actor_name: str, purpose: str) -> str:
    """How the grant's session reads in the user's session list and security log."""
    return f"{actor_name} (delegated): {purpose}"


def new_grant() -> str:
    # 256 random bits: a fast hash is enough to store it (nothing to brute-force).
    return GRANT_PREFIX + secrets.token_urlsafe(32)


def token_lifetime(grant: DelegationGrant, now: datetime) -> timedelta:
    """A delegated token lives TOKEN_LIFETIME, and never past its grant (whole seconds,
    at least one: the session check refuses it at the grant's end anyway)."""
    left = int((grant.expires_at - now).total_seconds())
    return min(TOKEN_LIFETIME, timedelta(seconds=max(1, left)))


def seconds_until(moment: datetime, now: datetime) -> int:
    return max(0, int((moment - now).total_seconds()))
