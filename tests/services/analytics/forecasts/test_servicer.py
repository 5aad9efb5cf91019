"""ForecastService through the real runtime server (every interceptor), on the generated
history: defaults per RPC, date filters, the answers for other users' and unknown
records, regeneration, and bad input answered INVALID_ARGUMENT naming the field."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import grpc
import pytest
from finplat.analytics.v1 import forecasts_pb2, forecasts_pb2_grpc
from google.type import date_pb2

from services.analytics import forecasts
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import NOW, default_categories, history, load
from tests.services.analytics.serving import as_user, refusal, serving

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
BOB = uuid.UUID("00000000-0000-4000-8000-000000000b0b")


@dataclass(frozen=True)
class Served:
    stub: forecasts_pb2_grpc.ForecastServiceStub
    categories: dict[str, uuid.UUID]


@pytest.fixture
def served(uow: UowFactory) -> Iterator[Served]:
    load(uow, ALICE, history().transactions)
    categories = default_categories(uow, ALICE)
    with serving((forecasts.CAPABILITY,), uow, lambda: NOW) as channel:
        stub = forecasts_pb2_grpc.ForecastServiceStub(channel)  # type: ignore[no-untyped-call]
        yield Served(stub, categories)


def _day(d: date_pb2.Date) -> date:
    return date(d.year, d.month, d.day)


def _pb_date(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


def _check_amounts(forecast: forecasts_pb2.Forecast) -> None:
    """Decimal strings with two places, never negative, the intervals nested."""
    for point in forecast.points:
        texts = (point.interval95.lower, point.interval80.lower, point.amount,
                 point.interval80.upper, point.interval95.upper)  # fmt: skip
        values = [Decimal(t) for t in texts]
        assert all(t == f"{v:.2f}" for t, v in zip(texts, values, strict=True))
        assert Decimal(0) <= values[0]
        assert values == sorted(values)


def test_the_list_is_overall_then_categories_by_spending(served: Served) -> None:
    started = time.perf_counter()
    reply = served.stub.ListForecasts(forecasts_pb2.ListForecastsRequest(), metadata=as_user(ALICE))
    cold = time.perf_counter() - started
    started = time.perf_counter()
    served.stub.ListForecasts(forecasts_pb2.ListForecastsRequest(), metadata=as_user(ALICE))
    warm = time.perf_counter() - started
    print(f"\nListForecasts (monthly, {len(reply.data)} forecasts): {cold:.3f} s computed, "
          f"{warm:.3f} s stored")  # fmt: skip
    first, *categories = reply.data
    assert first.entity_type == forecasts_pb2.FORECAST_ENTITY_TYPE_OVERALL
    assert (first.entity_name, first.HasField("entity_id")) == ("Overall", False)
    assert first.period == forecasts_pb2.FORECAST_PERIOD_MONTHLY
    assert first.backtest.HasField("mase") and first.backtest.mase < 1
    assert first.history_length == 36 and first.currency == "EUR"
    assert (_day(first.history.start_date), _day(first.history.end_date)) == (
        date(2023, 11, 1), date(2026, 10, 31),
    )  # fmt: skip
    assert len(first.points) == 12
    assert _day(first.points[0].period_start) == date(2026, 11, 1)
    assert _day(first.points[0].period_end) == date(2026, 11, 30)
    assert all(f.entity_type == forecasts_pb2.FORECAST_ENTITY_TYPE_CATEGORY for f in categories)
    totals = [sum(Decimal(p.amount) for p in f.points) for f in categories]
    assert totals == sorted(totals, reverse=True)
    names = [f.entity_name for f in categories]
    assert names[0] == "Housing" and "Income" not in names  # income is not spending
    assert all(f.HasField("entity_id") for f in categories)
    for forecast in reply.data:
        _check_amounts(forecast)


def test_dates_filter_the_periods(served: Served) -> None:
    reply = served.stub.ListForecasts(
        forecasts_pb2.ListForecastsRequest(
            period=forecasts_pb2.FORECAST_PERIOD_QUARTERLY,
            start_date=_pb_date(date(2027, 1, 1)),
            end_date=_pb_date(date(2027, 12, 31)),
        ),
        metadata=as_user(ALICE),
    )
    for forecast in reply.data:
        assert [_day(p.period_start) for p in forecast.points] == [
            date(2027, 1, 1), date(2027, 4, 1), date(2027, 7, 1), date(2027, 10, 1),
        ]  # fmt: skip


def test_the_overall_forecast_defaults_to_a_year(served: Served) -> None:
    yearly = served.stub.GetOverallForecast(
        forecasts_pb2.GetOverallForecastRequest(), metadata=as_user(ALICE)
    ).forecast
    assert yearly.period == forecasts_pb2.FORECAST_PERIOD_YEARLY
    assert [_day(p.period_start) for p in yearly.points] == [date(2026, 1, 1)]
    assert yearly.history_length == 2  # 2024 and 2025: the whole years before this one
    quarterly = served.stub.GetOverallForecast(
        forecasts_pb2.GetOverallForecastRequest(period=forecasts_pb2.FORECAST_PERIOD_QUARTERLY),
        metadata=as_user(ALICE),
    ).forecast
    assert len(quarterly.points) == 4 and quarterly.history_length == 11
    _check_amounts(quarterly)


def test_a_user_without_history_gets_zeros_not_an_error(served: Served) -> None:
    forecast = served.stub.GetOverallForecast(
        forecasts_pb2.GetOverallForecastRequest(period=forecasts_pb2.FORECAST_PERIOD_MONTHLY),
        metadata=as_user(BOB),
    ).forecast
    assert (forecast.method, forecast.history_length) == ("mean", 0)
    assert not forecast.HasField("history")
    assert forecast.backtest.horizon == 0
    assert not forecast.backtest.HasField("mase")
    assert not forecast.backtest.HasField("seasonal_naive_mase")
    assert [p.amount for p in forecast.points] == ["0.00"] * 12


def test_a_category_forecast_is_the_callers_only(served: Served) -> None:
    food = str(served.categories["food"])
    forecast = served.stub.GetCategoryForecast(
        forecasts_pb2.GetCategoryForecastRequest(id=food), metadata=as_user(ALICE)
    ).forecast
    assert (forecast.entity_name, forecast.entity_id) == ("Food", food)
    assert forecast.period == forecasts_pb2.FORECAST_PERIOD_MONTHLY and len(forecast.points) == 6
    denied = refusal(
        lambda: served.stub.GetCategoryForecast(
            forecasts_pb2.GetCategoryForecastRequest(id=food), metadata=as_user(BOB)
        )
    )
    assert denied.code == grpc.StatusCode.PERMISSION_DENIED
    missing = refusal(
        lambda: served.stub.GetCategoryForecast(
            forecasts_pb2.GetCategoryForecastRequest(id=str(uuid.uuid4())),
            metadata=as_user(ALICE),
        )
    )
    assert missing.code == grpc.StatusCode.NOT_FOUND


def test_a_merchant_forecast_matches_the_name_in_any_case(served: Served) -> None:
    forecast = served.stub.GetMerchantForecast(
        forecasts_pb2.GetMerchantForecastRequest(merchant_name="nETFLIX"),
        metadata=as_user(ALICE),
    ).forecast
    assert forecast.entity_type == forecasts_pb2.FORECAST_ENTITY_TYPE_MERCHANT
    assert (forecast.entity_name, forecast.HasField("entity_id")) == ("Netflix", False)
    assert len(forecast.points) == 6
    print(f"\nNetflix: {forecast.method} {[p.amount for p in forecast.points]}")
    # 11.99 a month since its price change a year ago.
    assert all(abs(Decimal(p.amount) - Decimal("11.99")) < 1 for p in forecast.points)
    unknown = refusal(
        lambda: served.stub.GetMerchantForecast(
            forecasts_pb2.GetMerchantForecastRequest(merchant_name="Nowhere"),
            metadata=as_user(ALICE),
        )
    )
    assert (unknown.code, unknown.message) == (grpc.StatusCode.NOT_FOUND, "merchant not found")


def test_regeneration_reports_what_it_computed(served: Served) -> None:
    reply = served.stub.RegenerateForecasts(
        forecasts_pb2.RegenerateForecastsRequest(), metadata=as_user(ALICE)
    )
    print(f"\nRegenerateForecasts: {reply.forecasts} forecasts in {reply.duration_ms} ms")
    assert reply.status == "completed"
    assert reply.forecasts > 3  # overall and the categories, for every period
    assert reply.duration_ms >= 0 and reply.generated_at.seconds > 0


def _bad(**fields: object) -> forecasts_pb2.ListForecastsRequest:
    return forecasts_pb2.ListForecastsRequest(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (_bad(limit=0), "limit"),
        (_bad(limit=101), "limit"),
        (_bad(period=9), "period"),
        (_bad(start_date=date_pb2.Date(year=2026, month=13, day=1)), "start_date"),
        (_bad(end_date=_pb_date(date(2036, 1, 1))), "end_date"),
        (_bad(start_date=_pb_date(date(2027, 2, 1)), end_date=_pb_date(date(2027, 1, 1))),
         "start_date"),
        (forecasts_pb2.GetOverallForecastRequest(limit=101), "limit"),
        (forecasts_pb2.GetCategoryForecastRequest(id="not-a-uuid"), "id"),
        (forecasts_pb2.GetMerchantForecastRequest(merchant_name=""), "merchant_name"),
        (forecasts_pb2.GetMerchantForecastRequest(merchant_name="x" * 201), "merchant_name"),
    ],
)  # fmt: skip
def test_bad_input_is_invalid_argument_naming_the_field(
    served: Served, request_: object, field: str
) -> None:
    method = {
        forecasts_pb2.ListForecastsRequest: served.stub.ListForecasts,
        forecasts_pb2.GetOverallForecastRequest: served.stub.GetOverallForecast,
        forecasts_pb2.GetCategoryForecastRequest: served.stub.GetCategoryForecast,
        forecasts_pb2.GetMerchantForecastRequest: served.stub.GetMerchantForecast,
    }[type(request_)]
    status = refusal(lambda: method(request_, metadata=as_user(ALICE)))
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in status.violations] == [field]
