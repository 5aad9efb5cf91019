"""Service accounts: created, listed and revoked by operators; the client-credentials
grant trades a client id and secret for a 15-minute access token.

The token's session lasts exactly as long as the token, so the shared verifier and
CheckSession treat it like any user's token, and revoking the account (which revokes its
sessions) takes effect within the verifiers' session-check cache. Failures are security
events counted by the login throttle, per client id and per address, so guessing
secrets is slowed like guessing passwords. The token exchange: `delegation`.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from services.main.auth.domain.grants import new_token
from services.main.auth.domain.users import User
from services.main.auth.usecases.login import check_throttle
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import NO_CLIENT, ClientInfo, subject_hash
from services.main.kernel.hashing import token_hash
from services.main.kernel.tokens import mint
from services.main.service_accounts import domain
from services.main.service_accounts.domain import (
    IssuedServiceAccount,
    ServiceAccount,
    ServiceToken,
)
from services.main.service_accounts.usecases import delegation
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import InvalidArgument, NotFound, Unauthenticated


def create(uow: Uow, name: str, clock: Clock = utcnow) -> IssuedServiceAccount:
    clean = domain.validate_name(name)
    credentials = domain.new_credentials()
    now = clock()
    with uow:
        user = uow.repos.users.add(domain.account_user(clean, credentials.client_id), now)
        account = uow.repos.service_accounts.add(
            user_id=user.id,
            name=clean,
            client_id=credentials.client_id,
            secret_hash=token_hash(credentials.client_secret),
            now=now,
        )
        return IssuedServiceAccount(account=account, client_secret=credentials.client_secret)


def list_accounts(uow: Uow, *, include_revoked: bool = False) -> list[ServiceAccount]:
    with uow:
        return uow.repos.service_accounts.list(include_revoked=include_revoked)


def revoke(uow: Uow, client_id: str, clock: Clock = utcnow) -> ServiceAccount:
    """The secret stops working at once, and so do the tokens already issued (their
    sessions are revoked) and the delegation grants it holds (their users' sessions are
    revoked). Revoking twice is harmless."""
    now = clock()
    with uow:
        account = uow.repos.service_accounts.by_client_id(client_id.strip())
        if account is None:
            raise NotFound(f"service account {client_id} not found")
        if account.revoked:
            return account
        uow.repos.service_accounts.revoke(account.id, now)
        count = uow.repos.sessions.revoke_all(account.user_id, now, domain.REVOKED_REASON)
        uow.repos.events.record(
            kind=events.SESSION_REVOKED,
            result=f"{domain.REVOKED_REASON}: {count} revoked",
            at=now,
            client=NO_CLIENT,
            user_id=account.user_id,
        )
        delegation.end_all(uow, account.user_id, now, NO_CLIENT)
        return replace(account, revoked_at=now)


def issue_token(
    kernel: Kernel, client_id: str, client_secret: str, client: ClientInfo
) -> ServiceToken:
    client_id = client_id.strip()
    if not client_id:
        raise InvalidArgument.for_field("client_id", "is required")
    if not client_secret:
        raise InvalidArgument.for_field("client_secret", "is required")
    # The throttle and the events name the account by this hash, as logins do by email.
    subject = subject_hash(client_id)
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        check_throttle(uow, subject, client.ip, now)
        stored = uow.repos.service_accounts.credentials(client_id)
        user = uow.repos.users.by_id(stored.account.user_id) if stored is not None else None
        if stored is not None and user is not None and domain.admits(stored, client_secret):
            token = _open_session(kernel, uow, user, client, now)
            uow.repos.service_accounts.used(stored.account.id, now)
            uow.repos.users.logged_in(user.id, now)
            uow.repos.sessions.prune_expired(user.id, now - domain.EXPIRED_SESSION_RETENTION)
            _record(
                uow, events.LOGIN_SUCCEEDED, "ok", user.id, subject, client, now, token.session_id
            )
            return token
        known_user = None if stored is None else stored.account.user_id
    # In a transaction of its own: the exception below would roll the one above back.
    with kernel.unit_of_work() as uow:
        _record(uow, events.LOGIN_FAILED, "invalid_credentials", known_user, subject, client, now)
    raise Unauthenticated(domain.BAD_CLIENT_CREDENTIALS)


def _open_session(
    kernel: Kernel, uow: Uow, user: User, client: ClientInfo, now: datetime
) -> ServiceToken:
    """A session exactly as long as the token: CheckSession then accepts the token for
    its whole life, and revoking the account's sessions stops it."""
    session = uow.repos.sessions.open(
        user.id,
        now=now,
        lifetime=kernel.issuer.lifetime,
        client=client,
        amr=domain.CLIENT_CREDENTIALS_AMR,
        # The session API keeps a refresh chain; this grant has none (RFC 6749 §4.4.3),
        # so the refresh token is thrown away unseen and can never be presented.
        refresh_token=new_token(),
    )
    # The one place tokens are made: the account's tenant and role come from its
    # membership, exactly as the session check will require them.
    token = mint(kernel.issuer, uow, user, session, domain.CLIENT_CREDENTIALS_AMR, now).token
    return ServiceToken(token.token, token.expires_in, session.id)


def _record(
    uow: Uow,
    kind: str,
    result: str,
    user_id: uuid.UUID | None,
    subject: str,
    client: ClientInfo,
    now: datetime,
    session_id: uuid.UUID | None = None,
) -> None:
    uow.repos.events.record(
        kind=kind,
        result=result,
        at=now,
        client=client,
        user_id=user_id,
        session_id=session_id,
        subject_hash=subject,
    )
