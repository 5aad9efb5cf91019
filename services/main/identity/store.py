"""Persistence of accounts, one-time tokens, sessions, refresh tokens and recovery codes.

Every session query takes the owning user id: a session id alone never reaches another
user's record (data isolation lives here, not in the handlers).
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from services.main.identity import events
from services.main.identity.tables import (
    ActionTokenRow,
    RecoveryCodeRow,
    RefreshTokenRow,
    SecurityEventRow,
    SessionRow,
    TenantRow,
    UserRow,
)

VERIFY_EMAIL = "verify_email"
RESET_PASSWORD = "reset_password"
# Failures that count towards the login throttle.
FAILURE_KINDS = (events.LOGIN_FAILED, events.MFA_FAILED)


def token_hash(token: str) -> str:
    """SHA-256 hex of a random bearer secret (256-bit: a slow hash would add nothing)."""
    return hashlib.sha256(token.encode()).hexdigest()


class UserRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def by_email(self, email: str) -> UserRow | None:
        return self._session.scalar(select(UserRow).where(UserRow.email == email))

    def by_id(self, user_id: uuid.UUID) -> UserRow | None:
        return self._session.get(UserRow, user_id)

    def advance_mfa_step(self, user: UserRow, step: int) -> bool:
        """Record `step` as the last TOTP step used; False when it (or a later one) was
        already used — by an earlier request or a concurrent one (the condition is in
        the UPDATE, so two requests racing with one code cannot both win)."""
        result = self._session.execute(
            update(UserRow)
            .where(
                UserRow.id == user.id,
                UserRow.mfa_last_step.is_(None) | (UserRow.mfa_last_step < step),
            )
            .values(mfa_last_step=step),
            execution_options={"synchronize_session": False},
        )
        if not getattr(result, "rowcount", 0):
            return False
        set_committed_value(user, "mfa_last_step", step)
        return True

    def username_taken(self, username: str) -> bool:
        found = self._session.scalar(select(UserRow.id).where(UserRow.username == username))
        return found is not None

    def add(
        self, *, email: str, username: str, full_name: str, password_hash: str, now: datetime
    ) -> UserRow:
        tenant = TenantRow(id=uuid.uuid4(), name=f"{full_name}'s workspace"[:200], created_at=now)
        user = UserRow(
            id=uuid.uuid4(),
            tenant_id=tenant.id,
            email=email,
            username=username,
            full_name=full_name,
            password_hash=password_hash,
            email_verified_at=None,
            roles=["user"],
            tenant_role="owner",
            extra_scopes=[],
            created_at=now,
            updated_at=now,
        )
        self._session.add(tenant)
        self._session.flush()  # the tenant row first: users.tenant_id references it
        self._session.add(user)
        self._session.flush()
        return user


class ActionTokenRepository:
    """Single-use emailed tokens, stored hashed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def issue(
        self, user_id: uuid.UUID, purpose: str, token: str, now: datetime, lifetime: timedelta
    ) -> None:
        # A new token supersedes the earlier ones of the same purpose.
        self.spend_all(user_id, purpose, now)
        self._session.add(
            ActionTokenRow(
                id=uuid.uuid4(),
                user_id=user_id,
                purpose=purpose,
                token_hash=token_hash(token),
                created_at=now,
                expires_at=now + lifetime,
            )
        )
        self._session.flush()

    def usable(self, token: str, purpose: str, now: datetime) -> ActionTokenRow | None:
        row = self._session.scalar(
            select(ActionTokenRow).where(
                ActionTokenRow.token_hash == token_hash(token), ActionTokenRow.purpose == purpose
            )
        )
        if row is None or row.used_at is not None or row.expires_at <= now:
            return None
        return row

    def spend(self, row: ActionTokenRow, now: datetime) -> bool:
        """Mark used; False if a concurrent request used it first (single use)."""
        result = self._session.execute(
            update(ActionTokenRow)
            .where(ActionTokenRow.id == row.id, ActionTokenRow.used_at.is_(None))
            .values(used_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def spend_all(self, user_id: uuid.UUID, purpose: str, now: datetime) -> None:
        self._session.execute(
            update(ActionTokenRow)
            .where(
                ActionTokenRow.user_id == user_id,
                ActionTokenRow.purpose == purpose,
                ActionTokenRow.used_at.is_(None),
            )
            .values(used_at=now)
        )


class SessionRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def open(
        self,
        user_id: uuid.UUID,
        *,
        now: datetime,
        lifetime: timedelta,
        client: events.ClientInfo,
        amr: list[str],
        refresh_token: str,
    ) -> SessionRow:
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
        self._session.add(row)
        self._session.flush()
        self.add_refresh(row.id, refresh_token, now)
        return row

    def add_refresh(self, session_id: uuid.UUID, refresh_token: str, now: datetime) -> None:
        self._session.add(
            RefreshTokenRow(
                id=uuid.uuid4(),
                session_id=session_id,
                token_hash=token_hash(refresh_token),
                created_at=now,
            )
        )
        self._session.flush()

    def refresh_link(self, refresh_token: str) -> RefreshTokenRow | None:
        return self._session.scalar(
            select(RefreshTokenRow).where(RefreshTokenRow.token_hash == token_hash(refresh_token))
        )

    def rotate_link(self, link: RefreshTokenRow, now: datetime) -> bool:
        """Mark the link used; False when another request rotated it first (reuse)."""
        result = self._session.execute(
            update(RefreshTokenRow)
            .where(RefreshTokenRow.id == link.id, RefreshTokenRow.rotated_at.is_(None))
            .values(rotated_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def get(self, session_id: uuid.UUID) -> SessionRow | None:
        return self._session.get(SessionRow, session_id)

    def owned(self, user_id: uuid.UUID, session_id: uuid.UUID) -> SessionRow | None:
        return self._session.scalar(
            select(SessionRow).where(SessionRow.id == session_id, SessionRow.user_id == user_id)
        )

    def active(self, user_id: uuid.UUID, now: datetime) -> list[SessionRow]:
        return list(
            self._session.scalars(
                select(SessionRow)
                .where(
                    SessionRow.user_id == user_id,
                    SessionRow.revoked_at.is_(None),
                    SessionRow.expires_at > now,
                )
                .order_by(SessionRow.last_seen_at.desc(), SessionRow.id)
            )
        )

    def revoke(self, row: SessionRow, now: datetime, reason: str) -> bool:
        if row.revoked_at is not None:
            return False
        row.revoked_at = now
        row.revoked_reason = reason
        self._session.flush()
        return True

    def revoke_all(
        self, user_id: uuid.UUID, now: datetime, reason: str, *, keep: uuid.UUID | None = None
    ) -> int:
        statement = update(SessionRow).where(
            SessionRow.user_id == user_id, SessionRow.revoked_at.is_(None)
        )
        if keep is not None:
            statement = statement.where(SessionRow.id != keep)
        result = self._session.execute(
            statement.values(revoked_at=now, revoked_reason=reason),
            execution_options={"synchronize_session": "fetch"},
        )
        return int(getattr(result, "rowcount", 0))


class RecoveryCodeRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def replace_pending(self, user_id: uuid.UUID, hashes: list[str], now: datetime) -> None:
        self._session.execute(
            delete(RecoveryCodeRow).where(
                RecoveryCodeRow.user_id == user_id, RecoveryCodeRow.pending.is_(True)
            )
        )
        for code_hash in hashes:
            self._session.add(
                RecoveryCodeRow(
                    id=uuid.uuid4(),
                    user_id=user_id,
                    code_hash=code_hash,
                    pending=True,
                    created_at=now,
                )
            )
        self._session.flush()

    def activate_pending(self, user_id: uuid.UUID) -> None:
        self._session.execute(
            delete(RecoveryCodeRow).where(
                RecoveryCodeRow.user_id == user_id, RecoveryCodeRow.pending.is_(False)
            )
        )
        self._session.execute(
            update(RecoveryCodeRow).where(RecoveryCodeRow.user_id == user_id).values(pending=False)
        )

    def unused(self, user_id: uuid.UUID) -> list[RecoveryCodeRow]:
        return list(
            self._session.scalars(
                select(RecoveryCodeRow).where(
                    RecoveryCodeRow.user_id == user_id,
                    RecoveryCodeRow.pending.is_(False),
                    RecoveryCodeRow.used_at.is_(None),
                )
            )
        )

    def spend(self, row: RecoveryCodeRow, now: datetime) -> bool:
        result = self._session.execute(
            update(RecoveryCodeRow)
            .where(RecoveryCodeRow.id == row.id, RecoveryCodeRow.used_at.is_(None))
            .values(used_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def clear(self, user_id: uuid.UUID) -> None:
        self._session.execute(delete(RecoveryCodeRow).where(RecoveryCodeRow.user_id == user_id))


class LoginFailures:
    """Failed-attempt times for the throttle, by account (email hash) and by IP."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def by_subject(self, subject_hash: str, since: datetime) -> list[datetime]:
        return self._times(SecurityEventRow.subject_hash == subject_hash, since)

    def by_ip(self, ip: str, since: datetime) -> list[datetime]:
        return self._times(SecurityEventRow.ip_address == ip, since)

    def _times(self, condition: object, since: datetime) -> list[datetime]:
        rows = self._session.scalars(
            select(SecurityEventRow.at)
            .where(
                condition,  # type: ignore[arg-type]
                SecurityEventRow.kind.in_(FAILURE_KINDS),
                SecurityEventRow.at > since,
            )
            .order_by(SecurityEventRow.at.desc())
            .limit(200)
        )
        return list(rows)


@dataclass(frozen=True)
class IdentityRepositories:
    """What an identity unit of work exposes (plus `uow.session` for events.record)."""

    users: UserRepository
    action_tokens: ActionTokenRepository
    sessions: SessionRepository
    recovery_codes: RecoveryCodeRepository
    failures: LoginFailures
    session: Session


def identity_repositories(session: Session) -> IdentityRepositories:
    return IdentityRepositories(
        users=UserRepository(session),
        action_tokens=ActionTokenRepository(session),
        sessions=SessionRepository(session),
        recovery_codes=RecoveryCodeRepository(session),
        failures=LoginFailures(session),
        session=session,
    )
