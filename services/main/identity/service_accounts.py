"""Service accounts and the OAuth2 client-credentials grant (RFC 6749 §4.4).

Backends registering with the edge (GAPS: platform role `service`) authenticate as a
service account: operators create one (`finplat service-accounts create NAME`) and get
a client id and a client secret, shown once and stored hashed. `issue_token` trades the
pair for a 15-minute access token whose session lasts exactly as long, so the shared
verifier and CheckSession treat it like any user's token, and revoking the account
(which revokes its sessions) takes effect within the verifiers' session-check cache.

Failures are security events counted by the login throttle, per client id and per
address, so guessing secrets is slowed like guessing passwords.
"""

from __future__ import annotations

import hmac
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime

from services.main.identity import events, login
from services.main.identity.context import Clock, IdentityContext, IdentityUnitOfWork, utcnow
from services.main.identity.service_accounts_store import ServiceAccountRepository
from services.main.identity.service_accounts_tables import ServiceAccountRow
from services.main.identity.store import token_hash
from services.main.identity.tables import UserRow
from services.runtime.errors import InvalidArgument, NotFound, Unauthenticated

CLIENT_ID_PREFIX = "fpc_"
SECRET_PREFIX = "fps_"
MAX_NAME = 100
# One message for unknown, wrong and revoked: the answer must not tell them apart.
BAD_CLIENT_CREDENTIALS = "invalid client credentials"
# The session's authentication method. RFC 8176 has no value for a client secret.
CLIENT_CREDENTIALS_AMR: list[str] = []
REVOKED_REASON = "service_account_revoked"


@dataclass(frozen=True)
class ServiceAccount:
    id: uuid.UUID
    user_id: uuid.UUID
    name: str
    client_id: str
    created_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@dataclass(frozen=True)
class IssuedServiceAccount:
    """A new account and its secret: the only time the secret exists in clear."""

    account: ServiceAccount
    client_secret: str


@dataclass(frozen=True)
class ServiceToken:
    access_token: str
    expires_in: int
    session_id: uuid.UUID


def _view(row: ServiceAccountRow) -> ServiceAccount:
    return ServiceAccount(
        id=row.id,
        user_id=row.user_id,
        name=row.name,
        client_id=row.client_id,
        created_at=row.created_at,
        revoked_at=row.revoked_at,
        last_used_at=row.last_used_at,
    )


def create(uow: IdentityUnitOfWork, name: str, clock: Clock = utcnow) -> IssuedServiceAccount:
    clean = name.strip()
    if not clean:
        raise InvalidArgument.for_field("name", "is required")
    if len(clean) > MAX_NAME:
        raise InvalidArgument.for_field("name", f"must be at most {MAX_NAME} characters")
    # 80 random bits: the id is not a secret, it only has to be unique (it is also the
    # account's username, at most 32 characters).
    client_id = CLIENT_ID_PREFIX + secrets.token_hex(10)
    # 256 random bits: a fast hash is enough to store it (nothing to brute-force).
    secret = SECRET_PREFIX + secrets.token_urlsafe(32)
    with uow:
        row, _user = ServiceAccountRepository(uow.session).add(
            name=clean, client_id=client_id, secret_hash=token_hash(secret), now=clock()
        )
        return IssuedServiceAccount(account=_view(row), client_secret=secret)


def list_accounts(
    uow: IdentityUnitOfWork, *, include_revoked: bool = False
) -> list[ServiceAccount]:
    with uow:
        rows = ServiceAccountRepository(uow.session).list(include_revoked=include_revoked)
        return [_view(row) for row in rows]


def revoke(uow: IdentityUnitOfWork, client_id: str, clock: Clock = utcnow) -> ServiceAccount:
    """The secret stops working at once, and so do the tokens already issued (their
    sessions are revoked). Revoking twice is harmless."""
    now = clock()
    with uow:
        row = ServiceAccountRepository(uow.session).by_client_id(client_id.strip())
        if row is None:
            raise NotFound(f"service account {client_id} not found")
        if row.revoked_at is None:
            row.revoked_at = now
            count = uow.repos.sessions.revoke_all(row.user_id, now, REVOKED_REASON)
            events.record(
                uow.session,
                kind=events.SESSION_REVOKED,
                result=f"{REVOKED_REASON}: {count} revoked",
                at=now,
                client=events.ClientInfo(),
                user_id=row.user_id,
            )
        return _view(row)


def issue_token(
    ctx: IdentityContext, client_id: str, client_secret: str, client: events.ClientInfo
) -> ServiceToken:
    client_id = client_id.strip()
    if not client_id:
        raise InvalidArgument.for_field("client_id", "is required")
    if not client_secret:
        raise InvalidArgument.for_field("client_secret", "is required")
    # The throttle and the events name the account by this hash, as logins do by email.
    subject = login.subject_hash(client_id)
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        login.check_throttle(uow.repos, subject, client.ip, now)
        accounts = ServiceAccountRepository(uow.session)
        row = accounts.by_client_id(client_id)
        user = accounts.user(row) if row is not None else None
        if row is not None and user is not None and _admits(row, client_secret):
            token = _open_session(ctx, uow, user, client, now)
            row.last_used_at = user.last_login_at = now
            accounts.prune_sessions(user.id, now)
            _record(
                uow, events.LOGIN_SUCCEEDED, "ok", user.id, subject, client, now, token.session_id
            )
            return token
        known_user = None if row is None else row.user_id
    # In a transaction of its own: the exception below would roll the one above back.
    with ctx.unit_of_work() as uow:
        _record(uow, events.LOGIN_FAILED, "invalid_credentials", known_user, subject, client, now)
    raise Unauthenticated(BAD_CLIENT_CREDENTIALS)


def _admits(row: ServiceAccountRow, client_secret: str) -> bool:
    # Constant-time comparison of the hashes, so timing says nothing about the secret.
    matches = hmac.compare_digest(row.secret_hash, token_hash(client_secret))
    return matches and row.revoked_at is None


def _open_session(
    ctx: IdentityContext,
    uow: IdentityUnitOfWork,
    user: UserRow,
    client: events.ClientInfo,
    now: datetime,
) -> ServiceToken:
    """A session exactly as long as the token: CheckSession then accepts the token for
    its whole life, and revoking the account's sessions stops it."""
    session = uow.repos.sessions.open(
        user.id,
        now=now,
        lifetime=ctx.issuer.lifetime,
        client=client,
        amr=CLIENT_CREDENTIALS_AMR,
        # The session API keeps a refresh chain; this grant has none (RFC 6749 §4.4.3),
        # so the refresh token is thrown away unseen and can never be presented.
        refresh_token=secrets.token_urlsafe(32),
    )
    token = ctx.issuer.issue(login.subject_of(user), session.id, CLIENT_CREDENTIALS_AMR, now)
    return ServiceToken(token.token, token.expires_in, session.id)


def _record(
    uow: IdentityUnitOfWork,
    kind: str,
    result: str,
    user_id: uuid.UUID | None,
    subject: str,
    client: events.ClientInfo,
    now: datetime,
    session_id: uuid.UUID | None = None,
) -> None:
    events.record(
        uow.session,
        kind=kind,
        result=result,
        at=now,
        client=client,
        user_id=user_id,
        session_id=session_id,
        subject_hash=subject,
    )
