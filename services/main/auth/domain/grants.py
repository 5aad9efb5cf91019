"""What the auth flows hand back, and the constants they share."""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from services.main.auth.domain import messages

# Authentication methods (RFC 8176) of a session: the password, then a one-time code.
PASSWORD_ONLY: Final = ["pwd"]
WITH_OTP: Final = ["pwd", "otp"]
BAD_CREDENTIALS: Final = "invalid email or password"
# The otpauth:// issuer authenticator apps display.
MFA_ISSUER: Final = "finplat"

# Purposes of emailed single-use tokens.
VERIFY_EMAIL: Final = "verify_email"
RESET_PASSWORD: Final = "reset_password"
VERIFICATION_LIFETIME: Final = timedelta(hours=messages.VERIFICATION_HOURS)
RESET_LIFETIME: Final = timedelta(hours=messages.RESET_HOURS)

# The answers of register, resend-verification and forgot-password: the same whether or
# not the address is registered.
REGISTERED: Final = "Check your email to verify your address and finish registering."
RESENT: Final = "If the address is registered and not yet verified, a new email is on its way."
RESET_SENT: Final = "If the address is registered, a password-reset email is on its way."


def new_token() -> str:
    """A 256-bit URL-safe single-use token (emailed and refresh tokens)."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class ActionToken:
    """An emailed single-use token as stored (its secret only hashed)."""

    id: uuid.UUID
    user_id: uuid.UUID
    purpose: str
    expires_at: datetime
    used_at: datetime | None

    def usable(self, now: datetime) -> bool:
        return self.used_at is None and self.expires_at > now


@dataclass(frozen=True)
class Grant:
    """The outcome of a login step or a refresh."""

    mfa_required: bool
    access_token: str = ""
    expires_in: int = 0
    session_id: str = ""
    refresh_token: str = ""


MFA_REQUIRED: Final = Grant(mfa_required=True)


@dataclass(frozen=True)
class MfaSetup:
    secret: str
    otpauth_uri: str
    recovery_codes: list[str]


@dataclass(frozen=True)
class VerifiedSession:
    access_token: str
    expires_in: int


@dataclass(frozen=True)
class Registration:
    full_name: str
    email: str
    username: str
    password: str


@dataclass(frozen=True)
class ProfileChange:
    name: str | None = None
    password: str | None = None
    current_password: str | None = None
    setup_mfa: bool = False
    disable_mfa: bool = False
    mfa_code: str | None = None


@dataclass(frozen=True)
class StoredRecoveryCode:
    id: uuid.UUID
    code_hash: str
