"""The caller's sessions through the use cases, on each database: another user's session
is refused (403, spec 1), an unknown one is not found (404), and every revocation is a
security event."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import Engine

from services.main.kernel import events
from services.main.kernel.events import ClientInfo
from services.main.kernel.location import UNKNOWN
from services.main.sessions import usecases
from services.runtime.errors import NotFound, PermissionDenied
from tests.services.main.support import (
    LONDON,
    NOW,
    Sessions,
    World,
    add_session,
    add_user,
    fixed_clock,
    migrated_sessions,
    units,
)

CLIENT = ClientInfo(ip="198.51.100.1")


@pytest.fixture
def sessions(database_url: str, engine: Engine) -> Sessions:
    return migrated_sessions(database_url, engine)


@pytest.fixture
def world(sessions: Sessions) -> World:
    return World(sessions, add_user(sessions, "alice"), add_user(sessions, "bob"))


def revoked_events(world: World, user_id: uuid.UUID) -> list[str]:
    with units(world.sessions)() as uow:
        return [
            e.result
            for e in uow.repos.events.recent_events(user_id, None, 10)
            if e.kind == events.SESSION_REVOKED
        ]


def test_revoking_another_users_session_is_forbidden(world: World) -> None:
    bobs = add_session(world.sessions, world.bob, expires_at=NOW + timedelta(days=1))
    uow = units(world.sessions)
    with pytest.raises(PermissionDenied):
        usecases.revoke(uow(), world.alice, bobs, CLIENT, fixed_clock)
    with pytest.raises(NotFound):
        usecases.revoke(uow(), world.alice, uuid.uuid4(), CLIENT, fixed_clock)
    listed = usecases.list_active(uow(), world.bob, None, lambda ip: UNKNOWN, fixed_clock)
    assert [v.session.id for v in listed] == [bobs]
    assert revoked_events(world, world.alice) == revoked_events(world, world.bob) == []


def test_revoke_own_session_once_recorded(world: World) -> None:
    mine = add_session(world.sessions, world.alice, expires_at=NOW + timedelta(days=1))
    uow = units(world.sessions)
    usecases.revoke(uow(), world.alice, mine, CLIENT, fixed_clock)
    usecases.revoke(uow(), world.alice, mine, CLIENT, fixed_clock)  # harmless
    assert usecases.list_active(uow(), world.alice, None, lambda ip: UNKNOWN, fixed_clock) == []
    assert revoked_events(world, world.alice) == ["ok"]


def test_list_marks_the_current_session_and_revoke_others_keeps_it(world: World) -> None:
    current = add_session(world.sessions, world.alice, expires_at=NOW + timedelta(days=2))
    other = add_session(world.sessions, world.alice, expires_at=NOW + timedelta(days=1))
    add_session(world.sessions, world.bob, expires_at=NOW + timedelta(days=1))
    uow = units(world.sessions)
    views = usecases.list_active(uow(), world.alice, current, lambda ip: LONDON, fixed_clock)
    assert {(v.session.id, v.current, v.location) for v in views} == {
        (current, True, LONDON),
        (other, False, LONDON),
    }
    assert usecases.revoke_others(uow(), world.alice, current, CLIENT, fixed_clock) == 1
    remaining = usecases.list_active(uow(), world.alice, current, lambda ip: UNKNOWN, fixed_clock)
    assert [v.session.id for v in remaining] == [current]
    assert len(usecases.list_active(uow(), world.bob, None, lambda ip: UNKNOWN, fixed_clock)) == 1
    assert revoked_events(world, world.alice) == ["1 revoked"]
