"""Persistence of accounts, emailed single-use tokens and recovery codes.

Users are looked up by id or by their unique email (a user row is an owner, not owned
data). Recovery codes and action tokens belong to their user: every statement on them
is scoped through db.scoping, except finding an emailed token by its hash, which is how
the bearer proves who it is for (`across_owners`).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from db.scoping import across_owners, delete_owned, select_owned, update_owned
from services.main.auth.domain.grants import ActionToken, StoredRecoveryCode
from services.main.auth.domain.memberships import Member, Membership, Team, Tenant
from services.main.auth.domain.users import AccountTaken, NewUser, User, workspace_name
from services.main.auth.tables import (
    ActionTokenRow,
    MembershipRow,
    RecoveryCodeRow,
    TenantRow,
    UserRow,
)
from services.main.kernel import access
from services.main.kernel.hashing import token_hash
from services.runtime.errors import AlreadyExists


def _user(row: UserRow, tenant_role: str | None) -> User:
    return User(
        id=row.id,
        tenant_id=row.tenant_id,
        email=row.email,
        username=row.username,
        full_name=row.full_name,
        password_hash=row.password_hash,
        email_verified_at=row.email_verified_at,
        roles=tuple(row.roles),
        tenant_role=tenant_role,
        extra_scopes=tuple(row.extra_scopes),
        mfa_secret=row.mfa_secret,
        mfa_pending_secret=row.mfa_pending_secret,
        mfa_enabled_at=row.mfa_enabled_at,
        mfa_last_step=row.mfa_last_step,
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_login_at=row.last_login_at,
    )


# A user with its role in its default tenant (the membership, if it still stands).
_USER = select(UserRow, MembershipRow.tenant_role).outerjoin(
    MembershipRow,
    (MembershipRow.user_id == UserRow.id) & (MembershipRow.tenant_id == UserRow.tenant_id),
)


class UserRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def by_email(self, email: str) -> User | None:
        return self._one(_USER.where(UserRow.email == email))

    def by_id(self, user_id: uuid.UUID) -> User | None:
        return self._one(_USER.where(UserRow.id == user_id))

    def _one(self, statement: Select[UserRow, str | None]) -> User | None:
        found = self._session.execute(statement.execution_options(populate_existing=True)).first()
        return None if found is None else _user(found[0], found[1])

    def username_taken(self, username: str) -> bool:
        found = self._session.scalar(select(UserRow.id).where(UserRow.username == username))
        return found is not None

    def add(self, new: NewUser, now: datetime) -> User:
        """The user, alone in a new tenant of its own."""
        tenant = TenantRow(id=uuid.uuid4(), name=workspace_name(new.full_name), created_at=now)
        row = UserRow(
            id=new.id or uuid.uuid4(),
            tenant_id=tenant.id,
            email=new.email,
            username=new.username,
            full_name=new.full_name,
            password_hash=new.password_hash,
            email_verified_at=None,
            roles=list(new.roles),
            extra_scopes=[],
            created_at=now,
            updated_at=now,
        )
        self._session.add(tenant)
        self._session.flush()  # the tenant row first: users.tenant_id references it
        self._session.add(row)
        try:
            self._session.flush()
        except IntegrityError as exc:  # the unique email or username
            raise AccountTaken("the email or the username is taken") from exc
        self._session.add(
            MembershipRow(
                tenant_id=tenant.id,
                user_id=row.id,
                tenant_role=new.tenant_role,
                created_at=now,
                updated_at=now,
            )
        )
        self._session.flush()
        return _user(row, new.tenant_role)

    def advance_mfa_step(self, user_id: uuid.UUID, step: int) -> bool:
        """Record `step` as the last TOTP step used; False when it (or a later one) was
        already used — by an earlier request or a concurrent one (the condition is in
        the UPDATE, so two requests racing with one code cannot both win)."""
        return self._update(
            user_id,
            UserRow.mfa_last_step.is_(None) | (UserRow.mfa_last_step < step),
            mfa_last_step=step,
        )

    def verify_email(self, user_id: uuid.UUID, now: datetime) -> None:
        """Mark the address verified (once: a later verification changes nothing)."""
        self._update(
            user_id, UserRow.email_verified_at.is_(None), email_verified_at=now, updated_at=now
        )

    def set_password(self, user_id: uuid.UUID, password_hash: str, now: datetime) -> None:
        self._update(user_id, password_hash=password_hash, updated_at=now)

    def rehash_password(self, user_id: uuid.UUID, password_hash: str) -> None:
        """The same password, hashed with today's parameters (not a change the user made)."""
        self._update(user_id, password_hash=password_hash)

    def rename(self, user_id: uuid.UUID, full_name: str, now: datetime) -> None:
        self._update(user_id, full_name=full_name, updated_at=now)

    def logged_in(self, user_id: uuid.UUID, now: datetime) -> None:
        self._update(user_id, last_login_at=now)

    def start_mfa_setup(self, user_id: uuid.UUID, pending_secret: str, now: datetime) -> None:
        self._update(user_id, mfa_pending_secret=pending_secret, updated_at=now)

    def set_mfa(
        self, user_id: uuid.UUID, secret: str | None, step: int | None, now: datetime
    ) -> None:
        """MFA on with `secret` (its first code's step already spent), or off with None."""
        self._update(
            user_id,
            mfa_secret=secret,
            mfa_pending_secret=None,
            mfa_enabled_at=now if secret is not None else None,
            mfa_last_step=step,
            updated_at=now,
        )

    def set_access(
        self,
        user_id: uuid.UUID,
        *,
        roles: Iterable[str],
        extra_scopes: Iterable[str],
        now: datetime,
    ) -> None:
        """The platform roles and extra scopes (tenant roles are memberships')."""
        self._update(user_id, roles=list(roles), extra_scopes=list(extra_scopes), updated_at=now)

    def set_default_tenant(self, user_id: uuid.UUID, tenant_id: uuid.UUID) -> None:
        """The tenant the user's next login starts in (the one last made active)."""
        self._update(user_id, UserRow.tenant_id != tenant_id, tenant_id=tenant_id)

    def touch(self, user_id: uuid.UUID, now: datetime) -> None:
        self._update(user_id, updated_at=now)

    def _update(self, user_id: uuid.UUID, *where: Any, **values: Any) -> bool:
        result = self._session.execute(
            update(UserRow).where(UserRow.id == user_id, *where).values(**values)
        )
        return bool(getattr(result, "rowcount", 0))


