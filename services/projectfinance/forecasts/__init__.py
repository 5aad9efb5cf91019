"""Project forecasts (spec 3 "Project forecast"): a seeded Monte Carlo over a project's
finance record, stored and read back (ProjectForecastService,
POST /api/analytics/projects/{project_id}/forecast and
GET /api/analytics/projects/{project_id}/forecasts/{forecast_id};
docs/project-finance-forecasts.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import forecasts_pb2

from services.projectfinance.forecasts import tables
from services.projectfinance.forecasts.servicer import ProjectForecastServicer
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        forecasts_pb2.DESCRIPTOR.services_by_name["ProjectForecastService"],
        ProjectForecastServicer(kernel),
    )


CAPABILITY: Capability[Kernel] = Capability("forecasts", _servicers, tables)
