from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from services.analytics.statistics import ets
from services.analytics.statistics.forecasting import Forecast, allows, forecast


def monthly(seed: int, size: int = 36) -> list[float]:
    """Spending with a trend, a yearly season and noise."""
    steps = np.arange(size)
    rng = np.random.default_rng(seed)
    values = 1000 + 10 * steps + 200 * np.sin(2 * np.pi * steps / 12) + rng.normal(0, 30, size)
    return [float(v) for v in values]


def assert_well_formed(result: Forecast, horizon: int, non_negative: bool) -> None:
    assert [p.step for p in result.points] == list(range(1, horizon + 1))
    for p in result.points:
        bounds = (p.lower95, p.lower80, p.mean, p.upper80, p.upper95)
        assert all(math.isfinite(b) for b in bounds)
        assert list(bounds) == sorted(bounds), "intervals must be nested around the mean"
        if non_negative:
            assert p.lower95 >= 0
    backtest = result.backtest
    for value in (backtest.mase, backtest.seasonal_naive_mase):
        assert value is None or (math.isfinite(value) and value >= 0)
    if backtest.horizon == 0:
        assert backtest.mase is None and backtest.seasonal_naive_mase is None
    assert allows(result.method, result.history_length, result.season_length)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_seasonal_trending_history_gets_holt_winters_and_beats_seasonal_naive(
    seed: int,
) -> None:
    result = forecast(monthly(seed), season_length=12, horizon=12)
    assert result.method == "holt_winters"
    assert (result.history_length, result.season_length) == (36, 12)
    assert result.backtest.horizon == 9  # a quarter of the history
    assert result.backtest.mase is not None and result.backtest.mase < 1
    assert result.backtest.seasonal_naive_mase is not None
    assert result.backtest.mase < result.backtest.seasonal_naive_mase
    assert_well_formed(result, 12, non_negative=True)
    # The season carries on: next January (step 1) sits below next April (step 4).
    assert result.points[0].mean < result.points[3].mean


def test_intervals_widen_with_the_horizon() -> None:
    points = forecast(monthly(0), season_length=12, horizon=24).points
    widths = [p.upper95 - p.lower95 for p in points]
    assert widths[-1] > widths[0]


@pytest.mark.parametrize("values", [[10, 12, 13, 15, 16], [10, 30, 5, 25, 12]])
def test_a_five_point_history_uses_drift_or_the_mean(values: list[float]) -> None:
    result = forecast(values, season_length=12, horizon=3)
    assert result.method in ("drift", "mean")
    assert result.backtest.horizon == 1
    assert result.backtest.seasonal_naive_mase is None  # no full season to repeat
    assert_well_formed(result, 3, non_negative=True)


def test_a_steady_climb_is_extrapolated_by_drift() -> None:
    result = forecast([10, 20, 30, 40, 50], season_length=1, horizon=2)
    assert result.method == "drift"
    assert [p.mean for p in result.points] == pytest.approx([60, 70])
    assert result.backtest.mase == 0.0


def test_a_single_value_is_repeated_without_a_backtest() -> None:
    result = forecast([42.5], season_length=12, horizon=4)
    assert result.method == "mean"
    assert [p.mean for p in result.points] == [42.5] * 4
    assert result.backtest.horizon == 0
    assert_well_formed(result, 4, non_negative=True)


def test_non_negative_clips_means_and_bounds_at_zero() -> None:
    falling = [100, 80, 65, 40, 30, 10]
    clipped = forecast(falling, season_length=1, horizon=6)
    assert_well_formed(clipped, 6, non_negative=True)
    assert clipped.points[-1].mean == 0.0
    signed = forecast(falling, season_length=1, horizon=6, non_negative=False)
    assert_well_formed(signed, 6, non_negative=False)
    assert signed.points[-1].mean < 0
    assert signed.points[0].lower95 < 0


def test_an_all_zero_history_forecasts_zero() -> None:
    for size in (1, 5, 13, 30):
        result = forecast([0.0] * size, season_length=12, horizon=6)
        assert result.method == "mean"  # every method is exact: the simplest wins
        assert all(p.mean == p.lower95 == p.upper95 == 0.0 for p in result.points)
        assert result.backtest.mase is None  # no scale to measure against


def test_a_constant_history_forecasts_the_constant() -> None:
    result = forecast([250.0] * 30, season_length=12, horizon=3)
    assert result.method == "mean"
    assert [p.mean for p in result.points] == pytest.approx([250.0] * 3)


def test_an_exactly_repeating_season_is_seasonal_naive() -> None:
    year = [50.0, 40, 45, 60, 80, 120, 130, 110, 70, 55, 50, 90]
    result = forecast(year * 3, season_length=12, horizon=12)
    assert result.method == "seasonal_naive"
    assert [p.mean for p in result.points] == year
    assert result.backtest.mase == result.backtest.seasonal_naive_mase == 0.0


def test_a_failing_model_falls_back_instead_of_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise np.linalg.LinAlgError("singular")

    monkeypatch.setattr(ets, "ETSModel", Broken)
    result = forecast(monthly(0), season_length=12, horizon=12)
    assert result.method not in ("holt", "holt_winters")
    assert_well_formed(result, 12, non_negative=True)


def test_fitting_is_quiet() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        forecast(monthly(4, size=30), season_length=12, horizon=12)
        forecast([5, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0, 0], season_length=4, horizon=4)


@pytest.mark.parametrize(
    ("history", "season_length", "horizon"),
    [([], 12, 3), ([1.0, 2.0], 0, 3), ([1.0, 2.0], 12, 0), ([1.0, math.nan], 1, 3)],
)
def test_bad_arguments_are_refused(history: list[float], season_length: int, horizon: int) -> None:
    with pytest.raises(ValueError):
        forecast(history, season_length=season_length, horizon=horizon)


@pytest.mark.parametrize("season_length", [1, 4, 12])
@pytest.mark.parametrize("seed", [0, 1])
def test_invariants_over_lengths_and_shapes(season_length: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for size in range(1, 41):
        steps = np.arange(size)
        shapes = [
            500 + 8 * steps + rng.normal(0, 60, size),  # trending
            np.where(rng.random(size) < 0.5, 0.0, rng.gamma(2, 40, size)),  # sparse
            -200 + rng.normal(0, 50, size),  # below zero (a net flow, say)
        ]
        for shape, values in enumerate(shapes):
            non_negative = (size + shape) % 2 == 0
            horizon = int(rng.integers(1, 25))
            result = forecast(
                values.tolist(),
                season_length=season_length,
                horizon=horizon,
                non_negative=non_negative,
            )
            assert result.history_length == size
            assert_well_formed(result, horizon, non_negative)
