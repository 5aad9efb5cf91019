"""The teams use cases on SQLite and PostgreSQL, with the backend's own kernel: invite
(an email with a single-use token), accept (the invited address only, once, within 7
days), switch, the members' roles and the last-owner rule, leaving, tenant isolation,
and which tenant a session's next token is for when memberships change."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from services.main.kernel import access
from services.main.teams import usecases
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from tests.services.main.teams.support import (
    World,
    claims,
    invited,
    joined,
    person,
    refreshed,
    roles_of,
    world_on,
)


@pytest.fixture
def world(database_url: str, tmp_path: Path) -> Iterator[World]:
    with world_on(database_url, tmp_path) as world:
        yield world


def test_an_accepted_invitation_joins_the_tenant_and_activates_it(world: World) -> None:
    owner = person(world, "owner")
    member = person(world, "member")
    token = invited(world, owner, member, "viewer")
    email = [e for e in world.outbox.sent if e.to == member.user.email][-1]
    assert "Owner invites you to join" in email.text and "as viewer" in email.text

    access_ = usecases.accept(world.kernel, member.actor, token)
    got = claims(access_.token.token)
    assert (got["tid"], got["tenant_role"], got["sid"]) == (
        owner.token["tid"],
        "viewer",
        str(member.session_id),
    )
    assert got["scope"].split() == access.scopes_for("viewer")
    assert access_.team.tenant.id == uuid.UUID(owner.token["tid"])
    assert access_.team.member_count == 2
    assert roles_of(world, owner) == {owner.user.id: "owner", member.user.id: "viewer"}
    # The session stays in the tenant joined, and it is the default of the next login.
    assert refreshed(world, member).token["tid"] == owner.token["tid"]
    with world.kernel.unit_of_work() as uow:
        after = uow.repos.users.by_id(member.user.id)
    assert after is not None and str(after.tenant_id) == owner.token["tid"]
    assert after.tenant_role == "viewer"


def test_an_invitation_is_for_its_address_once_and_for_seven_days(world: World) -> None:
    owner = person(world, "owner")
    member = person(world, "member")
    stranger = person(world, "stranger")
    token = invited(world, owner, member, "member")
    with pytest.raises(PermissionDenied, match="another email"):
        usecases.accept(world.kernel, stranger.actor, token)
    with pytest.raises(NotFound):
        usecases.accept(world.kernel, member.actor, "not-a-token")
    with pytest.raises(InvalidArgument):
        usecases.accept(world.kernel, member.actor, "  ")
    usecases.accept(world.kernel, member.actor, token)
    with pytest.raises(FailedPrecondition, match="already been used"):
        usecases.accept(world.kernel, member.actor, token)

    late = person(world, "late")
    expiring = invited(world, owner, late, "member")
    world.clock.now += timedelta(days=7)
    with pytest.raises(FailedPrecondition, match="expired"):
        usecases.accept(world.kernel, late.actor, expiring)


def test_inviting_again_replaces_the_pending_invitation(world: World) -> None:
    owner = person(world, "owner")
    member = person(world, "member")
    first = invited(world, owner, member, "member")
    second = invited(world, owner, member, "viewer")
    pending = usecases.list_invitations(world.kernel, owner.actor, None, 0)
    assert [(i.email, i.tenant_role) for i in pending.items] == [(member.user.email, "viewer")]
    with pytest.raises(FailedPrecondition, match="revoked"):
        usecases.accept(world.kernel, member.actor, first)
    usecases.revoke_invitation(world.kernel, owner.actor, pending.items[0].id)
    with pytest.raises(FailedPrecondition, match="revoked"):
        usecases.accept(world.kernel, member.actor, second)
    assert usecases.list_invitations(world.kernel, owner.actor, None, 0).total == 0


def test_a_member_cannot_be_invited_again(world: World) -> None:
    owner = person(world, "owner")
    member = joined(world, owner, "member")
    with pytest.raises(AlreadyExists):
        usecases.invite(world.kernel, owner.actor, member.user.email, "viewer")
    with pytest.raises(AlreadyExists):
        usecases.invite(world.kernel, owner.actor, owner.user.email, "viewer")


def test_switching_needs_a_membership(world: World) -> None:
    owner = person(world, "owner")
    member = joined(world, owner, "manager")
    home = usecases.switch(world.kernel, member.actor, member.user.tenant_id)
    assert claims(home.token.token)["tid"] == str(member.user.tenant_id)
    assert claims(home.token.token)["tenant_role"] == "owner"
    assert refreshed(world, member).token["tid"] == str(member.user.tenant_id)
    for other in (owner.user.tenant_id, uuid.uuid4()):
        stranger = person(world, "stranger")
        with pytest.raises(NotFound):
            usecases.switch(world.kernel, stranger.actor, other)


def test_the_last_owner_stays_and_only_owners_touch_owners(world: World) -> None:
    owner = person(world, "owner")
    manager = joined(world, owner, "manager", "manager")
    member = joined(world, owner, "member")
    kernel = world.kernel
    change: Callable[[], object]
    for change in (
        lambda: usecases.update_member(kernel, owner.actor, owner.user.id, "manager"),
        lambda: usecases.remove_member(kernel, owner.actor, owner.user.id),
    ):
        with pytest.raises(FailedPrecondition, match="last owner"):
            change()
    for change in (
        lambda: usecases.update_member(kernel, manager.actor, owner.user.id, "viewer"),
        lambda: usecases.update_member(kernel, manager.actor, member.user.id, "owner"),
        lambda: usecases.remove_member(kernel, manager.actor, owner.user.id),
        lambda: usecases.invite(kernel, manager.actor, "boss@example.com", "owner"),
    ):
        with pytest.raises(PermissionDenied, match="owner"):
            change()
    # A manager manages the others; a member manages nobody but may leave.
    assert usecases.update_member(kernel, manager.actor, member.user.id, "viewer")
    with pytest.raises(PermissionDenied):
        usecases.remove_member(kernel, member.actor, manager.user.id)
    usecases.remove_member(kernel, member.actor, member.user.id)
    # Two owners: either may step down.
    usecases.update_member(kernel, owner.actor, manager.user.id, "owner")
    usecases.update_member(kernel, owner.actor, owner.user.id, "viewer")
    assert roles_of(world, refreshed(world, manager)) == {
        owner.user.id: "viewer",
        manager.user.id: "owner",
    }


def test_another_tenants_members_and_invitations_are_not_found(world: World) -> None:
    owner = person(world, "owner")
    stranger = person(world, "stranger")
    theirs = usecases.invite(world.kernel, stranger.actor, "someone@example.com", "member")
    kernel = world.kernel
    for call in (
        lambda: usecases.update_member(kernel, owner.actor, stranger.user.id, "viewer"),
        lambda: usecases.remove_member(kernel, owner.actor, stranger.user.id),
        lambda: usecases.get_invitation(kernel, owner.actor, theirs.id),
        lambda: usecases.revoke_invitation(kernel, owner.actor, theirs.id),
    ):
        with pytest.raises(NotFound):
            call()
    assert usecases.list_invitations(kernel, owner.actor, None, 0).total == 0
    assert list(roles_of(world, owner)) == [owner.user.id]
    assert usecases.get_invitation(kernel, stranger.actor, theirs.id).revoked_at is None


def test_a_removed_members_session_falls_back_to_another_tenant(world: World) -> None:
    owner = person(world, "owner")
    member = joined(world, owner, "member")
    usecases.remove_member(world.kernel, owner.actor, member.user.id)
    back = refreshed(world, member)
    assert back.token["tid"] == str(member.user.tenant_id)
    assert back.token["tenant_role"] == "owner"
    with world.kernel.unit_of_work() as uow:
        after = uow.repos.users.by_id(member.user.id)
    assert after is not None and after.tenant_id == member.user.tenant_id


def test_a_user_left_without_tenants_gets_a_workspace_of_its_own(world: World) -> None:
    owner = person(world, "owner")
    member = joined(world, owner, "member")
    # The member hands its own workspace over and leaves it: only the owner's is left.
    home = member.holding(
        usecases.switch(world.kernel, member.actor, member.user.tenant_id).token.token
    )
    usecases.invite(world.kernel, home.actor, owner.user.email, "owner")
    token = world.outbox.token_for(owner.user.email, 1)
    usecases.accept(world.kernel, owner.actor, token)
    usecases.remove_member(world.kernel, home.actor, member.user.id)
    member = refreshed(world, member)
    assert member.token["tid"] == owner.token["tid"]
    # Removed from that one too: a new workspace, as registering gives.
    usecases.remove_member(world.kernel, owner.actor, member.user.id)
    alone = refreshed(world, member)
    assert alone.token["tid"] not in (owner.token["tid"], str(member.user.tenant_id))
    assert alone.token["tenant_role"] == "owner"
    teams = usecases.list_teams(world.kernel, member.user.id)
    assert [(str(t.tenant.id), t.tenant.name, t.member_count) for t in teams] == [
        (alone.token["tid"], "Member's workspace", 1)
    ]


def test_pages_of_members(world: World) -> None:
    owner = person(world, "owner")
    for n in range(3):
        joined(world, owner, "viewer", f"viewer{n}")
    page = usecases.list_members(world.kernel, owner.actor, 2, 1)
    assert (len(page.items), page.total, page.has_more) == (2, 4, True)
    with pytest.raises(InvalidArgument):
        usecases.list_members(world.kernel, owner.actor, 101, 0)
