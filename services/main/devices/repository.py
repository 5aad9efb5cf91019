"""Persistence of trusted devices.

Data isolation lives here: every statement is scoped by the owning user through
db.scoping, so another user's fingerprint is indistinguishable from an unknown one.

"Active" means not revoked and not expired: only active devices are listed, counted,
revoked or honoured at login, so what a user sees is exactly what is trusted.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from db.scoping import owner_is, scoped, select_owned, update_owned
from services.main.devices.domain import TrustedDevice, is_fingerprint
from services.main.devices.tables import TrustedDeviceRow


def _device(row: TrustedDeviceRow) -> TrustedDevice:
    return TrustedDevice(
        fingerprint_hash=row.fingerprint_hash,
        nickname=row.nickname,
        created_at=row.created_at,
        expires_at=row.expires_at,
        last_used_at=row.last_used_at,
    )


def _active(now: datetime) -> tuple[ColumnElement[bool], ...]:
    return (TrustedDeviceRow.revoked_at.is_(None), TrustedDeviceRow.expires_at > now)


class TrustedDeviceRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def upsert(
        self,
        user_id: uuid.UUID,
        fingerprint: str,
        nickname: str,
        now: datetime,
        expires_at: datetime,
    ) -> TrustedDevice:
        """Trust a device, or renew it: a known fingerprint gets the new nickname and
        expiry and is no longer revoked. One statement (INSERT … ON CONFLICT), so two
        concurrent registrations of one device cannot fail on the unique constraint."""
        renewed = {
            "nickname": nickname,
            "created_at": now,
            "expires_at": expires_at,
            "revoked_at": None,
        }
        statement = (
            self._insert()
            .values(id=uuid.uuid4(), user_id=user_id, fingerprint_hash=fingerprint, **renewed)
            .on_conflict_do_update(
                index_elements=[TrustedDeviceRow.user_id, TrustedDeviceRow.fingerprint_hash],
                set_=renewed,
            )
            .returning(TrustedDeviceRow)
        )
        # populate_existing: a row already in this session's identity map is refreshed
        # with what the database now holds rather than returned stale.
        row = self._session.scalars(statement, execution_options={"populate_existing": True}).one()
        return _device(row)

    def list_active(self, user_id: uuid.UUID, now: datetime) -> list[TrustedDevice]:
        rows = self._session.scalars(
            select_owned(TrustedDeviceRow, user_id, *_active(now)).order_by(
                TrustedDeviceRow.created_at.desc(), TrustedDeviceRow.id.desc()
            )
        )
        return [_device(r) for r in rows]

    def count_active(self, user_id: uuid.UUID, now: datetime) -> int:
        total = self._session.scalar(
            scoped(
                select(func.count())
                .select_from(TrustedDeviceRow)
                .where(owner_is(TrustedDeviceRow, user_id), *_active(now))
            )
        )
        return int(total or 0)

    def revoke(self, user_id: uuid.UUID, fingerprint: str, now: datetime) -> bool:
        """False when the user has no active device with that fingerprint."""
        one = TrustedDeviceRow.fingerprint_hash == fingerprint
        return self._revoke(user_id, *_active(now), one, now=now) == 1

    def revoke_all(self, user_id: uuid.UUID, now: datetime) -> int:
        return self._revoke(user_id, *_active(now), now=now)

    def use_if_trusted(self, user_id: uuid.UUID, fingerprint: str, now: datetime) -> bool:
        """Whether the login may skip MFA on this device; records the use when it may.
        Check and record are one UPDATE, so a device revoked concurrently is never used."""
        if not is_fingerprint(fingerprint):  # none sent, or junk no device was trusted with
            return False
        used = self._session.execute(
            update_owned(
                TrustedDeviceRow,
                user_id,
                *_active(now),
                TrustedDeviceRow.fingerprint_hash == fingerprint,
            )
            .values(last_used_at=now)
            .returning(TrustedDeviceRow.id)
        ).all()
        return len(used) == 1

    def _revoke(self, user_id: uuid.UUID, *conditions: ColumnElement[bool], now: datetime) -> int:
        revoked = self._session.execute(
            update_owned(TrustedDeviceRow, user_id, *conditions)
            .values(revoked_at=now)
            .returning(TrustedDeviceRow.id)
        ).all()
        return len(revoked)

    def _insert(self) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it
        # with the same API.
        dialect = self._session.get_bind().dialect.name
        if dialect == "postgresql":
            return postgresql.insert(TrustedDeviceRow)
        if dialect == "sqlite":
            return sqlite.insert(TrustedDeviceRow)
        raise NotImplementedError(f"trusted devices need PostgreSQL or SQLite, not {dialect}")
