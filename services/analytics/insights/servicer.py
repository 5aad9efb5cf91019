"""gRPC servicer of InsightService: proto ⇄ use cases, nothing else.

Enum numbers this build does not know (direct gRPC callers) are a 400 naming the field;
every other check is the domain's, so the edge's own validation is never the only one.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

import grpc
from finplat.analytics.v1 import common_pb2, insights_pb2
from google.protobuf.message import Message

from services.analytics.insights import usecases
from services.analytics.insights.domain import (
    CategoryShare,
    Change,
    DayRange,
    PeriodKind,
    money,
)
from services.analytics.insights.trends import (
    BucketKind,
    EntityKind,
    Trend,
    TrendKind,
    TrendMemo,
)
from services.analytics.insights.usecases import SummaryQuery, TrendsQuery
from services.analytics.rollups.domain import Totals
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument
from services.runtime.principal import current_user_id
from services.runtime.protoconv import date_pb, optional_date, timestamp

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

V = TypeVar("V")

_PERIODS: dict[int, PeriodKind] = {
    insights_pb2.SUMMARY_PERIOD_UNSPECIFIED: "monthly",
    insights_pb2.SUMMARY_PERIOD_WEEKLY: "weekly",
    insights_pb2.SUMMARY_PERIOD_MONTHLY: "monthly",
    insights_pb2.SUMMARY_PERIOD_QUARTERLY: "quarterly",
    insights_pb2.SUMMARY_PERIOD_YEARLY: "yearly",
}
_TREND_TYPE_PB: dict[TrendKind, insights_pb2.TrendType] = {
    "increasing": insights_pb2.TREND_TYPE_INCREASING,
    "decreasing": insights_pb2.TREND_TYPE_DECREASING,
    "spike": insights_pb2.TREND_TYPE_SPIKE,
    "dip": insights_pb2.TREND_TYPE_DIP,
}
_ENTITY_TYPE_PB: dict[EntityKind, insights_pb2.TrendEntityType] = {
    "category": insights_pb2.TREND_ENTITY_TYPE_CATEGORY,
    "merchant": insights_pb2.TREND_ENTITY_TYPE_MERCHANT,
    "overall": insights_pb2.TREND_ENTITY_TYPE_OVERALL,
}
_TREND_TYPES: dict[int, TrendKind | None] = {
    insights_pb2.TREND_TYPE_UNSPECIFIED: None,
    **{number: kind for kind, number in _TREND_TYPE_PB.items()},
}
_ENTITY_TYPES: dict[int, EntityKind | None] = {
    insights_pb2.TREND_ENTITY_TYPE_UNSPECIFIED: None,
    **{number: kind for kind, number in _ENTITY_TYPE_PB.items()},
}
_BUCKET_PB: dict[BucketKind, insights_pb2.TrendBucket] = {
    "week": insights_pb2.TREND_BUCKET_WEEK,
    "month": insights_pb2.TREND_BUCKET_MONTH,
}


def _enum(mapping: Mapping[int, V], value: int, field: str) -> V:
    if value not in mapping:
        raise InvalidArgument.for_field(field, "is not a known value")
    return mapping[value]


def _range_pb(days: DayRange) -> common_pb2.DateRange:
    return common_pb2.DateRange(start_date=date_pb(days.first), end_date=date_pb(days.last))


def _change_pb(change: Change) -> common_pb2.AmountChange:
    percent = change.percent
    return common_pb2.AmountChange(
        previous=money(change.previous),
        difference=money(change.difference),
        percent_change=None if percent is None else format(percent, "f"),
    )


def _percent(value: Decimal) -> str:
    return format(value, "f")


def _category_pb(share: CategoryShare) -> insights_pb2.CategoryAmount:
    return insights_pb2.CategoryAmount(
        category_id=None if share.category_id is None else str(share.category_id),
        category_name=share.name,
        color=share.color,
        amount=money(share.amount),
        share=_percent(share.share),
        transaction_count=share.transaction_count,
    )


def _period_totals_pb(label: str, days: DayRange, totals: Totals) -> insights_pb2.PeriodTotals:
    return insights_pb2.PeriodTotals(
        label=label,
        range=_range_pb(days),
        income=money(totals.income),
        expenses=money(totals.expenses),
        net=money(totals.net),
        transaction_count=totals.count,
    )


def _trend_pb(trend: Trend) -> insights_pb2.Trend:
    return insights_pb2.Trend(
        trend_type=_TREND_TYPE_PB[trend.kind],
        entity_type=_ENTITY_TYPE_PB[trend.entity_type],
        entity_id=None if trend.entity_id is None else str(trend.entity_id),
        entity_name=trend.entity_name,
        significance=trend.significance,
        method=trend.method,
        bucket=_BUCKET_PB[trend.bucket],
        period=_range_pb(trend.period),
        points=trend.points,
        change=money(trend.change),
        value=money(trend.value),
        baseline=money(trend.baseline),
        statistic=trend.statistic,
        description=trend.description,
        currency=trend.currency,
    )


def _optional_text(message: Message, field: str) -> str | None:
    if not message.HasField(field):
        return None
    value: str = getattr(message, field)
    return value


def _optional_number(message: Message, field: str) -> int | None:
    if not message.HasField(field):
        return None
    value: int = getattr(message, field)
    return value


class InsightServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock
        # Trend findings by data version: recomputed only when the data or window moved.
        self._trends = TrendMemo()

    def GetSummary(
        self, request: insights_pb2.GetSummaryRequest, context: grpc.ServicerContext
    ) -> insights_pb2.GetSummaryResponse:
        query = SummaryQuery(
            period=_enum(_PERIODS, request.period, "period"),
            start_date=optional_date(request, "start_date"),
            end_date=optional_date(request, "end_date"),
            currency=_optional_text(request, "currency"),
        )
        found = usecases.get_summary(self._uow(), current_user_id(), query, self._clock)
        rate = found.savings_rate
        return insights_pb2.GetSummaryResponse(
            summary=insights_pb2.Summary(
                period=_range_pb(found.period),
                previous_period=_range_pb(found.previous_period),
                currency=found.currency,
                income=money(found.current.income),
                expenses=money(found.current.expenses),
                net=money(found.current.net),
                savings_rate=None if rate is None else _percent(rate),
                transaction_count=found.current.count,
                trends=insights_pb2.SummaryTrends(
                    income=_change_pb(found.income_change),
                    expenses=_change_pb(found.expenses_change),
                    net=_change_pb(found.net_change),
                ),
                top_categories=[_category_pb(c) for c in found.top_categories],
            )
        )

    def CompareSummaries(
        self, request: insights_pb2.CompareSummariesRequest, context: grpc.ServicerContext
    ) -> insights_pb2.CompareSummariesResponse:
        found = usecases.compare_summaries(
            self._uow(),
            current_user_id(),
            request.current_period,
            request.previous_period or None,
            _optional_text(request, "currency"),
        )
        now, then = found.current_period, found.previous_period
        return insights_pb2.CompareSummariesResponse(
            comparison=insights_pb2.Comparison(
                currency=found.currency,
                current=_period_totals_pb(now.label, now.days, found.current),
                previous=_period_totals_pb(then.label, then.days, found.previous),
                income_change=_change_pb(found.income_change),
                expenses_change=_change_pb(found.expenses_change),
                net_change=_change_pb(found.net_change),
                categories=[
                    insights_pb2.CategoryChange(
                        category_id=None if m.category_id is None else str(m.category_id),
                        category_name=m.name,
                        current=money(m.change.current),
                        change=_change_pb(m.change),
                    )
                    for m in found.categories
                ],
            )
        )

    def ListTopCategories(
        self, request: insights_pb2.ListTopCategoriesRequest, context: grpc.ServicerContext
    ) -> insights_pb2.ListTopCategoriesResponse:
        found = usecases.top_categories(
            self._uow(),
            current_user_id(),
            _enum(_PERIODS, request.period, "period"),
            _optional_number(request, "limit"),
            _optional_text(request, "currency"),
            self._clock,
        )
        return insights_pb2.ListTopCategoriesResponse(
            data=[_category_pb(c) for c in found.data],
            period=_range_pb(found.period),
            currency=found.currency,
            total_expenses=money(found.total_expenses),
        )

    def ListTopMerchants(
        self, request: insights_pb2.ListTopMerchantsRequest, context: grpc.ServicerContext
    ) -> insights_pb2.ListTopMerchantsResponse:
        found = usecases.top_merchants(
            self._uow(),
            current_user_id(),
            _enum(_PERIODS, request.period, "period"),
            _optional_number(request, "limit"),
            _optional_text(request, "currency"),
            self._clock,
        )
        return insights_pb2.ListTopMerchantsResponse(
            data=[
                insights_pb2.MerchantAmount(
                    merchant_name=m.name,
                    amount=money(m.amount),
                    share=_percent(m.share),
                    transaction_count=m.transaction_count,
                )
                for m in found.data
            ],
            period=_range_pb(found.period),
            currency=found.currency,
            total_expenses=money(found.total_expenses),
        )

    def ListTrends(
        self, request: insights_pb2.ListTrendsRequest, context: grpc.ServicerContext
    ) -> insights_pb2.ListTrendsResponse:
        query = TrendsQuery(
            kind=_enum(_TREND_TYPES, request.trend_type, "trend_type"),
            entity_type=_enum(_ENTITY_TYPES, request.entity_type, "entity_type"),
            start_date=optional_date(request, "start_date"),
            end_date=optional_date(request, "end_date"),
            min_significance=(
                request.min_significance if request.HasField("min_significance") else None
            ),
            limit=_optional_number(request, "limit"),
            currency=_optional_text(request, "currency"),
        )
        found = usecases.list_trends(
            self._uow(), current_user_id(), query, self._clock, self._trends
        )
        return insights_pb2.ListTrendsResponse(
            data=[_trend_pb(t) for t in found.data], period=_range_pb(found.period)
        )

    def ListSignificantTrends(
        self, request: insights_pb2.ListSignificantTrendsRequest, context: grpc.ServicerContext
    ) -> insights_pb2.ListSignificantTrendsResponse:
        found = usecases.significant_trends(
            self._uow(),
            current_user_id(),
            _optional_number(request, "limit"),
            self._clock,
            self._trends,
        )
        return insights_pb2.ListSignificantTrendsResponse(
            data=[_trend_pb(t) for t in found.data], period=_range_pb(found.period)
        )

    def RefreshAnalytics(
        self, request: insights_pb2.RefreshAnalyticsRequest, context: grpc.ServicerContext
    ) -> insights_pb2.RefreshAnalyticsResponse:
        done = usecases.refresh_analytics(self._uow, current_user_id(), self._clock)
        return insights_pb2.RefreshAnalyticsResponse(
            status="completed",
            refreshed_at=timestamp(done.refreshed_at),
            transactions=done.transactions,
            recurring_patterns=done.recurring_patterns,
            duration_ms=done.duration_ms,
        )
