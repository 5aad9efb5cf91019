"""gRPC servicer of AnalyticsStatusService (GET /api/health, GET /version)."""

from __future__ import annotations

from collections.abc import Callable

import grpc
from finplat.analytics.v1 import health_pb2

from services.runtime.clock import Clock
from services.runtime.protoconv import timestamp


class StatusServicer:
    def __init__(
        self, database_ok: Callable[[], bool], clock: Clock, version: str, build: str
    ) -> None:
        self._database_ok = database_ok
        self._clock = clock
        self._version = health_pb2.GetVersionResponse(version=version, build=build)

    def GetHealth(
        self, request: health_pb2.GetHealthRequest, context: grpc.ServicerContext
    ) -> health_pb2.GetHealthResponse:
        # A probe answers 200 either way: the body says whether the module can serve.
        status = "healthy" if self._database_ok() else "unhealthy"
        return health_pb2.GetHealthResponse(status=status, timestamp=timestamp(self._clock()))

    def GetVersion(
        self, request: health_pb2.GetVersionRequest, context: grpc.ServicerContext
    ) -> health_pb2.GetVersionResponse:
        return self._version
