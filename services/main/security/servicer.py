"""gRPC servicer of the security dashboard: proto ⇄ use cases, nothing else.

The runtime's interceptors have authenticated the caller (a user's access token with
the "user" role) before these methods run; every answer is about that user only.
"""

from __future__ import annotations

import grpc
from finplat.identity.v1 import security_pb2

from services.main.kernel.caller import current_caller
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.proto import location_pb
from services.main.security import usecases
from services.main.security.domain.anomalies import Anomaly
from services.main.security.domain.dashboard import LocationVisit, TimelineDay
from services.main.security.domain.reports import RecordedEvent, SecurityOverview, Timeline
from services.runtime.clock import Clock, utcnow
from services.runtime.protoconv import date_pb, optional_timestamp, timestamp


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


def _day_pb(day: TimelineDay) -> security_pb2.TimelineDay:
    return security_pb2.TimelineDay(
        date=date_pb(day.date), successful=day.successful, failed=day.failed
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


class SecurityDashboardServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock = utcnow) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def GetOverview(
        self, request: security_pb2.GetOverviewRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetOverviewResponse:
        days = request.days if request.HasField("days") else None
        result = usecases.get_overview(self._uow(), current_caller().user_id, days, self._clock)
        return overview_pb(result)

    def GetTimeline(
        self, request: security_pb2.GetTimelineRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetTimelineResponse:
        days = request.days if request.HasField("days") else None
        result = usecases.get_timeline(self._uow(), current_caller().user_id, days, self._clock)
        return timeline_pb(result)

    def ListAnomalies(
        self, request: security_pb2.ListAnomaliesRequest, context: grpc.ServicerContext
    ) -> security_pb2.ListAnomaliesResponse:
        report = usecases.list_anomalies(self._uow(), current_caller().user_id, request.sensitivity)
        return security_pb2.ListAnomaliesResponse(
            sensitivity=report.sensitivity, anomalies=[anomaly_pb(a) for a in report.anomalies]
        )

    def GetLocationHistory(
        self, request: security_pb2.GetLocationHistoryRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetLocationHistoryResponse:
        limit = request.limit if request.HasField("limit") else None
        visits = usecases.get_location_history(self._uow(), current_caller().user_id, limit)
        return security_pb2.GetLocationHistoryResponse(locations=[visit_pb(v) for v in visits])
