"""The security dashboard's queries over a realistic login history, on each database.

The setup helpers here (a migrated schema, users, sessions, events written through the
ORM) are shared by the other dashboard and device tests of this package.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.identity import events, security_usecases
from services.main.identity.geo import UNKNOWN, Location
from services.main.identity.security_store import security_repositories
from services.main.identity.security_usecases import SecurityUnitOfWork
from services.main.identity.tables import (
    SessionRow,
    TenantRow,
    TrustedDeviceRow,
    UserRow,
)
from services.runtime.errors import InvalidArgument

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
LONDON = Location("GB", "United Kingdom", "London", 51.5074, -0.1278)
CHANGCHUN = Location("CN", "China", "Changchun", 43.8171, 125.3235)
PARIS = Location("FR", "France", "Paris", 48.8566, 2.3522)
LONDON_IP, CHANGCHUN_IP, ATTACKER_IP, PARIS_IP = (
    "81.2.69.160",
    "175.16.199.1",
    "203.0.113.9",
    "2.2.2.2",
)
LAPTOP = "fp-laptop-7c1e9a"
TABLET = "fp-tablet-22b0"

Sessions = sessionmaker[Session]
UowFactory = Callable[[], SecurityUnitOfWork]


# --- shared setup -----------------------------------------------------------------------------


def migrated_sessions(database_url: str, engine: Engine) -> Sessions:
    migrate.upgrade("main", database_url)
    return make_sessionmaker(engine)


def add_user(sessions: Sessions, name: str, *, mfa: bool = False) -> uuid.UUID:
    user_id = uuid.uuid4()
    with sessions.begin() as session:
        tenant = TenantRow(id=uuid.uuid4(), name=f"{name}'s", created_at=NOW)
        session.add(tenant)
        session.flush()
        session.add(
            UserRow(
                id=user_id,
                tenant_id=tenant.id,
                email=f"{name}@example.com",
                username=name,
                full_name=name.title(),
                password_hash="not-a-real-hash",
                roles=["user"],
                tenant_role="owner",
                extra_scopes=[],
                mfa_secret="JBSWY3DPEHPK3PXP" if mfa else None,
                mfa_enabled_at=NOW - timedelta(days=60) if mfa else None,
                created_at=NOW - timedelta(days=90),
                updated_at=NOW - timedelta(days=90),
            )
        )
    return user_id


def add_session(
    sessions: Sessions, user_id: uuid.UUID, *, expires_at: datetime, revoked: bool = False
) -> uuid.UUID:
    session_id = uuid.uuid4()
    with sessions.begin() as session:
        session.add(
            SessionRow(
                id=session_id,
                user_id=user_id,
                created_at=NOW - timedelta(days=1),
                last_seen_at=NOW - timedelta(hours=1),
                expires_at=expires_at,
                revoked_at=NOW - timedelta(minutes=5) if revoked else None,
                ip_address=LONDON_IP,
                user_agent="Firefox",
                device=LAPTOP,
                amr=["pwd"],
            )
        )
    return session_id


@dataclass(frozen=True)
class Attempt:
    at: datetime
    kind: str
    ip: str
    location: Location
    device: str = ""
    result: str = "ok"


def add_events(sessions: Sessions, user_id: uuid.UUID | None, attempts: list[Attempt]) -> None:
    with sessions.begin() as session:
        for a in attempts:
            client = events.ClientInfo(
                ip=a.ip, user_agent="Mozilla/5.0", device=a.device, location=a.location
            )
            events.record(
                session, kind=a.kind, result=a.result, at=a.at, client=client, user_id=user_id
            )


def alice_history() -> list[Attempt]:
    """Weeks of daily 09:00 logins from London on one laptop, once at 02:00 on a tablet;
    two days ago, a login from Changchun an hour after one from London, on an unknown
    device; this morning a burst of failed passwords from one address and a failed TOTP
    code."""
    ok, failed = events.LOGIN_SUCCEEDED, events.LOGIN_FAILED
    at_nine = NOW.replace(hour=9)
    history = [Attempt(at_nine - timedelta(days=40), ok, LONDON_IP, LONDON, LAPTOP)]
    history += [
        Attempt(at_nine - timedelta(days=d), ok, LONDON_IP, LONDON, LAPTOP)
        for d in range(20, 2, -1)
    ]
    history += [
        Attempt(NOW.replace(hour=2) - timedelta(days=5), ok, LONDON_IP, LONDON, TABLET),
        Attempt(at_nine - timedelta(days=2), ok, LONDON_IP, LONDON, LAPTOP),
        Attempt(at_nine - timedelta(days=2, hours=-1), ok, CHANGCHUN_IP, CHANGCHUN, "fp-new-0d41"),
        Attempt(NOW - timedelta(days=1, hours=4), events.PASSWORD_CHANGED, LONDON_IP, LONDON),
    ]
    burst_start = NOW.replace(hour=6)
    history += [
        Attempt(burst_start + timedelta(minutes=m), failed, ATTACKER_IP, UNKNOWN, result="bad")
        for m in range(6)
    ]
    history.append(
        Attempt(NOW.replace(hour=7), events.MFA_FAILED, LONDON_IP, LONDON, LAPTOP, "bad_code")
    )
    return history


def bob_history() -> list[Attempt]:
    ok, failed = events.LOGIN_SUCCEEDED, events.LOGIN_FAILED
    return [
        Attempt(NOW - timedelta(hours=3), ok, PARIS_IP, PARIS, "fp-bob-phone"),
        *(Attempt(NOW - timedelta(hours=2, minutes=m), failed, PARIS_IP, PARIS) for m in range(12)),
    ]


@dataclass(frozen=True)
class World:
    sessions: Sessions
    alice: uuid.UUID
    bob: uuid.UUID


def build_world(sessions: Sessions) -> World:
    alice = add_user(sessions, "alice", mfa=True)
    bob = add_user(sessions, "bob")
    add_events(sessions, alice, alice_history())
    add_events(sessions, bob, bob_history())
    # A failed login for an unknown email belongs to nobody's dashboard.
    add_events(sessions, None, [Attempt(NOW, events.LOGIN_FAILED, ATTACKER_IP, UNKNOWN)])
    add_session(sessions, alice, expires_at=NOW + timedelta(days=29))
    add_session(sessions, alice, expires_at=NOW + timedelta(days=10))
    add_session(sessions, alice, expires_at=NOW + timedelta(days=10), revoked=True)
    add_session(sessions, alice, expires_at=NOW - timedelta(seconds=1))
    add_session(sessions, bob, expires_at=NOW + timedelta(days=10))
    with sessions.begin() as session:
        for fingerprint, expires in (("fp-a", 5), ("fp-b", -1)):
            session.add(
                TrustedDeviceRow(
                    id=uuid.uuid4(),
                    user_id=alice,
                    fingerprint_hash=fingerprint,
                    nickname="",
                    created_at=NOW - timedelta(days=20),
                    expires_at=NOW + timedelta(days=expires),
                )
            )
    return World(sessions, alice, bob)


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def world(database_url: str, engine: Engine) -> World:
    return build_world(migrated_sessions(database_url, engine))


@pytest.fixture
def uow(world: World) -> UowFactory:
    return unit_of_work_factory(world.sessions, security_repositories)


def clock() -> datetime:
    return NOW


# --- overview ---------------------------------------------------------------------------------


def test_overview_of_the_last_30_days(uow: UowFactory, world: World) -> None:
    result = security_usecases.get_overview(uow(), world.alice, None, clock)
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
    result = security_usecases.get_overview(uow(), world.alice, 1, clock)
    assert (result.activity.successful_logins, result.activity.failed_logins) == (0, 7)
    assert result.activity.last_login_at is None
    assert result.anomalies == 1  # only this morning's burst


def test_overview_of_another_user(uow: UowFactory, world: World) -> None:
    result = security_usecases.get_overview(uow(), world.bob, 7, clock)
    assert (result.activity.successful_logins, result.activity.failed_logins) == (1, 12)
    assert result.activity.countries == ["FR"]
    assert (result.active_sessions, result.trusted_devices, result.mfa_enabled) == (1, 0, False)
    assert result.anomalies == 1


def test_overview_of_an_account_without_history(uow: UowFactory, world: World) -> None:
    carol = add_user(world.sessions, "carol")
    result = security_usecases.get_overview(uow(), carol, None, clock)
    assert (result.activity.successful_logins, result.anomalies, result.active_sessions) == (
        0,
        0,
        0,
    )
    assert result.activity.countries == []


# --- timeline ---------------------------------------------------------------------------------


def test_timeline_by_day_and_events_newest_first(uow: UowFactory, world: World) -> None:
    result = security_usecases.get_timeline(uow(), world.alice, 3, clock)
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
    result = security_usecases.get_timeline(uow(), world.alice, None, clock)
    assert len(result.timeline) == 30
    assert result.timeline[-1].date == NOW.date()
    assert sum(d.successful for d in result.timeline) == 21
    assert all(e.ip != PARIS_IP for e in result.events)


def test_timeline_events_are_capped(
    uow: UowFactory, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(security_usecases, "MAX_TIMELINE_EVENTS", 4)
    result = security_usecases.get_timeline(uow(), world.alice, 30, clock)
    assert len(result.events) == 4
    assert sum(d.failed for d in result.timeline) == 7  # the chart is not capped


# --- anomalies --------------------------------------------------------------------------------


def test_anomalies_at_default_sensitivity(uow: UowFactory, world: World) -> None:
    report = security_usecases.list_anomalies(uow(), world.alice, "")
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
    low = security_usecases.list_anomalies(uow(), world.alice, "low")
    # Only high severity, and a burst needs 10 failures at low sensitivity.
    assert [a.kind for a in low.anomalies] == ["impossible_travel"]
    high = security_usecases.list_anomalies(uow(), world.alice, "high")
    assert [(a.kind, a.severity) for a in high.anomalies] == [
        ("failure_burst", "high"),
        ("new_country", "medium"),
        ("new_device", "medium"),
        ("impossible_travel", "high"),
        ("new_device", "low"),  # the tablet: same country, so only low
        ("unusual_hour", "low"),
    ]


def test_users_never_see_each_others_anomalies(uow: UowFactory, world: World) -> None:
    report = security_usecases.list_anomalies(uow(), world.bob, "high")
    assert [a.kind for a in report.anomalies] == ["failure_burst"]
    assert all(a.ip == PARIS_IP for a in report.anomalies)


# --- location history -------------------------------------------------------------------------


def test_location_history(uow: UowFactory, world: World) -> None:
    visits = security_usecases.get_location_history(uow(), world.alice, None)
    assert [(v.location, v.ip, v.logins) for v in visits] == [
        (CHANGCHUN, CHANGCHUN_IP, 1),
        (LONDON, LONDON_IP, 21),
    ]
    assert visits[1].first_seen == NOW.replace(hour=9) - timedelta(days=40)
    assert visits[1].last_seen == NOW.replace(hour=9) - timedelta(days=2)
    assert len(security_usecases.get_location_history(uow(), world.alice, 1)) == 1
    assert [v.location for v in security_usecases.get_location_history(uow(), world.bob, 100)] == [
        PARIS
    ]


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize("days", [0, -5, 366])
def test_days_out_of_range(uow: UowFactory, world: World, days: int) -> None:
    for query in (security_usecases.get_overview, security_usecases.get_timeline):
        with pytest.raises(InvalidArgument) as caught:
            query(uow(), world.alice, days, clock)
        assert [v.field for v in caught.value.violations] == ["days"]


def test_days_limits_are_inclusive() -> None:
    assert security_usecases.validate_days(1) == 1
    assert security_usecases.validate_days(365) == 365


@pytest.mark.parametrize("sensitivity", ["extreme", "HIGH", " low", "none"])
def test_unknown_sensitivity(uow: UowFactory, world: World, sensitivity: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        security_usecases.list_anomalies(uow(), world.alice, sensitivity)
    assert [v.field for v in caught.value.violations] == ["sensitivity"]


@pytest.mark.parametrize("limit", [0, -1, 101])
def test_limit_out_of_range(uow: UowFactory, world: World, limit: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        security_usecases.get_location_history(uow(), world.alice, limit)
    assert [v.field for v in caught.value.violations] == ["limit"]
