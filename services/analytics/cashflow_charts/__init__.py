"""Chart-ready cash-flow data for the dashboard (CashFlowChartsService,
docs/cashflow-charts.md): balance projection, transaction breakdown, financial health,
the alerts and recommendations digests and the recurring transactions, each in
Chart.js's data shape. No tables: every figure is read through the use cases of the
capability that owns it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import cashflow_charts_pb2

from services.analytics.cashflow_charts.servicer import CashFlowChartsServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        cashflow_charts_pb2.DESCRIPTOR.services_by_name["CashFlowChartsService"],
        CashFlowChartsServicer(kernel.unit_of_work, kernel.clock, kernel.low_balance_threshold),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("cashflow_charts", _servicers)
