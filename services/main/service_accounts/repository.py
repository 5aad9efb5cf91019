"""Persistence of service accounts' client credentials (platform data managed by
operators: listed across all accounts, so not `OwnedBy`)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from services.main.service_accounts.domain import ServiceAccount, StoredCredentials
from services.main.service_accounts.tables import ServiceAccountRow


def _account(row: ServiceAccountRow) -> ServiceAccount:
    return ServiceAccount(
        id=row.id,
        user_id=row.user_id,
        name=row.name,
        client_id=row.client_id,
        created_at=row.created_at,
        revoked_at=row.revoked_at,
        last_used_at=row.last_used_at,
    )


class ServiceAccountRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def add(
        self, *, user_id: uuid.UUID, name: str, client_id: str, secret_hash: str, now: datetime
    ) -> ServiceAccount:
        row = ServiceAccountRow(
            id=uuid.uuid4(),
            user_id=user_id,
            name=name,
            client_id=client_id,
            secret_hash=secret_hash,
            created_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _account(row)

    def by_client_id(self, client_id: str) -> ServiceAccount | None:
        found = self.credentials(client_id)
        return None if found is None else found.account

    def credentials(self, client_id: str) -> StoredCredentials | None:
        row = self._session.scalar(
            select(ServiceAccountRow).where(ServiceAccountRow.client_id == client_id)
        )
        return None if row is None else StoredCredentials(_account(row), row.secret_hash)

    def list(self, *, include_revoked: bool) -> list[ServiceAccount]:
        statement = select(ServiceAccountRow).order_by(
            ServiceAccountRow.created_at.desc(), ServiceAccountRow.client_id
        )
        if not include_revoked:
            statement = statement.where(ServiceAccountRow.revoked_at.is_(None))
        return [_account(row) for row in self._session.scalars(statement)]

    def revoke(self, account_id: uuid.UUID, now: datetime) -> None:
        self._set(account_id, revoked_at=now)

    def used(self, account_id: uuid.UUID, now: datetime) -> None:
        self._set(account_id, last_used_at=now)

    def _set(self, account_id: uuid.UUID, **values: datetime) -> None:
        self._session.execute(
            update(ServiceAccountRow).where(ServiceAccountRow.id == account_id).values(**values)
        )
