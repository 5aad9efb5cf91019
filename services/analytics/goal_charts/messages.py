"""GoalChartsService's responses from the goal charts' values; the goal, projection and
required-contribution messages are the goals capability's own builders, so the charts
answer exactly what /api/v1/goals does."""

from __future__ import annotations

from finplat.analytics.v1 import goal_charts_pb2 as pb

from services.analytics.chart_pb import fill_chart
from services.analytics.goal_charts.milestones import Milestone
from services.analytics.goal_charts.progress import GoalsSummary, Visualization
from services.analytics.goal_charts.projection import ProjectionChart
from services.analytics.goal_charts.timeline import ContributionTimeline
from services.analytics.goals.domain import money_text
from services.analytics.goals.messages import goal_pb, projection_pb, required_pb
from services.runtime.protoconv import optional_date_pb


def milestone_pb(milestone: Milestone) -> pb.GoalMilestone:
    return pb.GoalMilestone(
        percent=milestone.percent,
        amount=money_text(milestone.amount),
        reached=milestone.reached,
        reached_on=optional_date_pb(milestone.reached_on),
        projected_on=optional_date_pb(milestone.projected_on),
    )


def visualization_pb(drawn: Visualization) -> pb.GetGoalVisualizationResponse:
    response = pb.GetGoalVisualizationResponse(
        goal=goal_pb(drawn.goal), milestones=[milestone_pb(m) for m in drawn.milestones]
    )
    return fill_chart(response, drawn.chart)  # type: ignore[no-any-return]


def summary_pb(summary: GoalsSummary) -> pb.GetGoalsSummaryResponse:
    counts = summary.counts
    response = pb.GetGoalsSummaryResponse(
        goals=[goal_pb(goal) for goal in summary.goals],
        counts=pb.GoalStatusCounts(
            active=counts["active"],
            on_hold=counts["on_hold"],
            achieved=counts["achieved"],
            cancelled=counts["cancelled"],
        ),
        total_target=money_text(summary.total_target),
        total_saved=money_text(summary.total_saved),
        overall_percent=money_text(summary.overall_percent),
    )
    return fill_chart(response, summary.chart)  # type: ignore[no-any-return]


def contributions_pb(drawn: ContributionTimeline) -> pb.GetGoalContributionsChartResponse:
    response = pb.GetGoalContributionsChartResponse(
        goal_id=str(drawn.goal.id),
        total=money_text(drawn.total),
        monthly_average=money_text(drawn.monthly_average),
    )
    return fill_chart(response, drawn.chart)  # type: ignore[no-any-return]


def projection_chart_pb(drawn: ProjectionChart) -> pb.GetGoalProjectionChartResponse:
    goal = drawn.goal
    response = pb.GetGoalProjectionChartResponse(
        goal_id=str(goal.id),
        projection=projection_pb(goal, drawn.projection),
        required=required_pb(goal, drawn.required),
    )
    return fill_chart(response, drawn.chart)  # type: ignore[no-any-return]
