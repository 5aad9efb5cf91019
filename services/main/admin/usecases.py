"""Operator administration of a user's platform roles, scopes and tenant role (the
UserAdminService RPCs and `finplat users`)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from services.main.admin import domain
from services.main.admin.domain import Access, UserAccess
from services.main.auth.domain import names
from services.main.auth.domain.users import User
from services.main.kernel import access
from services.main.kernel.dependencies import Uow
from services.main.teams.domain import roles
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound


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
    now = clock()
    uow.repos.users.set_access(user.id, roles=new.roles, extra_scopes=new.extra_scopes, now=now)
    if new.tenant_role != user.tenant_role:
        _set_tenant_role(uow, user, new.tenant_role, now)
    changed = uow.repos.users.by_id(user.id)
    assert changed is not None  # read in this transaction just before
    return domain.view(changed)


def _set_tenant_role(uow: Uow, user: User, role: str | None, now: datetime) -> None:
    """The user's role in its active tenant (the default one: the tenant it last chose),
    under the tenant's own rule: the last owner stays. Its tokens with the old role stop
    working within the session-check bound; a refresh carries the new one."""
    if role is None or user.tenant_role is None:
        raise FailedPrecondition(
            "the user no longer belongs to its active tenant; it gets another at its next "
            "login, grant the role then",
            reason="NOT_A_MEMBER",
        )
    memberships = uow.repos.memberships
    memberships.lock_tenant(user.tenant_id)
    owners = memberships.count_role(user.tenant_id, access.OWNER)
    roles.check_keeps_owner(user.tenant_role, role, owners)
    memberships.set_role(user.tenant_id, user.id, role, now)


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
