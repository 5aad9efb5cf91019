"""Security: the events every capability records, and the dashboard over them (overview,
timeline, anomalies, location history)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import security_pb2

from services.main.kernel.dependencies import Kernel
from services.main.security import tables
from services.main.security.servicer import SecurityDashboardServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        security_pb2.DESCRIPTOR.services_by_name["SecurityDashboardService"],
        SecurityDashboardServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[Kernel] = Capability("security", _servicers, tables)
