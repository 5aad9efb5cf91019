"""Cash flow: predictions per week, month or quarter, alerts, balance snapshots and the
recurring transactions behind them (CashFlowService, docs/cashflow.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import cashflow_pb2

from services.analytics.cashflow import tables
from services.analytics.cashflow.servicer import CashFlowServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        cashflow_pb2.DESCRIPTOR.services_by_name["CashFlowService"],
        CashFlowServicer(kernel.unit_of_work, kernel.clock, kernel.low_balance_threshold),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("cashflow", _servicers, tables)
