"""Chart-ready goal data for a dashboard (GoalChartsService; docs/goal-charts.md): one
goal's progress and milestones, every open goal side by side, a goal's contributions
month by month and its projected path. No tables: everything is read from the goals
capability through its use cases and drawn by the pure modules here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import goal_charts_pb2

from services.analytics.goal_charts.servicer import GoalChartsServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        goal_charts_pb2.DESCRIPTOR.services_by_name["GoalChartsService"],
        GoalChartsServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("goal_charts", _servicers)
