"""Goal operations, one function per operation, each in one unit of work.

`today` is the clock's UTC day: the default start and contribution dates, the calendar
checks and every analysis are as of it.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.goals import analysis, domain, progress, validation
from services.analytics.goals.analysis import Projection, Required
from services.analytics.goals.domain import Contribution, Goal, GoalFields, NewContribution, Status
from services.analytics.goals.progress import ProgressAnalysis
from services.analytics.goals.validation import GoalChanges, ListQuery, NewGoal
from services.analytics.references import require_own
from services.runtime.clock import Clock
from services.runtime.errors import Unprocessable
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def create_goal(uow: Uow, user_id: uuid.UUID, new: NewGoal, clock: Clock) -> Goal:
    now = clock()
    fields = validation.validate_new(new, now.date())
    with uow:
        _require_category(uow.repos, user_id, fields)
        return uow.repos.goals.add(domain.new_goal(user_id, fields, now))


def list_goals(uow: Uow, user_id: uuid.UUID, query: ListQuery) -> Page[Goal]:
    with uow:
        return uow.repos.goals.page(user_id, query)


def active_goals(uow: Uow, user_id: uuid.UUID) -> list[Goal]:
    with uow:
        return uow.repos.goals.active(user_id)


def get_goal(uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID) -> Goal:
    with uow:
        return uow.repos.goals.require_mine(user_id, goal_id)


def update_goal(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, changes: GoalChanges, clock: Clock
) -> Goal:
    """Change what was sent (409 on a final goal); a target lowered to the current
    amount or below achieves the goal."""
    now = clock()
    with uow:
        goals = uow.repos.goals
        goal = goals.locked(user_id, goal_id)
        domain.require_open(goal)
        fields = validation.validate_changes(goal, changes, now.date())
        if changes.category_id is not None and not changes.remove_category:
            _require_category(uow.repos, user_id, fields)
        return goals.save(domain.edited(goal, fields, now))


def update_progress(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, amount: str, clock: Clock
) -> Goal:
    value = validation.validate_progress(amount)
    now = clock()
    with uow:
        goals = uow.repos.goals
        return goals.save(domain.with_progress(goals.locked(user_id, goal_id), value, now))


def update_status(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, status: Status, clock: Clock
) -> Goal:
    """Move the goal (409 for a move GAPS does not list); the status it already has
    answers it unchanged."""
    now = clock()
    with uow:
        goals = uow.repos.goals
        goal = goals.locked(user_id, goal_id)
        moved = domain.moved(goal, status, now)
        return goal if moved is None else goals.save(moved)


@dataclass(frozen=True, slots=True)
class Contributed:
    contribution: Contribution
    goal: Goal


def add_contribution(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, new: NewContribution, clock: Clock
) -> Contributed:
    """Record the contribution and add it to the goal's current amount (409 on a final
    goal; reaching the target achieves it). The goal's row is locked first, so
    contributions made at the same time all count."""
    now = clock()
    with uow:
        repos = uow.repos
        goal = repos.goals.locked(user_id, goal_id)
        domain.require_open(goal)
        if new.transaction_id is not None:
            _require_transaction(repos, user_id, goal_id, new.transaction_id)
        added = repos.goals.add_contribution(goal, new, now)
        return Contributed(added, repos.goals.save(domain.contributed(goal, new.amount, now)))


def list_contributions(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, limit: int, offset: int
) -> Page[Contribution]:
    with uow:
        uow.repos.goals.require_mine(user_id, goal_id)
        return uow.repos.goals.contributions(user_id, goal_id, limit, offset)


def get_contribution(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, contribution_id: uuid.UUID
) -> Contribution:
    with uow:
        uow.repos.goals.require_mine(user_id, goal_id)
        return uow.repos.goals.contribution(user_id, goal_id, contribution_id)


def delete_goal(uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID) -> None:
    with uow:
        uow.repos.goals.require_mine(user_id, goal_id)
        uow.repos.goals.delete(user_id, goal_id)


# -- analysis ------------------------------------------------------------------------------


def progress_analysis(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock
) -> ProgressAnalysis:
    today = clock().date()
    goal, history = _with_history(uow, user_id, goal_id, clock)
    return progress.analyse(goal, history, today)


def projected_completion(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock
) -> tuple[Goal, Projection]:
    goal, history = _with_history(uow, user_id, goal_id, clock)
    return goal, analysis.project(goal, history, clock().date())


def required_contribution(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock
) -> tuple[Goal, Required]:
    goal, history = _with_history(uow, user_id, goal_id, clock)
    return goal, analysis.required(goal, history, clock().date())


@dataclass(frozen=True, slots=True)
class GoalRecord:
    """A goal with every contribution to it and the history its analysis reads."""

    goal: Goal
    # (day, amount) of each contribution, in no particular order.
    contributions: tuple[tuple[date, Decimal], ...]
    history: analysis.History


def goal_record(uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, today: date) -> GoalRecord:
    """The caller's goal (403 / 404) and its contributions, read in one unit of work, with
    their history as of `today` (what the goal charts draw)."""
    with uow:
        goal = uow.repos.goals.require_mine(user_id, goal_id)
        contributions = tuple(uow.repos.goals.history(user_id, goal_id))
    return GoalRecord(goal, contributions, analysis.monthly_history(contributions, today))


@dataclass(frozen=True, slots=True)
class GoalsOverview:
    # The goals in the statuses asked for, in the list's order.
    goals: list[Goal]
    # How many goals there are per status, all of them counted.
    counts: dict[Status, int]


def goals_overview(uow: Uow, user_id: uuid.UUID, statuses: Collection[Status]) -> GoalsOverview:
    """The caller's goals in `statuses` and the count of all their goals per status, read
    in one unit of work (the goals summary chart)."""
    with uow:
        goals = uow.repos.goals
        return GoalsOverview(goals.with_statuses(user_id, statuses), goals.status_counts(user_id))


def _with_history(
    uow: Uow, user_id: uuid.UUID, goal_id: uuid.UUID, clock: Clock
) -> tuple[Goal, analysis.History]:
    record = goal_record(uow, user_id, goal_id, clock().date())
    return record.goal, record.history


# -- references to other records -------------------------------------------------------------


def _require_category(repos: AnalyticsRepositories, user_id: uuid.UUID, fields: GoalFields) -> None:
    """A goal may name only one of the caller's categories (422 naming categoryId)."""
    category_id = fields.category_id
    if category_id is not None:
        require_own(
            lambda: repos.categories.require_mine(user_id, category_id),
            "category_id",
            "categories",
        )


def _require_transaction(
    repos: AnalyticsRepositories, user_id: uuid.UUID, goal_id: uuid.UUID, transaction_id: uuid.UUID
) -> None:
    """One of the caller's transactions (422 otherwise, as for categories), not already
    behind a contribution of this goal (counted twice otherwise)."""
    require_own(
        lambda: repos.transactions.get(user_id, transaction_id), "transaction_id", "transactions"
    )
    if repos.goals.backs_a_contribution(user_id, goal_id, transaction_id):
        raise Unprocessable.for_field(
            "transaction_id", "is already recorded as a contribution to this goal"
        )
