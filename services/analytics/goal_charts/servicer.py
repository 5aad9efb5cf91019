"""gRPC servicer of GoalChartsService: proto ⇄ use cases, nothing else (the messages are
built in goal_charts/messages.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import goal_charts_pb2 as pb

from services.analytics.goal_charts import usecases
from services.analytics.goal_charts.messages import (
    contributions_pb,
    projection_chart_pb,
    summary_pb,
    visualization_pb,
)
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import parse_uuid

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


class GoalChartsServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def GetGoalVisualization(
        self, request: pb.GetGoalVisualizationRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalVisualizationResponse:
        drawn = usecases.visualization(
            self._uow(), current_user_id(), parse_uuid(request.id), self._clock
        )
        return visualization_pb(drawn)

    def GetGoalsSummary(
        self, request: pb.GetGoalsSummaryRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalsSummaryResponse:
        return summary_pb(usecases.summary(self._uow(), current_user_id()))

    def GetGoalContributionsChart(
        self, request: pb.GetGoalContributionsChartRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalContributionsChartResponse:
        goal_id = parse_uuid(request.id)
        months = request.months if request.HasField("months") else None
        drawn = usecases.contributions_chart(
            self._uow(), current_user_id(), goal_id, months, self._clock
        )
        return contributions_pb(drawn)

    def GetGoalProjectionChart(
        self, request: pb.GetGoalProjectionChartRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalProjectionChartResponse:
        drawn = usecases.projection_chart(
            self._uow(), current_user_id(), parse_uuid(request.id), self._clock
        )
        return projection_chart_pb(drawn)
