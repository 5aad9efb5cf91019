"""The trusted-device and security-dashboard servicers on a real gRPC server.

The server is the runtime's own (`serve`: auth, error mapping, policies from the protos);
only the authenticator is the test's: a bearer credential "user:<user id>:<session id>"
stands for a verified access token of that user and session.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta

import grpc
import pytest
from finplat.identity.v1 import location_pb2, security_pb2_grpc, sessions_pb2_grpc
from finplat.identity.v1 import security_pb2 as spb
from finplat.identity.v1 import sessions_pb2 as dpb
from google.type import date_pb2
from sqlalchemy import Engine

from db.unit_of_work import unit_of_work_factory
from services.main.identity.device_servicer import TrustedDeviceServicer
from services.main.identity.device_store import device_repositories
from services.main.identity.security_servicer import SecurityDashboardServicer
from services.main.identity.security_store import security_repositories
from services.runtime.errors import Unauthenticated
from services.runtime.principal import Principal
from services.runtime.server import RunningServer, serve
from services.runtime.settings import RuntimeSettings
from services.runtime.status import ParsedStatus, parse_status
from tests.services.main.identity.test_security_usecases import (
    CHANGCHUN_IP,
    NOW,
    World,
    build_world,
    migrated_sessions,
)

Metadata = tuple[tuple[str, str], ...]
Devices = sessions_pb2_grpc.TrustedDeviceServiceStub
Dashboard = security_pb2_grpc.SecurityDashboardServiceStub
DEVICES = dpb.DESCRIPTOR.services_by_name["TrustedDeviceService"].full_name
DASHBOARD = spb.DESCRIPTOR.services_by_name["SecurityDashboardService"].full_name


class UserCredentials:
    """Maps "user:<uuid>:<session uuid>" to that user's principal, as the JWT
    authenticator does for a verified token."""

    def accepts(self, credential: str) -> bool:
        return credential.startswith("user:")

    def authenticate(self, credential: str) -> Principal:
        user_id, _, session_id = credential.removeprefix("user:").partition(":")
        try:
            uuid.UUID(user_id)
            uuid.UUID(session_id)
        except ValueError:
            raise Unauthenticated("invalid access token") from None
        return Principal(
            subject=user_id, kind="user", roles=frozenset({"user"}), session_id=session_id
        )


def clock() -> datetime:
    return NOW


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def running(world: World) -> Iterator[RunningServer]:
    def register(server: grpc.Server) -> Iterable[str]:
        devices = TrustedDeviceServicer(
            unit_of_work_factory(world.sessions, device_repositories), clock
        )
        dashboard = SecurityDashboardServicer(
            unit_of_work_factory(world.sessions, security_repositories), clock
        )
        # Generated registration functions are untyped.
        sessions_pb2_grpc.add_TrustedDeviceServiceServicer_to_server(devices, server)  # type: ignore[no-untyped-call]
        security_pb2_grpc.add_SecurityDashboardServiceServicer_to_server(dashboard, server)  # type: ignore[no-untyped-call]
        return [DEVICES, DASHBOARD]

    server = serve(
        name="main",
        settings=RuntimeSettings(),
        port=0,
        metrics_port=None,
        register=register,
        authenticators=[UserCredentials()],
    )
    yield server
    server.stop(0)


@pytest.fixture
def channel(running: RunningServer) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as opened:
        yield opened


@pytest.fixture
def devices(channel: grpc.Channel) -> Devices:
    return sessions_pb2_grpc.TrustedDeviceServiceStub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture
def dashboard(channel: grpc.Channel) -> Dashboard:
    return security_pb2_grpc.SecurityDashboardServiceStub(channel)  # type: ignore[no-untyped-call]


def as_user(user_id: uuid.UUID) -> Metadata:
    return (("authorization", f"Bearer user:{user_id}:{uuid.uuid4()}"),)


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


# --- security dashboard -----------------------------------------------------------------------


def test_overview(dashboard: Dashboard, world: World) -> None:
    alice = as_user(world.alice)
    overview = dashboard.GetOverview(spb.GetOverviewRequest(), metadata=alice)
    assert overview.days == 30
    assert (overview.successful_logins, overview.failed_logins) == (21, 7)
    assert (overview.distinct_ips, overview.distinct_devices) == (3, 3)
    assert list(overview.countries) == ["CN", "GB"]
    assert overview.last_login_at.seconds == seconds(NOW.replace(hour=10) - timedelta(days=2))
    assert overview.last_failed_at.seconds == seconds(NOW.replace(hour=7))
    assert overview.active_sessions == 2
    assert overview.trusted_devices == 1
    assert overview.mfa_enabled
    assert overview.anomalies == 4

    one_day = dashboard.GetOverview(spb.GetOverviewRequest(days=1), metadata=alice)
    assert one_day.days == 1
    assert not one_day.HasField("last_login_at")  # null in JSON, not 1970
    assert one_day.HasField("last_failed_at")


def test_timeline(dashboard: Dashboard, world: World) -> None:
    timeline = dashboard.GetTimeline(spb.GetTimelineRequest(days=3), metadata=as_user(world.alice))
    assert timeline.days == 3
    assert [(d.date, d.successful, d.failed) for d in timeline.timeline] == [
        (date_pb2.Date(year=2026, month=3, day=13), 2, 0),
        (date_pb2.Date(year=2026, month=3, day=14), 0, 0),
        (date_pb2.Date(year=2026, month=3, day=15), 0, 7),
    ]
    assert len(timeline.events) == 10
    newest, burst, oldest = timeline.events[0], timeline.events[1], timeline.events[-1]
    assert (newest.kind, newest.result) == ("mfa_failed", "bad_code")
    assert newest.location.label == "London, United Kingdom"
    assert newest.at.seconds == seconds(NOW.replace(hour=7))
    assert uuid.UUID(newest.id)
    # An unlocatable address has only its label.
    assert burst.location == location_pb2.Location(label="unknown")
    assert oldest.location.country_code == "GB"
    assert oldest.location.HasField("latitude")


def test_anomalies(dashboard: Dashboard, world: World) -> None:
    alice = as_user(world.alice)
    found = dashboard.ListAnomalies(spb.ListAnomaliesRequest(), metadata=alice)
    assert found.sensitivity == "medium"
    assert [a.kind for a in found.anomalies] == [
        "failure_burst",
        "new_country",
        "new_device",
        "impossible_travel",
    ]
    travel = found.anomalies[3]
    assert (travel.severity, travel.ip_address) == ("high", CHANGCHUN_IP)
    assert travel.details["to"] == "Changchun, China"
    assert "London" in travel.description

    low = dashboard.ListAnomalies(spb.ListAnomaliesRequest(sensitivity="low"), metadata=alice)
    assert [a.kind for a in low.anomalies] == ["impossible_travel"]

    bobs = dashboard.ListAnomalies(
        spb.ListAnomaliesRequest(sensitivity="high"), metadata=as_user(world.bob)
    )
    assert [a.kind for a in bobs.anomalies] == ["failure_burst"]


def test_location_history(dashboard: Dashboard, world: World) -> None:
    alice = as_user(world.alice)
    history = dashboard.GetLocationHistory(spb.GetLocationHistoryRequest(), metadata=alice)
    assert [(v.location.label, v.logins) for v in history.locations] == [
        ("Changchun, China", 1),
        ("London, United Kingdom", 21),
    ]
    assert history.locations[0].first_seen == history.locations[0].last_seen
    one = dashboard.GetLocationHistory(spb.GetLocationHistoryRequest(limit=1), metadata=alice)
    assert len(one.locations) == 1
    bobs = dashboard.GetLocationHistory(
        spb.GetLocationHistoryRequest(limit=100), metadata=as_user(world.bob)
    )
    assert [v.location.city for v in bobs.locations] == ["Paris"]


def test_dashboard_of_a_user_without_history_is_empty(dashboard: Dashboard) -> None:
    stranger = as_user(uuid.uuid4())
    overview = dashboard.GetOverview(spb.GetOverviewRequest(), metadata=stranger)
    assert overview.successful_logins == overview.active_sessions == 0
    assert not overview.mfa_enabled
    anomalies = dashboard.ListAnomalies(spb.ListAnomaliesRequest(), metadata=stranger)
    assert list(anomalies.anomalies) == []


@pytest.mark.parametrize(
    ("method", "request_", "field"),
    [
        ("GetOverview", spb.GetOverviewRequest(days=0), "days"),
        ("GetOverview", spb.GetOverviewRequest(days=366), "days"),
        ("GetTimeline", spb.GetTimelineRequest(days=0), "days"),
        ("GetTimeline", spb.GetTimelineRequest(days=366), "days"),
        ("ListAnomalies", spb.ListAnomaliesRequest(sensitivity="extreme"), "sensitivity"),
        ("GetLocationHistory", spb.GetLocationHistoryRequest(limit=0), "limit"),
        ("GetLocationHistory", spb.GetLocationHistoryRequest(limit=101), "limit"),
    ],
)
def test_bad_queries(
    dashboard: Dashboard, world: World, method: str, request_: object, field: str
) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        getattr(dashboard, method)(request_, metadata=as_user(world.alice))
    status = failure(caught)
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert status.reason == "VALIDATION_ERROR"
    assert [v.field for v in status.violations] == [field]
