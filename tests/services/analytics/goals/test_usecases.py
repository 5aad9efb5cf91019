"""Goal operations on a real database (SQLite and PostgreSQL): creating with references
to the caller's records, lists, edits, progress, status moves, contributions (two at
once both count), the analysis of a stored history, deletion and isolation."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest

from services.analytics.categories import usecases as categories
from services.analytics.categories.domain import NewCategory
from services.analytics.goals import domain, usecases
from services.analytics.goals.domain import Goal, NewContribution
from services.analytics.goals.validation import GoalChanges, ListQuery
from services.analytics.repositories import AnalyticsRepositories
from services.analytics.transactions import usecases as transactions
from services.analytics.transactions.domain import ManualDraft
from services.runtime.errors import (
    DomainError,
    FailedPrecondition,
    NotFound,
    PermissionDenied,
    Unprocessable,
)
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goals.support import NOW, TODAY, clock, stored_goal
from tests.services.analytics.races import both_writes_succeed

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
D = Decimal


def _create(uow: UowFactory, user: uuid.UUID = ALICE, **fields: Any) -> Goal:
    return stored_goal(uow, user, **fields)


def _contribute(
    uow: UowFactory, goal: Goal, amount: str, day: date = TODAY, **more: Any
) -> usecases.Contributed:
    new = NewContribution(D(amount), day, more.get("transaction_id"), more.get("description"))
    return usecases.add_contribution(uow(), goal.user_id, goal.id, new, clock)


def _category(uow: UowFactory, user: uuid.UUID, name: str = "Savings") -> uuid.UUID:
    return categories.create_category(uow(), user, NewCategory(name=name), clock).id


def _transaction(uow: UowFactory, user: uuid.UUID) -> uuid.UUID:
    draft = ManualDraft(booked_at=NOW, description="Transfer to savings", amount="-250.00")
    return transactions.create_transaction(uow(), user, draft, clock).id


def _refused(error: type[DomainError], call: Any) -> DomainError:
    with pytest.raises(error) as caught:
        call()
    return caught.value


# -- create, get, list -------------------------------------------------------------------


def test_create_and_get(uow: UowFactory) -> None:
    category = _category(uow, ALICE)
    goal = _create(uow, category_id=category, recurrence_pattern="FREQ=MONTHLY;BYMONTHDAY=1")
    assert (goal.status, goal.current_amount, goal.created_at, goal.updated_at) == (
        "active", D("0.00"), NOW, NOW
    )  # fmt: skip
    assert goal.fields.category_id == category
    assert goal.fields.is_recurring and goal.recurrence_description
    assert usecases.get_goal(uow(), ALICE, goal.id) == goal


def test_a_goal_names_only_the_caller_s_category(uow: UowFactory) -> None:
    for category in (_category(uow, BOB), uuid.uuid4()):
        error = _refused(Unprocessable, lambda c=category: _create(uow, category_id=c))
        assert [(v.field, v.description) for v in error.violations] == [
            ("category_id", "is not one of your categories")
        ]
    assert usecases.list_goals(uow(), ALICE, ListQuery(100, 0)).total == 0


def test_another_user_s_goal_is_403_and_a_missing_one_404(uow: UowFactory) -> None:
    goal = _create(uow)
    calls = (
        lambda: usecases.get_goal(uow(), BOB, goal.id),
        lambda: usecases.update_goal(uow(), BOB, goal.id, GoalChanges(name="x"), clock),
        lambda: usecases.update_progress(uow(), BOB, goal.id, "1", clock),
        lambda: usecases.update_status(uow(), BOB, goal.id, "on_hold", clock),
        lambda: usecases.add_contribution(
            uow(), BOB, goal.id, NewContribution(D(1), TODAY, None, None), clock
        ),
        lambda: usecases.list_contributions(uow(), BOB, goal.id, 20, 0),
        lambda: usecases.progress_analysis(uow(), BOB, goal.id, clock),
        lambda: usecases.projected_completion(uow(), BOB, goal.id, clock),
        lambda: usecases.required_contribution(uow(), BOB, goal.id, clock),
        lambda: usecases.delete_goal(uow(), BOB, goal.id),
    )
    for call in calls:
        _refused(PermissionDenied, call)
    _refused(NotFound, lambda: usecases.get_goal(uow(), ALICE, uuid.uuid4()))
    # Nothing changed.
    assert usecases.get_goal(uow(), ALICE, goal.id) == goal


def test_lists_filter_order_and_page(uow: UowFactory) -> None:
    low = _create(uow, name="Low", priority="low", target_date=(2026, 12, 1))
    later = _create(uow, name="High later", priority="high", target_date=(2028, 1, 1))
    sooner = _create(uow, name="High sooner", priority="high", target_date=(2027, 1, 1))
    open_ended = _create(uow, name="High open", priority="high", target_date=None)
    medium = _create(uow, name="Medium", goal_type="savings")
    _create(uow, BOB, name="Bob's")
    usecases.update_status(uow(), ALICE, medium.id, "on_hold", clock)

    def names(**query: Any) -> list[str]:
        page = usecases.list_goals(uow(), ALICE, ListQuery(**{"limit": 100, "offset": 0, **query}))
        return [g.fields.name for g in page.items]

    assert names() == ["High sooner", "High later", "High open", "Medium", "Low"]
    assert names(status="on_hold") == ["Medium"]
    assert names(goal_type="savings") == ["Medium"]
    assert names(priority="high", status="active") == ["High sooner", "High later", "High open"]
    page = usecases.list_goals(uow(), ALICE, ListQuery(limit=2, offset=2))
    assert [g.id for g in page.items] == [open_ended.id, medium.id]
    assert (page.total, page.has_more) == (5, True)
    assert [g.id for g in usecases.active_goals(uow(), ALICE)] == [
        sooner.id, later.id, open_ended.id, low.id
    ]  # fmt: skip
    assert [g.fields.name for g in usecases.active_goals(uow(), BOB)] == ["Bob's"]


# -- edits, progress, status -------------------------------------------------------------


def test_update_changes_only_what_was_sent(uow: UowFactory) -> None:
    goal = _create(uow, description="Red", category_id=_category(uow, ALICE))
    changed = usecases.update_goal(
        uow(), ALICE, goal.id, GoalChanges(name="Blue car", remove_category=True), clock
    )
    assert (changed.fields.name, changed.fields.description) == ("Blue car", "Red")
    assert changed.fields.category_id is None
    assert changed.fields.target_amount == goal.fields.target_amount
    assert usecases.get_goal(uow(), ALICE, goal.id) == changed
    other = _category(uow, BOB)
    error = _refused(
        Unprocessable,
        lambda: usecases.update_goal(uow(), ALICE, goal.id, GoalChanges(category_id=other), clock),
    )
    assert error.violations[0].field == "category_id"


def test_a_target_lowered_to_the_current_amount_achieves(uow: UowFactory) -> None:
    goal = _create(uow)
    usecases.update_progress(uow(), ALICE, goal.id, "2500", clock)
    lowered = usecases.update_goal(
        uow(), ALICE, goal.id, GoalChanges(target_amount="2500.00"), clock
    )
    assert (lowered.status, lowered.achieved_at, lowered.remaining_amount) == (
        "achieved", NOW, D("0.00")
    )  # fmt: skip


def test_progress_sets_the_current_amount_and_reaching_the_target_achieves(
    uow: UowFactory,
) -> None:
    goal = _create(uow)
    assert usecases.update_progress(uow(), ALICE, goal.id, "4000", clock).current_amount == D(
        "4000.00"
    )
    lower = usecases.update_progress(uow(), ALICE, goal.id, "3000.50", clock)
    assert (lower.current_amount, lower.status) == (D("3000.50"), "active")
    reached = usecases.update_progress(uow(), ALICE, goal.id, "10000.01", clock)
    assert (reached.status, reached.achieved_at) == ("achieved", NOW)
    assert usecases.get_goal(uow(), ALICE, goal.id) == reached


def test_a_final_goal_refuses_every_change(uow: UowFactory) -> None:
    goal = _create(uow)
    usecases.update_status(uow(), ALICE, goal.id, "cancelled", clock)
    calls = (
        lambda: usecases.update_goal(uow(), ALICE, goal.id, GoalChanges(name="x"), clock),
        lambda: usecases.update_progress(uow(), ALICE, goal.id, "1", clock),
        lambda: usecases.update_status(uow(), ALICE, goal.id, "active", clock),
        lambda: _contribute(uow, goal, "1"),
    )
    for call in calls:
        assert _refused(FailedPrecondition, call).reason == "INVALID_TRANSITION"
    assert usecases.list_contributions(uow(), ALICE, goal.id, 20, 0).total == 0
    assert usecases.get_goal(uow(), ALICE, goal.id).status == "cancelled"


def test_status_moves_and_the_same_status_again(uow: UowFactory) -> None:
    goal = _create(uow)
    later = datetime(2026, 11, 16, tzinfo=UTC)
    paused = usecases.update_status(uow(), ALICE, goal.id, "on_hold", lambda: later)
    assert (paused.status, paused.updated_at) == ("on_hold", later)
    again = usecases.update_status(uow(), ALICE, goal.id, "on_hold", clock)
    assert again == paused  # unchanged, not even its time
    active = usecases.update_status(uow(), ALICE, goal.id, "active", clock)
    done = usecases.update_status(uow(), ALICE, goal.id, "achieved", clock)
    assert (active.status, done.status, done.achieved_at, done.current_amount) == (
        "active", "achieved", NOW, D("0.00")
    )  # fmt: skip
    error = _refused(
        FailedPrecondition, lambda: usecases.update_status(uow(), ALICE, goal.id, "on_hold", clock)
    )
    assert "from achieved to on_hold" in error.message


# -- contributions -----------------------------------------------------------------------


def test_contributions_add_up_list_newest_first_and_achieve(uow: UowFactory) -> None:
    goal = _create(uow, target_amount="1000")
    first = _contribute(uow, goal, "300", date(2026, 9, 1), description="September")
    assert first.goal.current_amount == D("300.00")
    assert (first.contribution.amount, first.contribution.description) == (D("300.00"), "September")
    _contribute(uow, goal, "300", date(2026, 11, 1))
    third = _contribute(uow, goal, "300", date(2026, 10, 1))
    assert (third.goal.current_amount, third.goal.status) == (D("900.00"), "active")
    page = usecases.list_contributions(uow(), ALICE, goal.id, 2, 0)
    assert [c.contribution_date for c in page.items] == [date(2026, 11, 1), date(2026, 10, 1)]
    assert (page.total, page.has_more) == (3, True)
    last = usecases.list_contributions(uow(), ALICE, goal.id, 2, 2)
    assert [c.id for c in last.items] == [first.contribution.id]
    got = usecases.get_contribution(uow(), ALICE, goal.id, first.contribution.id)
    assert got == first.contribution
    reached = _contribute(uow, goal, "150")
    assert (reached.goal.current_amount, reached.goal.status, reached.goal.achieved_at) == (
        D("1050.00"), "achieved", NOW
    )  # fmt: skip


def test_a_contribution_is_found_only_under_its_own_goal(uow: UowFactory) -> None:
    goal, other = _create(uow), _create(uow, name="Other")
    made = _contribute(uow, goal, "10").contribution
    _refused(NotFound, lambda: usecases.get_contribution(uow(), ALICE, other.id, made.id))
    _refused(NotFound, lambda: usecases.get_contribution(uow(), ALICE, goal.id, uuid.uuid4()))
    _refused(PermissionDenied, lambda: usecases.get_contribution(uow(), BOB, goal.id, made.id))


def test_a_contribution_names_only_the_caller_s_transactions_once(uow: UowFactory) -> None:
    goal = _create(uow)
    mine = _transaction(uow, ALICE)
    made = _contribute(uow, goal, "250", transaction_id=mine)
    assert made.contribution.transaction_id == mine
    twice = _refused(Unprocessable, lambda: _contribute(uow, goal, "250", transaction_id=mine))
    assert [(v.field, v.description) for v in twice.violations] == [
        ("transaction_id", "is already recorded as a contribution to this goal")
    ]
    # Another goal may count it too.
    assert _contribute(uow, _create(uow, name="Other"), "250", transaction_id=mine)
    for other in (_transaction(uow, BOB), uuid.uuid4()):
        error = _refused(
            Unprocessable, lambda t=other: _contribute(uow, goal, "1", transaction_id=t)
        )
        assert [(v.field, v.description) for v in error.violations] == [
            ("transaction_id", "is not one of your transactions")
        ]
    assert usecases.get_goal(uow(), ALICE, goal.id).current_amount == D("250.00")


def test_two_contributions_at_once_both_count(uow: UowFactory) -> None:
    goal = _create(uow)

    def contribute(repos: AnalyticsRepositories) -> None:
        locked = repos.goals.locked(ALICE, goal.id)
        new = NewContribution(D("100.00"), TODAY, None, None)
        repos.goals.add_contribution(locked, new, NOW)
        repos.goals.save(domain.contributed(locked, new.amount, NOW))

    both_writes_succeed(uow, contribute)
    assert usecases.get_goal(uow(), ALICE, goal.id).current_amount == D("200.00")
    assert usecases.list_contributions(uow(), ALICE, goal.id, 20, 0).total == 2


# -- analysis, deletion ------------------------------------------------------------------


def test_the_analysis_reads_the_stored_history(uow: UowFactory) -> None:
    goal = _create(uow)
    usecases.update_progress(uow(), ALICE, goal.id, "7050", clock)
    for month in range(6, 12):
        _contribute(uow, goal, "200", date(2026, month, 1))
    analysed = usecases.progress_analysis(uow(), ALICE, goal.id, clock)
    assert analysed.goal.current_amount == D("8250.00")
    assert (analysed.actual_monthly_pace, analysed.needed_monthly_pace) == (D(200), D(250))
    assert analysed.projection.projected_date == date(2027, 8, 1)
    assert analysed.projection.confidence == 1.0
    assert [r.kind for r in analysed.recommendations] == [
        "increase_contribution", "projected_late"
    ]  # fmt: skip
    _, projection = usecases.projected_completion(uow(), ALICE, goal.id, clock)
    _, need = usecases.required_contribution(uow(), ALICE, goal.id, clock)
    assert projection == analysed.projection and need == analysed.required


def test_delete_removes_the_goal_and_its_contributions(uow: UowFactory) -> None:
    goal, kept = _create(uow), _create(uow, name="Kept")
    made = _contribute(uow, goal, "10").contribution
    _contribute(uow, kept, "10")
    usecases.delete_goal(uow(), ALICE, goal.id)
    _refused(NotFound, lambda: usecases.get_goal(uow(), ALICE, goal.id))
    _refused(NotFound, lambda: usecases.delete_goal(uow(), ALICE, goal.id))
    with uow() as unit:
        assert unit.repos.goals.history(ALICE, goal.id) == []
        _refused(NotFound, lambda: unit.repos.goals.contribution(ALICE, goal.id, made.id))
    assert usecases.list_contributions(uow(), ALICE, kept.id, 20, 0).total == 1


def test_deleting_its_category_keeps_the_goal_without_one(uow: UowFactory) -> None:
    category = _category(uow, ALICE)
    goal = _create(uow, category_id=category)
    categories.delete_category(uow(), ALICE, category, clock)
    assert usecases.get_goal(uow(), ALICE, goal.id).fields.category_id is None
