"""gRPC servicer of CashFlowChartsService: proto ⇄ use cases, nothing else.

Enum numbers this build does not know (direct gRPC callers) are a 400 naming the field,
like any unknown word (choices.py): the edge's own validation is never the only one.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import cashflow_charts_pb2 as pb
from finplat.analytics.v1 import cashflow_pb2, charts_pb2, common_pb2, insights_pb2

from services.analytics.cashflow.servicer import alert_pb
from services.analytics.cashflow_charts import balance, breakdown, usecases
from services.analytics.cashflow_charts.indicators import Indicator
from services.analytics.cashflow_charts.recommendations import Recommendation
from services.analytics.cashflow_charts.recurring import FormattedRecurring
from services.analytics.chart_pb import fill_chart
from services.analytics.insights.servicer import _category_pb as category_pb
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import date_pb, request_enum_text

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

# Confidences are measurements, not money: 4 places (as the recurring patterns').
_PLACES = 4


def _range_pb(first: date, last: date) -> common_pb2.DateRange:
    return common_pb2.DateRange(start_date=date_pb(first), end_date=date_pb(last))


def _decimal(value: Decimal) -> str:
    return format(value, "f")


def _score_pb(indicator: Indicator) -> pb.HealthScore:
    return pb.HealthScore(
        key=indicator.key,
        label=indicator.label,
        value=None if indicator.value is None else _decimal(indicator.value),
        unit=indicator.unit,
        score=indicator.score,
        weight=float(indicator.weight),
        status=indicator.status,
        explanation=indicator.explanation,
    )


def _recommendation_pb(item: Recommendation) -> pb.Recommendation:
    saving = item.potential_savings
    return pb.Recommendation(
        source=item.source,
        kind=item.kind,
        title=item.title,
        message=item.message,
        priority=item.priority,
        potential_savings=None if saving is None else _decimal(saving),
        suggestion_id=None if item.suggestion_id is None else str(item.suggestion_id),
    )


def _recurring_pb(item: FormattedRecurring) -> pb.FormattedRecurringTransaction:
    pattern = item.pattern
    return pb.FormattedRecurringTransaction(
        pattern_id=str(pattern.id),
        merchant_name=pattern.merchant_name,
        category_id=None if pattern.category_id is None else str(pattern.category_id),
        transaction_type="TRANSACTION_TYPE_" + pattern.direction.upper(),
        cadence="CADENCE_" + pattern.cadence.upper(),
        cadence_label=item.cadence_label,
        amount=amount_text(pattern.typical_amount),
        monthly_amount=_decimal(item.monthly),
        next_date=date_pb(pattern.next_expected),
        next_date_label=item.next_date_label,
        confidence=round(pattern.confidence, _PLACES),
    )


class CashFlowChartsServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock, threshold: Decimal) -> None:
        self._uow = unit_of_work
        self._clock = clock
        # The cash-flow capability's low-balance threshold (usecases.py).
        self._threshold = threshold

    def GetBalanceProjectionChart(
        self, request: pb.GetBalanceProjectionChartRequest, context: grpc.ServicerContext
    ) -> pb.GetBalanceProjectionChartResponse:
        months = balance.months_of(request.months if request.HasField("months") else None)
        kind = balance.kind_of(
            request_enum_text(
                request.chart_type, charts_pb2.BalanceChartType, "BALANCE_CHART_TYPE_"
            )
        )
        found = usecases.balance_projection(
            self._uow, current_user_id(), months, kind, self._clock, self._threshold
        )
        lowest = None
        if found.lowest is not None:
            day, amount = found.lowest
            lowest = cashflow_pb2.BalancePoint(date=date_pb(day), balance=_decimal(amount))
        response = pb.GetBalanceProjectionChartResponse(
            currency=found.currency,
            current_balance=_decimal(found.current_balance),
            lowest_balance=lowest,
            confidence=list(found.confidence),
        )
        fill_chart(response, found.chart)
        return response

    def GetTransactionBreakdownChart(
        self, request: pb.GetTransactionBreakdownChartRequest, context: grpc.ServicerContext
    ) -> pb.GetTransactionBreakdownChartResponse:
        period = breakdown.period_of(
            request_enum_text(request.period, insights_pb2.SummaryPeriod, "SUMMARY_PERIOD_")
        )
        kind = breakdown.kind_of(
            request_enum_text(
                request.chart_type, charts_pb2.BreakdownChartType, "BREAKDOWN_CHART_TYPE_"
            )
        )
        found = usecases.transaction_breakdown(
            self._uow, current_user_id(), period, kind, self._clock
        )
        response = pb.GetTransactionBreakdownChartResponse(
            currency=found.currency,
            period=_range_pb(found.period.first, found.period.last),
            total_expenses=amount_text(found.total_expenses),
            categories=[category_pb(c) for c in found.categories],
        )
        fill_chart(response, found.chart)
        return response

    def GetHealthIndicator(
        self, request: pb.GetHealthIndicatorRequest, context: grpc.ServicerContext
    ) -> pb.GetHealthIndicatorResponse:
        found = usecases.health_indicator(self._uow, current_user_id(), self._clock)
        response = pb.GetHealthIndicatorResponse(
            overall_score=found.overall,
            grade=found.grade,
            scores=[_score_pb(i) for i in found.indicators],
            recommendations=[_recommendation_pb(r) for r in found.recommendations],
            period=None if found.period is None else _range_pb(*found.period),
            currency=found.currency,
        )
        fill_chart(response, found.chart)
        return response

    def GetAlertsDigest(
        self, request: pb.GetAlertsDigestRequest, context: grpc.ServicerContext
    ) -> pb.GetAlertsDigestResponse:
        found = usecases.alerts_digest(self._uow, current_user_id(), self._clock, self._threshold)
        response = pb.GetAlertsDigestResponse(
            alerts=[alert_pb(a) for a in found.alerts],
            total_active=found.total_active,
            pending=found.pending,
        )
        fill_chart(response, found.chart)
        return response

    def GetRecommendationsDigest(
        self, request: pb.GetRecommendationsDigestRequest, context: grpc.ServicerContext
    ) -> pb.GetRecommendationsDigestResponse:
        found = usecases.recommendations_digest(self._uow, current_user_id(), self._clock)
        response = pb.GetRecommendationsDigestResponse(
            recommendations=[_recommendation_pb(r) for r in found.recommendations],
            total_potential_savings=_decimal(found.total_potential_savings),
            currency=found.currency,
        )
        fill_chart(response, found.chart)
        return response

    def GetRecurringTransactionsChart(
        self, request: pb.GetRecurringTransactionsChartRequest, context: grpc.ServicerContext
    ) -> pb.GetRecurringTransactionsChartResponse:
        found = usecases.recurring_transactions(self._uow, current_user_id(), self._clock)
        response = pb.GetRecurringTransactionsChartResponse(
            transactions=[_recurring_pb(t) for t in found.transactions],
            monthly_income=_decimal(found.monthly_income),
            monthly_expenses=_decimal(found.monthly_expenses),
            currency=found.currency,
        )
        fill_chart(response, found.chart)
        return response
