"""GoalService through the real runtime server (every interceptor), serving only the
goals capability: every RPC as a gRPC client sees it, the status codes and reasons of
refusals, and bad input a direct caller (no edge) can send."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from functools import partial
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import goals_pb2 as pb
from finplat.analytics.v1 import goals_pb2_grpc
from google.type import date_pb2

from services.analytics.goals import CAPABILITY
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goals.support import clock
from tests.services.analytics.serving import as_user, refusal, registered, serving

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
Stub = goals_pb2_grpc.GoalServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _day(year: int, month: int, day: int) -> date_pb2.Date:
    return date_pb2.Date(year=year, month=month, day=day)


def _call(stub: Stub, rpc: str, request: Any, user: uuid.UUID = ALICE) -> Any:
    return getattr(stub, rpc)(request, metadata=as_user(user))


def _create(stub: Stub, user: uuid.UUID = ALICE, **fields: Any) -> pb.Goal:
    base: dict[str, Any] = {
        "name": "New car",
        "goal_type": pb.GOAL_TYPE_PURCHASE,
        "target_amount": "10000",
        "start_date": _day(2026, 1, 1),
        "target_date": _day(2027, 6, 30),
    }
    reply = _call(stub, "CreateGoal", pb.CreateGoalRequest(**{**base, **fields}), user)
    goal: pb.Goal = reply.goal
    return goal


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.GoalService",)


def test_create_and_get(stub: Stub) -> None:
    goal = _create(stub, description="Red", recurrence_pattern="freq=monthly;bymonthday=1")
    assert (goal.name, goal.description, goal.goal_type) == (
        "New car",
        "Red",
        pb.GOAL_TYPE_PURCHASE,
    )
    assert (goal.target_amount, goal.current_amount, goal.remaining_amount) == (
        "10000.00", "0.00", "10000.00"
    )  # fmt: skip
    assert goal.progress_percent == "0.00"
    assert (goal.status, goal.priority) == (pb.GOAL_STATUS_ACTIVE, pb.GOAL_PRIORITY_MEDIUM)
    assert (goal.is_recurring, goal.recurrence_pattern) == (True, "FREQ=MONTHLY;BYMONTHDAY=1")
    assert goal.recurrence_description == "Monthly on the 1st"
    assert goal.target_date == _day(2027, 6, 30)
    assert not goal.HasField("achieved_at") and not goal.HasField("category_id")
    got = _call(stub, "GetGoal", pb.GetGoalRequest(id=goal.id)).goal
    assert got == goal


def test_open_ended_goal_without_optional_fields(stub: Stub) -> None:
    request = pb.CreateGoalRequest(
        name="Rainy day", goal_type=pb.GOAL_TYPE_EMERGENCY_FUND, target_amount="3000"
    )
    goal = _call(stub, "CreateGoal", request).goal
    assert goal.start_date == _day(2026, 11, 15)  # today
    for field in ("target_date", "description", "recurrence_pattern", "recurrence_description"):
        assert not goal.HasField(field)
    required = _call(
        stub, "GetGoalRequiredContribution", pb.GetGoalRequiredContributionRequest(id=goal.id)
    ).required
    assert not required.HasField("monthly_amount")
    assert required.reason == "the goal has no target date"


def test_lists(stub: Stub) -> None:
    high = _create(stub, name="High", priority=pb.GOAL_PRIORITY_HIGH)
    low = _create(stub, name="Low", priority=pb.GOAL_PRIORITY_LOW)
    _create(stub, BOB)
    listed = _call(stub, "ListGoals", pb.ListGoalsRequest())
    assert [g.id for g in listed.data] == [high.id, low.id]
    assert (listed.pagination.total, listed.pagination.limit, listed.pagination.has_more) == (
        2, 20, False
    )  # fmt: skip
    page = _call(stub, "ListGoals", pb.ListGoalsRequest(limit=1, offset=1))
    assert [g.id for g in page.data] == [low.id] and page.pagination.offset == 1
    only = _call(stub, "ListGoals", pb.ListGoalsRequest(priority=pb.GOAL_PRIORITY_LOW))
    assert [g.id for g in only.data] == [low.id]
    _call(
        stub,
        "UpdateGoalStatus",
        pb.UpdateGoalStatusRequest(id=low.id, status=pb.GOAL_STATUS_ON_HOLD),
    )
    active = _call(stub, "ListActiveGoals", pb.ListActiveGoalsRequest())
    assert [g.id for g in active.data] == [high.id]


def test_update_progress_and_status(stub: Stub) -> None:
    goal = _create(stub, category_id=None)
    changed = _call(
        stub,
        "UpdateGoal",
        pb.UpdateGoalRequest(id=goal.id, name="Blue car", target_amount="8000", is_public=True),
    ).goal
    assert (changed.name, changed.target_amount, changed.is_public) == ("Blue car", "8000.00", True)
    progressed = _call(
        stub, "UpdateGoalProgress", pb.UpdateGoalProgressRequest(id=goal.id, amount="2000")
    ).goal
    assert (progressed.current_amount, progressed.progress_percent) == ("2000.00", "25.00")
    paused = _call(
        stub,
        "UpdateGoalStatus",
        pb.UpdateGoalStatusRequest(id=goal.id, status=pb.GOAL_STATUS_ON_HOLD),
    ).goal
    assert paused.status == pb.GOAL_STATUS_ON_HOLD
    achieved = _call(
        stub, "UpdateGoalProgress", pb.UpdateGoalProgressRequest(id=goal.id, amount="8000")
    ).goal
    assert achieved.status == pb.GOAL_STATUS_ACHIEVED and achieved.HasField("achieved_at")
    for request in (
        pb.UpdateGoalStatusRequest(id=goal.id, status=pb.GOAL_STATUS_ACTIVE),
        pb.UpdateGoalStatusRequest(id=goal.id, status=pb.GOAL_STATUS_CANCELLED),
    ):
        error = refusal(partial(_call, stub, "UpdateGoalStatus", request))
        assert (error.code, error.reason) == (
            grpc.StatusCode.FAILED_PRECONDITION,
            "INVALID_TRANSITION",
        )
    error = refusal(lambda: _call(stub, "UpdateGoal", pb.UpdateGoalRequest(id=goal.id, name="x")))
    assert error.reason == "INVALID_TRANSITION"


def test_contributions_and_analysis(stub: Stub) -> None:
    goal = _create(stub, target_amount="1000", target_date=_day(2027, 2, 28))
    made = _call(
        stub,
        "CreateGoalContribution",
        pb.CreateGoalContributionRequest(
            id=goal.id, amount="100", contribution_date=_day(2026, 11, 1), description="first"
        ),
    )
    assert (made.contribution.amount, made.contribution.goal_id) == ("100.00", goal.id)
    assert made.contribution.contribution_date == _day(2026, 11, 1)
    assert not made.contribution.HasField("transaction_id")
    assert made.goal.current_amount == "100.00"
    listed = _call(stub, "ListGoalContributions", pb.ListGoalContributionsRequest(id=goal.id))
    assert [c.id for c in listed.data] == [made.contribution.id]
    got = _call(
        stub,
        "GetGoalContribution",
        pb.GetGoalContributionRequest(id=goal.id, contribution_id=made.contribution.id),
    ).contribution
    assert got == made.contribution

    analysis = _call(
        stub, "GetGoalProgressAnalysis", pb.GetGoalProgressAnalysisRequest(id=goal.id)
    ).analysis
    assert (analysis.progress_percent, analysis.remaining_amount) == ("10.00", "900.00")
    # Dec, Jan, Feb: 900.00 / 3.
    assert (analysis.actual_monthly_pace, analysis.needed_monthly_pace) == ("100.00", "300.00")
    assert analysis.on_track is False and analysis.days_remaining == 105
    assert [r.kind for r in analysis.recommendations] == [
        pb.GOAL_RECOMMENDATION_KIND_INCREASE_CONTRIBUTION,
        pb.GOAL_RECOMMENDATION_KIND_PROJECTED_LATE,
    ]
    assert analysis.recommendations[0].amount == "300.00"
    assert not analysis.recommendations[0].HasField("date")
    projection = _call(
        stub, "GetGoalProjectedCompletion", pb.GetGoalProjectedCompletionRequest(id=goal.id)
    ).projection
    assert projection == analysis.projection
    assert projection.projected_date == _day(2027, 8, 1)
    assert (projection.confidence, projection.months_from_target) == (0.1667, 6)
    assert not projection.HasField("reason")
    required = _call(
        stub, "GetGoalRequiredContribution", pb.GetGoalRequiredContributionRequest(id=goal.id)
    ).required
    assert (required.monthly_amount, required.months_remaining, required.difference) == (
        "300.00", 3, "200.00"
    )  # fmt: skip


def test_delete(stub: Stub) -> None:
    goal = _create(stub)
    _call(stub, "DeleteGoal", pb.DeleteGoalRequest(id=goal.id))
    error = refusal(lambda: _call(stub, "GetGoal", pb.GetGoalRequest(id=goal.id)))
    assert error.code == grpc.StatusCode.NOT_FOUND


def test_another_user_s_goal_is_forbidden(stub: Stub) -> None:
    goal = _create(stub)
    for rpc, request in (
        ("GetGoal", pb.GetGoalRequest(id=goal.id)),
        ("DeleteGoal", pb.DeleteGoalRequest(id=goal.id)),
        ("ListGoalContributions", pb.ListGoalContributionsRequest(id=goal.id)),
        ("CreateGoalContribution", pb.CreateGoalContributionRequest(id=goal.id, amount="1")),
    ):
        error = refusal(partial(_call, stub, rpc, request, BOB))
        assert error.code == grpc.StatusCode.PERMISSION_DENIED
        assert goal.id not in error.message


def test_rules_across_fields_are_unprocessable(stub: Stub) -> None:
    error = refusal(lambda: _create(stub, target_date=_day(2025, 12, 31)))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "UNPROCESSABLE")
    assert [v.field for v in error.violations] == ["target_date"]
    error = refusal(lambda: _create(stub, category_id=str(uuid.uuid4())))
    assert (error.reason, [v.field for v in error.violations]) == ("UNPROCESSABLE", ["category_id"])


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"name": ""}, ["name"]),
        ({"goal_type": 0}, ["goal_type"]),
        ({"goal_type": 99}, ["goal_type"]),
        ({"priority": 42}, ["priority"]),
        ({"target_amount": ""}, ["target_amount"]),
        ({"target_amount": "-1"}, ["target_amount"]),
        ({"target_amount": "1.005"}, ["target_amount"]),
        ({"start_date": _day(2026, 2, 30)}, ["start_date"]),
        ({"target_date": _day(2027, 0, 0)}, ["target_date"]),
        ({"category_id": "nope"}, ["category_id"]),
        ({"recurrence_pattern": "FREQ=MONTHLY;BYMONTHDAY=32"}, ["recurrence_pattern"]),
        ({"name": "", "target_amount": "x"}, ["name", "target_amount"]),
    ],
)
def test_bad_goals_name_the_field(stub: Stub, fields: dict[str, Any], named: list[str]) -> None:
    error = refusal(lambda: _create(stub, **fields))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert sorted(v.field for v in error.violations) == sorted(named)


@pytest.mark.parametrize(
    ("rpc", "request_", "named"),
    [
        ("GetGoal", pb.GetGoalRequest(id="nope"), "id"),
        ("GetGoal", pb.GetGoalRequest(), "id"),
        ("ListGoals", pb.ListGoalsRequest(limit=0), "limit"),
        ("ListGoals", pb.ListGoalsRequest(offset=-1), "offset"),
        ("ListGoals", pb.ListGoalsRequest(status=9), "status"),  # type: ignore[arg-type]
        ("UpdateGoalStatus", pb.UpdateGoalStatusRequest(id=str(uuid.uuid4())), "status"),
        ("UpdateGoalProgress", pb.UpdateGoalProgressRequest(id=str(uuid.uuid4())), "amount"),
        (
            "UpdateGoalProgress",
            pb.UpdateGoalProgressRequest(id=str(uuid.uuid4()), amount="-0.01"),
            "amount",
        ),
        (
            "CreateGoalContribution",
            pb.CreateGoalContributionRequest(id=str(uuid.uuid4()), amount="0"),
            "amount",
        ),
        (
            "CreateGoalContribution",
            pb.CreateGoalContributionRequest(
                id=str(uuid.uuid4()), amount="1", transaction_id="nope"
            ),
            "transaction_id",
        ),
        (
            "GetGoalContribution",
            pb.GetGoalContributionRequest(id=str(uuid.uuid4()), contribution_id="x"),
            "contribution_id",
        ),
        (
            "ListGoalContributions",
            pb.ListGoalContributionsRequest(id=str(uuid.uuid4()), limit=101),
            "limit",
        ),
    ],
)
def test_bad_requests_name_the_field(stub: Stub, rpc: str, request_: Any, named: str) -> None:
    error = refusal(lambda: _call(stub, rpc, request_))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [named]


def test_every_call_needs_a_user(stub: Stub) -> None:
    error = refusal(lambda: stub.ListGoals(pb.ListGoalsRequest()))
    assert error.code == grpc.StatusCode.UNAUTHENTICATED
