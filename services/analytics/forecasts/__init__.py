"""Spending forecasts with their method, intervals and backtest (ForecastService),
fitted by the pure `services.analytics.statistics.forecasting`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import forecasts_pb2

from services.analytics.forecasts import tables
from services.analytics.forecasts.servicer import ForecastServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        forecasts_pb2.DESCRIPTOR.services_by_name["ForecastService"],
        ForecastServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("forecasts", _servicers, tables)
