"""Persistence of sessions and refresh tokens.

Every statement on sessions is scoped by the owning user through db.scoping; the two
deliberate exceptions say why (`across_owners`): a presented refresh token names its
session whoever owns it, and `locate` tells another user's session from a missing one.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Engine, bindparam, func, select, update
from sqlalchemy.orm import Session as DbSession

from db.scoping import (
    Whose,
    across_owners,
    delete_owned,
    locate,
    owner_is,
    scoped,
    select_owned,
    update_owned,
)
from services.main.auth.tables import MembershipRow
from services.main.kernel.events import ClientInfo
from services.main.kernel.hashing import token_hash
from services.main.sessions.domain import Located, RefreshLink, Session
from services.main.sessions.tables import RefreshTokenRow, SessionRow
from services.runtime.clock import Clock
from services.runtime.principal import Principal


def _session(row: SessionRow) -> Session:
    return Session(
        id=row.id,
        user_id=row.user_id,
        created_at=row.created_at,
        last_seen_at=row.last_seen_at,
        expires_at=row.expires_at,
        revoked_at=row.revoked_at,
        revoked_reason=row.revoked_reason,
        ip_address=row.ip_address,
        user_agent=row.user_agent,
        device=row.device,
        amr=tuple(row.amr),
        mfa_verified_at=row.mfa_verified_at,
        tenant_id=row.tenant_id,
    )


def _active(now: datetime) -> tuple[ColumnElement[bool], ...]:
    return (SessionRow.revoked_at.is_(None), SessionRow.expires_at > now)


class SessionRepository:
    def __init__(self, session: DbSession) -> None:
        self._db = session

    def open(
        self,
        user_id: uuid.UUID,
        *,
        now: datetime,
        lifetime: timedelta,
        client: ClientInfo,
        amr: list[str],
        refresh_token: str,
    ) -> Session:
        row = SessionRow(
            id=uuid.uuid4(),
            user_id=user_id,
            created_at=now,
            last_seen_at=now,
            expires_at=now + lifetime,
            ip_address=client.ip[:64],
            user_agent=client.user_agent[:512],
            device=client.device[:256],
            amr=amr,
            mfa_verified_at=now if "otp" in amr else None,
        )
        self._db.add(row)
        self._db.flush()
        self.add_refresh(row.id, refresh_token, now)
        return _session(row)

    def add_refresh(self, session_id: uuid.UUID, refresh_token: str, now: datetime) -> None:
        self._db.add(
            RefreshTokenRow(
                id=uuid.uuid4(),
                session_id=session_id,
                token_hash=token_hash(refresh_token),
                created_at=now,
            )
        )
        self._db.flush()

    def refresh_link(self, refresh_token: str) -> RefreshLink | None:
        row = self._db.scalar(
            select(RefreshTokenRow).where(RefreshTokenRow.token_hash == token_hash(refresh_token))
        )
        return None if row is None else RefreshLink(row.id, row.session_id, row.rotated_at)

    def rotate_link(self, link: RefreshLink, now: datetime) -> bool:
        """Mark the link used; False when another request rotated it first (reuse)."""
        result = self._db.execute(
            update(RefreshTokenRow)
            .where(RefreshTokenRow.id == link.id, RefreshTokenRow.rotated_at.is_(None))
            .values(rotated_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def of_link(self, link: RefreshLink) -> Session | None:
        """The session a presented refresh token belongs to."""
        row = self._db.scalar(
            across_owners(
                select(SessionRow).where(SessionRow.id == link.session_id),
                "a refresh token names its session: the bearer proves the ownership",
            )
        )
        return None if row is None else _session(row)

    def owned(self, user_id: uuid.UUID, session_id: uuid.UUID) -> Session | None:
        row = self._db.scalar(select_owned(SessionRow, user_id, SessionRow.id == session_id))
        return None if row is None else _session(row)

    def locate(self, user_id: uuid.UUID, session_id: uuid.UUID) -> Located:
        found = locate(self._db, SessionRow, user_id, session_id)
        if found.whose is Whose.MINE and found.row is not None:
            return Located(_session(found.row))
        return Located(None, foreign=found.whose is Whose.FOREIGN)

    def active(self, user_id: uuid.UUID, now: datetime) -> list[Session]:
        rows = self._db.scalars(
            select_owned(SessionRow, user_id, *_active(now)).order_by(
                SessionRow.last_seen_at.desc(), SessionRow.id
            )
        )
        return [_session(r) for r in rows]

    def count_active(self, user_id: uuid.UUID, now: datetime) -> int:
        total = self._db.scalar(
            scoped(
                select(func.count())
                .select_from(SessionRow)
                .where(owner_is(SessionRow, user_id), *_active(now))
            )
        )
        return int(total or 0)

    def seen(
        self, user_id: uuid.UUID, session_id: uuid.UUID, now: datetime, client: ClientInfo
    ) -> None:
        """A refresh: the session was used now, from where the client says."""
        values: dict[str, object] = {"last_seen_at": now}
        if client.ip:
            values["ip_address"] = client.ip[:64]
        if client.user_agent:
            values["user_agent"] = client.user_agent[:512]
        self._db.execute(
            update_owned(SessionRow, user_id, SessionRow.id == session_id).values(**values)
        )

    def mfa_verified(
        self, user_id: uuid.UUID, session_id: uuid.UUID, amr: list[str], now: datetime
    ) -> None:
        self._db.execute(
            update_owned(SessionRow, user_id, SessionRow.id == session_id).values(
                mfa_verified_at=now, amr=amr, last_seen_at=now
            )
        )

    def set_tenant(self, user_id: uuid.UUID, session_id: uuid.UUID, tenant_id: uuid.UUID) -> None:
        """The tenant the session's tokens are for from now on."""
        self._db.execute(
            update_owned(SessionRow, user_id, SessionRow.id == session_id).values(
                tenant_id=tenant_id
            )
        )

    def revoke(self, user_id: uuid.UUID, session_id: uuid.UUID, now: datetime, reason: str) -> bool:
        """End one of the user's sessions; False when it had ended already (or is none of
        theirs)."""
        result = self._db.execute(
            update_owned(
                SessionRow, user_id, SessionRow.id == session_id, SessionRow.revoked_at.is_(None)
            ).values(revoked_at=now, revoked_reason=reason)
        )
        return bool(getattr(result, "rowcount", 0))

    def revoke_all(
        self, user_id: uuid.UUID, now: datetime, reason: str, *, keep: uuid.UUID | None = None
    ) -> int:
        conditions: list[ColumnElement[bool]] = [SessionRow.revoked_at.is_(None)]
        if keep is not None:
            conditions.append(SessionRow.id != keep)
        result = self._db.execute(
            update_owned(SessionRow, user_id, *conditions).values(
                revoked_at=now, revoked_reason=reason
            )
        )
        return int(getattr(result, "rowcount", 0))

    def prune_expired(self, user_id: uuid.UUID, before: datetime) -> None:
        """Delete the user's sessions that ended before `before`."""
        self._db.execute(delete_owned(SessionRow, user_id, SessionRow.expires_at < before))


