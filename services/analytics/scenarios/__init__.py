"""What-if scenarios: a user's planned incomes and expenses, projected month by month and
compared (ScenarioService, docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import scenarios_pb2

from services.analytics.scenarios import tables
from services.analytics.scenarios.servicer import ScenarioServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        scenarios_pb2.DESCRIPTOR.services_by_name["ScenarioService"],
        ScenarioServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("scenarios", _servicers, tables)
