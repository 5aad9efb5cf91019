"""Financial goals: a target amount to reach, the contributions towards it, the status
moves GAPS lists, and an analysis of the pace, the projected completion and the monthly
contribution a target date needs (GoalService; docs/goals.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import goals_pb2

from services.analytics.goals import tables
from services.analytics.goals.servicer import GoalServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        goals_pb2.DESCRIPTOR.services_by_name["GoalService"],
        GoalServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("goals", _servicers, tables)
