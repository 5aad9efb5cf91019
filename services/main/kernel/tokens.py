"""Issuing access tokens (GAPS: RS256, typ at+jwt, 15 minutes, the claims below) with
the current signing key. The keys capability stores, rotates and publishes the keys
(`KeyRing` is what it provides).

Every token of a user's session is minted by `mint` (login, MFA, refresh, accepting an
invitation, switching tenant): it decides which tenant the token is for and reads the
role there from the user's memberships, the one truth about tenant roles (docs/teams.md):

- the tenant asked for (switching, accepting), else the session's active tenant, else the
  user's default tenant (the one last chosen: a new login starts there);
- when the user no longer belongs to it, the oldest membership left;
- when the user belongs to no tenant at all (it left or was removed from every one), a
  new workspace of its own, as registering gives — an account is never left unable to
  log in, and an empty workspace exposes nothing.

The one exception is a delegated token (services.main.service_accounts' token exchange):
it is for its grant's tenant or for nothing, so its use case reads the membership itself
and calls `TokenIssuer.issue` with the narrowing options.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from services.main.kernel import access
from services.runtime.errors import PermissionDenied
from services.runtime.tokens.verifier import ACCESS_TOKEN_TYPE

if TYPE_CHECKING:
    from services.main.auth.domain.memberships import Membership
    from services.main.auth.domain.users import User
    from services.main.kernel.dependencies import Uow
    from services.main.sessions.domain import Session


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_key: rsa.RSAPrivateKey
    created_at: datetime
    retired_at: datetime | None

    @property
    def public_key(self) -> rsa.RSAPublicKey:
        return self.private_key.public_key()


class KeyRing(Protocol):
    """The keys in process: the one that signs, and every one still published."""

    def signing_key(self) -> SigningKey: ...

    def published(self) -> list[SigningKey]: ...


@dataclass(frozen=True)
class TokenSubject:
    """What a token says about its user, read from the user at issue time."""

    user_id: uuid.UUID
    tenant_id: uuid.UUID
    roles: tuple[str, ...]
    tenant_role: str
    extra_scopes: tuple[str, ...]


@dataclass(frozen=True)
class Actor:
    """The service account a delegated token is issued to (RFC 8693 §4.1 `act`)."""

    user_id: uuid.UUID
    client_id: str


@dataclass(frozen=True)
class AccessToken:
    token: str
    expires_in: int


@dataclass(frozen=True)
class TokenIssuer:
    keys: KeyRing
    issuer: str
    audience: str
    lifetime: timedelta

    def issue(
        self,
        subject: TokenSubject,
        session_id: uuid.UUID,
        amr: list[str],
        now: datetime,
        *,
        scopes: Sequence[str] | None = None,
        actor: Actor | None = None,
        lifetime: timedelta | None = None,
    ) -> AccessToken:
        """A token for `subject` in `session_id`. A delegated token (token exchange)
        narrows it: only `scopes` (a subset of the role's; default: all of them), an
        `act` claim naming `actor`, a shorter `lifetime` than the issuer's."""
        key = self.keys.signing_key()
        issued = int(now.timestamp())
        seconds = int((self.lifetime if lifetime is None else lifetime).total_seconds())
        granted = access.scopes_for(subject.tenant_role, subject.extra_scopes)
        if scopes is not None and not set(scopes) <= set(granted):
            raise ValueError("a token cannot carry scopes its subject's role does not grant")
        claims: dict[str, object] = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": str(subject.user_id),
            "tid": str(subject.tenant_id),
            "sid": str(session_id),
            "roles": sorted(set(subject.roles) | {access.USER}),
            "tenant_role": subject.tenant_role,
            "scope": " ".join(granted if scopes is None else sorted(set(scopes))),
            "amr": amr,
            "iat": issued,
            "nbf": issued,
            "exp": issued + seconds,
            "jti": str(uuid.uuid4()),
        }
        if actor is not None:
            # RFC 8693 §4.1: who acts, as opposed to `sub`, for whom.
            claims["act"] = {"sub": str(actor.user_id), "client_id": actor.client_id}
        token = jwt.encode(
            claims,
            key.private_key,
            algorithm="RS256",
            headers={"kid": key.kid, "typ": ACCESS_TOKEN_TYPE},
        )
        return AccessToken(token=token, expires_in=seconds)


@dataclass(frozen=True)
class Minted:
    """A user's access token, and the membership it is for."""

    token: AccessToken
    membership: Membership


def choose_membership(
    memberships: Sequence[Membership], *preferred: uuid.UUID | None
) -> Membership | None:
    """The first of the `preferred` tenants the user belongs to, else its oldest
    membership; None when it belongs to none."""
    by_tenant = {m.tenant_id: m for m in memberships}
    for tenant_id in preferred:
        if tenant_id is not None and tenant_id in by_tenant:
            return by_tenant[tenant_id]
    return memberships[0] if memberships else None  # of_user lists the oldest first


def mint(
    issuer: TokenIssuer,
    uow: Uow,
    user: User,
    session: Session,
    amr: Sequence[str],
    now: datetime,
    *,
    tenant_id: uuid.UUID | None = None,
) -> Minted:
    """An access token of `session` for `tenant_id` if given (the caller checked that the
    user belongs to it), else for the session's tenant as the module docstring says. The
    session keeps the tenant chosen; an explicit choice also becomes the user's default.
    A delegation grant's session is refused (PERMISSION_DENIED)."""
    repos = uow.repos
    if repos.delegations.delegates(session.id):
        # A delegation grant's session yields only narrowed, delegated tokens: minting
        # here (a tenant switch made with a delegated token) would widen them to the
        # user's whole role, or to another tenant.
        raise PermissionDenied("a delegated session cannot obtain a user's token")
    memberships = repos.memberships.of_user(user.id)
    chosen = choose_membership(memberships, tenant_id, session.tenant_id, user.tenant_id)
    if chosen is None:
        chosen = repos.memberships.open_workspace(user.id, now)
    if tenant_id is not None or all(m.tenant_id != user.tenant_id for m in memberships):
        repos.users.set_default_tenant(user.id, chosen.tenant_id)
    repos.sessions.set_tenant(user.id, session.id, chosen.tenant_id)
    subject = TokenSubject(
        user_id=user.id,
        tenant_id=chosen.tenant_id,
        roles=user.roles,
        tenant_role=chosen.tenant_role,
        extra_scopes=user.extra_scopes,
    )
    return Minted(issuer.issue(subject, session.id, list(amr), now), chosen)
