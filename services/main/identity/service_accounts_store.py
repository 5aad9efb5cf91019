"""Persistence of service accounts: their user row and client credentials.

Built on a unit of work's session (`ServiceAccountRepository(uow.session)`), beside the
identity repositories, as trusted devices are.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from services.main.identity import access
from services.main.identity.service_accounts_tables import ServiceAccountRow
from services.main.identity.store import UserRepository
from services.main.identity.tables import SessionRow, UserRow

# Not an argon2 encoding: PasswordHasher.verify answers False for it whatever the
# password, so no password login can ever succeed for a service account.
UNUSABLE_PASSWORD = "!service-account"
# RFC 2606: `.invalid` never resolves, so no verification or reset email can reach anyone.
EMAIL_DOMAIN = "service-accounts.invalid"
# Expired sessions of a service account are deleted after this long: it opens one per
# token (every ~14 minutes per running backend), and nobody lists them.
EXPIRED_SESSION_RETENTION = timedelta(days=1)


class ServiceAccountRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def add(
        self, *, name: str, client_id: str, secret_hash: str, now: datetime
    ) -> tuple[ServiceAccountRow, UserRow]:
        user = UserRepository(self._session).add(
            email=f"{client_id}@{EMAIL_DOMAIN}",
            username=client_id,
            full_name=name,
            password_hash=UNUSABLE_PASSWORD,
            now=now,
        )
        # Alone in its own tenant as a viewer: the `service` role is what it is for;
        # the tenant role only decides the scopes, and an empty tenant exposes nothing.
        user.roles = [access.SERVICE]
        user.tenant_role = access.VIEWER
        row = ServiceAccountRow(
            id=uuid.uuid4(),
            user_id=user.id,
            name=name,
            client_id=client_id,
            secret_hash=secret_hash,
            created_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return row, user

    def by_client_id(self, client_id: str) -> ServiceAccountRow | None:
        return self._session.scalar(
            select(ServiceAccountRow).where(ServiceAccountRow.client_id == client_id)
        )

    def user(self, account: ServiceAccountRow) -> UserRow | None:
        return self._session.get(UserRow, account.user_id)

    def list(self, *, include_revoked: bool) -> list[ServiceAccountRow]:
        statement = select(ServiceAccountRow).order_by(
            ServiceAccountRow.created_at.desc(), ServiceAccountRow.client_id
        )
        if not include_revoked:
            statement = statement.where(ServiceAccountRow.revoked_at.is_(None))
        return list(self._session.scalars(statement))

    def prune_sessions(self, user_id: uuid.UUID, now: datetime) -> None:
        self._session.execute(
            delete(SessionRow).where(
                SessionRow.user_id == user_id,
                SessionRow.expires_at < now - EXPIRED_SESSION_RETENTION,
            )
        )
