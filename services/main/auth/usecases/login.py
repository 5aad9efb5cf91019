"""Login, the MFA step, refresh-token rotation and logout (spec 1's flow, GAPS tokens).

Every attempt is recorded as a security event. Failures throttle progressively, per
account (by the hash of the email named, known or not) and per IP; the delay is always
temporary, so an attacker cannot lock a user out for good.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from services.main.auth.domain import names, throttle
from services.main.auth.domain.grants import (
    BAD_CREDENTIALS,
    MFA_REQUIRED,
    PASSWORD_ONLY,
    WITH_OTP,
    Grant,
    new_token,
)
from services.main.auth.domain.users import User
from services.main.auth.usecases.second_factor import accept_code
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import ClientInfo, subject_hash
from services.main.kernel.tokens import mint
from services.main.sessions import domain as sessions
from services.main.sessions.domain import Session
from services.runtime.errors import InvalidArgument, PermissionDenied, RateLimited, Unauthenticated


class _WrongCode(Exception):
    """Leaves the login transaction (rolling it back) when the MFA code is wrong."""


def _require(value: str, field: str) -> str:
    if not value:
        raise InvalidArgument.for_field(field, "is required")
    return value


def login(kernel: Kernel, raw_email: str, password: str, client: ClientInfo) -> Grant:
    """Step one: a session, or `mfa_required` when the account has MFA and the device is
    not trusted."""
    return _login(kernel, raw_email, password, None, client)


def login_mfa(
    kernel: Kernel, raw_email: str, password: str, code: str, client: ClientInfo
) -> Grant:
    _require(code.strip(), "mfa_code")
    return _login(kernel, raw_email, password, code, client)


def _login(
    kernel: Kernel, raw_email: str, password: str, code: str | None, client: ClientInfo
) -> Grant:
    email = names.normalise_email(_require(raw_email.strip(), "email"))
    _require(password, "password")
    account = subject_hash(email)
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        check_throttle(uow, account, client.ip, now)
        found = uow.repos.users.by_email(email)

    # The password check runs outside any transaction: argon2 takes tens of ms, and
    # holding a database connection meanwhile would cap concurrent logins at the pool size.
    if found is None:
        kernel.hasher.verify_dummy(password)
        valid = False
    else:
        valid = kernel.hasher.verify(found.password_hash, password)
    if found is None or not valid:
        _fail(kernel, found, account, client, now, "invalid_credentials")
        raise Unauthenticated(BAD_CREDENTIALS)
    hasher = kernel.hasher
    rehash = hasher.hash(password) if hasher.needs_rehash(found.password_hash) else None

    try:
        with kernel.unit_of_work() as uow:
            repos = uow.repos
            user = repos.users.by_id(found.id)
            if user is None:  # deleted meanwhile
                raise Unauthenticated(BAD_CREDENTIALS)
            if rehash is not None:
                repos.users.rehash_password(user.id, rehash)
            if kernel.require_verified_email and not user.email_verified:
                raise PermissionDenied(
                    "verify your email address before logging in", reason="EMAIL_NOT_VERIFIED"
                )
            amr = PASSWORD_ONLY
            if user.mfa_enabled:
                if code is None:
                    trusted = bool(client.device) and repos.devices.use_if_trusted(
                        user.id, client.device, now
                    )
                    if not trusted:
                        _record(uow, user, client, now, events.LOGIN_MFA_REQUIRED, "mfa_required")
                        return MFA_REQUIRED
                elif accept_code(uow, user, code, now):
                    amr = WITH_OTP
                else:
                    raise _WrongCode
            elif code is not None:
                raise InvalidArgument.for_field("mfa_code", "MFA is not enabled for this account")
            grant = _open_session(kernel, uow, user, client, now, amr)
            repos.users.logged_in(user.id, now)
            _record(uow, user, client, now, events.LOGIN_SUCCEEDED, "ok", grant.session_id)
            return grant
    except _WrongCode:
        # Recorded in a transaction of its own: the login's has rolled back.
        _fail(kernel, found, account, client, now, "invalid_mfa_code", events.MFA_FAILED)
        raise Unauthenticated("invalid MFA code") from None


def check_throttle(uow: Uow, account: str, ip: str, now: datetime) -> None:
    """Refuse (429 with Retry-After) while the account or the address must wait."""
    failures = uow.repos.events
    kinds = throttle.FAILURE_KINDS
    by_account = failures.failures_by_subject(
        account, kinds, now - throttle.window(throttle.ACCOUNT_POLICY)
    )
    waits = [throttle.retry_after(by_account, now, throttle.ACCOUNT_POLICY)]
    if ip:
        by_ip = failures.failures_by_ip(ip, kinds, now - throttle.window(throttle.IP_POLICY))
        waits.append(throttle.retry_after(by_ip, now, throttle.IP_POLICY))
    wait = max(waits)
    if wait > 0:
        raise RateLimited(f"too many failed logins; retry in {wait}s", retry_after_seconds=wait)


def _fail(
    kernel: Kernel,
    user: User | None,
    account: str,
    client: ClientInfo,
    now: datetime,
    result: str,
    kind: str = events.LOGIN_FAILED,
) -> None:
    with kernel.unit_of_work() as uow:
        uow.repos.events.record(
            kind=kind,
            result=result,
            at=now,
            client=client,
            user_id=None if user is None else user.id,
            subject_hash=account,
        )


def _record(
    uow: Uow,
    user: User,
    client: ClientInfo,
    now: datetime,
    kind: str,
    result: str,
    session_id: str = "",
) -> None:
    uow.repos.events.record(
        kind=kind,
        result=result,
        at=now,
        client=client,
        user_id=user.id,
        session_id=uuid.UUID(session_id) if session_id else None,
        subject_hash=subject_hash(user.email),
    )


def _open_session(
    kernel: Kernel, uow: Uow, user: User, client: ClientInfo, now: datetime, amr: list[str]
) -> Grant:
    refresh_token = new_token()
    session = uow.repos.sessions.open(
        user.id,
        now=now,
        lifetime=kernel.session_lifetime,
        client=client,
        amr=amr,
        refresh_token=refresh_token,
    )
    return _grant(kernel, uow, user, session, refresh_token, now)


def _grant(
    kernel: Kernel, uow: Uow, user: User, session: Session, refresh_token: str, now: datetime
) -> Grant:
    token = mint(kernel.issuer, uow, user, session, session.amr, now).token
    return Grant(
        mfa_required=False,
        access_token=token.token,
        expires_in=token.expires_in,
        session_id=str(session.id),
        refresh_token=refresh_token,
    )


def refresh(kernel: Kernel, refresh_token: str, client: ClientInfo) -> Grant:
    """Rotate the refresh token. Presenting a rotated one again is reuse: whoever holds
    the chain is not the legitimate client for sure, so the whole session is revoked."""
    if not refresh_token:
        raise Unauthenticated("the refresh_token cookie is required")
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        repos = uow.repos
        link = repos.sessions.refresh_link(refresh_token)
        if link is None:
            raise Unauthenticated("invalid refresh token")
        session = repos.sessions.of_link(link)
        if session is None or not session.active(now):
            raise Unauthenticated("session ended; log in again")
        if link.rotated_at is None and repos.sessions.rotate_link(link, now):
            user = repos.users.by_id(session.user_id)
            if user is None:
                raise Unauthenticated("session ended; log in again")
            new_refresh = new_token()
            repos.sessions.add_refresh(session.id, new_refresh, now)
            repos.sessions.seen(session.user_id, session.id, now, client)
            return _grant(kernel, uow, user, session, new_refresh, now)
    # Reuse, outside the read transaction above: revoked in a transaction of its own.
    with kernel.unit_of_work() as uow:
        current = uow.repos.sessions.owned(session.user_id, session.id)
        if current is not None:
            uow.repos.sessions.revoke(current.user_id, current.id, now, sessions.REFRESH_REUSE)
            uow.repos.events.record(
                kind=events.REFRESH_REUSE,
                result="session_revoked",
                at=now,
                client=client,
                user_id=current.user_id,
                session_id=current.id,
            )
    raise Unauthenticated("refresh token reuse detected; the session is revoked")


def logout(
    kernel: Kernel, user_id: uuid.UUID, session_id: uuid.UUID | None, client: ClientInfo
) -> None:
    if session_id is None:
        return
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        if uow.repos.sessions.revoke(user_id, session_id, now, sessions.LOGOUT):
            uow.repos.events.record(
                kind=events.LOGOUT,
                result="ok",
                at=now,
                client=client,
                user_id=user_id,
                session_id=session_id,
            )
