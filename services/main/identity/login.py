"""Login, the MFA step, refresh-token rotation and logout (spec 1's flow, GAPS tokens).

Every attempt is recorded as a security event. Failures throttle progressively, per
account (by the hash of the email named, known or not) and per IP; the delay is always
temporary, so an attacker cannot lock a user out for good.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from services.main.identity import emails, events, throttle
from services.main.identity.access_tokens import TokenSubject
from services.main.identity.context import IdentityContext, IdentityUnitOfWork
from services.main.identity.device_store import TrustedDeviceRepository
from services.main.identity.second_factor import accept_code
from services.main.identity.store import IdentityRepositories
from services.main.identity.tables import SessionRow, UserRow
from services.runtime.errors import InvalidArgument, PermissionDenied, RateLimited, Unauthenticated

PASSWORD_ONLY = ["pwd"]
WITH_OTP = ["pwd", "otp"]
BAD_CREDENTIALS = "invalid email or password"


@dataclass(frozen=True)
class Grant:
    """The outcome of a login step or a refresh."""

    mfa_required: bool
    access_token: str = ""
    expires_in: int = 0
    session_id: str = ""
    refresh_token: str = ""


MFA_REQUIRED = Grant(mfa_required=True)


def subject_of(user: UserRow) -> TokenSubject:
    return TokenSubject(
        user_id=user.id,
        tenant_id=user.tenant_id,
        roles=tuple(user.roles),
        tenant_role=user.tenant_role,
        extra_scopes=tuple(user.extra_scopes),
    )


def subject_hash(email: str) -> str:
    """How the throttle and the events identify an account: the email named, hashed."""
    return hashlib.sha256(email.encode()).hexdigest()


def _require(value: str, field: str) -> str:
    if not value:
        raise InvalidArgument.for_field(field, "is required")
    return value


def login(ctx: IdentityContext, raw_email: str, password: str, client: events.ClientInfo) -> Grant:
    """Step one: a session, or `mfa_required` when the account has MFA and the device is
    not trusted."""
    return _login(ctx, raw_email, password, None, client)


def login_mfa(
    ctx: IdentityContext, raw_email: str, password: str, code: str, client: events.ClientInfo
) -> Grant:
    _require(code.strip(), "mfa_code")
    return _login(ctx, raw_email, password, code, client)


def _login(
    ctx: IdentityContext,
    raw_email: str,
    password: str,
    code: str | None,
    client: events.ClientInfo,
) -> Grant:
    email = emails.normalise_email(_require(raw_email.strip(), "email"))
    _require(password, "password")
    account = subject_hash(email)
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        check_throttle(uow.repos, account, client.ip, now)
        user = uow.repos.users.by_email(email)

    # The password check runs outside any transaction: argon2 takes tens of ms, and
    # holding a database connection meanwhile would cap concurrent logins at the pool size.
    if user is None:
        ctx.hasher.verify_dummy(password)
        valid = False
    else:
        valid = ctx.hasher.verify(user.password_hash, password)
    if not valid:
        _fail(ctx, user, account, client, now, "invalid_credentials")
        raise Unauthenticated(BAD_CREDENTIALS)
    assert user is not None
    rehash = ctx.hasher.hash(password) if ctx.hasher.needs_rehash(user.password_hash) else None

    with ctx.unit_of_work() as uow:
        repos = uow.repos
        user = repos.users.by_id(user.id)
        if user is None:  # deleted meanwhile
            raise Unauthenticated(BAD_CREDENTIALS)
        if rehash is not None:
            user.password_hash = rehash
        if ctx.require_verified_email and user.email_verified_at is None:
            _record(uow, user, client, now, events.LOGIN_FAILED, "email_not_verified")
            raise PermissionDenied(
                "verify your email address before logging in", reason="EMAIL_NOT_VERIFIED"
            )
        amr = PASSWORD_ONLY
        if user.mfa_secret is not None:
            if code is None:
                trusted = bool(client.device) and _device_trusted(uow, user, client, now)
                if not trusted:
                    _record(uow, user, client, now, events.LOGIN_MFA_REQUIRED, "mfa_required")
                    return MFA_REQUIRED
            elif accept_code(repos, user, code, now):
                amr = WITH_OTP
            else:
                # The failure is recorded in a transaction of its own: this one rolls back.
                uow.rollback()
                _fail(ctx, user, account, client, now, "invalid_mfa_code", events.MFA_FAILED)
                raise Unauthenticated("invalid MFA code")
        elif code is not None:
            raise InvalidArgument.for_field("mfa_code", "MFA is not enabled for this account")
        grant = _open_session(ctx, uow, user, client, now, amr)
        user.last_login_at = now
        _record(uow, user, client, now, events.LOGIN_SUCCEEDED, "ok", grant.session_id)
        return grant


def _device_trusted(
    uow: IdentityUnitOfWork, user: UserRow, client: events.ClientInfo, now: datetime
) -> bool:
    return TrustedDeviceRepository(uow.session).use_if_trusted(user.id, client.device, now)


def check_throttle(repos: IdentityRepositories, account: str, ip: str, now: datetime) -> None:
    """Refuse (429 with Retry-After) while the account or the address must wait."""
    waits = [
        throttle.retry_after(
            repos.failures.by_subject(account, now - _window(throttle.ACCOUNT_POLICY)),
            now,
            throttle.ACCOUNT_POLICY,
        )
    ]
    if ip:
        waits.append(
            throttle.retry_after(
                repos.failures.by_ip(ip, now - _window(throttle.IP_POLICY)),
                now,
                throttle.IP_POLICY,
            )
        )
    wait = max(waits)
    if wait > 0:
        raise RateLimited(f"too many failed logins; retry in {wait}s", retry_after_seconds=wait)


def _window(policy: throttle.ThrottlePolicy) -> timedelta:
    return timedelta(seconds=policy.window_seconds)


def _fail(
    ctx: IdentityContext,
    user: UserRow | None,
    account: str,
    client: events.ClientInfo,
    now: datetime,
    result: str,
    kind: str = events.LOGIN_FAILED,
) -> None:
    with ctx.unit_of_work() as uow:
        events.record(
            uow.session,
            kind=kind,
            result=result,
            at=now,
            client=client,
            user_id=None if user is None else user.id,
            subject_hash=account,
        )


def _record(
    uow: IdentityUnitOfWork,
    user: UserRow,
    client: events.ClientInfo,
    now: datetime,
    kind: str,
    result: str,
    session_id: str = "",
) -> None:
    events.record(
        uow.session,
        kind=kind,
        result=result,
        at=now,
        client=client,
        user_id=user.id,
        session_id=uuid.UUID(session_id) if session_id else None,
        subject_hash=subject_hash(user.email),
    )


def _open_session(
    ctx: IdentityContext,
    uow: IdentityUnitOfWork,
    user: UserRow,
    client: events.ClientInfo,
    now: datetime,
    amr: list[str],
) -> Grant:
    refresh_token = secrets.token_urlsafe(32)
    session = uow.repos.sessions.open(
        user.id,
        now=now,
        lifetime=ctx.session_lifetime,
        client=client,
        amr=amr,
        refresh_token=refresh_token,
    )
    return _grant(ctx, user, session, refresh_token, now)


def _grant(
    ctx: IdentityContext, user: UserRow, session: SessionRow, refresh_token: str, now: datetime
) -> Grant:
    token = ctx.issuer.issue(subject_of(user), session.id, list(session.amr), now)
    return Grant(
        mfa_required=False,
        access_token=token.token,
        expires_in=token.expires_in,
        session_id=str(session.id),
        refresh_token=refresh_token,
    )


def refresh(ctx: IdentityContext, refresh_token: str, client: events.ClientInfo) -> Grant:
    """Rotate the refresh token. Presenting a rotated one again is reuse: whoever holds
    the chain is not the legitimate client for sure, so the whole session is revoked."""
    if not refresh_token:
        raise Unauthenticated("the refresh_token cookie is required")
    now = ctx.clock()
    reused: SessionRow | None = None
    with ctx.unit_of_work() as uow:
        repos = uow.repos
        link = repos.sessions.refresh_link(refresh_token)
        if link is None:
            raise Unauthenticated("invalid refresh token")
        session = repos.sessions.get(link.session_id)
        if session is None or session.revoked_at is not None or session.expires_at <= now:
            raise Unauthenticated("session ended; log in again")
        if link.rotated_at is not None or not repos.sessions.rotate_link(link, now):
            reused = session
        else:
            user = repos.users.by_id(session.user_id)
            if user is None:
                raise Unauthenticated("session ended; log in again")
            new_token = secrets.token_urlsafe(32)
            repos.sessions.add_refresh(session.id, new_token, now)
            session.last_seen_at = now
            if client.ip:
                session.ip_address = client.ip[:64]
            if client.user_agent:
                session.user_agent = client.user_agent[:512]
            return _grant(ctx, user, session, new_token, now)
    # Outside the read transaction above: a reuse revokes in a transaction of its own.
    with ctx.unit_of_work() as uow:
        session = uow.repos.sessions.get(reused.id)
        if session is not None:
            uow.repos.sessions.revoke(session, now, "refresh_reuse")
            events.record(
                uow.session,
                kind=events.REFRESH_REUSE,
                result="session_revoked",
                at=now,
                client=client,
                user_id=session.user_id,
                session_id=session.id,
            )
    raise Unauthenticated("refresh token reuse detected; the session is revoked")


def logout(
    ctx: IdentityContext,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    client: events.ClientInfo,
) -> None:
    if session_id is None:
        return
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        session = uow.repos.sessions.owned(user_id, session_id)
        if session is not None and uow.repos.sessions.revoke(session, now, "logout"):
            events.record(
                uow.session,
                kind=events.LOGOUT,
                result="ok",
                at=now,
                client=client,
                user_id=user_id,
                session_id=session_id,
            )
