"""gRPC servicer of the security dashboard: proto ⇄ use cases, nothing else.

The runtime's interceptors have authenticated the caller (a user's access token with
the "user" role) before these methods run; every answer is about that user only.
"""

from __future__ import annotations

from collections.abc import Callable

import grpc
from finplat.identity.v1 import security_pb2, security_pb2_grpc

from services.main.identity import security_report, security_usecases
from services.main.identity.caller import current_caller
from services.main.identity.security_usecases import Clock, SecurityUnitOfWork

UnitOfWorkFactory = Callable[[], SecurityUnitOfWork]


class SecurityDashboardServicer(security_pb2_grpc.SecurityDashboardServiceServicer):
    def __init__(
        self, unit_of_work: UnitOfWorkFactory, clock: Clock = security_usecases.utcnow
    ) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def GetOverview(
        self, request: security_pb2.GetOverviewRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetOverviewResponse:
        days = request.days if request.HasField("days") else None
        result = security_usecases.get_overview(
            self._uow(), current_caller().user_id, days, self._clock
        )
        return security_report.overview_pb(result)

    def GetTimeline(
        self, request: security_pb2.GetTimelineRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetTimelineResponse:
        days = request.days if request.HasField("days") else None
        result = security_usecases.get_timeline(
            self._uow(), current_caller().user_id, days, self._clock
        )
        return security_report.timeline_pb(result)

    def ListAnomalies(
        self, request: security_pb2.ListAnomaliesRequest, context: grpc.ServicerContext
    ) -> security_pb2.ListAnomaliesResponse:
        report = security_usecases.list_anomalies(
            self._uow(), current_caller().user_id, request.sensitivity
        )
        return security_pb2.ListAnomaliesResponse(
            sensitivity=report.sensitivity,
            anomalies=[security_report.anomaly_pb(a) for a in report.anomalies],
        )

    def GetLocationHistory(
        self, request: security_pb2.GetLocationHistoryRequest, context: grpc.ServicerContext
    ) -> security_pb2.GetLocationHistoryResponse:
        limit = request.limit if request.HasField("limit") else None
        visits = security_usecases.get_location_history(
            self._uow(), current_caller().user_id, limit
        )
        return security_pb2.GetLocationHistoryResponse(
            locations=[security_report.visit_pb(v) for v in visits]
        )
