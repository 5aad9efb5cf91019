"""What the security dashboard answers, one function per query, each in one transaction.

The summaries themselves are pure (the domain); these functions validate the query,
read the caller's history and account state, and hand them over.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, time, timedelta

from services.main.kernel.dependencies import Uow
from services.main.security.domain import anomalies, dashboard, reports
from services.main.security.domain.anomalies import as_utc
from services.main.security.domain.dashboard import LocationVisit
from services.main.security.domain.reports import AnomalyReport, SecurityOverview, Timeline
from services.runtime.clock import Clock, utcnow


def get_overview(
    uow: Uow, user_id: uuid.UUID, days: int | None, clock: Clock = utcnow
) -> SecurityOverview:
    period = reports.validate_days(days)
    now = clock()
    since = as_utc(now) - timedelta(days=period)
    with uow:
        # The whole history, not just the period: whether a device or a country is new
        # depends on every login before it.
        history = uow.repos.events.login_events(user_id, since=None)
        active_sessions = uow.repos.sessions.count_active(user_id, now)
        trusted_devices = uow.repos.devices.count_active(user_id, now)
        user = uow.repos.users.by_id(user_id)
    found = anomalies.detect(history, reports.OVERVIEW_SENSITIVITY)
    return SecurityOverview(
        activity=dashboard.overview(history, period, now),
        active_sessions=active_sessions,
        trusted_devices=trusted_devices,
        mfa_enabled=user is not None and user.mfa_enabled_at is not None,
        anomalies=sum(1 for a in found if since <= as_utc(a.at) <= as_utc(now)),
    )


def get_timeline(uow: Uow, user_id: uuid.UUID, days: int | None, clock: Clock = utcnow) -> Timeline:
    period = reports.validate_days(days)
    now = clock()
    # The chart is by UTC calendar day, ending today: the event list starts where the
    # chart does, so both describe the same attempts.
    first_day = as_utc(now).date() - timedelta(days=period - 1)
    since = datetime.combine(first_day, time(), UTC)
    with uow:
        logins = uow.repos.events.login_events(user_id, since)
        recorded = uow.repos.events.recent_events(user_id, since, reports.MAX_TIMELINE_EVENTS)
    return Timeline(days=period, timeline=dashboard.timeline(logins, period, now), events=recorded)


def list_anomalies(uow: Uow, user_id: uuid.UUID, sensitivity: str) -> AnomalyReport:
    level = reports.validate_sensitivity(sensitivity)
    with uow:
        history = uow.repos.events.login_events(user_id, since=None)
    return AnomalyReport(sensitivity=level, anomalies=anomalies.detect(history, level))


def get_location_history(uow: Uow, user_id: uuid.UUID, limit: int | None) -> list[LocationVisit]:
    count = reports.validate_limit(limit)
    with uow:
        history = uow.repos.events.login_events(user_id, since=None)
    return dashboard.location_history(history, count)
