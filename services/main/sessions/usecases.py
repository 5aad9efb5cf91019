"""The caller's sessions: list, revoke one, revoke all others. One transaction each;
every change is recorded as a security event in it."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from services.main.kernel import events
from services.main.kernel.dependencies import Uow
from services.main.kernel.events import ClientInfo
from services.main.kernel.location import Location
from services.main.sessions import domain
from services.main.sessions.domain import SessionView
from services.runtime.clock import Clock, utcnow


def list_active(
    uow: Uow,
    user_id: uuid.UUID,
    current: uuid.UUID | None,
    locate: Callable[[str], Location],
    clock: Clock = utcnow,
) -> list[SessionView]:
    with uow:
        found = uow.repos.sessions.active(user_id, clock())
    return [SessionView(s, s.id == current, locate(s.ip_address)) for s in found]


def revoke(
    uow: Uow,
    user_id: uuid.UUID,
    session_id: uuid.UUID,
    client: ClientInfo,
    clock: Clock = utcnow,
) -> None:
    """Revoke one of the caller's sessions. Another user's session is refused (403, per
    spec 1's data-isolation rule); an unknown id is 404. Revoking twice is harmless."""
    now = clock()
    with uow:
        sessions = uow.repos.sessions
        domain.require_own(sessions.locate(user_id, session_id), session_id)
        if sessions.revoke(user_id, session_id, now, domain.REVOKED_BY_USER):
            uow.repos.events.record(
                kind=events.SESSION_REVOKED,
                result="ok",
                at=now,
                client=client,
                user_id=user_id,
                session_id=session_id,
            )


def revoke_others(
    uow: Uow,
    user_id: uuid.UUID,
    current: uuid.UUID | None,
    client: ClientInfo,
    clock: Clock = utcnow,
) -> int:
    now = clock()
    with uow:
        count = uow.repos.sessions.revoke_all(user_id, now, domain.REVOKED_BY_USER, keep=current)
        if count:
            uow.repos.events.record(
                kind=events.SESSION_REVOKED,
                result=f"{count} revoked",
                at=now,
                client=client,
                user_id=user_id,
                session_id=current,
            )
        return count
