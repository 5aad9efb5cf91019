"""Operator administration of a user's platform roles, scopes and tenant role (the
UserAdminService RPCs and `finplat users`)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from services.main.admin import domain
from services.main.admin.domain import Access, UserAccess
from services.main.auth.domain import names
from services.main.auth.domain.users import User
from services.main.kernel import access
from services.main.kernel.dependencies import Uow
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import InvalidArgument, NotFound


def _find(uow: Uow, who: str) -> User:
    who = who.strip()
    if not who:
        raise InvalidArgument.for_field("user", "is required (an email address or user id)")
    user: User | None
    try:
        user = uow.repos.users.by_id(uuid.UUID(who))
    except ValueError:
        user = uow.repos.users.by_email(names.normalise_email(who))
    if user is None:
        raise NotFound(f"user {who} not found")
    return user


def _change(uow: Uow, user: User, new: Access, clock: Clock) -> UserAccess:
    uow.repos.users.set_access(
        user.id,
        roles=new.roles,
        extra_scopes=new.extra_scopes,
        tenant_role=new.tenant_role,
        now=clock(),
    )
    changed = uow.repos.users.by_id(user.id)
    assert changed is not None  # read in this transaction just before
    return domain.view(changed)


def grant(
    uow: Uow,
    who: str,
    roles: Sequence[str],
    scopes: Sequence[str],
    tenant_role: str,
    clock: Clock = utcnow,
) -> UserAccess:
    new_roles = access.validate_roles(roles)
    new_scopes = access.validate_scopes(scopes)
    role = access.validate_tenant_role(tenant_role) if tenant_role else None
    with uow:
        user = _find(uow, who)
        new = domain.granted(domain.access_of(user), new_roles, new_scopes, role)
        return _change(uow, user, new, clock)


def revoke(
    uow: Uow, who: str, roles: Sequence[str], scopes: Sequence[str], clock: Clock = utcnow
) -> UserAccess:
    gone_roles = domain.removable_roles(roles)
    with uow:
        user = _find(uow, who)
        new = domain.revoked(domain.access_of(user), gone_roles, scopes)
        return _change(uow, user, new, clock)


def show(uow: Uow, who: str) -> UserAccess:
    with uow:
        return domain.view(_find(uow, who))
