"""The analytics backend called directly, as operators do: real grpcurl (server
reflection, no proto files) lists every analytics service, calls the insights, the
planning, the cash-flow and the chart services with a user's token, and what it writes is
what REST reads."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient

pytestmark = pytest.mark.e2e

SERVICES = {
    f"finplat.analytics.v1.{name}"
    for name in (
        "DocumentService",
        "TransactionService",
        "CategoryService",
        "InsightService",
        "RecurringService",
        "ForecastService",
        "SuggestionService",
        "BudgetService",
        "GoalService",
        "PlannedExpenseService",
        "RecurrenceService",
        "ScenarioService",
        "CashFlowService",
        "CashFlowChartsService",
        "GoalChartsService",
    )
}


@pytest.fixture(scope="module")
def address(analytics_stack: RunningStack) -> str:
    return analytics_stack.running.backend_addresses["analytics"]


@pytest.fixture(scope="module")
def token(analytics_identity: IdentityClient) -> str:
    return analytics_identity.session().access_token


def test_grpcurl_lists_every_analytics_service(address: str) -> None:
    listed = grpcurl(address, "list")
    assert listed.returncode == 0, listed.stderr
    assert SERVICES | {"grpc.health.v1.Health"} <= set(listed.stdout.split())
    described = grpcurl(address, "describe", "finplat.analytics.v1.InsightService")
    assert "GetSummary" in described.stdout and "RefreshAnalytics" in described.stdout


def test_grpcurl_calls_the_insights_with_a_token(address: str, token: str) -> None:
    bearer = f"authorization: Bearer {token}"
    summary = grpcurl(
        "-H", bearer, "-d", '{"period": "SUMMARY_PERIOD_YEARLY"}', address,
        "finplat.analytics.v1.InsightService/GetSummary",
    )  # fmt: skip
    assert summary.returncode == 0, summary.stderr
    assert json.loads(summary.stdout)["summary"]["expenses"] == "0.00"
    patterns = grpcurl(
        "-H", bearer, "-d", '{"confidence": 0.9}', address,
        "finplat.analytics.v1.RecurringService/ListRecurringPatterns",
    )  # fmt: skip
    assert patterns.returncode == 0, patterns.stderr
    assert json.loads(patterns.stdout)["pagination"]["limit"] == 20


def test_grpcurl_without_a_token_is_unauthenticated(address: str) -> None:
    denied = grpcurl(address, "finplat.analytics.v1.SuggestionService/ListSuggestions")
    assert denied.returncode != 0
    assert "Unauthenticated" in denied.stderr


def test_grpcurl_plans_what_rest_then_reads(
    address: str, token: str, analytics_stack: RunningStack
) -> None:
    bearer = f"authorization: Bearer {token}"
    created = grpcurl(
        "-H", bearer, "-d",
        '{"name": "Bike", "goalType": "GOAL_TYPE_PURCHASE", "targetAmount": "1200.00"}',
        address, "finplat.analytics.v1.GoalService/CreateGoal",
    )  # fmt: skip
    assert created.returncode == 0, created.stderr
    goal = json.loads(created.stdout)["goal"]
    with httpx.Client(
        base_url=analytics_stack.edge_url, headers={"authorization": f"Bearer {token}"}
    ) as rest:
        read = rest.get(f"/api/v1/goals/{goal['id']}")
    assert read.status_code == 200, read.text
    assert (read.json()["goalType"], read.json()["targetAmount"]) == ("purchase", "1200.00")
    described = grpcurl(
        "-H", bearer, "-d", '{"rule": "FREQ=MONTHLY;BYDAY=-1FR"}',
        address, "finplat.analytics.v1.RecurrenceService/DescribeRule",
    )  # fmt: skip
    assert described.returncode == 0, described.stderr
    assert json.loads(described.stdout)["description"] == "Monthly on the last Friday"
    refused = grpcurl(
        "-H", bearer, "-d", '{"rule": "FREQ=MONTHLY;COUNT=2;UNTIL=20270101"}',
        address, "finplat.analytics.v1.RecurrenceService/DescribeRule",
    )  # fmt: skip
    assert refused.returncode != 0
    assert "InvalidArgument" in refused.stderr and "COUNT and UNTIL" in refused.stderr


def test_grpcurl_reads_the_cash_flow_and_its_charts(
    address: str, analytics_identity: IdentityClient
) -> None:
    # A user of their own: the balance and the charts are theirs alone.
    bearer = f"authorization: Bearer {analytics_identity.session().access_token}"
    snapshot = grpcurl(
        "-H", bearer, "-d", "{}", address,
        "finplat.analytics.v1.CashFlowService/GenerateCashFlowSnapshot",
    )  # fmt: skip
    assert snapshot.returncode == 0, snapshot.stderr
    taken = json.loads(snapshot.stdout)["snapshot"]
    # grpcurl prints the proto field names.
    assert taken["current_balance"] == "0.00"
    assert [p["days"] for p in taken["projections"]] == [30, 60, 90]
    chart = grpcurl(
        "-H", bearer, "-d", '{"months": 3, "chartType": "BALANCE_CHART_TYPE_AREA"}', address,
        "finplat.analytics.v1.CashFlowChartsService/GetBalanceProjectionChart",
    )  # fmt: skip
    assert chart.returncode == 0, chart.stderr
    drawn = json.loads(chart.stdout)
    # Nothing to project yet: the chart type asked for, no labels (grpcurl prints no
    # empty list).
    assert drawn["chart_type"] == "area" and drawn.get("labels", []) == []
    goals = grpcurl(
        "-H", bearer, "-d", "{}", address,
        "finplat.analytics.v1.GoalChartsService/GetGoalsSummary",
    )  # fmt: skip
    assert goals.returncode == 0, goals.stderr
    assert json.loads(goals.stdout)["chart_type"] == "bar"
