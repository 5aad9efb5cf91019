"""The trusted-device servicer on the runtime's real gRPC server (see
tests/services/main/support.py: only the authenticator is the test's)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import grpc
import pytest
from finplat.identity.v1 import sessions_pb2 as dpb
from finplat.identity.v1 import sessions_pb2_grpc
from sqlalchemy import Engine

from services.main.devices.servicer import TrustedDeviceServicer
from services.runtime.status import ParsedStatus, parse_status
from tests.services.main.support import (
    NOW,
    World,
    as_user,
    build_world,
    fixed_clock,
    migrated_sessions,
    serving,
    units,
)

Devices = sessions_pb2_grpc.TrustedDeviceServiceStub
Metadata = tuple[tuple[str, str], ...]


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def devices(world: World) -> Iterator[Devices]:
    servicer = TrustedDeviceServicer(units(world.sessions), fixed_clock)
    with serving([(dpb.DESCRIPTOR.services_by_name["TrustedDeviceService"], servicer)]) as channel:
        yield sessions_pb2_grpc.TrustedDeviceServiceStub(channel)  # type: ignore[no-untyped-call]


def failure(error: pytest.ExceptionInfo[grpc.RpcError]) -> ParsedStatus:
    call = error.value
    assert isinstance(call, grpc.Call)
    return parse_status(call.code(), call.details() or "", call.trailing_metadata())


def seconds(moment: datetime) -> int:
    return int(moment.timestamp())


# --- trusted devices --------------------------------------------------------------------------


def fingerprints(devices: Devices, user: Metadata) -> list[str]:
    listed = devices.ListTrustedDevices(dpb.ListTrustedDevicesRequest(), metadata=user)
    return [d.fingerprint_hash for d in listed.devices]


def revoke(devices: Devices, user: Metadata, fingerprint: str) -> dpb.RevokeTrustedDeviceResponse:
    request = dpb.RevokeTrustedDeviceRequest(fingerprint_hash=fingerprint)
    response: dpb.RevokeTrustedDeviceResponse = devices.RevokeTrustedDevice(request, metadata=user)
    return response


def test_device_lifecycle(devices: Devices, world: World) -> None:
    alice, bob = as_user(world.alice), as_user(world.bob)
    registered = devices.RegisterTrustedDevice(
        dpb.RegisterTrustedDeviceRequest(fingerprint_hash="fp-phone-123", nickname="ph"),
        metadata=alice,
    ).device
    assert (registered.fingerprint_hash, registered.nickname) == ("fp-phone-123", "ph")
    assert registered.created_at.seconds == seconds(NOW)
    assert registered.expires_at.seconds == seconds(NOW + timedelta(days=30))
    assert not registered.HasField("last_used_at")

    longest = devices.RegisterTrustedDevice(
        dpb.RegisterTrustedDeviceRequest(fingerprint_hash="fp-laptop-456", trusted_days=90),
        metadata=alice,
    ).device
    assert longest.expires_at.seconds == seconds(NOW + timedelta(days=90))

    # Newest first: the two just registered (at the same instant), then the world's
    # "fp-a" from 20 days ago; its "fp-b" has expired.
    listed = fingerprints(devices, alice)
    assert sorted(listed[:2]) == ["fp-laptop-456", "fp-phone-123"]
    assert listed[2:] == ["fp-a"]
    assert fingerprints(devices, bob) == []

    with pytest.raises(grpc.RpcError) as caught:  # bob cannot revoke alice's device
        revoke(devices, bob, "fp-phone-123")
    assert failure(caught).code == grpc.StatusCode.NOT_FOUND

    assert revoke(devices, alice, "fp-phone-123").revoked
    with pytest.raises(grpc.RpcError) as caught:  # no longer trusted
        revoke(devices, alice, "fp-phone-123")
    assert failure(caught).code == grpc.StatusCode.NOT_FOUND

    everything = devices.RevokeAllTrustedDevices(
        dpb.RevokeAllTrustedDevicesRequest(), metadata=alice
    )
    assert everything.revoked == 2
    assert fingerprints(devices, alice) == []


@pytest.mark.parametrize(
    ("fingerprint", "nickname", "days", "field"),
    [
        ("fp-ok-1234", "", 91, "trusted_days"),
        ("fp-ok-1234", "", 0, "trusted_days"),
        ("short", "", None, "fingerprint_hash"),
        ("", "", None, "fingerprint_hash"),
        ("fp-ok-1234", "a\nb", None, "nickname"),
    ],
)
def test_register_refuses_bad_input(
    devices: Devices, world: World, fingerprint: str, nickname: str, days: int | None, field: str
) -> None:
    request = dpb.RegisterTrustedDeviceRequest(
        fingerprint_hash=fingerprint, nickname=nickname, trusted_days=days
    )
    with pytest.raises(grpc.RpcError) as caught:
        devices.RegisterTrustedDevice(request, metadata=as_user(world.alice))
    status = failure(caught)
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in status.violations] == [field]


def test_calls_need_a_user(devices: Devices) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        devices.ListTrustedDevices(dpb.ListTrustedDevicesRequest())
    assert failure(caught).code == grpc.StatusCode.UNAUTHENTICATED
