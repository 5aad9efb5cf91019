"""The main backend's own session check for its token verifier: one indexed read per
call, no cache, so a logout or revocation is refused by main at once (the edge and
other backends ask main through SessionService.CheckSession and cache briefly)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine, bindparam, select

from services.main.identity.tables import SessionRow
from services.runtime.principal import Principal

_SESSION = select(SessionRow.user_id, SessionRow.revoked_at, SessionRow.expires_at).where(
    SessionRow.id == bindparam("session_id")
)


class DatabaseSessionChecker:
    """A `services.runtime.tokens.SessionChecker` reading the sessions table."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime]) -> None:
        self._engine = engine
        self._clock = clock

    def is_active(self, principal: Principal, token: str) -> bool:
        try:
            session_id = uuid.UUID(principal.session_id or "")
        except ValueError:
            return False
        with self._engine.connect() as conn:
            row = conn.execute(_SESSION, {"session_id": session_id}).first()
        if row is None or str(row.user_id) != principal.subject:
            return False
        return row.revoked_at is None and row.expires_at > self._clock()
