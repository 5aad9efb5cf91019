"""Security events: the dashboard's reads are scoped by the calling user (another user's
events, and events of nobody, are invisible); the throttle's reads count an account
name's or an address's failures whoever they belong to. On each database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine

from services.main.auth.domain.throttle import FAILURE_KINDS
from services.main.kernel import events
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.events import ClientInfo, subject_hash
from tests.services.main.support import (
    ATTACKER_IP,
    NOW,
    World,
    alice_history,
    bob_history,
    build_world,
    migrated_sessions,
    units,
)


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def uow(world: World) -> UowFactory:
    return units(world.sessions)


def test_a_users_events_are_theirs_only(uow: UowFactory, world: World) -> None:
    with uow() as work:
        recorded = work.repos.events
        alices = recorded.recent_events(world.alice, None, 500)
        bobs = recorded.recent_events(world.bob, None, 500)
        # Exactly their own: neither the other's nor the unknown email's failure (nobody's).
        assert (len(alices), len(bobs)) == (len(alice_history()), len(bob_history()))
        assert not {e.id for e in alices} & {e.id for e in bobs}
        assert len(recorded.login_events(world.bob, None)) == len(bob_history())
        assert recorded.login_events(world.bob, NOW + timedelta(seconds=1)) == []


def test_the_throttle_counts_failures_across_owners(uow: UowFactory, world: World) -> None:
    with uow() as work:
        work.repos.events.record(
            kind=events.LOGIN_FAILED,
            result="invalid_credentials",
            at=NOW,
            client=ClientInfo(ip="198.51.100.9"),
            user_id=None,
            subject_hash=subject_hash("nobody@example.com"),
        )
    with uow() as work:
        recorded = work.repos.events
        since = NOW - timedelta(hours=12)
        # The attacker's address: six failures on Alice's account, one for no account.
        assert len(recorded.failures_by_ip(ATTACKER_IP, FAILURE_KINDS, since)) == 7
        by_name = recorded.failures_by_subject(
            subject_hash("nobody@example.com"), FAILURE_KINDS, since
        )
        assert by_name == [NOW]
