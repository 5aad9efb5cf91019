"""Persistence of service accounts' client credentials (platform data managed by
operators: listed across all accounts, so not `OwnedBy`) and of their delegation grants
(owned by the account's user, the actor: every statement is scoped by it)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db.scoping import across_owners, select_owned, update_owned
from services.main.service_accounts.domain import ServiceAccount, StoredCredentials
from services.main.service_accounts.domain.delegation import DelegationGrant
from services.main.service_accounts.tables import DelegationGrantRow, ServiceAccountRow


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

    def by_user_id(self, user_id: uuid.UUID) -> ServiceAccount | None:
        """The account a token's subject is, if it is one."""
        row = self._session.scalar(
            select(ServiceAccountRow).where(ServiceAccountRow.user_id == user_id)
        )
        return None if row is None else _account(row)

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


def _grant(row: DelegationGrantRow) -> DelegationGrant:
    return DelegationGrant(
        id=row.id,
        actor_user_id=row.actor_user_id,
        user_id=row.user_id,
        tenant_id=row.tenant_id,
        session_id=row.session_id,
        scopes=tuple(row.scopes.split()),
        purpose=row.purpose,
        created_at=row.created_at,
        expires_at=row.expires_at,
        revoked_at=row.revoked_at,
        last_used_at=row.last_used_at,
    )


class DelegationRepository:
    """Delegation grants, each seen only by its actor: another actor's grant is not
    found, exactly like an unknown one."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(
        self,
        *,
        token_hash: str,
        actor_user_id: uuid.UUID,
        user_id: uuid.UUID,
        tenant_id: uuid.UUID,
        session_id: uuid.UUID,
        scopes: tuple[str, ...],
        purpose: str,
        now: datetime,
        expires_at: datetime,
    ) -> DelegationGrant:
        row = DelegationGrantRow(
            id=uuid.uuid4(),
            token_hash=token_hash,
            actor_user_id=actor_user_id,
            user_id=user_id,
            tenant_id=tenant_id,
            session_id=session_id,
            scopes=" ".join(scopes),
            purpose=purpose,
            created_at=now,
            expires_at=expires_at,
        )
        self._session.add(row)
        self._session.flush()
        return _grant(row)

    def presented(self, actor_user_id: uuid.UUID, token_hash: str) -> DelegationGrant | None:
        """The actor's grant with this hash (a grant presented by its bearer)."""
        row = self._session.scalar(
            select_owned(
                DelegationGrantRow, actor_user_id, DelegationGrantRow.token_hash == token_hash
            )
        )
        return None if row is None else _grant(row)

    def delegates(self, session_id: uuid.UUID) -> bool:
        """Whether the session is a delegation grant's (revoked or not)."""
        found = self._session.scalar(
            across_owners(
                select(DelegationGrantRow.id).where(DelegationGrantRow.session_id == session_id),
                "minting refuses a delegation's session, whichever actor holds it",
            )
        )
        return found is not None

    def active(self, actor_user_id: uuid.UUID, now: datetime) -> list[DelegationGrant]:
        rows = self._session.scalars(
            select_owned(
                DelegationGrantRow,
                actor_user_id,
                DelegationGrantRow.revoked_at.is_(None),
                DelegationGrantRow.expires_at > now,
            )
        )
        return [_grant(row) for row in rows]

    def used(self, actor_user_id: uuid.UUID, grant_id: uuid.UUID, now: datetime) -> None:
        self._session.execute(
            update_owned(
                DelegationGrantRow, actor_user_id, DelegationGrantRow.id == grant_id
            ).values(last_used_at=now)
        )

    def revoke(self, actor_user_id: uuid.UUID, grant_id: uuid.UUID, now: datetime) -> bool:
        """End the grant; False when it had ended already (a concurrent revocation)."""
        result = self._session.execute(
            update_owned(
                DelegationGrantRow,
                actor_user_id,
                DelegationGrantRow.id == grant_id,
                DelegationGrantRow.revoked_at.is_(None),
            ).values(revoked_at=now)
        )
        return bool(getattr(result, "rowcount", 0))
