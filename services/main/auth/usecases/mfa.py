"""MFA use cases: set up (secret + recovery codes), enable, disable, verify a session."""

from __future__ import annotations

import uuid
from datetime import datetime

from services.main.auth.domain import recovery_codes, totp
from services.main.auth.domain.grants import MFA_ISSUER, WITH_OTP, MfaSetup, VerifiedSession
from services.main.auth.domain.users import User
from services.main.auth.usecases.login import check_throttle
from services.main.auth.usecases.second_factor import accept_code
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import ClientInfo, subject_hash
from services.main.kernel.tokens import mint
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound, Unauthenticated


def _user(uow: Uow, user_id: uuid.UUID) -> User:
    user = uow.repos.users.by_id(user_id)
    if user is None:
        raise Unauthenticated("user no longer exists")
    return user


def _required_code(code: str) -> str:
    code = code.strip()
    if not code:
        raise InvalidArgument.for_field("code", "is required")
    return code


def setup_in(uow: Uow, user: User, now: datetime) -> MfaSetup:
    """A pending secret and pending recovery codes; MFA is off until enabled.

    Refused while MFA is on: replacing the second factor must need the second factor (or
    the password), as turning it off does — an access token alone is not enough.
    """
    if user.mfa_enabled:
        raise FailedPrecondition(
            "MFA is already enabled; disable it first (needs the password or a code)",
            reason="MFA_ALREADY_ENABLED",
        )
    codes = recovery_codes.generate()
    secret = totp.new_secret()
    uow.repos.users.start_mfa_setup(user.id, secret, now)
    uow.repos.recovery_codes.replace_pending(
        user.id, [recovery_codes.hash_code(c) for c in codes], now
    )
    return MfaSetup(
        secret=secret,
        otpauth_uri=totp.provisioning_uri(secret, user.email, MFA_ISSUER),
        recovery_codes=codes,
    )


def setup(kernel: Kernel, user_id: uuid.UUID) -> MfaSetup:
    with kernel.unit_of_work() as uow:
        return setup_in(uow, _user(uow, user_id), kernel.clock())


def enable(kernel: Kernel, user_id: uuid.UUID, code: str, client: ClientInfo) -> None:
    code = _required_code(code)
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        user = _user(uow, user_id)
        if user.mfa_enabled:
            raise FailedPrecondition("MFA is already enabled", reason="MFA_ALREADY_ENABLED")
        if user.mfa_pending_secret is None:
            raise FailedPrecondition("call /api/auth/mfa/setup first", reason="MFA_SETUP_REQUIRED")
        step = totp.match_step(user.mfa_pending_secret, code, now.timestamp(), None)
        if step is None:
            raise InvalidArgument.for_field("code", "is not a valid code for the new secret")
        _switch(uow, user, user.mfa_pending_secret, step, now, client)
        uow.repos.recovery_codes.activate_pending(user.id)


def _switch(
    uow: Uow,
    user: User,
    secret: str | None,
    step: int | None,
    now: datetime,
    client: ClientInfo,
) -> None:
    """MFA on with `secret` (its first code's step already spent), or off with None."""
    uow.repos.users.set_mfa(user.id, secret, step, now)
    uow.repos.events.record(
        kind=events.MFA_ENABLED if secret is not None else events.MFA_DISABLED,
        result="ok",
        at=now,
        client=client,
        user_id=user.id,
    )


def disable_in(
    kernel: Kernel,
    uow: Uow,
    user: User,
    password: str,
    code: str,
    client: ClientInfo,
    *,
    password_field: str = "password",
    code_field: str = "code",
) -> None:
    """Turn MFA off, given the current password or a current code (`*_field`: how the
    caller's request names the two proofs, for the error)."""
    now = kernel.clock()
    if not user.mfa_enabled:
        raise FailedPrecondition("MFA is not enabled", reason="MFA_NOT_ENABLED")
    if not password and not code:
        raise InvalidArgument.for_field(
            password_field, "the current password or an MFA code is required"
        )
    proven = (bool(password) and kernel.hasher.verify(user.password_hash, password)) or (
        bool(code) and accept_code(uow, user, code, now)
    )
    if not proven:
        raise InvalidArgument.for_field(
            password_field if password else code_field, "does not match"
        )
    _switch(uow, user, None, None, now, client)
    uow.repos.recovery_codes.clear(user.id)


def disable(
    kernel: Kernel, user_id: uuid.UUID, password: str, code: str, client: ClientInfo
) -> None:
    with kernel.unit_of_work() as uow:
        disable_in(kernel, uow, _user(uow, user_id), password, code.strip(), client)


def verify(
    kernel: Kernel,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    code: str,
    client: ClientInfo,
) -> VerifiedSession:
    """Mark the calling session MFA-verified; its new tokens carry amr ["pwd", "otp"]."""
    code = _required_code(code)
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        user = _user(uow, user_id)
        session = uow.repos.sessions.owned(user_id, session_id) if session_id else None
        if session is None:
            raise NotFound("session not found")
        if not user.mfa_enabled:
            raise FailedPrecondition("MFA is not enabled", reason="MFA_NOT_ENABLED")
        # The same progressive throttle as login: a token holder must not be able to
        # walk through the 10^6 codes.
        account = subject_hash(user.email)
        check_throttle(uow, account, client.ip, now)
        if accept_code(uow, user, code, now):
            uow.repos.sessions.mfa_verified(user_id, session.id, list(WITH_OTP), now)
            uow.repos.events.record(
                kind=events.MFA_VERIFIED,
                result="ok",
                at=now,
                client=client,
                user_id=user.id,
                session_id=session.id,
            )
            token = mint(kernel.issuer, uow, user, session, WITH_OTP, now).token
            return VerifiedSession(access_token=token.token, expires_in=token.expires_in)
    with kernel.unit_of_work() as uow:
        uow.repos.events.record(
            kind=events.MFA_FAILED,
            result="invalid_mfa_code",
            at=now,
            client=client,
            user_id=user_id,
            session_id=session_id,
            subject_hash=account,
        )
    raise InvalidArgument.for_field("code", "is not a valid code")
