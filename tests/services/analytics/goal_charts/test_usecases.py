"""The goal charts on a real database (SQLite and PostgreSQL), read through the goals
capability's use cases: milestones from stored contributions, the summary's goals,
order and counts, the contribution months, the projection the analysis answers, and
isolation."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest

from services.analytics.goal_charts import usecases
from services.analytics.goals import usecases as goals
from services.analytics.goals.validation import ListQuery
from services.runtime.errors import DomainError, InvalidArgument, NotFound, PermissionDenied
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goal_charts.support import contribute
from tests.services.analytics.goals.support import clock, stored_goal

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
D = Decimal


def test_visualization_of_stored_contributions(uow: UowFactory) -> None:
    goal = contribute(
        uow,
        stored_goal(uow, ALICE),
        (date(2026, 9, 1), "2000.00"),
        (date(2026, 10, 1), "1000.00"),
        (date(2026, 11, 1), "3000.00"),
    )
    drawn = usecases.visualization(uow(), ALICE, goal.id, clock)
    assert drawn.goal == goals.get_goal(uow(), ALICE, goal.id)
    assert drawn.chart.datasets[0].data == (D("6000.00"), D("4000.00"))
    assert [(m.reached, m.reached_on) for m in drawn.milestones] == [
        (True, date(2026, 10, 1)), (True, date(2026, 11, 1)), (False, None), (False, None)
    ]  # fmt: skip
    # 6,000.00 over Sep-Nov: 2,000.00 a month.
    completion = goals.projected_completion(uow(), ALICE, goal.id, clock)[1].projected_date
    assert [m.projected_on for m in drawn.milestones[2:]] == [date(2026, 12, 1), completion]
    assert completion == date(2027, 1, 1)


def test_milestones_reached_by_a_progress_update_have_no_day(uow: UowFactory) -> None:
    goal = stored_goal(uow, ALICE)
    goals.update_progress(uow(), ALICE, goal.id, "5000", clock)
    drawn = usecases.visualization(uow(), ALICE, goal.id, clock)
    assert [(m.reached, m.reached_on) for m in drawn.milestones[:2]] == [(True, None)] * 2


def test_summary_draws_open_goals_in_the_list_s_order_and_counts_all(uow: UowFactory) -> None:
    low = stored_goal(uow, ALICE, name="Low", priority="low", target_amount="1000")
    high = stored_goal(uow, ALICE, name="High", priority="high", target_amount="2000")
    paused = stored_goal(uow, ALICE, name="Paused", target_amount="3000")
    goals.update_status(uow(), ALICE, paused.id, "on_hold", clock)
    done = stored_goal(uow, ALICE, name="Done", target_amount="500")
    contribute(uow, done, (date(2026, 11, 1), "500.00"))
    dropped = stored_goal(uow, ALICE, name="Dropped")
    goals.update_status(uow(), ALICE, dropped.id, "cancelled", clock)
    contribute(uow, high, (date(2026, 11, 1), "500.00"))
    goals.update_progress(uow(), ALICE, low.id, "250", clock)
    stored_goal(uow, BOB, name="Bob's")

    drawn = usecases.summary(uow(), ALICE)
    assert drawn.chart.labels == ("High", "Paused", "Low")
    listed = goals.list_goals(uow(), ALICE, ListQuery(100, 0))
    assert [g.id for g in drawn.goals] == [
        g.id for g in listed.items if g.status in ("active", "on_hold")
    ]
    assert dict(drawn.counts) == {"active": 2, "on_hold": 1, "achieved": 1, "cancelled": 1}
    assert [d.data for d in drawn.chart.datasets] == [
        (D("500.00"), D("0.00"), D("250.00")),
        (D("1500.00"), D("3000.00"), D("750.00")),
    ]
    assert (drawn.total_target, drawn.total_saved, drawn.overall_percent) == (
        D("6000.00"), D("750.00"), D("12.50")
    )  # fmt: skip


def test_summary_of_a_user_without_goals(uow: UowFactory) -> None:
    drawn = usecases.summary(uow(), ALICE)
    assert (drawn.chart.labels, drawn.goals) == ((), ())
    assert set(drawn.counts.values()) == {0}
    assert drawn.overall_percent == D("0.00")


def test_contributions_chart(uow: UowFactory) -> None:
    goal = contribute(
        uow,
        stored_goal(uow, ALICE),
        (date(2025, 6, 1), "100.00"),
        (date(2026, 10, 3), "40.00"),
        (date(2026, 10, 20), "60.00"),
    )
    drawn = usecases.contributions_chart(uow(), ALICE, goal.id, None, clock)
    assert drawn.chart.labels[0] == "2025-12" and len(drawn.chart.labels) == 12
    bars, line = drawn.chart.datasets
    assert bars.data[-2:] == (D("100.00"), D("0.00"))
    assert line.data[0] == D("100.00") and line.data[-1] == D("200.00")
    assert (drawn.total, drawn.monthly_average) == (D("100.00"), D("8.33"))
    two = usecases.contributions_chart(uow(), ALICE, goal.id, 2, clock)
    assert two.chart.labels == ("2026-10", "2026-11")
    assert (two.total, two.monthly_average) == (D("100.00"), D("50.00"))


def test_months_out_of_range_is_refused_before_reading(uow: UowFactory) -> None:
    for months in (0, 121):
        with pytest.raises(InvalidArgument) as refused:
            usecases.contributions_chart(uow(), ALICE, uuid.uuid4(), months, clock)
        assert [v.field for v in refused.value.violations] == ["months"]


def test_projection_chart_draws_what_the_analysis_answers(uow: UowFactory) -> None:
    goal = contribute(
        uow,
        stored_goal(uow, ALICE),
        (date(2026, 8, 1), "500.00"),
        (date(2026, 9, 1), "500.00"),
        (date(2026, 10, 1), "500.00"),
    )
    drawn = usecases.projection_chart(uow(), ALICE, goal.id, clock)
    assert (goal, drawn.projection) == goals.projected_completion(uow(), ALICE, goal.id, clock)
    assert (goal, drawn.required) == goals.required_contribution(uow(), ALICE, goal.id, clock)
    # 8,500.00 at 500.00 a month: 17 month starts, Apr 2028.
    assert drawn.chart.labels[-1] == "2028-04"
    assert [d.label for d in drawn.chart.datasets] == ["Projected", "Required", "Target"]


@pytest.mark.parametrize(("user", "error"), [(BOB, PermissionDenied), (ALICE, NotFound)])
def test_another_user_s_goal_is_403_and_a_missing_one_404(
    uow: UowFactory, user: uuid.UUID, error: type[DomainError]
) -> None:
    goal_id = stored_goal(uow, ALICE).id if error is PermissionDenied else uuid.uuid4()
    calls = (
        lambda: usecases.visualization(uow(), user, goal_id, clock),
        lambda: usecases.contributions_chart(uow(), user, goal_id, None, clock),
        lambda: usecases.projection_chart(uow(), user, goal_id, clock),
    )
    for call in calls:
        with pytest.raises(error):
            call()
    assert usecases.summary(uow(), BOB).goals == ()
