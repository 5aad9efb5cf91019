"""Security-dashboard results as protos (what the dashboard servicer sends)."""

from __future__ import annotations

from datetime import date

from finplat.identity.v1 import security_pb2
from google.type import date_pb2

from services.main.identity.anomalies import Anomaly
from services.main.identity.dashboard import LocationVisit, TimelineDay
from services.main.identity.protoconv import location_pb, optional_timestamp, timestamp
from services.main.identity.security_store import RecordedEvent
from services.main.identity.security_usecases import SecurityOverview, Timeline


def overview_pb(result: SecurityOverview) -> security_pb2.GetOverviewResponse:
    activity = result.activity
    return security_pb2.GetOverviewResponse(
        days=activity.days,
        successful_logins=activity.successful_logins,
        failed_logins=activity.failed_logins,
        distinct_ips=activity.distinct_ips,
        distinct_devices=activity.distinct_devices,
        countries=activity.countries,
        last_login_at=optional_timestamp(activity.last_login_at),
        last_failed_at=optional_timestamp(activity.last_failed_at),
        active_sessions=result.active_sessions,
        trusted_devices=result.trusted_devices,
        mfa_enabled=result.mfa_enabled,
        anomalies=result.anomalies,
    )


def timeline_pb(result: Timeline) -> security_pb2.GetTimelineResponse:
    return security_pb2.GetTimelineResponse(
        days=result.days,
        timeline=[_day_pb(d) for d in result.timeline],
        events=[_event_pb(e) for e in result.events],
    )


def anomaly_pb(anomaly: Anomaly) -> security_pb2.Anomaly:
    return security_pb2.Anomaly(
        kind=anomaly.kind,
        severity=anomaly.severity,
        at=timestamp(anomaly.at),
        ip_address=anomaly.ip,
        description=anomaly.description,
        details=dict(anomaly.details),
    )


def visit_pb(visit: LocationVisit) -> security_pb2.LocationVisit:
    return security_pb2.LocationVisit(
        location=location_pb(visit.location),
        ip_address=visit.ip,
        first_seen=timestamp(visit.first_seen),
        last_seen=timestamp(visit.last_seen),
        logins=visit.logins,
    )


def _date_pb(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


def _day_pb(day: TimelineDay) -> security_pb2.TimelineDay:
    return security_pb2.TimelineDay(
        date=_date_pb(day.date), successful=day.successful, failed=day.failed
    )


def _event_pb(event: RecordedEvent) -> security_pb2.SecurityEvent:
    return security_pb2.SecurityEvent(
        id=str(event.id),
        kind=event.kind,
        at=timestamp(event.at),
        ip_address=event.ip,
        user_agent=event.user_agent,
        device=event.device,
        location=location_pb(event.location),
        result=event.result,
    )
