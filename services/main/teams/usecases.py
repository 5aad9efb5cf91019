"""Teams use cases (docs/teams.md): my tenants, the active tenant's members and
invitations, accepting an invitation, switching tenant. One transaction each; emails
leave after the transaction commits.

Every member and invitation call works on the caller's active tenant (the token's
`tid`): another tenant's member or invitation is not found (404). The caller's own role
is read from its membership, not from the token: the session check refuses a token
whose role is no longer the member's, but a decision here must not rest on a claim
minted before a change.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from services.main.auth.domain import names
from services.main.auth.domain.grants import new_token
from services.main.auth.domain.memberships import Member, Membership, Team
from services.main.auth.domain.users import User
from services.main.kernel import access
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.tokens import AccessToken, mint
from services.main.teams.domain import roles
from services.main.teams.domain.invitations import Invitation, NewInvitation, acceptable_by
from services.main.teams.domain.messages import invitation_email
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Unauthenticated,
)
from services.runtime.paging import Page, checked_page

DEFAULT_PAGE = 20
MANAGE: str = "teams:manage"


@dataclass(frozen=True)
class Actor:
    """Who calls: the user, its session and the tenant its token is for, and the scopes
    the token carries."""

    user_id: uuid.UUID
    session_id: uuid.UUID | None
    tenant_id: uuid.UUID
    scopes: frozenset[str]


@dataclass(frozen=True)
class TeamAccess:
    """A tenant made active, and an access token for it."""

    team: Team
    token: AccessToken


def _membership(uow: Uow, actor: Actor) -> Membership:
    found = uow.repos.memberships.get(actor.tenant_id, actor.user_id)
    if found is None:  # removed since the token was minted
        raise PermissionDenied("you are no longer a member of this tenant")
    return found


def _member(uow: Uow, tenant_id: uuid.UUID, user_id: uuid.UUID) -> Member:
    found = uow.repos.memberships.member(tenant_id, user_id)
    if found is None:
        raise NotFound(f"member {user_id} not found", metadata={"user_id": str(user_id)})
    return found


def _user(uow: Uow, user_id: uuid.UUID) -> User:
    user = uow.repos.users.by_id(user_id)
    if user is None:
        raise Unauthenticated("user no longer exists")
    return user


def _role(tenant_role: str | None) -> str:
    if not tenant_role:
        raise InvalidArgument.for_field("tenant_role", "is required")
    return access.validate_tenant_role(tenant_role)


def list_teams(kernel: Kernel, user_id: uuid.UUID) -> list[Team]:
    with kernel.unit_of_work() as uow:
        return uow.repos.memberships.teams(user_id)


def list_members(kernel: Kernel, actor: Actor, limit: int | None, offset: int) -> Page[Member]:
    limit, offset = checked_page(limit, offset, DEFAULT_PAGE)
    with kernel.unit_of_work() as uow:
        items, total = uow.repos.memberships.members(actor.tenant_id, limit, offset)
    return Page(items, total, limit, offset)


def update_member(
    kernel: Kernel, actor: Actor, user_id: uuid.UUID, tenant_role: str | None
) -> Member:
    new_role = _role(tenant_role)
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        memberships = uow.repos.memberships
        memberships.lock_tenant(actor.tenant_id)
        mine = _membership(uow, actor)
        target = _member(uow, actor.tenant_id, user_id).membership
        if target.tenant_role == new_role:
            return _member(uow, actor.tenant_id, user_id)
        roles.check_grant(mine.tenant_role, target.tenant_role, new_role)
        owners = memberships.count_role(actor.tenant_id, access.OWNER)
        roles.check_keeps_owner(target.tenant_role, new_role, owners)
        memberships.set_role(actor.tenant_id, user_id, new_role, now)
        return _member(uow, actor.tenant_id, user_id)


def remove_member(kernel: Kernel, actor: Actor, user_id: uuid.UUID) -> None:
    """Remove a member, or leave (the caller's own id): leaving needs no `teams:manage`,
    and any member may leave but the last owner."""
    leaving = user_id == actor.user_id
    if not leaving and MANAGE not in actor.scopes:
        raise PermissionDenied(f"removing a member needs the scope {MANAGE}")
    with kernel.unit_of_work() as uow:
        memberships = uow.repos.memberships
        memberships.lock_tenant(actor.tenant_id)
        mine = _membership(uow, actor)
        target = _member(uow, actor.tenant_id, user_id).membership
        if not leaving:
            roles.check_grant(mine.tenant_role, target.tenant_role, None)
        owners = memberships.count_role(actor.tenant_id, access.OWNER)
        roles.check_keeps_owner(target.tenant_role, None, owners)
        memberships.remove(actor.tenant_id, user_id)


def invite(kernel: Kernel, actor: Actor, raw_email: str, tenant_role: str | None) -> Invitation:
    if not raw_email.strip():
        raise InvalidArgument.for_field("email", "is required")
    email = names.normalise_email(raw_email)
    role = _role(tenant_role)
    now = kernel.clock()
    token = new_token()
    with kernel.unit_of_work() as uow:
        repos = uow.repos
        mine = _membership(uow, actor)
        roles.check_grant(mine.tenant_role, None, role)
        invitee = repos.users.by_email(email)
        if invitee is not None and repos.memberships.get(actor.tenant_id, invitee.id):
            raise AlreadyExists(f"{email} is already a member of this tenant")
        tenant = repos.memberships.tenant(actor.tenant_id)
        inviter = _user(uow, actor.user_id)
        assert tenant is not None  # the caller is a member of it
        invitation = repos.invitations.add(
            NewInvitation(actor.tenant_id, email, role, actor.user_id), token, now
        )
    outgoing = invitation_email(
        email, tenant.name, inviter.full_name, role, token, kernel.public_url
    )
    kernel.mailer.send(outgoing)
    return invitation


def _invitation(uow: Uow, tenant_id: uuid.UUID, invitation_id: uuid.UUID) -> Invitation:
    found = uow.repos.invitations.get(tenant_id, invitation_id)
    if found is None:
        raise NotFound(f"invitation {invitation_id} not found", metadata={"id": str(invitation_id)})
    return found


def get_invitation(kernel: Kernel, actor: Actor, invitation_id: uuid.UUID) -> Invitation:
    with kernel.unit_of_work() as uow:
        return _invitation(uow, actor.tenant_id, invitation_id)


def list_invitations(
    kernel: Kernel, actor: Actor, limit: int | None, offset: int
) -> Page[Invitation]:
    limit, offset = checked_page(limit, offset, DEFAULT_PAGE)
    with kernel.unit_of_work() as uow:
        items, total = uow.repos.invitations.pending(actor.tenant_id, kernel.clock(), limit, offset)
    return Page(items, total, limit, offset)


def revoke_invitation(kernel: Kernel, actor: Actor, invitation_id: uuid.UUID) -> None:
    """Revoke a pending invitation. Revoking one revoked or expired changes nothing; one
    accepted is 409 (remove the member instead)."""
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        found = _invitation(uow, actor.tenant_id, invitation_id)
        if found.accepted_at is not None:
            raise FailedPrecondition(
                "this invitation has been accepted; remove the member instead",
                reason="INVITATION_USED",
            )
        uow.repos.invitations.revoke(found, now)


def _team(uow: Uow, user_id: uuid.UUID, tenant_id: uuid.UUID) -> Team:
    return next(t for t in uow.repos.memberships.teams(user_id) if t.tenant.id == tenant_id)


def _activate(kernel: Kernel, uow: Uow, actor: Actor, tenant_id: uuid.UUID) -> TeamAccess:
    """A token of the caller's session for `tenant_id` (a membership of the caller)."""
    user = _user(uow, actor.user_id)
    session = uow.repos.sessions.owned(user.id, actor.session_id) if actor.session_id else None
    if session is None or not session.active(kernel.clock()):
        raise Unauthenticated("session ended; log in again")
    minted = mint(
        kernel.issuer, uow, user, session, session.amr, kernel.clock(), tenant_id=tenant_id
    )
    return TeamAccess(_team(uow, user.id, tenant_id), minted.token)


def accept(kernel: Kernel, actor: Actor, token: str) -> TeamAccess:
    token = token.strip()
    if not token:
        raise InvalidArgument.for_field("token", "is required")
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        repos = uow.repos
        found = repos.invitations.by_token(token)
        if found is None:
            raise NotFound("invitation not found; check the token")
        user = _user(uow, actor.user_id)
        acceptable_by(found, user.email, now)
        if repos.memberships.get(found.tenant_id, user.id) is not None:
            raise AlreadyExists("you are already a member of this tenant")
        if not repos.invitations.accept(found, user.id, now):
            raise FailedPrecondition(
                "this invitation has already been used", reason="INVITATION_USED"
            )
        repos.memberships.add(found.tenant_id, user.id, found.tenant_role, now)
        return _activate(kernel, uow, actor, found.tenant_id)


def switch(kernel: Kernel, actor: Actor, tenant_id: uuid.UUID) -> TeamAccess:
    with kernel.unit_of_work() as uow:
        if uow.repos.memberships.get(tenant_id, actor.user_id) is None:
            raise NotFound(f"tenant {tenant_id} not found", metadata={"tenant_id": str(tenant_id)})
        return _activate(kernel, uow, actor, tenant_id)
