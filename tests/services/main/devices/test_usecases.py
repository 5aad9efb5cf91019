"""Trusted devices through the use cases and the repository, on each database."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine, select

from db.scoping import across_owners, select_owned
from services.main.devices import usecases as device_usecases
from services.main.devices.tables import TrustedDeviceRow
from services.main.kernel import events
from services.main.kernel.dependencies import UowFactory
from services.main.security.tables import SecurityEventRow
from services.runtime.errors import InvalidArgument, NotFound
from tests.services.main.support import NOW, Clock, Sessions, add_user, migrated_sessions, units

PHONE, LAPTOP = "fp-phone-1a2b3c", "fp-laptop-9f8e7d"


@pytest.fixture
def sessions(database_url: str, engine: Engine) -> Sessions:
    return migrated_sessions(database_url, engine)


@pytest.fixture
def uow(sessions: Sessions) -> UowFactory:
    return units(sessions)


@pytest.fixture
def users(sessions: Sessions) -> tuple[uuid.UUID, uuid.UUID]:
    return add_user(sessions, "alice"), add_user(sessions, "bob")


def device_events(sessions: Sessions, user_id: uuid.UUID) -> list[tuple[str, str, str]]:
    with sessions() as session:
        rows = session.scalars(
            select_owned(SecurityEventRow, user_id).order_by(SecurityEventRow.at)
        )
        return [(r.kind, r.result, r.device) for r in rows]


def test_register_with_defaults(
    uow: UowFactory, sessions: Sessions, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, _ = users
    device = device_usecases.register_device(uow(), alice, PHONE, "  My phone ", clock=Clock())
    assert (device.fingerprint_hash, device.nickname) == (PHONE, "My phone")
    assert (device.created_at, device.expires_at) == (NOW, NOW + timedelta(days=30))
    assert device.last_used_at is None
    assert device_events(sessions, alice) == [(events.DEVICE_TRUSTED, "trusted_days:30", PHONE)]


def test_register_for_the_longest_period(
    uow: UowFactory, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    device = device_usecases.register_device(uow(), users[0], PHONE, "", 90, clock=Clock())
    assert device.expires_at == NOW + timedelta(days=90)


@pytest.mark.parametrize(
    ("fingerprint", "days", "field"),
    [(PHONE, 91, "trusted_days"), (PHONE, 0, "trusted_days"), ("short", None, "fingerprint_hash")],
)
def test_register_refuses_bad_input(
    uow: UowFactory,
    sessions: Sessions,
    users: tuple[uuid.UUID, uuid.UUID],
    fingerprint: str,
    days: int | None,
    field: str,
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        device_usecases.register_device(uow(), users[0], fingerprint, "", days, clock=Clock())
    assert [v.field for v in caught.value.violations] == [field]
    assert device_usecases.list_devices(uow(), users[0], Clock()) == []
    assert device_events(sessions, users[0]) == []


def test_registering_again_renews(uow: UowFactory, users: tuple[uuid.UUID, uuid.UUID]) -> None:
    alice, _ = users
    clock = Clock()
    device_usecases.register_device(uow(), alice, PHONE, "old name", 5, clock=clock)
    device_usecases.revoke_device(uow(), alice, PHONE, clock=clock)
    clock.now = NOW + timedelta(days=3)
    renewed = device_usecases.register_device(uow(), alice, PHONE, "new name", 10, clock=clock)
    assert (renewed.nickname, renewed.created_at) == ("new name", clock.now)
    assert renewed.expires_at == clock.now + timedelta(days=10)
    assert device_usecases.list_devices(uow(), alice, clock) == [renewed]


def test_upsert_refreshes_a_row_already_loaded(
    uow: UowFactory, sessions: Sessions, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, _ = users
    with uow() as work:
        devices = work.repos.devices
        first = devices.upsert(alice, PHONE, "a", NOW, NOW + timedelta(days=1))
        second = devices.upsert(alice, PHONE, "b", NOW, NOW + timedelta(days=2))
        assert (first.nickname, second.nickname) == ("a", "b")
        assert second.expires_at == NOW + timedelta(days=2)
        assert [d.nickname for d in devices.list_active(alice, NOW)] == ["b"]
    with sessions() as session:
        stored = across_owners(select(TrustedDeviceRow.nickname), "the test reads every row")
        assert session.scalar(stored) == "b"


def test_list_shows_only_own_unexpired_devices_newest_first(
    uow: UowFactory, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, bob = users
    clock = Clock()
    device_usecases.register_device(uow(), alice, LAPTOP, "laptop", 2, clock=clock)
    clock.now = NOW + timedelta(hours=1)
    device_usecases.register_device(uow(), alice, PHONE, "phone", 30, clock=clock)
    device_usecases.register_device(uow(), bob, "fp-bob-000001", "bob's", 30, clock=clock)
    assert [d.nickname for d in device_usecases.list_devices(uow(), alice, clock)] == [
        "phone",
        "laptop",
    ]
    clock.now = NOW + timedelta(days=2)  # the laptop's trust ends exactly now
    assert [d.nickname for d in device_usecases.list_devices(uow(), alice, clock)] == ["phone"]
    assert [d.nickname for d in device_usecases.list_devices(uow(), bob, clock)] == ["bob's"]


def test_revoke_own_device(
    uow: UowFactory, sessions: Sessions, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, _ = users
    clock = Clock()
    device_usecases.register_device(uow(), alice, PHONE, "", None, clock=clock)
    device_usecases.register_device(uow(), alice, LAPTOP, "", None, clock=clock)
    device_usecases.revoke_device(uow(), alice, PHONE, clock=clock)
    assert [d.fingerprint_hash for d in device_usecases.list_devices(uow(), alice, clock)] == [
        LAPTOP
    ]
    assert device_events(sessions, alice)[-1] == (events.DEVICE_REVOKED, "ok", PHONE)
    with pytest.raises(NotFound):  # twice: no longer trusted
        device_usecases.revoke_device(uow(), alice, PHONE, clock=clock)


def test_another_users_device_is_not_found(
    uow: UowFactory, sessions: Sessions, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, bob = users
    clock = Clock()
    device_usecases.register_device(uow(), bob, PHONE, "bob's phone", None, clock=clock)
    with pytest.raises(NotFound):
        device_usecases.revoke_device(uow(), alice, PHONE, clock=clock)
    with pytest.raises(NotFound):
        device_usecases.revoke_device(uow(), alice, "fp-never-seen", clock=clock)
    assert [d.nickname for d in device_usecases.list_devices(uow(), bob, clock)] == ["bob's phone"]
    assert device_events(sessions, alice) == []


@pytest.mark.parametrize("fingerprint", ["", "fp\x00-nul-inside"])
def test_revoke_refuses_malformed_fingerprints(
    uow: UowFactory, users: tuple[uuid.UUID, uuid.UUID], fingerprint: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        device_usecases.revoke_device(uow(), users[0], fingerprint, clock=Clock())
    assert [v.field for v in caught.value.violations] == ["fingerprint_hash"]


def test_revoke_all_counts_the_active_devices(
    uow: UowFactory, sessions: Sessions, users: tuple[uuid.UUID, uuid.UUID]
) -> None:
    alice, bob = users
    clock = Clock()
    for fingerprint, days in ((PHONE, 30), (LAPTOP, 30), ("fp-old-tablet", 1)):
        device_usecases.register_device(uow(), alice, fingerprint, "", days, clock=clock)
    device_usecases.register_device(uow(), bob, PHONE, "", None, clock=clock)
    device_usecases.revoke_device(uow(), alice, LAPTOP, clock=clock)
    clock.now = NOW + timedelta(days=2)  # the tablet has expired
    assert device_usecases.revoke_all_devices(uow(), alice, clock=clock) == 1
    assert device_usecases.list_devices(uow(), alice, clock) == []
    assert device_events(sessions, alice)[-1] == (events.DEVICE_REVOKED, "all:1", "")
    assert device_usecases.revoke_all_devices(uow(), alice, clock=clock) == 0
    assert len(device_usecases.list_devices(uow(), bob, clock)) == 1


def use(uow: UowFactory, user_id: uuid.UUID, fingerprint: str, now: datetime) -> bool:
    with uow() as work:
        return work.repos.devices.use_if_trusted(user_id, fingerprint, now)


def test_use_if_trusted(uow: UowFactory, users: tuple[uuid.UUID, uuid.UUID]) -> None:
    alice, bob = users
    clock = Clock()
    device_usecases.register_device(uow(), alice, PHONE, "", 1, clock=clock)
    device_usecases.register_device(uow(), alice, LAPTOP, "", 30, clock=clock)
    device_usecases.revoke_device(uow(), alice, LAPTOP, clock=clock)

    later = NOW + timedelta(hours=5)
    assert use(uow, alice, PHONE, later)
    clock.now = later
    (phone,) = device_usecases.list_devices(uow(), alice, clock)
    assert phone.last_used_at == later

    assert not use(uow, alice, LAPTOP, later)  # revoked
    assert not use(uow, bob, PHONE, later)  # someone else's
    assert not use(uow, alice, "", later)  # the client sent none
    assert not use(uow, alice, "fp\x00junk-value", later)  # never registrable (and PG refuses NUL)
    assert not use(uow, alice, PHONE, NOW + timedelta(days=1))  # expired
