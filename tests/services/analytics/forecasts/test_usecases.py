"""Forecast use cases on real databases: the generated history's overall forecast beats
seasonal-naive, categories include their subcategories, merchants are matched in any
case, forecasts are stored and served until the data or the period changes, and two
requests storing one forecast at once both succeed."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from services.analytics.forecasts import usecases
from services.analytics.forecasts.domain import (
    ForecastQuery,
    ForecastView,
    History,
    StoredForecast,
    compute,
    overall,
)
from services.runtime.clock import Clock
from services.runtime.errors import NotFound, PermissionDenied
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.races import both_writes_succeed
from tests.services.analytics.recurring.support import NOW, default_categories, history, load
from tests.services.analytics.rollups.support import Tx, category, store

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
BOB = uuid.UUID("00000000-0000-4000-8000-000000000b0b")
MONTHLY = ForecastQuery("monthly", 12)


def at(moment: datetime) -> Clock:
    return lambda: moment


def test_the_overall_forecast_of_the_generated_history_beats_seasonal_naive(
    uow: UowFactory,
) -> None:
    load(uow, ALICE, history().transactions)
    started = time.perf_counter()
    forecast = usecases.overall_forecast(uow(), ALICE, MONTHLY, at(NOW))
    took = time.perf_counter() - started
    computed = forecast.computed
    print(
        f"\noverall monthly forecast of the generated history: {computed.method}, "
        f"backtest MASE {computed.mase:.3f} over {computed.backtest_horizon} months "
        f"(seasonal-naive {computed.seasonal_naive_mase}), computed in {took:.3f} s"
    )
    assert computed.method in ("holt_winters", "holt", "seasonal_naive", "drift", "mean")
    assert computed.mase is not None and computed.mase < 1
    assert computed.history_length == 36  # Nov 2023 .. Oct 2026
    assert (computed.history_start, computed.history_end) == (date(2023, 11, 1), date(2026, 10, 31))
    assert forecast.points[0].period_start == date(2026, 11, 1)  # the current month
    assert len(forecast.points) == 12
    assert forecast.currency == "EUR"


def _month(month: int, amount: str, category_id: uuid.UUID | None, merchant: str) -> Tx:
    return Tx(date(2026, month, 10), amount, merchant, category_id)


def _spending(uow: UowFactory, user: uuid.UUID) -> dict[str, uuid.UUID]:
    """Groceries 100 and restaurants 50 every month of 2026 up to October, and one
    income: every month of the history spends exactly 150 on food."""
    ids = default_categories(uow, user)
    rows = [Tx(date(2026, 1, 2), "2000.00", "Acme Corp", ids["salary"])]
    for month in range(1, 11):
        rows.append(_month(month, "-100.00", ids["groceries"], "Albert Heijn"))
        rows.append(_month(month, "-50.00", ids["restaurants"], "Thai Orchid"))
    store(uow, user, *rows)
    return ids


def test_a_category_forecast_includes_its_subcategories(uow: UowFactory) -> None:
    ids = _spending(uow, ALICE)
    food = usecases.category_forecast(uow(), ALICE, ids["food"], MONTHLY, at(NOW))
    assert (food.entity.kind, food.entity.name, food.entity.category_id) == (
        "category", "Food", ids["food"],
    )  # fmt: skip
    assert food.computed.history_length == 10
    assert {p.amounts.amount for p in food.points} == {Decimal("150.00")}
    groceries = usecases.category_forecast(uow(), ALICE, ids["groceries"], MONTHLY, at(NOW))
    assert {p.amounts.amount for p in groceries.points} == {Decimal("100.00")}
    # A subcategory added later counts from then on (the stored forecast is recomputed).
    snacks = category(uow, ALICE, "Snacks", ids["food"])
    store(uow, ALICE, *(_month(m, "-10.00", snacks, "Kiosk") for m in range(1, 11)))
    food = usecases.category_forecast(uow(), ALICE, ids["food"], MONTHLY, at(NOW))
    assert {p.amounts.amount for p in food.points} == {Decimal("160.00")}


def test_someone_elses_category_is_denied_and_a_missing_one_not_found(uow: UowFactory) -> None:
    ids = _spending(uow, ALICE)
    with pytest.raises(PermissionDenied):
        usecases.category_forecast(uow(), BOB, ids["food"], MONTHLY, at(NOW))
    with pytest.raises(NotFound):
        usecases.category_forecast(uow(), ALICE, uuid.uuid4(), MONTHLY, at(NOW))


def test_a_merchant_is_named_in_any_case(uow: UowFactory) -> None:
    _spending(uow, ALICE)
    forecast = usecases.merchant_forecast(uow(), ALICE, "albert HEIJN", MONTHLY, at(NOW))
    assert (forecast.entity.kind, forecast.entity.name) == ("merchant", "Albert Heijn")
    assert forecast.entity.category_id is None
    assert {p.amounts.amount for p in forecast.points} == {Decimal("100.00")}
    with pytest.raises(NotFound, match="merchant not found"):
        usecases.merchant_forecast(uow(), ALICE, "Nowhere", MONTHLY, at(NOW))
    with pytest.raises(NotFound):  # Bob never paid there
        usecases.merchant_forecast(uow(), BOB, "Albert Heijn", MONTHLY, at(NOW))


def test_forecasts_are_served_from_the_store_until_the_data_changes(uow: UowFactory) -> None:
    _spending(uow, ALICE)

    def overall_at(moment: datetime, query: ForecastQuery = MONTHLY) -> ForecastView:
        return usecases.overall_forecast(uow(), ALICE, query, at(moment))

    first = overall_at(NOW)
    assert first.generated_at == NOW
    # Later the same day, nothing changed: the stored forecast answers.
    later = datetime(2026, 11, 1, 18, tzinfo=UTC)
    assert overall_at(later).generated_at == NOW
    # Up to the stored horizon (24 periods) as well; further ahead is computed again.
    assert overall_at(later, ForecastQuery("monthly", 24)).generated_at == NOW
    assert overall_at(later, ForecastQuery("monthly", 30)).generated_at == later
    # A new transaction: computed again, and the new spending counts.
    store(uow, ALICE, Tx(date(2026, 10, 20), "-150.00", "Albert Heijn"))
    changed = datetime(2026, 11, 1, 19, tzinfo=UTC)
    again = overall_at(changed)
    assert again.generated_at == changed
    assert again.points[0].amounts.amount != first.points[0].amounts.amount
    # A new month: the current period moved on, so computed again.
    december = datetime(2026, 12, 2, tzinfo=UTC)
    moved = overall_at(december)
    assert moved.generated_at == december
    assert moved.points[0].period_start == date(2026, 12, 1)


def test_the_list_is_overall_then_top_level_categories_with_spending(uow: UowFactory) -> None:
    ids = _spending(uow, ALICE)
    store(uow, ALICE, *(_month(m, "-500.00", ids["rent"], "Vesteda") for m in range(1, 11)))
    views = usecases.list_forecasts(uow(), ALICE, MONTHLY, at(NOW))
    assert [v.entity.name for v in views] == ["Overall", "Housing", "Food"]
    assert views[0].points[0].amounts.amount == Decimal("650.00")
    filtered = usecases.list_forecasts(
        uow(),
        ALICE,
        ForecastQuery("monthly", 12, date(2027, 1, 1), date(2027, 3, 31)),
        at(NOW),
    )
    assert [p.period_start for p in filtered[0].points] == [
        date(2027, 1, 1), date(2027, 2, 1), date(2027, 3, 1),
    ]  # fmt: skip


def test_regeneration_recomputes_every_period(uow: UowFactory) -> None:
    _spending(uow, ALICE)
    usecases.overall_forecast(uow(), ALICE, MONTHLY, at(NOW))
    regenerated_at = datetime(2026, 11, 1, 13, tzinfo=UTC)
    done = usecases.regenerate_forecasts(uow(), ALICE, at(regenerated_at))
    # Overall and Food, for each of the three periods: yearly has no whole year yet,
    # so Food has no spending in its history there.
    assert done.forecasts == 5
    assert done.generated_at == regenerated_at and done.duration_ms >= 0
    assert usecases.overall_forecast(uow(), ALICE, MONTHLY, at(NOW)).generated_at == regenerated_at


def test_a_user_without_history_gets_a_zero_forecast(uow: UowFactory) -> None:
    forecast = usecases.overall_forecast(uow(), BOB, ForecastQuery("yearly", 2), at(NOW))
    assert (forecast.computed.method, forecast.computed.history_length) == ("mean", 0)
    assert forecast.computed.backtest_horizon == 0 and forecast.computed.mase is None
    assert [p.amounts.amount for p in forecast.points] == [Decimal("0.00")] * 2
    assert [p.period_start for p in forecast.points] == [date(2026, 1, 1), date(2027, 1, 1)]
    assert usecases.list_forecasts(uow(), BOB, MONTHLY, at(NOW))[0].entity.name == "Overall"


def test_two_requests_storing_one_forecast_both_succeed(uow: UowFactory) -> None:
    computed = compute(History(date(2025, 11, 1), (Decimal(5),) * 12), "monthly", 24)
    stored = StoredForecast(overall(), "EUR", "monthly", 24, 1, computed, NOW)
    both_writes_succeed(uow, lambda repos: repos.forecasts.save(ALICE, stored))
    with uow() as unit:
        assert unit.repos.forecasts.find(ALICE, "EUR", overall(), "monthly") == stored
