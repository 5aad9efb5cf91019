"""Security events as every capability records them: the kinds, and where a request came
from. The security capability stores them (`uow.repos.events.record`); the login
throttle and the security dashboard read them back."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final

from services.main.kernel.location import UNKNOWN, Location

# Kinds (SecurityEvent.kind).
LOGIN_SUCCEEDED: Final = "login_succeeded"
LOGIN_FAILED: Final = "login_failed"
LOGIN_MFA_REQUIRED: Final = "login_mfa_required"
LOGOUT: Final = "logout"
PASSWORD_CHANGED: Final = "password_changed"
PASSWORD_RESET: Final = "password_reset"
MFA_ENABLED: Final = "mfa_enabled"
MFA_DISABLED: Final = "mfa_disabled"
MFA_VERIFIED: Final = "mfa_verified"
MFA_FAILED: Final = "mfa_failed"
SESSION_REVOKED: Final = "session_revoked"
REFRESH_REUSE: Final = "refresh_reuse"
DEVICE_TRUSTED: Final = "device_trusted"
DEVICE_REVOKED: Final = "device_revoked"
EMAIL_VERIFIED: Final = "email_verified"
# A service account obtained a delegation grant for the user (token exchange); ending it
# is a SESSION_REVOKED of its session.
DELEGATION_GRANTED: Final = "delegation_granted"


@dataclass(frozen=True)
class ClientInfo:
    """Where a request came from, as forwarded by the edge (or a direct gRPC caller)."""

    ip: str = ""
    user_agent: str = ""
    device: str = ""
    location: Location = UNKNOWN


# Where the request came from, when the caller cannot tell (the event is still recorded).
NO_CLIENT: Final = ClientInfo()


def subject_hash(name: str) -> str:
    """How the throttle and the events identify an account, known or not: the name a
    login attempt gave (a normalised email, a client id), SHA-256 hex."""
    return hashlib.sha256(name.encode()).hexdigest()
