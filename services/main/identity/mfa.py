"""MFA use cases: set up (secret + recovery codes), enable, disable, verify a session."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from services.main.identity import events, recovery_codes, totp
from services.main.identity.context import IdentityContext, IdentityUnitOfWork
from services.main.identity.login import WITH_OTP, check_throttle, subject_hash, subject_of
from services.main.identity.second_factor import accept_code
from services.main.identity.tables import UserRow
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound, Unauthenticated

ISSUER = "finplat"


@dataclass(frozen=True)
class MfaSetup:
    secret: str
    otpauth_uri: str
    recovery_codes: list[str]


@dataclass(frozen=True)
class VerifiedSession:
    access_token: str
    expires_in: int


def _user(uow: IdentityUnitOfWork, user_id: uuid.UUID) -> UserRow:
    user = uow.repos.users.by_id(user_id)
    if user is None:
        raise Unauthenticated("user no longer exists")
    return user


def setup_in(uow: IdentityUnitOfWork, user: UserRow) -> MfaSetup:
    """A pending secret and pending recovery codes; MFA is off until enabled.

    Refused while MFA is on: replacing the second factor must need the second factor (or
    the password), as turning it off does — an access token alone is not enough.
    """
    if user.mfa_secret is not None:
        raise FailedPrecondition(
            "MFA is already enabled; disable it first (needs the password or a code)",
            reason="MFA_ALREADY_ENABLED",
        )
    now_codes = recovery_codes.generate()
    secret = totp.new_secret()
    user.mfa_pending_secret = secret
    uow.repos.recovery_codes.replace_pending(
        user.id, [recovery_codes.hash_code(c) for c in now_codes], user.updated_at
    )
    return MfaSetup(
        secret=secret,
        otpauth_uri=totp.provisioning_uri(secret, user.email, ISSUER),
        recovery_codes=now_codes,
    )


def setup(ctx: IdentityContext, user_id: uuid.UUID) -> MfaSetup:
    with ctx.unit_of_work() as uow:
        user = _user(uow, user_id)
        user.updated_at = ctx.clock()
        return setup_in(uow, user)


def enable(ctx: IdentityContext, user_id: uuid.UUID, code: str, client: events.ClientInfo) -> None:
    code = code.strip()
    if not code:
        raise InvalidArgument.for_field("code", "is required")
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        user = _user(uow, user_id)
        if user.mfa_secret is not None:
            raise FailedPrecondition("MFA is already enabled", reason="MFA_ALREADY_ENABLED")
        if user.mfa_pending_secret is None:
            raise FailedPrecondition("call /api/auth/mfa/setup first", reason="MFA_SETUP_REQUIRED")
        step = totp.match_step(user.mfa_pending_secret, code, now.timestamp(), None)
        if step is None:
            raise InvalidArgument.for_field("code", "is not a valid code for the new secret")
        _switch(uow, user, user.mfa_pending_secret, step, now, client)
        uow.repos.recovery_codes.activate_pending(user.id)


def _switch(
    uow: IdentityUnitOfWork,
    user: UserRow,
    secret: str | None,
    step: int | None,
    now: datetime,
    client: events.ClientInfo,
) -> None:
    """MFA on with `secret` (its first code's step already spent), or off with None."""
    user.mfa_secret = secret
    user.mfa_pending_secret = None
    user.mfa_enabled_at = now if secret is not None else None
    user.mfa_last_step = step
    user.updated_at = now
    events.record(
        uow.session,
        kind=events.MFA_ENABLED if secret is not None else events.MFA_DISABLED,
        result="ok",
        at=now,
        client=client,
        user_id=user.id,
    )


def disable_in(
    ctx: IdentityContext,
    uow: IdentityUnitOfWork,
    user: UserRow,
    password: str,
    code: str,
    client: events.ClientInfo,
    *,
    password_field: str = "password",
    code_field: str = "code",
) -> None:
    """Turn MFA off, given the current password or a current code (`*_field`: how the
    caller's request names the two proofs, for the error)."""
    now = ctx.clock()
    if user.mfa_secret is None:
        raise FailedPrecondition("MFA is not enabled", reason="MFA_NOT_ENABLED")
    if not password and not code:
        raise InvalidArgument.for_field(
            password_field, "the current password or an MFA code is required"
        )
    proven = (bool(password) and ctx.hasher.verify(user.password_hash, password)) or (
        bool(code) and accept_code(uow.repos, user, code, now)
    )
    if not proven:
        raise InvalidArgument.for_field(
            password_field if password else code_field, "does not match"
        )
    _switch(uow, user, None, None, now, client)
    uow.repos.recovery_codes.clear(user.id)


def disable(
    ctx: IdentityContext, user_id: uuid.UUID, password: str, code: str, client: events.ClientInfo
) -> None:
    with ctx.unit_of_work() as uow:
        disable_in(ctx, uow, _user(uow, user_id), password, code.strip(), client)


def verify(
    ctx: IdentityContext,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    code: str,
    client: events.ClientInfo,
) -> VerifiedSession:
    """Mark the calling session MFA-verified; its new tokens carry amr ["pwd", "otp"]."""
    code = code.strip()
    if not code:
        raise InvalidArgument.for_field("code", "is required")
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        user = _user(uow, user_id)
        session = uow.repos.sessions.owned(user_id, session_id) if session_id else None
        if session is None:
            raise NotFound("session not found")
        if user.mfa_secret is None:
            raise FailedPrecondition("MFA is not enabled", reason="MFA_NOT_ENABLED")
        # The same progressive throttle as login: a token holder must not be able to
        # walk through the 10^6 codes.
        account = subject_hash(user.email)
        check_throttle(uow.repos, account, client.ip, now)
        accepted = accept_code(uow.repos, user, code, now)
        if accepted:
            session.mfa_verified_at = now
            session.amr = list(WITH_OTP)
            session.last_seen_at = now
            events.record(
                uow.session,
                kind=events.MFA_VERIFIED,
                result="ok",
                at=now,
                client=client,
                user_id=user.id,
                session_id=session.id,
            )
            token = ctx.issuer.issue(subject_of(user), session.id, list(WITH_OTP), now)
            return VerifiedSession(access_token=token.token, expires_in=token.expires_in)
    with ctx.unit_of_work() as uow:
        events.record(
            uow.session,
            kind=events.MFA_FAILED,
            result="invalid_mfa_code",
            at=now,
            client=client,
            user_id=user_id,
            session_id=session_id,
            subject_hash=account,
        )
    raise InvalidArgument.for_field("code", "is not a valid code")
