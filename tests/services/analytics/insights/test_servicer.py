"""InsightService through the real runtime server (every interceptor), only its own
capability registered: the wire shapes of amounts, changes and nulls, and bad input
refused by the backend itself (zero trust: the edge checks too) naming the field."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import insights_pb2, insights_pb2_grpc
from google.type import date_pb2

from services.analytics import insights
from services.runtime.status import parse_status
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.insights.support import clock
from tests.services.analytics.rollups.support import Tx, store
from tests.services.analytics.serving import as_user, serving

USER = uuid.uuid4()
AS_USER = as_user(USER)
# An enum number this build does not know (a newer client's, or a direct caller's).
UNKNOWN: Any = 9


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[insights_pb2_grpc.InsightServiceStub]:
    with serving((insights.CAPABILITY,), uow, clock) as channel:
        yield insights_pb2_grpc.InsightServiceStub(channel)  # type: ignore[no-untyped-call]


def day(year: int, month: int, d: int) -> date_pb2.Date:
    return date_pb2.Date(year=year, month=month, day=d)


def test_a_summary_on_the_wire(stub: insights_pb2_grpc.InsightServiceStub, uow: UowFactory) -> None:
    store(uow, USER, Tx(date(2026, 3, 2), "-10.005"), Tx(date(2026, 3, 3), "-0.0049"))
    reply = stub.GetSummary(insights_pb2.GetSummaryRequest(), metadata=AS_USER).summary
    assert (reply.currency, reply.income, reply.expenses, reply.net) == (
        "EUR", "0.00", "10.0099", "-10.0099"
    )  # fmt: skip
    assert reply.transaction_count == 2
    assert not reply.HasField("savings_rate")  # no income: null
    assert (reply.period.start_date.day, reply.period.end_date.day) == (1, 10)
    assert (reply.previous_period.start_date.month, reply.previous_period.end_date.day) == (2, 10)
    expenses = reply.trends.expenses
    assert (expenses.previous, expenses.difference) == ("0.00", "10.0099")
    assert not expenses.HasField("percent_change")  # nothing before: null
    income = reply.trends.income
    assert (income.previous, income.difference, income.percent_change) == ("0.00", "0.00", "0.00")
    [top] = reply.top_categories
    assert not top.HasField("category_id") and not top.HasField("color")
    assert (top.category_name, top.amount, top.share, top.transaction_count) == (
        "Uncategorized", "10.0099", "100.00", 2
    )  # fmt: skip


def test_the_other_reads_answer(
    stub: insights_pb2_grpc.InsightServiceStub, uow: UowFactory
) -> None:
    store(uow, USER, Tx(date(2026, 3, 2), "-10.00", merchant="Cafe"),
          Tx(date(2026, 2, 2), "-5.00", merchant="Cafe"))  # fmt: skip
    compared = stub.CompareSummaries(
        insights_pb2.CompareSummariesRequest(current_period="2026-03"), metadata=AS_USER
    ).comparison
    assert (compared.current.label, compared.previous.label) == ("2026-03", "2026-02")
    assert compared.expenses_change.percent_change == "100.00"
    assert [(c.category_name, c.current, c.change.difference) for c in compared.categories] == [
        ("Uncategorized", "10.00", "5.00")
    ]
    merchants = stub.ListTopMerchants(insights_pb2.ListTopMerchantsRequest(), metadata=AS_USER)
    assert [(m.merchant_name, m.amount, m.share) for m in merchants.data] == [
        ("Cafe", "10.00", "100.00")
    ]
    assert merchants.total_expenses == "10.00"
    categories = stub.ListTopCategories(
        insights_pb2.ListTopCategoriesRequest(period=insights_pb2.SUMMARY_PERIOD_YEARLY, limit=1),
        metadata=AS_USER,
    )
    assert [c.amount for c in categories.data] == ["15.00"]
    assert categories.period.start_date == day(2026, 1, 1)
    assert stub.ListTrends(insights_pb2.ListTrendsRequest(), metadata=AS_USER).data == []
    significant = stub.ListSignificantTrends(
        insights_pb2.ListSignificantTrendsRequest(), metadata=AS_USER
    )
    assert significant.period.end_date == day(2026, 2, 28)
    refreshed = stub.RefreshAnalytics(insights_pb2.RefreshAnalyticsRequest(), metadata=AS_USER)
    assert (refreshed.status, refreshed.transactions) == ("completed", 2)
    assert refreshed.refreshed_at.seconds > 0


def _refused(call: Callable[..., Any], request: Any) -> list[str]:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, metadata=AS_USER)
    error = caught.value
    assert isinstance(error, grpc.Call)
    status = parse_status(error.code(), error.details() or "", error.trailing_metadata())
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    return [v.field for v in status.violations]


@pytest.mark.parametrize(
    ("method", "request_", "field"),
    [
        ("ListTopCategories", insights_pb2.ListTopCategoriesRequest(limit=0), "limit"),
        ("ListTopCategories", insights_pb2.ListTopCategoriesRequest(limit=101), "limit"),
        ("ListTopMerchants", insights_pb2.ListTopMerchantsRequest(limit=0), "limit"),
        ("ListTopMerchants", insights_pb2.ListTopMerchantsRequest(period=UNKNOWN), "period"),
        ("ListTrends", insights_pb2.ListTrendsRequest(limit=101), "limit"),
        ("ListTrends", insights_pb2.ListTrendsRequest(min_significance=-1), "min_significance"),
        ("ListTrends", insights_pb2.ListTrendsRequest(min_significance=1.5), "min_significance"),
        ("ListTrends", insights_pb2.ListTrendsRequest(trend_type=UNKNOWN), "trend_type"),
        ("ListTrends", insights_pb2.ListTrendsRequest(entity_type=UNKNOWN), "entity_type"),
        ("ListTrends", insights_pb2.ListTrendsRequest(
            start_date=day(2026, 3, 1), end_date=day(2026, 2, 1)), "end_date"),
        ("ListTrends", insights_pb2.ListTrendsRequest(currency="eur"), "currency"),
        ("ListSignificantTrends", insights_pb2.ListSignificantTrendsRequest(limit=0), "limit"),
        ("CompareSummaries", insights_pb2.CompareSummariesRequest(current_period="2026-13"),
         "current_period"),
        ("CompareSummaries", insights_pb2.CompareSummariesRequest(), "current_period"),
        ("CompareSummaries", insights_pb2.CompareSummariesRequest(
            current_period="2026-03", previous_period="2026-Q1"), "previous_period"),
        ("GetSummary", insights_pb2.GetSummaryRequest(
            start_date=day(2026, 3, 1), end_date=day(2026, 2, 1)), "end_date"),
        ("GetSummary", insights_pb2.GetSummaryRequest(start_date=day(2026, 3, 1)), "end_date"),
        ("GetSummary", insights_pb2.GetSummaryRequest(end_date=day(2026, 3, 1)), "start_date"),
        ("GetSummary", insights_pb2.GetSummaryRequest(
            start_date=day(2026, 2, 30), end_date=day(2026, 3, 1)), "start_date"),
        ("GetSummary", insights_pb2.GetSummaryRequest(
            start_date=day(2000, 1, 1), end_date=day(2026, 3, 1)), "end_date"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field(
    stub: insights_pb2_grpc.InsightServiceStub, method: str, request_: Any, field: str
) -> None:
    assert _refused(getattr(stub, method), request_) == [field]


def test_insights_need_a_user(stub: insights_pb2_grpc.InsightServiceStub) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        stub.GetSummary(insights_pb2.GetSummaryRequest())
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]
