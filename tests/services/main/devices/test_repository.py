"""Trusted devices are scoped by their user: another user's device is invisible to
every query and untouched by every change, on each database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine

from services.main.kernel.dependencies import UowFactory
from tests.services.main.support import NOW, World, add_device, add_user, migrated_sessions, units

BOBS = "fp-bob-phone-77"


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    sessions = migrated_sessions(database_url, engine)
    world = World(sessions, add_user(sessions, "alice"), add_user(sessions, "bob"))
    add_device(sessions, world.bob, BOBS, expires_in_days=5)
    return world


@pytest.fixture
def uow(world: World) -> UowFactory:
    return units(world.sessions)


def test_another_users_device_is_invisible_and_untouched(uow: UowFactory, world: World) -> None:
    with uow() as work:
        devices = work.repos.devices
        assert devices.list_active(world.alice, NOW) == []
        assert devices.count_active(world.alice, NOW) == 0
        assert not devices.use_if_trusted(world.alice, BOBS, NOW)
        assert not devices.revoke(world.alice, BOBS, NOW)
        assert devices.revoke_all(world.alice, NOW) == 0
    with uow() as work:
        (bobs,) = work.repos.devices.list_active(world.bob, NOW)
        assert (bobs.fingerprint_hash, bobs.last_used_at) == (BOBS, None)
        assert work.repos.devices.count_active(world.bob, NOW) == 1


def test_registering_the_same_fingerprint_makes_a_device_of_ones_own(
    uow: UowFactory, world: World
) -> None:
    with uow() as work:
        mine = work.repos.devices.upsert(world.alice, BOBS, "mine", NOW, NOW + timedelta(days=1))
    assert mine.nickname == "mine"
    with uow() as work:
        (bobs,) = work.repos.devices.list_active(world.bob, NOW)
        assert bobs.nickname == ""
        assert bobs.expires_at == NOW + timedelta(days=5)
