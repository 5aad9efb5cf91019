"""gRPC servicer of GoalService: proto ⇄ use cases, nothing else (the messages are
built in goals/messages.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import goals_pb2 as pb

from services.analytics.goals import usecases, validation
from services.analytics.goals.messages import (
    contribution_pb,
    goal_changes,
    goal_pb,
    new_goal,
    priority_text,
    progress_pb,
    projection_pb,
    required_pb,
    status_text,
    type_text,
)
from services.analytics.proto_pages import pagination_pb
from services.runtime.clock import Clock
from services.runtime.paging import checked_page
from services.runtime.principal import current_user_id
from services.runtime.protoconv import optional_date, parse_uuid

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


class GoalServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateGoal(
        self, request: pb.CreateGoalRequest, context: grpc.ServicerContext
    ) -> pb.CreateGoalResponse:
        goal = usecases.create_goal(self._uow(), current_user_id(), new_goal(request), self._clock)
        return pb.CreateGoalResponse(goal=goal_pb(goal))

    def ListGoals(
        self, request: pb.ListGoalsRequest, context: grpc.ServicerContext
    ) -> pb.ListGoalsResponse:
        query = validation.validate_list_query(
            request.limit if request.HasField("limit") else None,
            request.offset,
            status_text(request.status),
            type_text(request.goal_type),
            priority_text(request.priority),
        )
        page = usecases.list_goals(self._uow(), current_user_id(), query)
        return pb.ListGoalsResponse(
            data=[goal_pb(g) for g in page.items], pagination=pagination_pb(page)
        )

    def ListActiveGoals(
        self, request: pb.ListActiveGoalsRequest, context: grpc.ServicerContext
    ) -> pb.ListActiveGoalsResponse:
        goals = usecases.active_goals(self._uow(), current_user_id())
        return pb.ListActiveGoalsResponse(data=[goal_pb(g) for g in goals])

    def GetGoal(
        self, request: pb.GetGoalRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalResponse:
        goal = usecases.get_goal(self._uow(), current_user_id(), parse_uuid(request.id))
        return pb.GetGoalResponse(goal=goal_pb(goal))

    def UpdateGoal(
        self, request: pb.UpdateGoalRequest, context: grpc.ServicerContext
    ) -> pb.UpdateGoalResponse:
        goal_id = parse_uuid(request.id)
        changes = goal_changes(request)
        goal = usecases.update_goal(self._uow(), current_user_id(), goal_id, changes, self._clock)
        return pb.UpdateGoalResponse(goal=goal_pb(goal))

    def UpdateGoalProgress(
        self, request: pb.UpdateGoalProgressRequest, context: grpc.ServicerContext
    ) -> pb.UpdateGoalProgressResponse:
        goal_id = parse_uuid(request.id)
        goal = usecases.update_progress(
            self._uow(), current_user_id(), goal_id, request.amount, self._clock
        )
        return pb.UpdateGoalProgressResponse(goal=goal_pb(goal))

    def UpdateGoalStatus(
        self, request: pb.UpdateGoalStatusRequest, context: grpc.ServicerContext
    ) -> pb.UpdateGoalStatusResponse:
        goal_id = parse_uuid(request.id)
        status = validation.validate_status(status_text(request.status))
        goal = usecases.update_status(self._uow(), current_user_id(), goal_id, status, self._clock)
        return pb.UpdateGoalStatusResponse(goal=goal_pb(goal))

    def CreateGoalContribution(
        self, request: pb.CreateGoalContributionRequest, context: grpc.ServicerContext
    ) -> pb.CreateGoalContributionResponse:
        goal_id = parse_uuid(request.id)
        transaction_id = (
            parse_uuid(request.transaction_id, "transaction_id")
            if request.HasField("transaction_id")
            else None
        )
        new = validation.validate_contribution(
            request.amount,
            optional_date(request, "contribution_date"),
            transaction_id,
            request.description if request.HasField("description") else None,
            self._clock().date(),
        )
        done = usecases.add_contribution(self._uow(), current_user_id(), goal_id, new, self._clock)
        return pb.CreateGoalContributionResponse(
            contribution=contribution_pb(done.contribution), goal=goal_pb(done.goal)
        )

    def ListGoalContributions(
        self, request: pb.ListGoalContributionsRequest, context: grpc.ServicerContext
    ) -> pb.ListGoalContributionsResponse:
        goal_id = parse_uuid(request.id)
        limit, offset = checked_page(
            request.limit if request.HasField("limit") else None,
            request.offset,
            validation.DEFAULT_LIMIT,
        )
        page = usecases.list_contributions(self._uow(), current_user_id(), goal_id, limit, offset)
        return pb.ListGoalContributionsResponse(
            data=[contribution_pb(c) for c in page.items], pagination=pagination_pb(page)
        )

    def GetGoalContribution(
        self, request: pb.GetGoalContributionRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalContributionResponse:
        goal_id = parse_uuid(request.id)
        contribution_id = parse_uuid(request.contribution_id, "contribution_id")
        found = usecases.get_contribution(self._uow(), current_user_id(), goal_id, contribution_id)
        return pb.GetGoalContributionResponse(contribution=contribution_pb(found))

    def GetGoalProgressAnalysis(
        self, request: pb.GetGoalProgressAnalysisRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalProgressAnalysisResponse:
        analysed = usecases.progress_analysis(
            self._uow(), current_user_id(), parse_uuid(request.id), self._clock
        )
        return pb.GetGoalProgressAnalysisResponse(analysis=progress_pb(analysed))

    def GetGoalProjectedCompletion(
        self, request: pb.GetGoalProjectedCompletionRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalProjectedCompletionResponse:
        goal, projection = usecases.projected_completion(
            self._uow(), current_user_id(), parse_uuid(request.id), self._clock
        )
        return pb.GetGoalProjectedCompletionResponse(projection=projection_pb(goal, projection))

    def GetGoalRequiredContribution(
        self, request: pb.GetGoalRequiredContributionRequest, context: grpc.ServicerContext
    ) -> pb.GetGoalRequiredContributionResponse:
        goal, need = usecases.required_contribution(
            self._uow(), current_user_id(), parse_uuid(request.id), self._clock
        )
        return pb.GetGoalRequiredContributionResponse(required=required_pb(goal, need))

    def DeleteGoal(
        self, request: pb.DeleteGoalRequest, context: grpc.ServicerContext
    ) -> pb.DeleteGoalResponse:
        usecases.delete_goal(self._uow(), current_user_id(), parse_uuid(request.id))
        return pb.DeleteGoalResponse()
