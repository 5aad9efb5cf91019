"""GoalChartsService through the real runtime server (every interceptor), serving only
the goal charts capability (goals are stored through the goals use cases): every RPC's
answer as a gRPC client sees it, and the refusals a direct caller (no edge) can meet."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import date
from functools import partial
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import goal_charts_pb2 as pb
from finplat.analytics.v1 import goal_charts_pb2_grpc
from google.protobuf.json_format import MessageToDict

from services.analytics.goal_charts import CAPABILITY
from services.analytics.goals import usecases as goals
from services.analytics.goals.messages import goal_pb, projection_pb, required_pb
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.goal_charts.support import contribute
from tests.services.analytics.goals.support import clock, stored_goal
from tests.services.analytics.serving import as_user, refusal, registered, serving

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
Stub = goal_charts_pb2_grpc.GoalChartsServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _call(stub: Stub, rpc: str, request: Any, user: uuid.UUID = ALICE) -> Any:
    return getattr(stub, rpc)(request, metadata=as_user(user))


def _same_length(reply: Any) -> None:
    for dataset in reply.datasets:
        assert len(dataset.data) == len(reply.labels), dataset.label


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.GoalChartsService",)


def test_visualization(stub: Stub, uow: UowFactory) -> None:
    goal = contribute(uow, stored_goal(uow, ALICE), (date(2026, 10, 1), "3000.00"))
    reply = _call(stub, "GetGoalVisualization", pb.GetGoalVisualizationRequest(id=str(goal.id)))
    assert (reply.chart_type, list(reply.labels)) == ("doughnut", ["Saved", "Remaining"])
    assert list(reply.datasets[0].data) == ["3000.00", "7000.00"]
    assert reply.goal == goal_pb(goal)
    milestones = [MessageToDict(m) for m in reply.milestones]
    assert milestones[0] == {
        "percent": 25, "amount": "2500.00", "reached": True,
        "reachedOn": {"year": 2026, "month": 10, "day": 1},
    }  # fmt: skip
    # 3,000.00 in Oct: 3,000.00 a month from the last complete month.
    assert milestones[1]["projectedOn"] == {"year": 2026, "month": 12, "day": 1}
    assert not reply.milestones[1].HasField("reached_on")


def test_summary(stub: Stub, uow: UowFactory) -> None:
    stored_goal(uow, ALICE, name="Car")
    stored_goal(uow, ALICE, name="Trip", priority="high", target_amount="2000")
    reply = _call(stub, "GetGoalsSummary", pb.GetGoalsSummaryRequest())
    assert (reply.chart_type, list(reply.labels)) == ("bar", ["Trip", "Car"])
    assert [d.label for d in reply.datasets] == ["Saved", "Remaining"]
    _same_length(reply)
    assert [g.name for g in reply.goals] == ["Trip", "Car"]
    assert MessageToDict(reply.counts, always_print_fields_with_no_presence=True) == {
        "active": 2, "onHold": 0, "achieved": 0, "cancelled": 0
    }  # fmt: skip
    assert (reply.total_target, reply.total_saved, reply.overall_percent) == (
        "12000.00", "0.00", "0.00"
    )  # fmt: skip


def test_contributions_chart(stub: Stub, uow: UowFactory) -> None:
    goal = contribute(uow, stored_goal(uow, ALICE), (date(2026, 11, 2), "90.00"))
    request = pb.GetGoalContributionsChartRequest(id=str(goal.id), months=3)
    reply = _call(stub, "GetGoalContributionsChart", request)
    assert (reply.chart_type, list(reply.labels)) == ("bar", ["2026-09", "2026-10", "2026-11"])
    bars, line = reply.datasets
    assert (list(bars.data), bars.HasField("type")) == (["0.00", "0.00", "90.00"], False)
    assert (list(line.data), line.type) == (["0.00", "0.00", "90.00"], "line")
    assert (reply.goal_id, reply.total, reply.monthly_average) == (str(goal.id), "90.00", "30.00")
    default = _call(
        stub, "GetGoalContributionsChart", pb.GetGoalContributionsChartRequest(id=str(goal.id))
    )
    assert len(default.labels) == 12
    _same_length(default)


def test_projection_chart(stub: Stub, uow: UowFactory) -> None:
    goal = contribute(uow, stored_goal(uow, ALICE), (date(2026, 10, 1), "1000.00"))
    reply = _call(stub, "GetGoalProjectionChart", pb.GetGoalProjectionChartRequest(id=str(goal.id)))
    assert reply.chart_type == "line"
    assert [d.label for d in reply.datasets] == ["Projected", "Required", "Target"]
    _same_length(reply)
    # 9,000.00 at 1,000.00 a month: Aug 2027, after the target date.
    assert (reply.labels[0], reply.labels[-1]) == ("2026-11", "2027-08")
    assert reply.projection == projection_pb(
        *goals.projected_completion(uow(), ALICE, goal.id, clock)
    )
    assert reply.required == required_pb(*goals.required_contribution(uow(), ALICE, goal.id, clock))


def test_refusals(stub: Stub, uow: UowFactory) -> None:
    goal_id = str(stored_goal(uow, ALICE).id)
    requests = (
        ("GetGoalVisualization", pb.GetGoalVisualizationRequest),
        ("GetGoalContributionsChart", pb.GetGoalContributionsChartRequest),
        ("GetGoalProjectionChart", pb.GetGoalProjectionChartRequest),
    )
    for rpc, request in requests:
        error = refusal(partial(_call, stub, rpc, request(id=goal_id), BOB))
        assert error.code == grpc.StatusCode.PERMISSION_DENIED, rpc
        assert goal_id not in error.message
        error = refusal(partial(_call, stub, rpc, request(id=str(uuid.uuid4()))))
        assert error.code == grpc.StatusCode.NOT_FOUND, rpc
        error = refusal(partial(_call, stub, rpc, request(id="not-a-uuid")))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT, rpc
        assert [v.field for v in error.violations] == ["id"]
    for months in (0, 121, -5):
        bad = pb.GetGoalContributionsChartRequest(id=goal_id, months=months)
        error = refusal(partial(_call, stub, "GetGoalContributionsChart", bad))
        assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "VALIDATION_ERROR")
        assert [(v.field, v.description) for v in error.violations] == [
            ("months", "must be between 1 and 120")
        ]
