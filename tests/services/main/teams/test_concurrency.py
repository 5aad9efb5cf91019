"""Teams under concurrent calls on PostgreSQL (what a thread-pool server does): two owners
demoting each other at once leave one owner, and one invitation accepted twice at once
makes one member. The threads start together on a barrier, each with its own unit of
work, so the database settles the race."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from services.main.kernel import access
from services.main.teams import usecases
from services.runtime.errors import FailedPrecondition, PermissionDenied
from tests.services.main.teams.support import (
    Person,
    World,
    invited,
    joined,
    person,
    roles_of,
    world_on,
)
from tests.support.races import together

T = TypeVar("T")


@pytest.fixture
def world(postgres_url: str, tmp_path: Path) -> Iterator[World]:
    with world_on(postgres_url, tmp_path) as world:
        yield world


def at_once(*calls: Callable[[], T]) -> list[T | Exception]:
    """Each of `calls` from a thread of its own, all released at once."""
    return together(lambda index: calls[index](), len(calls))


def demote_each_other(world: World) -> tuple[Person, list[object]]:
    first = person(world, "first")
    second = joined(world, first, "owner", "second")
    kernel = world.kernel
    return first, at_once(
        lambda: usecases.update_member(kernel, first.actor, second.user.id, "manager"),
        lambda: usecases.update_member(kernel, second.actor, first.user.id, "manager"),
    )


def test_two_owners_demoting_each_other_leave_one_owner(world: World) -> None:
    for _ in range(5):
        first, results = demote_each_other(world)
        failures = [r for r in results if isinstance(r, Exception)]
        assert len(failures) == 1, results
        assert isinstance(failures[0], (FailedPrecondition, PermissionDenied))
        assert sorted(roles_of(world, first).values()) == [access.MANAGER, access.OWNER]


def test_one_invitation_accepted_twice_at_once_makes_one_member(world: World) -> None:
    owner = person(world, "owner")
    member = person(world, "member")
    token = invited(world, owner, member, "member")
    results = at_once(
        lambda: usecases.accept(world.kernel, member.actor, token),
        lambda: usecases.accept(world.kernel, member.actor, token),
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert roles_of(world, owner) == {owner.user.id: "owner", member.user.id: "member"}
