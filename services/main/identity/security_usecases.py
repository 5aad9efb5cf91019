"""What the security dashboard answers, one function per query, each in one transaction.

The summaries themselves are pure (`dashboard`, `anomalies`); these functions validate
the query, read the caller's history and account state, and hand them over.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Final

from db.unit_of_work import UnitOfWork
from services.main.identity import anomalies, dashboard
from services.main.identity.anomalies import Anomaly, Sensitivity, as_utc
from services.main.identity.dashboard import LocationVisit, Overview, TimelineDay
from services.main.identity.security_store import RecordedEvent, SecurityRepositories
from services.runtime.errors import InvalidArgument

SecurityUnitOfWork = UnitOfWork[SecurityRepositories]
Clock = Callable[[], datetime]

DEFAULT_DAYS: Final = 30
MAX_DAYS: Final = 365
DEFAULT_SENSITIVITY: Final[Sensitivity] = "medium"
SENSITIVITIES: Final[tuple[Sensitivity, ...]] = ("low", "medium", "high")
DEFAULT_LIMIT: Final = 20
MAX_LIMIT: Final = 100
MAX_TIMELINE_EVENTS: Final = 500
# The overview counts what deserves attention; "low" findings (a new device alone, an
# unusual hour) are too common to be a number on the dashboard.
OVERVIEW_SENSITIVITY: Final[Sensitivity] = "medium"


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SecurityOverview:
    activity: Overview
    active_sessions: int
    trusted_devices: int
    mfa_enabled: bool
    anomalies: int  # medium or high severity, in the period


@dataclass(frozen=True)
class Timeline:
    days: int
    timeline: list[TimelineDay]  # oldest first
    events: list[RecordedEvent]  # newest first, at most MAX_TIMELINE_EVENTS


@dataclass(frozen=True)
class AnomalyReport:
    sensitivity: Sensitivity
    anomalies: list[Anomaly]  # newest first


# --- query validation (pure) ----------------------------------------------------------------


def validate_days(days: int | None) -> int:
    value = DEFAULT_DAYS if days is None else days
    if not 1 <= value <= MAX_DAYS:
        raise InvalidArgument.for_field("days", f"must be between 1 and {MAX_DAYS}")
    return value


def validate_sensitivity(sensitivity: str) -> Sensitivity:
    if not sensitivity:
        return DEFAULT_SENSITIVITY
    if sensitivity not in SENSITIVITIES:
        raise InvalidArgument.for_field(
            "sensitivity", f"must be one of: {', '.join(SENSITIVITIES)}"
        )
    return sensitivity


def validate_limit(limit: int | None) -> int:
    value = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= value <= MAX_LIMIT:
        raise InvalidArgument.for_field("limit", f"must be between 1 and {MAX_LIMIT}")
    return value


# --- queries ----------------------------------------------------------------------------------


def get_overview(
    uow: SecurityUnitOfWork, user_id: uuid.UUID, days: int | None, clock: Clock = utcnow
) -> SecurityOverview:
    period = validate_days(days)
    now = clock()
    since = as_utc(now) - timedelta(days=period)
    with uow:
        repos = uow.repos.events
        # The whole history, not just the period: whether a device or a country is new
        # depends on every login before it.
        history = repos.login_events(user_id, since=None)
        state = (
            repos.active_session_count(user_id, now),
            repos.trusted_device_count(user_id, now),
            repos.mfa_enabled(user_id),
        )
    found = anomalies.detect(history, OVERVIEW_SENSITIVITY)
    return SecurityOverview(
        activity=dashboard.overview(history, period, now),
        active_sessions=state[0],
        trusted_devices=state[1],
        mfa_enabled=state[2],
        anomalies=sum(1 for a in found if since <= as_utc(a.at) <= as_utc(now)),
    )


def get_timeline(
    uow: SecurityUnitOfWork, user_id: uuid.UUID, days: int | None, clock: Clock = utcnow
) -> Timeline:
    period = validate_days(days)
    now = clock()
    # The chart is by UTC calendar day, ending today: the event list starts where the
    # chart does, so both describe the same attempts.
    first_day = as_utc(now).date() - timedelta(days=period - 1)
    since = datetime.combine(first_day, time(), UTC)
    with uow:
        logins = uow.repos.events.login_events(user_id, since)
        recorded = uow.repos.events.recent_events(user_id, since, MAX_TIMELINE_EVENTS)
    return Timeline(days=period, timeline=dashboard.timeline(logins, period, now), events=recorded)


def list_anomalies(uow: SecurityUnitOfWork, user_id: uuid.UUID, sensitivity: str) -> AnomalyReport:
    level = validate_sensitivity(sensitivity)
    with uow:
        history = uow.repos.events.login_events(user_id, since=None)
    return AnomalyReport(sensitivity=level, anomalies=anomalies.detect(history, level))


def get_location_history(
    uow: SecurityUnitOfWork, user_id: uuid.UUID, limit: int | None
) -> list[LocationVisit]:
    count = validate_limit(limit)
    with uow:
        history = uow.repos.events.login_events(user_id, since=None)
    return dashboard.location_history(history, count)