# The verifier's check, scoped by the token's own subject: a session id alone never
# answers for another user's session. With it, the membership the token is for (its
# `tid`): a member removed or given another role since the token was minted is refused.
# The membership table is auth's; this one read is what makes a removal take effect
# within the session-check bound, so it joins it here rather than asking twice.
_ACTIVE_SESSION = (
    select(SessionRow.revoked_at, SessionRow.expires_at, MembershipRow.tenant_role)
    .outerjoin(
        MembershipRow,
        (MembershipRow.user_id == SessionRow.user_id)
        & (MembershipRow.tenant_id == bindparam("tenant_id")),
    )
    .where(SessionRow.id == bindparam("session_id"), owner_is(SessionRow, bindparam("user_id")))
)


class DatabaseSessionChecker:
    """A `services.runtime.tokens.SessionChecker` reading the sessions and memberships
    tables: one indexed Core read per call, no cache, so a logout, a revocation or a
    membership change is refused by main at once (the edge and other backends ask main
    through SessionService.CheckSession and cache briefly).

    A token is good while its session is active and, when it names a tenant, while its
    user is still a member of that tenant with the token's `tenant_role` (the role
    decides the scopes the token carries)."""

    def __init__(self, engine: Engine, clock: Clock) -> None:
        self._engine = engine
        self._clock = clock

    def is_active(self, principal: Principal, token: str) -> bool:
        try:
            session_id = uuid.UUID(principal.session_id or "")
            user_id = uuid.UUID(principal.subject)
            tenant_id = uuid.UUID(principal.tenant_id) if principal.tenant_id else None
        except ValueError:
            return False
        with self._engine.connect() as conn:
            row = conn.execute(
                _ACTIVE_SESSION,
                {"session_id": session_id, "user_id": user_id, "tenant_id": tenant_id},
            ).first()
        if row is None or row.revoked_at is not None or row.expires_at <= self._clock():
            return False
        return tenant_id is None or row.tenant_role == principal.claims.get("tenant_role")
