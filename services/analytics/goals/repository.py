"""Persistence of goals and their contributions, scoped to the owning user through
db.scoping. A goal asked for by id that belongs to another user is 403, a missing one
404 (records.mine_or_raise).

Writes that read a goal first (progress, status, contributions, edits) take it with
`locked`: the goal's row stays locked until the unit of work ends, so two contributions
at once both count and a status move cannot slip between a read and its write.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, case, func, nulls_last, select
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.analytics.goals import recurrence
from services.analytics.goals.domain import (
    PRIORITY_ORDER,
    STATUS_ORDER,
    Contribution,
    Goal,
    GoalFields,
    NewContribution,
    Status,
)
from services.analytics.goals.tables import GoalContributionRow, GoalRow
from services.analytics.goals.validation import ListQuery
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine
from services.runtime.errors import NotFound
from services.runtime.paging import Page

_PRIORITY_RANK = case(
    {p: rank for rank, p in enumerate(PRIORITY_ORDER)}, value=GoalRow.priority, else_=99
)
_GOAL_ORDER = (
    _PRIORITY_RANK,
    nulls_last(GoalRow.target_date.asc()),
    GoalRow.created_at,
    GoalRow.id,
)
_ACTIVE: tuple[Status, ...] = ("active",)
_NEWEST_FIRST = (
    GoalContributionRow.contribution_date.desc(),
    GoalContributionRow.created_at.desc(),
    GoalContributionRow.id,
)


def _goal(row: GoalRow) -> Goal:
    return Goal(
        id=row.id,
        user_id=row.user_id,
        fields=GoalFields(
            name=row.name,
            description=row.description,
            goal_type=row.goal_type,  # type: ignore[arg-type]
            target_amount=row.target_amount,
            start_date=row.start_date,
            target_date=row.target_date,
            priority=row.priority,  # type: ignore[arg-type]
            category_id=row.category_id,
            is_public=row.is_public,
            is_recurring=row.is_recurring,
            recurrence_pattern=row.recurrence_pattern,
        ),
        current_amount=row.current_amount,
        status=row.status,  # type: ignore[arg-type]
        achieved_at=row.achieved_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
        recurrence_description=recurrence.description(row.recurrence_pattern),
    )


def _contribution(row: GoalContributionRow) -> Contribution:
    return Contribution(
        id=row.id,
        user_id=row.user_id,
        goal_id=row.goal_id,
        amount=row.amount,
        contribution_date=row.contribution_date,
        transaction_id=row.transaction_id,
        description=row.description,
        created_at=row.created_at,
    )


def _write(row: GoalRow, goal: Goal) -> None:
    fields = goal.fields
    row.name = fields.name
    row.description = fields.description
    row.goal_type = fields.goal_type
    row.target_amount = fields.target_amount
    row.start_date = fields.start_date
    row.target_date = fields.target_date
    row.priority = fields.priority
    row.category_id = fields.category_id
    row.is_public = fields.is_public
    row.is_recurring = fields.is_recurring
    row.recurrence_pattern = fields.recurrence_pattern
    row.current_amount = goal.current_amount
    row.status = goal.status
    row.achieved_at = goal.achieved_at
    row.updated_at = goal.updated_at


class GoalRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- goals ---------------------------------------------------------------------------

    def require_mine(self, user_id: uuid.UUID, goal_id: uuid.UUID) -> Goal:
        """The caller's goal; 403 for another user's, 404 for none."""
        return _goal(self._row(user_id, goal_id))

    def locked(self, user_id: uuid.UUID, goal_id: uuid.UUID) -> Goal:
        """The caller's goal (403 / 404 first), its row locked until the unit of work
        ends, read after the lock so that it holds what the previous writer committed.

        The lock is a write (a no-op UPDATE of the row), not SELECT … FOR UPDATE: it
        locks the row on PostgreSQL, and on SQLite — which has no row locks, and where
        pysqlite opens the transaction only at the first write — it takes the database's
        one writer lock before the read."""
        self._row(user_id, goal_id)
        self._session.execute(
            update_owned(GoalRow, user_id, GoalRow.id == goal_id)
            .values(updated_at=GoalRow.updated_at)
            .execution_options(synchronize_session=False)
        )
        row = self._session.scalars(
            select_owned(GoalRow, user_id, GoalRow.id == goal_id).execution_options(
                populate_existing=True
            )
        ).one_or_none()
        if row is None:  # deleted while this waited for the lock
            raise NotFound("goal not found")
        return _goal(row)

    def add(self, goal: Goal) -> Goal:
        row = GoalRow(id=goal.id, user_id=goal.user_id, created_at=goal.created_at)
        _write(row, goal)
        self._session.add(row)
        self._session.flush()
        return _goal(row)

    def save(self, goal: Goal) -> Goal:
        """Write the goal's fields and state (its id and owner stay)."""
        row = self._row(goal.user_id, goal.id)
        _write(row, goal)
        self._session.flush()
        return _goal(row)

    def page(self, user_id: uuid.UUID, query: ListQuery) -> Page[Goal]:
        conditions: list[ColumnElement[bool]] = []
        if query.status is not None:
            conditions.append(GoalRow.status == query.status)
        if query.goal_type is not None:
            conditions.append(GoalRow.goal_type == query.goal_type)
        if query.priority is not None:
            conditions.append(GoalRow.priority == query.priority)
        page = owned_page(
            self._session,
            GoalRow,
            user_id,
            conditions,
            order=_GOAL_ORDER,
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items([_goal(r) for r in page.items])

    def active(self, user_id: uuid.UUID) -> list[Goal]:
        return self.with_statuses(user_id, _ACTIVE)

    def with_statuses(self, user_id: uuid.UUID, statuses: Collection[Status]) -> list[Goal]:
        """Every goal of the caller in one of `statuses`, in the list's order."""
        rows = self._session.scalars(
            select_owned(GoalRow, user_id, GoalRow.status.in_(statuses)).order_by(*_GOAL_ORDER)
        )
        return [_goal(r) for r in rows]

    def status_counts(self, user_id: uuid.UUID) -> dict[Status, int]:
        """How many goals the caller has per status (every status, 0 when none)."""
        statement = scoped(
            select(GoalRow.status, func.count())
            .where(owner_is(GoalRow, user_id))
            .group_by(GoalRow.status)
        )
        counts: dict[Status, int] = dict.fromkeys(STATUS_ORDER, 0)
        for status, count in self._session.execute(statement):
            counts[status] = count
        return counts

    def delete(self, user_id: uuid.UUID, goal_id: uuid.UUID) -> None:
        """Delete the goal and its contributions (explicitly: SQLite enforces the
        cascade only with foreign keys on, and a statement says what it does)."""
        self._session.execute(
            delete_owned(GoalContributionRow, user_id, GoalContributionRow.goal_id == goal_id)
        )
        self._session.execute(delete_owned(GoalRow, user_id, GoalRow.id == goal_id))

    # -- contributions -------------------------------------------------------------------

    def add_contribution(self, goal: Goal, new: NewContribution, now: datetime) -> Contribution:
        row = GoalContributionRow(
            id=uuid.uuid4(),
            user_id=goal.user_id,
            goal_id=goal.id,
            amount=new.amount,
            contribution_date=new.contribution_date,
            transaction_id=new.transaction_id,
            description=new.description,
            created_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _contribution(row)

    def contribution(
        self, user_id: uuid.UUID, goal_id: uuid.UUID, contribution_id: uuid.UUID
    ) -> Contribution:
        """One contribution of the caller's goal (404 when the goal has none by that
        id)."""
        row = find_mine(
            self._session, GoalContributionRow, user_id, contribution_id, "contribution"
        )
        if row.goal_id != goal_id:
            raise NotFound("contribution not found")
        return _contribution(row)

    def contributions(
        self, user_id: uuid.UUID, goal_id: uuid.UUID, limit: int, offset: int
    ) -> Page[Contribution]:
        page = owned_page(
            self._session,
            GoalContributionRow,
            user_id,
            [GoalContributionRow.goal_id == goal_id],
            order=_NEWEST_FIRST,
            limit=limit,
            offset=offset,
        )
        return page.with_items([_contribution(r) for r in page.items])

    def history(self, user_id: uuid.UUID, goal_id: uuid.UUID) -> list[tuple[date, Decimal]]:
        """(day, amount) of each of the goal's contributions: what the analysis reads."""
        c = GoalContributionRow
        statement = scoped(
            select(c.contribution_date, c.amount).where(owner_is(c, user_id), c.goal_id == goal_id)
        )
        return [(day, amount) for day, amount in self._session.execute(statement)]

    def backs_a_contribution(
        self, user_id: uuid.UUID, goal_id: uuid.UUID, transaction_id: uuid.UUID
    ) -> bool:
        c = GoalContributionRow
        found = self._session.scalar(
            scoped(
                select(c.id).where(
                    owner_is(c, user_id), c.goal_id == goal_id, c.transaction_id == transaction_id
                )
            ).limit(1)
        )
        return found is not None

    def _row(self, user_id: uuid.UUID, goal_id: uuid.UUID) -> GoalRow:
        return find_mine(self._session, GoalRow, user_id, goal_id, "goal")