def _action_token(row: ActionTokenRow) -> ActionToken:
    return ActionToken(row.id, row.user_id, row.purpose, row.expires_at, row.used_at)


class ActionTokenRepository:
    """Single-use emailed tokens, stored hashed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def issue(
        self, user_id: uuid.UUID, purpose: str, token: str, now: datetime, lifetime: timedelta
    ) -> None:
        """Store a new token; it supersedes the unused ones of the same purpose, which are
        deleted (never used, they can no longer be): asking again and again for an email
        leaves one token, not a pile that would slow this account's next request down."""
        self._session.execute(
            delete_owned(
                ActionTokenRow,
                user_id,
                ActionTokenRow.purpose == purpose,
                ActionTokenRow.used_at.is_(None),
            )
        )
        self._add(user_id, purpose, token, now, lifetime, used_at=None)

    def issue_decoy(
        self, decoy_id: uuid.UUID, purpose: str, token: str, now: datetime, lifetime: timedelta
    ) -> None:
        """What `issue` does, for the decoy account (auth.domain.decoy): the same two
        writes. The decoy deleted is the earlier one of the new token's bucket (the first
        hex digit of its hash: 16 buckets, so concurrent decoys seldom wait for the same
        row), and the new one is stored spent: it can never be used."""
        digest = token_hash(token)
        self._session.execute(
            delete_owned(
                ActionTokenRow,
                decoy_id,
                ActionTokenRow.purpose == purpose,
                ActionTokenRow.token_hash.startswith(digest[0], autoescape=True),
            )
        )
        self._add(decoy_id, purpose, token, now, lifetime, used_at=now)

    def find(self, token: str, purpose: str) -> ActionToken | None:
        """The token of that purpose, used or not, expired or not."""
        row = self._session.scalar(
            across_owners(
                select(ActionTokenRow).where(
                    ActionTokenRow.token_hash == token_hash(token),
                    ActionTokenRow.purpose == purpose,
                ),
                "an emailed token is found by its hash: the bearer proves whose it is",
            )
        )
        return None if row is None else _action_token(row)

    def spend(self, token: ActionToken, now: datetime) -> bool:
        """Mark used; False if a concurrent request used it first (single use)."""
        result = self._session.execute(
            update_owned(
                ActionTokenRow,
                token.user_id,
                ActionTokenRow.id == token.id,
                ActionTokenRow.used_at.is_(None),
            ).values(used_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def spend_all(self, user_id: uuid.UUID, purpose: str, now: datetime) -> None:
        self._session.execute(
            update_owned(
                ActionTokenRow,
                user_id,
                ActionTokenRow.purpose == purpose,
                ActionTokenRow.used_at.is_(None),
            ).values(used_at=now)
        )

    def _add(
        self,
        user_id: uuid.UUID,
        purpose: str,
        token: str,
        now: datetime,
        lifetime: timedelta,
        *,
        used_at: datetime | None,
    ) -> None:
        self._session.add(
            ActionTokenRow(
                id=uuid.uuid4(),
                user_id=user_id,
                purpose=purpose,
                token_hash=token_hash(token),
                created_at=now,
                expires_at=now + lifetime,
                used_at=used_at,
            )
        )
        self._session.flush()


class RecoveryCodeRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def replace_pending(self, user_id: uuid.UUID, hashes: list[str], now: datetime) -> None:
        self._session.execute(
            delete_owned(RecoveryCodeRow, user_id, RecoveryCodeRow.pending.is_(True))
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
            delete_owned(RecoveryCodeRow, user_id, RecoveryCodeRow.pending.is_(False))
        )
        self._session.execute(update_owned(RecoveryCodeRow, user_id).values(pending=False))

    def unused(self, user_id: uuid.UUID) -> list[StoredRecoveryCode]:
        rows = self._session.scalars(
            select_owned(
                RecoveryCodeRow,
                user_id,
                RecoveryCodeRow.pending.is_(False),
                RecoveryCodeRow.used_at.is_(None),
            )
        )
        return [StoredRecoveryCode(r.id, r.code_hash) for r in rows]

    def spend(self, user_id: uuid.UUID, code_id: uuid.UUID, now: datetime) -> bool:
        result = self._session.execute(
            update_owned(
                RecoveryCodeRow,
                user_id,
                RecoveryCodeRow.id == code_id,
                RecoveryCodeRow.used_at.is_(None),
            ).values(used_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def clear(self, user_id: uuid.UUID) -> None:
        self._session.execute(delete_owned(RecoveryCodeRow, user_id))


def _tenant(row: TenantRow) -> Tenant:
    return Tenant(row.id, row.name, row.base_currency, row.created_at)


def _membership(row: MembershipRow) -> Membership:
    return Membership(row.tenant_id, row.user_id, row.tenant_role, row.created_at, row.updated_at)


# How many members a tenant has: counted per tenant listed (the primary key's index),
# never over the whole table.
_OTHERS = aliased(MembershipRow)
_MEMBER_COUNT = (
    select(func.count())
    .select_from(_OTHERS)
    .where(_OTHERS.tenant_id == TenantRow.id)
    .correlate(TenantRow)
    .scalar_subquery()
)


class MembershipRepository:
    """Tenants and who belongs to them. A membership is looked up by its pair (tenant,
    user): callers pass the caller's tenant, so another tenant's member is not found."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def tenant(self, tenant_id: uuid.UUID) -> Tenant | None:
        row = self._session.get(TenantRow, tenant_id)
        return None if row is None else _tenant(row)

    def open_workspace(self, user_id: uuid.UUID, now: datetime) -> Membership:
        """A new tenant named after the user, with the user as its owner."""
        full_name = self._session.scalar(select(UserRow.full_name).where(UserRow.id == user_id))
        tenant = TenantRow(id=uuid.uuid4(), name=workspace_name(full_name or ""), created_at=now)
        self._session.add(tenant)
        self._session.flush()
        return self.add(tenant.id, user_id, access.OWNER, now)

    def of_user(self, user_id: uuid.UUID) -> list[Membership]:
        rows = self._session.scalars(
            select(MembershipRow)
            .where(MembershipRow.user_id == user_id)
            .order_by(MembershipRow.created_at, MembershipRow.tenant_id)
        )
        return [_membership(r) for r in rows]

    def teams(self, user_id: uuid.UUID) -> list[Team]:
        """The user's tenants by name, with its membership and their member counts."""
        rows = self._session.execute(
            select(TenantRow, MembershipRow, _MEMBER_COUNT)
            .join(MembershipRow, MembershipRow.tenant_id == TenantRow.id)
            .where(MembershipRow.user_id == user_id)
            .order_by(TenantRow.name, TenantRow.id)
        )
        return [Team(_tenant(t), _membership(m), int(n)) for t, m, n in rows]

    def get(self, tenant_id: uuid.UUID, user_id: uuid.UUID) -> Membership | None:
        row = self._session.get(MembershipRow, (tenant_id, user_id), populate_existing=True)
        return None if row is None else _membership(row)

    def member(self, tenant_id: uuid.UUID, user_id: uuid.UUID) -> Member | None:
        found = self._members(tenant_id).where(MembershipRow.user_id == user_id)
        row = self._session.execute(found).first()
        return None if row is None else Member(_membership(row[0]), row[1], row[2])

    def members(self, tenant_id: uuid.UUID, limit: int, offset: int) -> tuple[list[Member], int]:
        """A page of the tenant's members, oldest membership first, and how many there are."""
        rows = self._session.execute(
            self._members(tenant_id)
            .order_by(MembershipRow.created_at, MembershipRow.user_id)
            .limit(limit)
            .offset(offset)
        )
        total = self._session.scalar(
            select(func.count())
            .select_from(MembershipRow)
            .where(MembershipRow.tenant_id == tenant_id)
        )
        return [Member(_membership(m), e, n) for m, e, n in rows], int(total or 0)

    def count_role(self, tenant_id: uuid.UUID, tenant_role: str) -> int:
        total = self._session.scalar(
            select(func.count())
            .select_from(MembershipRow)
            .where(MembershipRow.tenant_id == tenant_id, MembershipRow.tenant_role == tenant_role)
        )
        return int(total or 0)

    def lock_tenant(self, tenant_id: uuid.UUID) -> None:
        """Serialise changes to the tenant's owners until the transaction ends (the row
        lock of an UPDATE, on PostgreSQL and SQLite alike): two owners demoting each
        other at once cannot both pass the last-owner check."""
        self._session.execute(
            update(TenantRow).where(TenantRow.id == tenant_id).values(name=TenantRow.name)
        )

    def add(self, tenant_id: uuid.UUID, user_id: uuid.UUID, role: str, now: datetime) -> Membership:
        row = MembershipRow(
            tenant_id=tenant_id, user_id=user_id, tenant_role=role, created_at=now, updated_at=now
        )
        self._session.add(row)
        try:
            self._session.flush()
        except IntegrityError as exc:
            raise AlreadyExists("already a member of this tenant") from exc
        return _membership(row)

    def set_role(self, tenant_id: uuid.UUID, user_id: uuid.UUID, role: str, now: datetime) -> bool:
        result = self._session.execute(
            update(MembershipRow)
            .where(MembershipRow.tenant_id == tenant_id, MembershipRow.user_id == user_id)
            .values(tenant_role=role, updated_at=now)
        )
        return bool(getattr(result, "rowcount", 0))

    def remove(self, tenant_id: uuid.UUID, user_id: uuid.UUID) -> bool:
        result = self._session.execute(
            delete(MembershipRow).where(
                MembershipRow.tenant_id == tenant_id, MembershipRow.user_id == user_id
            )
        )
        return bool(getattr(result, "rowcount", 0))

    def _members(self, tenant_id: uuid.UUID) -> Select[MembershipRow, str, str]:
        return (
            select(MembershipRow, UserRow.email, UserRow.full_name)
            .join(UserRow, UserRow.id == MembershipRow.user_id)
            .where(MembershipRow.tenant_id == tenant_id)
        )
