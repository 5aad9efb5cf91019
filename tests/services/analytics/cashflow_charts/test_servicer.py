"""CashFlowChartsService through the real runtime server (every interceptor), serving only
the cash-flow charts capability: every RPC's chart shape for a user with the generated
history and for one without data, the proto fields, and bad input from gRPC callers
(unknown enum numbers, months out of range)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import cashflow_charts_pb2 as pb
from finplat.analytics.v1 import cashflow_charts_pb2_grpc, charts_pb2, common_pb2, insights_pb2

from services.analytics.cashflow_charts import CAPABILITY
from tests.services.analytics.cashflow_charts.support import history_clock as clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import history, load
from tests.services.analytics.serving import as_user, refusal, registered, serving

ALICE, NOBODY = uuid.uuid4(), uuid.uuid4()
Stub = cashflow_charts_pb2_grpc.CashFlowChartsServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _every_chart(stub: Stub, user: uuid.UUID) -> dict[str, Any]:
    metadata = as_user(user)
    return {
        "balance": stub.GetBalanceProjectionChart(
            pb.GetBalanceProjectionChartRequest(), metadata=metadata
        ),
        "breakdown": stub.GetTransactionBreakdownChart(
            pb.GetTransactionBreakdownChartRequest(), metadata=metadata
        ),
        "health": stub.GetHealthIndicator(pb.GetHealthIndicatorRequest(), metadata=metadata),
        "alerts": stub.GetAlertsDigest(pb.GetAlertsDigestRequest(), metadata=metadata),
        "recommendations": stub.GetRecommendationsDigest(
            pb.GetRecommendationsDigestRequest(), metadata=metadata
        ),
        "recurring": stub.GetRecurringTransactionsChart(
            pb.GetRecurringTransactionsChartRequest(), metadata=metadata
        ),
    }


CHART_TYPES = {
    "balance": "line",
    "breakdown": "pie",
    "health": "radar",
    "alerts": "doughnut",
    "recommendations": "bar",
    "recurring": "bar",
}


def _assert_chart_shape(name: str, reply: Any) -> None:
    assert reply.chart_type == CHART_TYPES[name], name
    assert reply.datasets, name
    for dataset in reply.datasets:
        assert len(dataset.data) == len(reply.labels), (name, dataset.label)
        for value in dataset.data:
            Decimal(value)  # a decimal string
        assert dataset.border_color.startswith("#")
        assert dataset.background_color or not reply.labels  # one per label, or one


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.CashFlowChartsService",)
    service = pb.DESCRIPTOR.services_by_name["CashFlowChartsService"]
    assert len(service.methods) == 6


def test_every_chart_of_the_generated_history(uow: UowFactory, stub: Stub) -> None:
    load(uow, ALICE, history().transactions)

    replies = _every_chart(stub, ALICE)

    for name, reply in replies.items():
        _assert_chart_shape(name, reply)
    balance = replies["balance"]
    assert len(balance.labels) == 12 and len(balance.confidence) == 12
    assert (balance.currency, balance.current_balance) == ("EUR", "3488.25")
    assert balance.HasField("lowest_balance") and balance.lowest_balance.balance
    breakdown = replies["breakdown"]
    assert [c.category_name for c in breakdown.categories] == list(breakdown.labels)
    assert breakdown.total_expenses == "2944.10"  # October's spending
    assert (breakdown.period.start_date.month, breakdown.period.end_date.day) == (10, 31)
    health = replies["health"]
    assert [s.key for s in health.scores] == [
        "savings_rate", "emergency_fund", "spending_stability", "debt_ratio"
    ]  # fmt: skip
    assert all(s.HasField("value") and s.status in ("good", "fair", "poor") for s in health.scores)
    assert sum(s.weight for s in health.scores) == pytest.approx(1)
    assert health.grade in ("excellent", "good", "fair", "poor") and health.HasField("period")
    assert list(health.datasets[0].data) == [str(s.score) for s in health.scores]
    alerts = replies["alerts"]
    assert list(alerts.labels) == ["high", "medium", "low"]
    assert sum(int(v) for v in alerts.datasets[0].data) == alerts.total_active
    assert len(alerts.alerts) == min(alerts.total_active, 20)
    recommendations = replies["recommendations"]
    assert {r.source for r in recommendations.recommendations} == {"health", "suggestion"}
    gym = next(r for r in recommendations.recommendations if r.kind == "unused_subscription")
    assert gym.potential_savings == "39.90" and gym.HasField("suggestion_id")
    recurring = replies["recurring"]
    salary = recurring.transactions[0]
    assert (salary.merchant_name, salary.cadence, salary.transaction_type) == (
        "Acme Corp", 3, common_pb2.TRANSACTION_TYPE_CREDIT
    )  # fmt: skip
    assert (salary.amount, salary.monthly_amount, salary.cadence_label) == (
        "3710.00", "3710.00", "every month"
    )  # fmt: skip
    assert recurring.monthly_income == "3710.00"


def test_the_chart_types_asked_for(uow: UowFactory, stub: Stub) -> None:
    load(uow, ALICE, history().transactions)
    metadata = as_user(ALICE)
    area = stub.GetBalanceProjectionChart(
        pb.GetBalanceProjectionChartRequest(
            months=3, chart_type=charts_pb2.BALANCE_CHART_TYPE_AREA
        ),
        metadata=metadata,
    )
    assert (area.chart_type, len(area.labels)) == ("area", 3)
    assert [d.fill for d in area.datasets] == [True, False, False]
    bar = stub.GetTransactionBreakdownChart(
        pb.GetTransactionBreakdownChartRequest(
            period=insights_pb2.SUMMARY_PERIOD_YEARLY,
            chart_type=charts_pb2.BREAKDOWN_CHART_TYPE_BAR,
        ),
        metadata=metadata,
    )
    assert bar.chart_type == "bar"
    assert (bar.period.start_date.month, bar.period.start_date.day) == (1, 1)


def test_a_user_without_data_gets_empty_charts(stub: Stub) -> None:
    replies = _every_chart(stub, NOBODY)

    for name, reply in replies.items():
        _assert_chart_shape(name, reply)
    for name in ("balance", "breakdown", "recommendations", "recurring"):
        assert list(replies[name].labels) == [], name
    balance = replies["balance"]
    assert (balance.current_balance, balance.HasField("lowest_balance")) == ("0.00", False)
    health = replies["health"]
    assert [s.HasField("value") for s in health.scores] == [False] * 4
    assert (health.overall_score, health.grade, health.HasField("period")) == (0, "poor", False)
    assert replies["recommendations"].total_potential_savings == "0.00"
    assert replies["recurring"].monthly_expenses == "0.00"


@pytest.mark.parametrize(
    ("rpc", "request_", "field"),
    [
        ("GetBalanceProjectionChart", pb.GetBalanceProjectionChartRequest(months=0), "months"),
        ("GetBalanceProjectionChart", pb.GetBalanceProjectionChartRequest(months=37), "months"),
        ("GetBalanceProjectionChart", pb.GetBalanceProjectionChartRequest(months=-5), "months"),
        (
            "GetBalanceProjectionChart",
            pb.GetBalanceProjectionChartRequest(chart_type=9),  # type: ignore[arg-type]
            "chart_type",
        ),
        (
            "GetTransactionBreakdownChart",
            pb.GetTransactionBreakdownChartRequest(chart_type=7),  # type: ignore[arg-type]
            "chart_type",
        ),
        (
            "GetTransactionBreakdownChart",
            pb.GetTransactionBreakdownChartRequest(period=99),  # type: ignore[arg-type]
            "period",
        ),
    ],
)
def test_bad_input_names_the_field(stub: Stub, rpc: str, request_: Any, field: str) -> None:
    error = refusal(lambda: getattr(stub, rpc)(request_, metadata=as_user(ALICE)))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]
