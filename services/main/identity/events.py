"""Security events: every login attempt and security-relevant change, with where it
came from. The login throttle and the security dashboard read them back."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy.orm import Session

from services.main.identity.geo import UNKNOWN, Location
from services.main.identity.tables import SecurityEventRow

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


@dataclass(frozen=True)
class ClientInfo:
    """Where a request came from, as forwarded by the edge (or a direct gRPC caller)."""

    ip: str = ""
    user_agent: str = ""
    device: str = ""
    location: Location = UNKNOWN


def record(
    session: Session,
    *,
    kind: str,
    result: str,
    at: datetime,
    client: ClientInfo,
    user_id: uuid.UUID | None,
    session_id: uuid.UUID | None = None,
    subject_hash: str | None = None,
) -> None:
    """Add one event to the unit of work's transaction."""
    where = client.location
    session.add(
        SecurityEventRow(
            id=uuid.uuid4(),
            user_id=user_id,
            kind=kind,
            result=result[:64],
            at=at,
            ip_address=client.ip[:64],
            user_agent=client.user_agent[:512],
            device=client.device[:256],
            session_id=session_id,
            subject_hash=subject_hash,
            country_code=where.country_code,
            country=where.country,
            city=where.city,
            latitude=where.latitude,
            longitude=where.longitude,
        )
    )
