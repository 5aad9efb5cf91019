"""Security events: recorded by every capability, read back by the login throttle and
the dashboard.

Events belong to their user (`OwnedBy`); the dashboard's reads are scoped by the
calling user, and events without a user (failed logins for unknown emails) are never
anyone's. The throttle counts failures by account name or address whoever they belong
to, and says so (`across_owners`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from db.scoping import across_owners, select_owned
from services.main.kernel import events
from services.main.kernel.events import ClientInfo
from services.main.kernel.location import Location
from services.main.security.domain.anomalies import LoginEvent
from services.main.security.domain.reports import LOGIN_KINDS, RecordedEvent
from services.main.security.tables import SecurityEventRow

# The throttle looks at no more recent failures than this: far beyond any policy's
# free allowance, so the answer is the same, and the read stays bounded.
FAILURES_READ = 200


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

    def record(
        self,
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
        self._session.add(
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

    def failures_by_subject(
        self, subject_hash: str, kinds: Sequence[str], since: datetime
    ) -> list[datetime]:
        """When the account name `subject_hash` failed lately, newest first."""
        return self._failures(
            SecurityEventRow.subject_hash == subject_hash,
            kinds,
            since,
            "the login throttle counts an account name's failures, known account or not",
        )

    def failures_by_ip(self, ip: str, kinds: Sequence[str], since: datetime) -> list[datetime]:
        """When logins from `ip` failed lately, newest first, whichever account."""
        return self._failures(
            SecurityEventRow.ip_address == ip,
            kinds,
            since,
            "the login throttle counts an address's failures across accounts",
        )

    def _failures(
        self, condition: ColumnElement[bool], kinds: Sequence[str], since: datetime, reason: str
    ) -> list[datetime]:
        statement = (
            select(SecurityEventRow.at)
            .where(condition, SecurityEventRow.kind.in_(kinds), SecurityEventRow.at > since)
            .order_by(SecurityEventRow.at.desc())
            .limit(FAILURES_READ)
        )
        return list(self._session.scalars(across_owners(statement, reason)))

    def login_events(self, user_id: uuid.UUID, since: datetime | None) -> list[LoginEvent]:
        """The user's login attempts (from `since` on; None: all of them), oldest first."""
        rows = self._session.scalars(
            select_owned(
                SecurityEventRow,
                user_id,
                *self._since(since),
                SecurityEventRow.kind.in_(LOGIN_KINDS),
            ).order_by(SecurityEventRow.at, SecurityEventRow.id)
        )
        return [_login_event(r) for r in rows]

    def recent_events(
        self, user_id: uuid.UUID, since: datetime | None, limit: int
    ) -> list[RecordedEvent]:
        """The user's events of every kind, newest first, at most `limit`."""
        rows = self._session.scalars(
            select_owned(SecurityEventRow, user_id, *self._since(since))
            .order_by(SecurityEventRow.at.desc(), SecurityEventRow.id.desc())
            .limit(limit)
        )
        return [_recorded(r) for r in rows]

    @staticmethod
    def _since(since: datetime | None) -> list[ColumnElement[bool]]:
        return [] if since is None else [SecurityEventRow.at >= since]
