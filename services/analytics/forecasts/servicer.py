"""gRPC servicer of ForecastService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import common_pb2, forecasts_pb2

from services.analytics.forecasts import usecases
from services.analytics.forecasts.domain import (
    EntityKind,
    ForecastPoint,
    ForecastView,
    Period,
    validate_query,
)
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument
from services.runtime.principal import current_user_id
from services.runtime.protoconv import date_pb, optional_date, parse_uuid, timestamp

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

_PERIOD_PB: dict[Period, forecasts_pb2.ForecastPeriod] = {
    "monthly": forecasts_pb2.FORECAST_PERIOD_MONTHLY,
    "quarterly": forecasts_pb2.FORECAST_PERIOD_QUARTERLY,
    "yearly": forecasts_pb2.FORECAST_PERIOD_YEARLY,
}
_PERIOD_OF_PB: dict[int, Period] = {value: name for name, value in _PERIOD_PB.items()}
_ENTITY_PB: dict[EntityKind, forecasts_pb2.ForecastEntityType] = {
    "overall": forecasts_pb2.FORECAST_ENTITY_TYPE_OVERALL,
    "category": forecasts_pb2.FORECAST_ENTITY_TYPE_CATEGORY,
    "merchant": forecasts_pb2.FORECAST_ENTITY_TYPE_MERCHANT,
}
# MASE is a ratio, not money: 4 places are plenty.
_PLACES = 4


def _period(value: int) -> Period | None:
    if value == forecasts_pb2.FORECAST_PERIOD_UNSPECIFIED:
        return None
    period = _PERIOD_OF_PB.get(value)
    if period is None:  # an enum number this build does not know (direct gRPC callers)
        raise InvalidArgument.for_field("period", "must be monthly, quarterly or yearly")
    return period


def _interval(lower: Decimal, upper: Decimal) -> forecasts_pb2.Interval:
    return forecasts_pb2.Interval(lower=amount_text(lower), upper=amount_text(upper))


def _point(point: ForecastPoint) -> forecasts_pb2.ForecastPoint:
    amounts = point.amounts
    return forecasts_pb2.ForecastPoint(
        period_start=date_pb(point.period_start),
        period_end=date_pb(point.period_end),
        amount=amount_text(amounts.amount),
        interval80=_interval(amounts.lower80, amounts.upper80),
        interval95=_interval(amounts.lower95, amounts.upper95),
    )


def _ratio(value: float | None) -> float | None:
    return None if value is None else round(value, _PLACES)


def forecast_pb(view: ForecastView) -> forecasts_pb2.Forecast:
    computed = view.computed
    history = (
        common_pb2.DateRange(
            start_date=date_pb(computed.history_start), end_date=date_pb(computed.history_end)
        )
        if computed.history_start is not None and computed.history_end is not None
        else None
    )
    category_id = view.entity.category_id
    return forecasts_pb2.Forecast(
        entity_type=_ENTITY_PB[view.entity.kind],
        entity_id=None if category_id is None else str(category_id),
        entity_name=view.entity.name,
        period=_PERIOD_PB[view.period],
        currency=view.currency,
        method=computed.method,
        history_length=computed.history_length,
        history=history,
        points=[_point(p) for p in view.points],
        backtest=forecasts_pb2.Backtest(
            horizon=computed.backtest_horizon,
            mase=_ratio(computed.mase),
            seasonal_naive_mase=_ratio(computed.seasonal_naive_mase),
        ),
        generated_at=timestamp(view.generated_at),
    )


class ForecastServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def ListForecasts(
        self, request: forecasts_pb2.ListForecastsRequest, context: grpc.ServicerContext
    ) -> forecasts_pb2.ListForecastsResponse:
        query = validate_query(
            _period(request.period),
            request.limit if request.HasField("limit") else None,
            default_period="monthly",
            default_limit=12,
            start_date=optional_date(request, "start_date"),
            end_date=optional_date(request, "end_date"),
        )
        views = usecases.list_forecasts(self._uow(), current_user_id(), query, self._clock)
        return forecasts_pb2.ListForecastsResponse(data=[forecast_pb(v) for v in views])

    def GetOverallForecast(
        self, request: forecasts_pb2.GetOverallForecastRequest, context: grpc.ServicerContext
    ) -> forecasts_pb2.GetOverallForecastResponse:
        query = validate_query(
            _period(request.period),
            request.limit if request.HasField("limit") else None,
            default_period="yearly",
            default_limit="a_year",
        )
        view = usecases.overall_forecast(self._uow(), current_user_id(), query, self._clock)
        return forecasts_pb2.GetOverallForecastResponse(forecast=forecast_pb(view))

    def GetCategoryForecast(
        self, request: forecasts_pb2.GetCategoryForecastRequest, context: grpc.ServicerContext
    ) -> forecasts_pb2.GetCategoryForecastResponse:
        category_id = parse_uuid(request.id, "id")
        query = validate_query(
            _period(request.period),
            request.limit if request.HasField("limit") else None,
            default_period="monthly",
            default_limit=6,
        )
        view = usecases.category_forecast(
            self._uow(), current_user_id(), category_id, query, self._clock
        )
        return forecasts_pb2.GetCategoryForecastResponse(forecast=forecast_pb(view))

    def GetMerchantForecast(
        self, request: forecasts_pb2.GetMerchantForecastRequest, context: grpc.ServicerContext
    ) -> forecasts_pb2.GetMerchantForecastResponse:
        query = validate_query(
            _period(request.period),
            request.limit if request.HasField("limit") else None,
            default_period="monthly",
            default_limit=6,
        )
        view = usecases.merchant_forecast(
            self._uow(), current_user_id(), request.merchant_name, query, self._clock
        )
        return forecasts_pb2.GetMerchantForecastResponse(forecast=forecast_pb(view))

    def RegenerateForecasts(
        self, request: forecasts_pb2.RegenerateForecastsRequest, context: grpc.ServicerContext
    ) -> forecasts_pb2.RegenerateForecastsResponse:
        done = usecases.regenerate_forecasts(self._uow(), current_user_id(), self._clock)
        return forecasts_pb2.RegenerateForecastsResponse(
            status="completed",
            forecasts=done.forecasts,
            generated_at=timestamp(done.generated_at),
            duration_ms=done.duration_ms,
        )
