"""Checking a second factor: a TOTP code (never the same time step twice, RFC 6238 §5.2)
or an unused recovery code (each works once)."""

from __future__ import annotations

from datetime import datetime

from services.main.identity import recovery_codes, totp
from services.main.identity.store import IdentityRepositories
from services.main.identity.tables import UserRow


def accept_code(repos: IdentityRepositories, user: UserRow, code: str, now: datetime) -> bool:
    """True (and the code is spent) when `code` is a valid TOTP or recovery code of the
    user's active MFA secret."""
    code = code.strip()
    if user.mfa_secret is None or not code:
        return False
    if recovery_codes.looks_like_recovery_code(code):
        for row in repos.recovery_codes.unused(user.id):
            if recovery_codes.verify(code, row.code_hash):
                return repos.recovery_codes.spend(row, now)
        return False
    step = totp.match_step(user.mfa_secret, code, now.timestamp(), user.mfa_last_step)
    return step is not None and repos.users.advance_mfa_step(user, step)
