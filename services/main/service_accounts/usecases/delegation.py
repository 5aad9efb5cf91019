"""Token exchange (RFC 8693) for service accounts: a user's live access token for a
delegation grant, the grant for a short-lived access token of the user naming the actor,
and ending a grant early (docs/identity.md, "Delegation").

The grant is a session of the user's: the user lists and revokes it like any session,
revoking all sessions (a password change or reset) ends it, and its access tokens pass
the shared verifier and main's session and membership check like any token of the
user. A role change or a removal from the tenant therefore refuses a token already
minted, and the next exchange answers which scope is no longer granted.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from services.main.auth.domain.grants import new_token
from services.main.kernel import access, events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import ClientInfo
from services.main.kernel.hashing import token_hash
from services.main.kernel.tokens import Actor, TokenSubject
from services.main.service_accounts.domain import ServiceAccount
from services.main.service_accounts.domain import delegation as rules
from services.main.service_accounts.domain.delegation import (
    DelegationGrant,
    Exchanged,
    ExchangeRequest,
    GrantTerms,
    Subject,
)
from services.runtime.errors import (
    InvalidArgument,
    PermissionDenied,
    Unauthenticated,
    Unavailable,
)
from services.runtime.principal import Principal


def exchange(
    kernel: Kernel, actor_user_id: uuid.UUID, request: ExchangeRequest, client: ClientInfo
) -> Exchanged:
    """ExchangeToken: `actor_user_id` is the caller (a service account's user)."""
    kind = rules.subject_token_type(request.subject_token_type)
    token = rules.require_subject_token(request.subject_token)
    if kind == rules.DELEGATION_GRANT_TYPE:
        return _access_token(kernel, actor_user_id, token, rules.parse_scopes(request.scope))
    terms = rules.grant_terms(request.scope, request.purpose, request.lifetime_seconds)
    with kernel.unit_of_work() as uow:
        account = _actor(uow, actor_user_id)
    # Verified outside any transaction: the verifier reads the session with its own
    # connection, and a pooled one held meanwhile would halve the pool.
    subject = rules.delegable(_verified(kernel, token))
    rules.require_scopes(terms.scopes, subject.scopes, "the subject token does not grant")
    return _grant(kernel, account, subject, terms, client)


def revoke(kernel: Kernel, actor_user_id: uuid.UUID, grant_token: str, client: ClientInfo) -> bool:
    """RevokeDelegation: True when the caller's grant was alive and is now ended; False
    for an ended, unknown or another actor's grant (which tells the caller nothing)."""
    if not grant_token:
        raise InvalidArgument.for_field("delegation_grant", "is required")
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        grant = uow.repos.delegations.presented(actor_user_id, token_hash(grant_token))
        if grant is None or not _alive(uow, grant, now):
            return False
        return _end(uow, grant, now, client)


def end_all(uow: Uow, actor_user_id: uuid.UUID, now: datetime, client: ClientInfo) -> int:
    """End every live grant of an actor (its service account is revoked); how many."""
    return sum(_end(uow, g, now, client) for g in uow.repos.delegations.active(actor_user_id, now))


def _actor(uow: Uow, user_id: uuid.UUID) -> ServiceAccount:
    # The interceptor let in any token with the `service` role; a grant is bound to a
    # service account (its name labels the session, its client id the tokens).
    account = uow.repos.service_accounts.by_user_id(user_id)
    if account is None or account.revoked:
        raise PermissionDenied(rules.NOT_A_SERVICE_ACCOUNT)
    return account


def _verified(kernel: Kernel, token: str) -> Principal:
    if kernel.verify_token is None:
        raise Unavailable("token exchange is not configured (no token verifier)")
    try:
        return kernel.verify_token(token)
    except Unauthenticated:
        # Not the verifier's reason: an expired, revoked or forged subject all read alike.
        raise Unauthenticated(rules.BAD_SUBJECT) from None


def _grant(
    kernel: Kernel,
    account: ServiceAccount,
    subject: Subject,
    terms: GrantTerms,
    client: ClientInfo,
) -> Exchanged:
    now = kernel.clock()
    grant = rules.new_grant()
    with kernel.unit_of_work() as uow:
        sessions = uow.repos.sessions
        presented = sessions.owned(subject.user_id, subject.session_id)
        if presented is None or not presented.active(now):
            raise Unauthenticated(rules.BAD_SUBJECT)
        expires_at = rules.grant_expiry(now, terms.lifetime, presented.expires_at)
        # The caller's address and agent, and a device the user can recognise.
        origin = replace(client, device=rules.device_label(account.name, terms.purpose))
        session = sessions.open(
            subject.user_id,
            now=now,
            lifetime=expires_at - now,
            client=origin,
            amr=rules.DELEGATION_AMR,
            # The session API keeps a refresh chain; a grant has none, so the refresh
            # token is thrown away unseen and can never be presented.
            refresh_token=new_token(),
        )
        sessions.set_tenant(subject.user_id, session.id, subject.tenant_id)
        uow.repos.delegations.add(
            token_hash=token_hash(grant),
            actor_user_id=account.user_id,
            user_id=subject.user_id,
            tenant_id=subject.tenant_id,
            session_id=session.id,
            scopes=terms.scopes,
            purpose=terms.purpose,
            now=now,
            expires_at=expires_at,
        )
        uow.repos.events.record(
            kind=events.DELEGATION_GRANTED,
            result=f"to {account.client_id}",
            at=now,
            client=origin,
            user_id=subject.user_id,
            session_id=session.id,
        )
    return Exchanged(
        token=grant,
        issued_token_type=rules.DELEGATION_GRANT_TYPE,
        token_type=rules.NOT_AN_ACCESS_TOKEN,
        expires_in=rules.seconds_until(expires_at, now),
        scopes=terms.scopes,
        session_id=session.id,
    )


def _access_token(
    kernel: Kernel, actor_user_id: uuid.UUID, grant_token: str, wanted: tuple[str, ...]
) -> Exchanged:
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        account = _actor(uow, actor_user_id)
        # Scoped by the caller: another actor's grant is not found, like an unknown one.
        grant = uow.repos.delegations.presented(account.user_id, token_hash(grant_token))
        user = None if grant is None else uow.repos.users.by_id(grant.user_id)
        if grant is None or user is None or not _alive(uow, grant, now):
            raise Unauthenticated(rules.BAD_GRANT)
        membership = uow.repos.memberships.get(grant.tenant_id, grant.user_id)
        if membership is None:
            raise PermissionDenied(rules.NOT_A_MEMBER)
        scopes = wanted or grant.scopes
        rules.require_scopes(scopes, grant.scopes, "the delegation grant does not include")
        granted = access.scopes_for(membership.tenant_role, user.extra_scopes)
        rules.require_scopes(scopes, granted, "the user's tenant role no longer grants")
        # Only the `user` role, never the user's platform roles (an admin's grant must
        # not make the service an admin), and the role the session check will require.
        subject = TokenSubject(
            user_id=user.id,
            tenant_id=grant.tenant_id,
            roles=(access.USER,),
            tenant_role=membership.tenant_role,
            extra_scopes=user.extra_scopes,
        )
        token = kernel.issuer.issue(
            subject,
            grant.session_id,
            rules.DELEGATION_AMR,
            now,
            scopes=scopes,
            actor=Actor(user_id=account.user_id, client_id=account.client_id),
            lifetime=rules.token_lifetime(grant, now),
        )
        uow.repos.delegations.used(account.user_id, grant.id, now)
        # The user's session list shows when the delegation was last used.
        uow.repos.sessions.seen(grant.user_id, grant.session_id, now, events.NO_CLIENT)
    return Exchanged(
        token=token.token,
        issued_token_type=rules.ACCESS_TOKEN_TYPE,
        token_type=rules.BEARER,
        expires_in=token.expires_in,
        scopes=scopes,
        session_id=grant.session_id,
    )


def _alive(uow: Uow, grant: DelegationGrant, now: datetime) -> bool:
    """Unexpired and unrevoked, and so is its session (the user may have revoked it, or
    all of theirs)."""
    if not grant.active(now):
        return False
    session = uow.repos.sessions.owned(grant.user_id, grant.session_id)
    return session is not None and session.active(now)


def _end(uow: Uow, grant: DelegationGrant, now: datetime, client: ClientInfo) -> bool:
    if not uow.repos.delegations.revoke(grant.actor_user_id, grant.id, now):
        return False  # a concurrent revocation won
    if uow.repos.sessions.revoke(grant.user_id, grant.session_id, now, rules.REVOKED_REASON):
        uow.repos.events.record(
            kind=events.SESSION_REVOKED,
            result=rules.REVOKED_REASON,
            at=now,
            client=client,
            user_id=grant.user_id,
            session_id=grant.session_id,
        )
    return True
