"""Sessions are scoped by their user: another user's session is invisible to every
query and untouched by every change; only `locate` tells it apart from a missing one,
without reading it. On each database, through the guarded sessions backends use."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta

import pytest
from sqlalchemy import Engine

from services.main.kernel.dependencies import UowFactory
from services.main.kernel.events import ClientInfo
from services.main.sessions.domain import RefreshLink
from services.main.sessions.repository import DatabaseSessionChecker
from services.runtime.principal import Principal
from tests.services.main.support import (
    LONDON_IP,
    NOW,
    add_session,
    add_user,
    migrated_sessions,
    units,
)

LATER = NOW + timedelta(days=1)


@dataclass(frozen=True)
class Two:
    """Alice without sessions; Bob with one (`bobs`)."""

    uow: UowFactory
    alice: uuid.UUID
    bob: uuid.UUID
    bobs: uuid.UUID


@pytest.fixture
def two(database_url: str, engine: Engine) -> Two:
    sessions = migrated_sessions(database_url, engine)
    alice, bob = add_user(sessions, "alice"), add_user(sessions, "bob")
    return Two(units(sessions), alice, bob, add_session(sessions, bob, expires_at=LATER))


def test_reads_never_return_another_users_session(two: Two) -> None:
    with two.uow() as uow:
        sessions = uow.repos.sessions
        assert sessions.owned(two.alice, two.bobs) is None
        assert sessions.active(two.alice, NOW) == []
        assert sessions.count_active(two.alice, NOW) == 0
        assert [s.id for s in sessions.active(two.bob, NOW)] == [two.bobs]
        assert sessions.count_active(two.bob, NOW) == 1


def test_locate_tells_foreign_from_missing_without_reading_it(two: Two) -> None:
    with two.uow() as uow:
        foreign = uow.repos.sessions.locate(two.alice, two.bobs)
        assert (foreign.session, foreign.foreign) == (None, True)
        missing = uow.repos.sessions.locate(two.alice, uuid.uuid4())
        assert (missing.session, missing.foreign) == (None, False)
        mine = uow.repos.sessions.locate(two.bob, two.bobs)
        assert mine.session is not None and mine.session.user_id == two.bob


def test_changes_never_reach_another_users_session(two: Two) -> None:
    client = ClientInfo(ip="203.0.113.1", user_agent="attacker")
    with two.uow() as uow:
        sessions = uow.repos.sessions
        assert not sessions.revoke(two.alice, two.bobs, NOW, "logout")
        assert sessions.revoke_all(two.alice, NOW, "logout") == 0
        sessions.seen(two.alice, two.bobs, NOW, client)
        sessions.mfa_verified(two.alice, two.bobs, ["pwd", "otp"], NOW)
        sessions.prune_expired(two.alice, LATER + timedelta(days=1))
    with two.uow() as uow:
        bobs = uow.repos.sessions.owned(two.bob, two.bobs)
        assert bobs is not None and bobs.active(NOW)
        assert (bobs.ip_address, bobs.amr, bobs.mfa_verified_at) == (LONDON_IP, ("pwd",), None)


def test_a_refresh_token_finds_its_session_whoever_owns_it(two: Two) -> None:
    with two.uow() as uow:
        opened = uow.repos.sessions.open(
            two.bob,
            now=NOW,
            lifetime=timedelta(days=30),
            client=ClientInfo(),
            amr=["pwd"],
            refresh_token="bobs-refresh-token",
        )
    with two.uow() as uow:
        link = uow.repos.sessions.refresh_link("bobs-refresh-token")
        assert link is not None and link.session_id == opened.id
        found = uow.repos.sessions.of_link(link)
        assert found is not None and found.user_id == two.bob
        assert uow.repos.sessions.of_link(RefreshLink(uuid.uuid4(), uuid.uuid4(), None)) is None


def test_the_verifiers_check_needs_the_sessions_own_user(two: Two, engine: Engine) -> None:
    checker = DatabaseSessionChecker(engine, lambda: NOW)

    def principal(subject: uuid.UUID) -> Principal:
        return Principal(subject=str(subject), kind="user", session_id=str(two.bobs))

    assert checker.is_active(principal(two.bob), "token")
    assert not checker.is_active(principal(two.alice), "token")  # Bob's session id, Alice's token
    assert not checker.is_active(Principal(subject="not-a-uuid", kind="user"), "token")
