"""Project health (spec 3 "Project health"): earned value and the budget, cash-flow,
performance, risk and schedule groups of one project's finance record, with scores
(ProjectHealthService, GET /api/analytics/projects/{project_id}/health;
docs/project-finance-health.md). No tables: everything is derived when read."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import health_pb2

from services.projectfinance.health.servicer import ProjectHealthServicer
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        health_pb2.DESCRIPTOR.services_by_name["ProjectHealthService"],
        ProjectHealthServicer(kernel),
    )


CAPABILITY: Capability[Kernel] = Capability("health", _servicers, None)
