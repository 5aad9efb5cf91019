"""What the security dashboard reads: one user's security events and account state.

Data isolation lives here: every query is filtered by the calling user's id. Events
without a user (failed logins for unknown emails) are never anyone's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from services.main.identity import events
from services.main.identity.anomalies import LoginEvent
from services.main.identity.device_store import active_devices
from services.main.identity.geo import Location
from services.main.identity.tables import SecurityEventRow, SessionRow, TrustedDeviceRow, UserRow

# The attempts the dashboard counts as logins: a wrong TOTP code after a right password
# is a failed login too (the password alone let nobody in).
LOGIN_KINDS: tuple[str, ...] = (events.LOGIN_SUCCEEDED, events.LOGIN_FAILED, events.MFA_FAILED)


@dataclass(frozen=True)
class RecordedEvent:
    """A security event as the dashboard shows it."""

    id: uuid.UUID
    kind: str
    result: str
    at: datetime
    ip: str
    user_agent: str
    device: str
    location: Location


def _location(row: SecurityEventRow) -> Location:
    return Location(
        country_code=row.country_code,
        country=row.country,
        city=row.city,
        latitude=row.latitude,
        longitude=row.longitude,
    )


def _login_event(row: SecurityEventRow) -> LoginEvent:
    return LoginEvent(
        at=row.at,
        ip=row.ip_address,
        success=row.kind == events.LOGIN_SUCCEEDED,
        # Stored as "" when the client sent none; the rules read None as "not sent".
        device=row.device or None,
        user_agent=row.user_agent or None,
        location=_location(row),
    )


def _recorded(row: SecurityEventRow) -> RecordedEvent:
    return RecordedEvent(
        id=row.id,
        kind=row.kind,
        result=row.result,
        at=row.at,
        ip=row.ip_address,
        user_agent=row.user_agent,
        device=row.device,
        location=_location(row),
    )


class SecurityEventRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def login_events(self, user_id: uuid.UUID, since: datetime | None) -> list[LoginEvent]:
        """The user's login attempts (from `since` on; None: all of them), oldest first."""
        conditions = [*self._owned(user_id, since), SecurityEventRow.kind.in_(LOGIN_KINDS)]
        rows = self._session.scalars(
            select(SecurityEventRow)
            .where(*conditions)
            .order_by(SecurityEventRow.at, SecurityEventRow.id)
        )
        return [_login_event(r) for r in rows]

    def recent_events(
        self, user_id: uuid.UUID, since: datetime | None, limit: int
    ) -> list[RecordedEvent]:
        """The user's events of every kind, newest first, at most `limit`."""
        rows = self._session.scalars(
            select(SecurityEventRow)
            .where(*self._owned(user_id, since))
            .order_by(SecurityEventRow.at.desc(), SecurityEventRow.id.desc())
            .limit(limit)
        )
        return [_recorded(r) for r in rows]

    def active_session_count(self, user_id: uuid.UUID, now: datetime) -> int:
        return self._count(
            SessionRow,
            SessionRow.user_id == user_id,
            SessionRow.revoked_at.is_(None),
            SessionRow.expires_at > now,
        )

    def trusted_device_count(self, user_id: uuid.UUID, now: datetime) -> int:
        return self._count(TrustedDeviceRow, *active_devices(user_id, now))

    def mfa_enabled(self, user_id: uuid.UUID) -> bool:
        enabled_at = self._session.scalar(
            select(UserRow.mfa_enabled_at).where(UserRow.id == user_id)
        )
        return enabled_at is not None

    def _count(self, table: type[object], *conditions: ColumnElement[bool]) -> int:
        total = self._session.scalar(select(func.count()).select_from(table).where(*conditions))
        return int(total or 0)

    @staticmethod
    def _owned(user_id: uuid.UUID, since: datetime | None) -> list[ColumnElement[bool]]:
        conditions = [SecurityEventRow.user_id == user_id]
        if since is not None:
            conditions.append(SecurityEventRow.at >= since)
        return conditions


@dataclass(frozen=True)
class SecurityRepositories:
    """What a unit of work of the security-dashboard use cases exposes."""

    events: SecurityEventRepository


def security_repositories(session: Session) -> SecurityRepositories:
    return SecurityRepositories(SecurityEventRepository(session))
