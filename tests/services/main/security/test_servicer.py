"""The security-dashboard servicer on the runtime's real gRPC server (see
tests/services/main/support.py: only the authenticator is the test's)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta

import grpc
import pytest
from finplat.identity.v1 import location_pb2, security_pb2_grpc
from finplat.identity.v1 import security_pb2 as spb
from google.type import date_pb2
from sqlalchemy import Engine

from services.main.security.servicer import SecurityDashboardServicer
from services.runtime.status import ParsedStatus, parse_status
from tests.services.main.support import (
    CHANGCHUN_IP,
    NOW,
    World,
    as_user,
    build_world,
    fixed_clock,
    migrated_sessions,
    serving,
    units,
)

Dashboard = security_pb2_grpc.SecurityDashboardServiceStub


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def dashboard(world: World) -> Iterator[Dashboard]:
    servicer = SecurityDashboardServicer(units(world.sessions), fixed_clock)
    descriptor = spb.DESCRIPTOR.services_by_name["SecurityDashboardService"]
    with serving([(descriptor, servicer)]) as channel:
        yield security_pb2_grpc.SecurityDashboardServiceStub(channel)  # type: ignore[no-untyped-call]


def failure(error: pytest.ExceptionInfo[grpc.RpcError]) -> ParsedStatus:
    call = error.value
    assert isinstance(call, grpc.Call)
    return parse_status(call.code(), call.details() or "", call.trailing_metadata())


def seconds(moment: datetime) -> int:
    return int(moment.timestamp())


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
