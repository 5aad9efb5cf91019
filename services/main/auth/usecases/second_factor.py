"""Checking a second factor: a TOTP code (never the same time step twice, RFC 6238 §5.2)
or an unused recovery code (each works once)."""

from __future__ import annotations

from datetime import datetime

from services.main.auth.domain import recovery_codes, totp
from services.main.auth.domain.users import User
from services.main.kernel.dependencies import Uow


def accept_code(uow: Uow, user: User, code: str, now: datetime) -> bool:
    """True (and the code is spent) when `code` is a valid TOTP or recovery code of the
    user's active MFA secret."""
    code = code.strip()
    if user.mfa_secret is None or not code:
        return False
    repos = uow.repos
    if recovery_codes.looks_like_recovery_code(code):
        for stored in repos.recovery_codes.unused(user.id):
            if recovery_codes.verify(code, stored.code_hash):
                return repos.recovery_codes.spend(user.id, stored.id, now)
        return False
    step = totp.match_step(user.mfa_secret, code, now.timestamp(), user.mfa_last_step)
    return step is not None and repos.users.advance_mfa_step(user.id, step)
