"""Goal chart operations, one function per chart: each reads the goals capability
through its use cases (one unit of work) and draws with the pure modules. `today` is the
clock's UTC day, as for every goal analysis."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from services.analytics.goal_charts import milestones, progress, projection, timeline
from services.analytics.goal_charts.progress import GoalsSummary, Visualization
from services.analytics.goal_charts.projection import ProjectionChart
from services.analytics.goal_charts.timeline import ContributionTimeline
from services.analytics.goals import usecases as goals
from services.runtime.clock import Clock
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def visualization(uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock) -> Visualization:
    today = clock().date()
    record = goals.goal_record(uow, user_id, goal_id, today)
    goal = record.goal
    found = milestones.milestones(goal, record.contributions, record.history, today)
    return Visualization(goal, progress.doughnut(goal), found)


def summary(uow: Uow, user_id: uuid.UUID) -> GoalsSummary:
    overview = goals.goals_overview(uow, user_id, progress.DRAWN)
    return progress.summary(overview.goals, overview.counts)


def contributions_chart(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, months: int | None, clock: Clock
) -> ContributionTimeline:
    """`months` as sent (None: the default); 400 naming it out of 1-120."""
    count = timeline.checked_months(months)
    today = clock().date()
    record = goals.goal_record(uow, user_id, goal_id, today)
    return timeline.contribution_timeline(record.goal, record.contributions, count, today)


def projection_chart(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock
) -> ProjectionChart:
    today = clock().date()
    record = goals.goal_record(uow, user_id, goal_id, today)
    return projection.projection_chart(record.goal, record.history, today)
