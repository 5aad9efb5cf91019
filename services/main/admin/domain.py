"""A user's access as operators administer it: platform roles, extra scopes and the
tenant role in its active tenant (its default one: the tenant it last chose), and how
grants and revocations change them. Pure."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from services.main.auth.domain.users import User
from services.main.kernel import access
from services.runtime.errors import InvalidArgument


@dataclass(frozen=True)
class UserAccess:
    user_id: uuid.UUID
    email: str
    roles: list[str]
    # In the user's active (default) tenant; "" when it no longer belongs to it.
    tenant_role: str
    extra_scopes: list[str]
    scopes: list[str]
    updated_at: datetime


@dataclass(frozen=True)
class Access:
    """What a token of the user carries, as stored."""

    roles: tuple[str, ...]
    extra_scopes: tuple[str, ...]
    tenant_role: str | None


def access_of(user: User) -> Access:
    return Access(user.roles, user.extra_scopes, user.tenant_role)


def view(user: User) -> UserAccess:
    return UserAccess(
        user_id=user.id,
        email=user.email,
        roles=sorted(set(user.roles) | {access.USER}),
        tenant_role=user.tenant_role or "",
        extra_scopes=sorted(user.extra_scopes),
        scopes=access.scopes_for(user.tenant_role or "", user.extra_scopes),
        updated_at=user.updated_at,
    )


def granted(
    current: Access, roles: Iterable[str], scopes: Iterable[str], role: str | None
) -> Access:
    """`current` plus the roles and scopes (already validated); the tenant role replaced
    when one is given."""
    return Access(
        roles=tuple(sorted(set(current.roles) | set(roles) | {access.USER})),
        extra_scopes=tuple(sorted(set(current.extra_scopes) | set(scopes))),
        tenant_role=current.tenant_role if role is None else role,
    )


def removable_roles(roles: Iterable[str]) -> list[str]:
    """Roles a revocation may name: known ones, never the user role."""
    valid = access.validate_roles(roles)
    if access.USER in valid:
        raise InvalidArgument.for_field("roles", "the user role cannot be removed")
    return valid


def revoked(current: Access, roles: Iterable[str], scopes: Iterable[str]) -> Access:
    """`current` without the roles and scopes; the user role always stays."""
    return Access(
        roles=tuple(sorted((set(current.roles) - set(roles)) | {access.USER})),
        extra_scopes=tuple(sorted(set(current.extra_scopes) - set(scopes))),
        tenant_role=current.tenant_role,
    )
