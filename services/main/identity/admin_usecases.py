"""Operator administration of a user's platform roles, scopes and tenant role (the
UserAdminService RPCs and `finplat users`)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from services.main.identity import access, emails
from services.main.identity.context import IdentityUnitOfWork
from services.main.identity.tables import UserRow
from services.runtime.errors import InvalidArgument, NotFound


@dataclass(frozen=True)
class UserAccess:
    user_id: uuid.UUID
    email: str
    roles: list[str]
    tenant_role: str
    extra_scopes: list[str]
    scopes: list[str]
    updated_at: datetime


def _find(uow: IdentityUnitOfWork, who: str) -> UserRow:
    who = who.strip()
    if not who:
        raise InvalidArgument.for_field("user", "is required (an email address or user id)")
    user: UserRow | None
    try:
        user = uow.repos.users.by_id(uuid.UUID(who))
    except ValueError:
        user = uow.repos.users.by_email(emails.normalise_email(who))
    if user is None:
        raise NotFound(f"user {who} not found")
    return user


def _view(user: UserRow) -> UserAccess:
    return UserAccess(
        user_id=user.id,
        email=user.email,
        roles=sorted(set(user.roles) | {access.USER}),
        tenant_role=user.tenant_role,
        extra_scopes=sorted(user.extra_scopes),
        scopes=access.scopes_for(user.tenant_role, user.extra_scopes),
        updated_at=user.updated_at,
    )


def grant(
    uow: IdentityUnitOfWork,
    who: str,
    roles: Sequence[str],
    scopes: Sequence[str],
    tenant_role: str,
    clock: Callable[[], datetime],
) -> UserAccess:
    new_roles = access.validate_roles(roles)
    new_scopes = access.validate_scopes(scopes)
    role = access.validate_tenant_role(tenant_role) if tenant_role else None
    with uow:
        user = _find(uow, who)
        user.roles = sorted(set(user.roles) | set(new_roles) | {access.USER})
        user.extra_scopes = sorted(set(user.extra_scopes) | set(new_scopes))
        if role is not None:
            user.tenant_role = role
        user.updated_at = clock()
        return _view(user)


def revoke(
    uow: IdentityUnitOfWork,
    who: str,
    roles: Sequence[str],
    scopes: Sequence[str],
    clock: Callable[[], datetime],
) -> UserAccess:
    gone_roles = set(access.validate_roles(roles))
    if access.USER in gone_roles:
        raise InvalidArgument.for_field("roles", "the user role cannot be removed")
    gone_scopes = set(scopes)
    with uow:
        user = _find(uow, who)
        user.roles = sorted((set(user.roles) - gone_roles) | {access.USER})
        user.extra_scopes = sorted(set(user.extra_scopes) - gone_scopes)
        user.updated_at = clock()
        return _view(user)


def show(uow: IdentityUnitOfWork, who: str) -> UserAccess:
    with uow:
        return _view(_find(uow, who))
