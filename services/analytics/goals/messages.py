"""GoalService's messages ⇄ the goal capability's values: requests as sent (None = not
sent), results as the proto spells them."""

from __future__ import annotations

from decimal import Decimal

from finplat.analytics.v1 import goals_pb2 as pb

from services.analytics.goals.analysis import Projection, Required
from services.analytics.goals.domain import Contribution, Goal, money_text
from services.analytics.goals.progress import ProgressAnalysis
from services.analytics.goals.recommendations import Recommendation
from services.analytics.goals.validation import GoalChanges, NewGoal
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    optional_date_pb,
    optional_timestamp,
    parse_uuid,
    request_enum_text,
    timestamp,
)

# -- enums -------------------------------------------------------------------------------


def status_text(value: int) -> str | None:
    return request_enum_text(value, pb.GoalStatus, "GOAL_STATUS_")


def type_text(value: int) -> str | None:
    return request_enum_text(value, pb.GoalType, "GOAL_TYPE_")


def priority_text(value: int) -> str | None:
    return request_enum_text(value, pb.GoalPriority, "GOAL_PRIORITY_")


def _enum(prefix: str, text: str) -> str:
    return prefix + text.upper()


# -- requests ----------------------------------------------------------------------------


def new_goal(request: pb.CreateGoalRequest) -> NewGoal:
    return NewGoal(
        name=request.name,
        goal_type=type_text(request.goal_type),
        target_amount=request.target_amount,
        description=request.description if request.HasField("description") else None,
        start_date=optional_date(request, "start_date"),
        target_date=optional_date(request, "target_date"),
        priority=priority_text(request.priority),
        category_id=(
            parse_uuid(request.category_id, "category_id")
            if request.HasField("category_id")
            else None
        ),
        is_public=request.is_public if request.HasField("is_public") else None,
        is_recurring=request.is_recurring if request.HasField("is_recurring") else None,
        recurrence_pattern=(
            request.recurrence_pattern if request.HasField("recurrence_pattern") else None
        ),
    )


def goal_changes(request: pb.UpdateGoalRequest) -> GoalChanges:
    category = request.category_id if request.HasField("category_id") else None
    return GoalChanges(
        name=request.name if request.HasField("name") else None,
        description=request.description if request.HasField("description") else None,
        goal_type=type_text(request.goal_type),
        target_amount=request.target_amount if request.HasField("target_amount") else None,
        start_date=optional_date(request, "start_date"),
        target_date=optional_date(request, "target_date"),
        priority=priority_text(request.priority),
        category_id=parse_uuid(category, "category_id") if category else None,
        remove_category=category == "",
        is_public=request.is_public if request.HasField("is_public") else None,
        is_recurring=request.is_recurring if request.HasField("is_recurring") else None,
        recurrence_pattern=(
            request.recurrence_pattern if request.HasField("recurrence_pattern") else None
        ),
    )


# -- results -----------------------------------------------------------------------------


def goal_pb(goal: Goal) -> pb.Goal:
    fields = goal.fields
    return pb.Goal(
        id=str(goal.id),
        name=fields.name,
        description=fields.description,
        goal_type=_enum("GOAL_TYPE_", fields.goal_type),  # type: ignore[arg-type]
        target_amount=money_text(fields.target_amount),
        current_amount=money_text(goal.current_amount),
        remaining_amount=money_text(goal.remaining_amount),
        progress_percent=money_text(goal.progress_percent),
        start_date=date_pb(fields.start_date),
        target_date=optional_date_pb(fields.target_date),
        priority=_enum("GOAL_PRIORITY_", fields.priority),  # type: ignore[arg-type]
        category_id=None if fields.category_id is None else str(fields.category_id),
        is_public=fields.is_public,
        is_recurring=fields.is_recurring,
        recurrence_pattern=fields.recurrence_pattern,
        recurrence_description=goal.recurrence_description,
        status=_enum("GOAL_STATUS_", goal.status),  # type: ignore[arg-type]
        achieved_at=optional_timestamp(goal.achieved_at),
        created_at=timestamp(goal.created_at),
        updated_at=timestamp(goal.updated_at),
    )


def contribution_pb(contribution: Contribution) -> pb.GoalContribution:
    return pb.GoalContribution(
        id=str(contribution.id),
        goal_id=str(contribution.goal_id),
        amount=money_text(contribution.amount),
        contribution_date=date_pb(contribution.contribution_date),
        transaction_id=(
            None if contribution.transaction_id is None else str(contribution.transaction_id)
        ),
        description=contribution.description,
        created_at=timestamp(contribution.created_at),
    )


def _optional_money(amount: Decimal | None) -> str | None:
    return None if amount is None else money_text(amount)


def projection_pb(goal: Goal, projection: Projection) -> pb.GoalProjection:
    return pb.GoalProjection(
        goal_id=str(goal.id),
        projected_date=optional_date_pb(projection.projected_date),
        confidence=projection.confidence,
        monthly_rate=_optional_money(projection.monthly_rate),
        history_months=projection.history_months,
        remaining_amount=money_text(projection.remaining_amount),
        target_date=optional_date_pb(projection.target_date),
        on_time=projection.on_time,
        months_from_target=projection.months_from_target,
        reason=projection.reason,
    )


def required_pb(goal: Goal, need: Required) -> pb.GoalRequiredContribution:
    return pb.GoalRequiredContribution(
        goal_id=str(goal.id),
        monthly_amount=_optional_money(need.monthly_amount),
        months_remaining=need.months_remaining,
        remaining_amount=money_text(need.remaining_amount),
        target_date=optional_date_pb(need.target_date),
        overdue=need.overdue,
        average_monthly_contribution=_optional_money(need.average_monthly_contribution),
        difference=_optional_money(need.difference),
        reason=need.reason,
    )


def recommendation_pb(recommendation: Recommendation) -> pb.GoalRecommendation:
    return pb.GoalRecommendation(
        kind=_enum("GOAL_RECOMMENDATION_KIND_", recommendation.kind),  # type: ignore[arg-type]
        message=recommendation.message,
        amount=_optional_money(recommendation.amount),
        date=optional_date_pb(recommendation.day),
    )


def progress_pb(analysed: ProgressAnalysis) -> pb.GoalProgressAnalysis:
    goal = analysed.goal
    return pb.GoalProgressAnalysis(
        goal_id=str(goal.id),
        status=_enum("GOAL_STATUS_", goal.status),  # type: ignore[arg-type]
        target_amount=money_text(goal.target_amount),
        current_amount=money_text(goal.current_amount),
        remaining_amount=money_text(goal.remaining_amount),
        progress_percent=money_text(goal.progress_percent),
        start_date=date_pb(goal.fields.start_date),
        target_date=optional_date_pb(goal.fields.target_date),
        days_elapsed=analysed.days_elapsed,
        days_remaining=analysed.days_remaining,
        overdue=analysed.overdue,
        actual_monthly_pace=_optional_money(analysed.actual_monthly_pace),
        needed_monthly_pace=_optional_money(analysed.needed_monthly_pace),
        on_track=analysed.on_track,
        projection=projection_pb(goal, analysed.projection),
        required_contribution=required_pb(goal, analysed.required),
        recommendations=[recommendation_pb(r) for r in analysed.recommendations],
    )
