"""Planned expenses: bills a user expects, once or recurring by an RRULE, paid
occurrence by occurrence, with their statistics (PlannedExpenseService)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import planned_expenses_pb2

from services.analytics.planned_expenses import tables
from services.analytics.planned_expenses.servicer import PlannedExpenseServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        planned_expenses_pb2.DESCRIPTOR.services_by_name["PlannedExpenseService"],
        PlannedExpenseServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("planned_expenses", _servicers, tables)
