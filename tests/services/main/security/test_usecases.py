"""The security dashboard's queries over a realistic login history, on each database."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import Engine

from services.main.kernel import events
from services.main.kernel.dependencies import UowFactory
from services.main.security import usecases
from services.main.security.domain import reports
from services.runtime.errors import InvalidArgument
from tests.services.main.support import (
    ATTACKER_IP,
    CHANGCHUN,
    CHANGCHUN_IP,
    LAPTOP,
    LONDON,
    LONDON_IP,
    NOW,
    PARIS,
    PARIS_IP,
    World,
    add_user,
    build_world,
    fixed_clock,
    migrated_sessions,
    units,
)

# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def uow(world: World) -> UowFactory:
    return units(world.sessions)


clock = fixed_clock


# --- overview ---------------------------------------------------------------------------------


def test_overview_of_the_last_30_days(uow: UowFactory, world: World) -> None:
    result = usecases.get_overview(uow(), world.alice, None, clock)
    activity = result.activity
    assert activity.days == 30
    assert (activity.successful_logins, activity.failed_logins) == (21, 7)
    assert activity.distinct_ips == 3
    assert activity.distinct_devices == 3
    assert activity.countries == ["CN", "GB"]
    assert activity.last_login_at == NOW.replace(hour=10) - timedelta(days=2)
    assert activity.last_failed_at == NOW.replace(hour=7)
    assert (result.active_sessions, result.trusted_devices, result.mfa_enabled) == (2, 1, True)
    # Impossible travel, new country, new device (in a new country) and the burst; not
    # the tablet at 02:00 (low severity). The login 40 days ago set the baseline, so the
    # period's first London login is no news.
    assert result.anomalies == 4


def test_overview_of_one_day(uow: UowFactory, world: World) -> None:
    result = usecases.get_overview(uow(), world.alice, 1, clock)
    assert (result.activity.successful_logins, result.activity.failed_logins) == (0, 7)
    assert result.activity.last_login_at is None
    assert result.anomalies == 1  # only this morning's burst


def test_overview_of_another_user(uow: UowFactory, world: World) -> None:
    result = usecases.get_overview(uow(), world.bob, 7, clock)
    assert (result.activity.successful_logins, result.activity.failed_logins) == (1, 12)
    assert result.activity.countries == ["FR"]
    assert (result.active_sessions, result.trusted_devices, result.mfa_enabled) == (1, 0, False)
    assert result.anomalies == 1


def test_overview_of_an_account_without_history(uow: UowFactory, world: World) -> None:
    carol = add_user(world.sessions, "carol")
    result = usecases.get_overview(uow(), carol, None, clock)
    assert (result.activity.successful_logins, result.anomalies, result.active_sessions) == (
        0,
        0,
        0,
    )
    assert result.activity.countries == []


# --- timeline ---------------------------------------------------------------------------------


def test_timeline_by_day_and_events_newest_first(uow: UowFactory, world: World) -> None:
    result = usecases.get_timeline(uow(), world.alice, 3, clock)
    assert result.days == 3
    assert [(d.date, d.successful, d.failed) for d in result.timeline] == [
        (date(2026, 3, 13), 2, 0),
        (date(2026, 3, 14), 0, 0),
        (date(2026, 3, 15), 0, 7),
    ]
    # Every kind, from the first charted day's midnight on.
    kinds = [e.kind for e in result.events]
    assert kinds == [
        events.MFA_FAILED,
        *[events.LOGIN_FAILED] * 6,
        events.PASSWORD_CHANGED,
        events.LOGIN_SUCCEEDED,
        events.LOGIN_SUCCEEDED,
    ]
    ats = [e.at for e in result.events]
    assert ats == sorted(ats, reverse=True)
    latest = result.events[0]
    assert (latest.ip, latest.device, latest.result, latest.location) == (
        LONDON_IP,
        LAPTOP,
        "bad_code",
        LONDON,
    )
    assert result.events[-2].location == CHANGCHUN


def test_timeline_defaults_to_30_days(uow: UowFactory, world: World) -> None:
    result = usecases.get_timeline(uow(), world.alice, None, clock)
    assert len(result.timeline) == 30
    assert result.timeline[-1].date == NOW.date()
    assert sum(d.successful for d in result.timeline) == 21
    assert all(e.ip != PARIS_IP for e in result.events)


def test_timeline_events_are_capped(
    uow: UowFactory, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reports, "MAX_TIMELINE_EVENTS", 4)
    result = usecases.get_timeline(uow(), world.alice, 30, clock)
    assert len(result.events) == 4
    assert sum(d.failed for d in result.timeline) == 7  # the chart is not capped


# --- anomalies --------------------------------------------------------------------------------


def test_anomalies_at_default_sensitivity(uow: UowFactory, world: World) -> None:
    report = usecases.list_anomalies(uow(), world.alice, "")
    assert report.sensitivity == "medium"
    found = [(a.kind, a.severity) for a in report.anomalies]
    assert found == [
        ("failure_burst", "high"),
        ("new_country", "medium"),
        ("new_device", "medium"),
        ("impossible_travel", "high"),
    ]
    travel = next(a for a in report.anomalies if a.kind == "impossible_travel")
    assert travel.ip == CHANGCHUN_IP
    assert travel.at == NOW.replace(hour=10) - timedelta(days=2)
    assert travel.details["from"] == "London, United Kingdom"
    assert travel.details["to"] == "Changchun, China"
    assert int(travel.details["speed_kmh"]) > 8000  # ~8,400 km in one hour
    burst = next(a for a in report.anomalies if a.kind == "failure_burst")
    assert (burst.ip, burst.details["failures"], burst.details["ips"]) == (
        ATTACKER_IP,
        "6",
        ATTACKER_IP,
    )


def test_sensitivity_filters_by_severity(uow: UowFactory, world: World) -> None:
    low = usecases.list_anomalies(uow(), world.alice, "low")
    # Only high severity, and a burst needs 10 failures at low sensitivity.
    assert [a.kind for a in low.anomalies] == ["impossible_travel"]
    high = usecases.list_anomalies(uow(), world.alice, "high")
    assert [(a.kind, a.severity) for a in high.anomalies] == [
        ("failure_burst", "high"),
        ("new_country", "medium"),
        ("new_device", "medium"),
        ("impossible_travel", "high"),
        ("new_device", "low"),  # the tablet: same country, so only low
        ("unusual_hour", "low"),
    ]


def test_users_never_see_each_others_anomalies(uow: UowFactory, world: World) -> None:
    report = usecases.list_anomalies(uow(), world.bob, "high")
    assert [a.kind for a in report.anomalies] == ["failure_burst"]
    assert all(a.ip == PARIS_IP for a in report.anomalies)


# --- location history -------------------------------------------------------------------------


def test_location_history(uow: UowFactory, world: World) -> None:
    visits = usecases.get_location_history(uow(), world.alice, None)
    assert [(v.location, v.ip, v.logins) for v in visits] == [
        (CHANGCHUN, CHANGCHUN_IP, 1),
        (LONDON, LONDON_IP, 21),
    ]
    assert visits[1].first_seen == NOW.replace(hour=9) - timedelta(days=40)
    assert visits[1].last_seen == NOW.replace(hour=9) - timedelta(days=2)
    assert len(usecases.get_location_history(uow(), world.alice, 1)) == 1
    assert [v.location for v in usecases.get_location_history(uow(), world.bob, 100)] == [PARIS]


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize("days", [0, -5, 366])
def test_days_out_of_range(uow: UowFactory, world: World, days: int) -> None:
    for query in (usecases.get_overview, usecases.get_timeline):
        with pytest.raises(InvalidArgument) as caught:
            query(uow(), world.alice, days, clock)
        assert [v.field for v in caught.value.violations] == ["days"]


def test_days_limits_are_inclusive() -> None:
    assert reports.validate_days(1) == 1
    assert reports.validate_days(365) == 365


@pytest.mark.parametrize("sensitivity", ["extreme", "HIGH", " low", "none"])
def test_unknown_sensitivity(uow: UowFactory, world: World, sensitivity: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        usecases.list_anomalies(uow(), world.alice, sensitivity)
    assert [v.field for v in caught.value.violations] == ["sensitivity"]


@pytest.mark.parametrize("limit", [0, -1, 101])
def test_limit_out_of_range(uow: UowFactory, world: World, limit: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        usecases.get_location_history(uow(), world.alice, limit)
    assert [v.field for v in caught.value.violations] == ["limit"]
