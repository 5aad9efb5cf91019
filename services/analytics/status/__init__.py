"""Status: the module's unauthenticated health and version probes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import health_pb2

from services.analytics.status.servicer import StatusServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        health_pb2.DESCRIPTOR.services_by_name["AnalyticsStatusService"],
        StatusServicer(kernel.database_ok, kernel.clock, kernel.version, kernel.build),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("status", _servicers)
