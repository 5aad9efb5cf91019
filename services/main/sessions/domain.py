"""Login sessions as the rest of the backend sees them, and their rules. Pure."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.main.kernel.location import Location
from services.runtime.errors import NotFound, PermissionDenied

# Why a session ended (sessions.revoked_reason).
LOGOUT: Final = "logout"
REVOKED_BY_USER: Final = "revoked_by_user"
PASSWORD_CHANGED: Final = "password_changed"
PASSWORD_RESET: Final = "password_reset"
REFRESH_REUSE: Final = "refresh_reuse"


@dataclass(frozen=True)
class Session:
    id: uuid.UUID
    user_id: uuid.UUID
    created_at: datetime
    last_seen_at: datetime
    # Absolute end (30 days after login); refreshes do not extend it.
    expires_at: datetime
    revoked_at: datetime | None
    revoked_reason: str | None
    ip_address: str
    user_agent: str
    device: str
    amr: tuple[str, ...]
    mfa_verified_at: datetime | None
    # The tenant its tokens are for; None: the user's default tenant.
    tenant_id: uuid.UUID | None = None

    def active(self, now: datetime) -> bool:
        return self.revoked_at is None and self.expires_at > now


@dataclass(frozen=True)
class RefreshLink:
    """One link of a session's refresh-token chain; `rotated_at` set: already used."""

    id: uuid.UUID
    session_id: uuid.UUID
    rotated_at: datetime | None


@dataclass(frozen=True)
class Located:
    """A session looked up by id for a user: theirs, someone else's, or none at all
    (spec 1 answers the two differently; the foreign session itself is never read)."""

    session: Session | None
    foreign: bool = False


def require_own(found: Located, session_id: uuid.UUID) -> Session:
    """The caller's session, or 404 when there is none and 403 when it is another
    user's (spec 1's data-isolation rule)."""
    if found.foreign:
        raise PermissionDenied("not your session")
    if found.session is None:
        raise NotFound(f"session {session_id} not found", metadata={"id": str(session_id)})
    return found.session


@dataclass(frozen=True)
class SessionView:
    """A session as the caller's list shows it."""

    session: Session
    current: bool  # the session of the calling token
    location: Location  # of its last address
