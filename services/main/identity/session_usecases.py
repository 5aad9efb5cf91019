"""The caller's sessions: list, revoke one, revoke all others; the verifiers' check."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from services.main.identity import events
from services.main.identity.context import IdentityContext
from services.main.identity.tables import SessionRow
from services.runtime.errors import NotFound, PermissionDenied


@dataclass(frozen=True)
class SessionView:
    row: SessionRow
    current: bool


def list_active(
    ctx: IdentityContext, user_id: uuid.UUID, current: uuid.UUID | None
) -> list[SessionView]:
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        rows = uow.repos.sessions.active(user_id, now)
        uow.session.expunge_all()
    return [SessionView(row, row.id == current) for row in rows]


def revoke(
    ctx: IdentityContext, user_id: uuid.UUID, session_id: uuid.UUID, client: events.ClientInfo
) -> None:
    """Revoke one of the caller's sessions. Another user's session is refused (403, per
    spec 1's data-isolation rule); an unknown id is 404. Revoking twice is harmless."""
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        row = uow.repos.sessions.get(session_id)
        if row is None:
            raise NotFound(f"session {session_id} not found", metadata={"id": str(session_id)})
        if row.user_id != user_id:
            raise PermissionDenied("not your session")
        if uow.repos.sessions.revoke(row, now, "revoked_by_user"):
            events.record(
                uow.session,
                kind=events.SESSION_REVOKED,
                result="ok",
                at=now,
                client=client,
                user_id=user_id,
                session_id=session_id,
            )


def revoke_others(
    ctx: IdentityContext, user_id: uuid.UUID, current: uuid.UUID | None, client: events.ClientInfo
) -> int:
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        count = uow.repos.sessions.revoke_all(user_id, now, "revoked_by_user", keep=current)
        if count:
            events.record(
                uow.session,
                kind=events.SESSION_REVOKED,
                result=f"{count} revoked",
                at=now,
                client=client,
                user_id=user_id,
                session_id=current,
            )
        return count
