"""Summaries, period comparisons, top categories and merchants, trends, and the refresh
of a user's derived data (InsightService), read from the roll-ups."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import insights_pb2

from services.analytics.insights.servicer import InsightServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        insights_pb2.DESCRIPTOR.services_by_name["InsightService"],
        InsightServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("insights", _servicers)
