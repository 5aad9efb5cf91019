"""Forecasting a series of period totals, choosing the method by a backtest.

Candidates, from the simplest: the historical mean, drift, seasonal-naive, Holt
(damped trend) and Holt-Winters (damped trend and season), each allowed only once the
history is long enough for it. The last periods of the history are held out, every
candidate the rest allows is fitted on it and scored on them, and the best one (the
simplest on a tie) is refitted on the whole history. Every forecast reports its method,
its hold-out MASE and seasonal-naive's MASE on the same hold-out, so a caller can show
how much the chosen method beats the benchmark.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, assert_never

import numpy as np

from services.analytics.statistics import ets
from services.analytics.statistics.accuracy import mase, mase_scale, mean_absolute_error
from services.analytics.statistics.baselines import (
    drift_method,
    mean_method,
    seasonal_naive_method,
)
from services.analytics.statistics.intervals import Prediction
from services.analytics.statistics.series import FloatArray, as_series

Method = Literal["holt_winters", "holt", "seasonal_naive", "drift", "mean"]

# Simplest first: a backtest tie goes to the earlier method.
SIMPLICITY: tuple[Method, ...] = ("mean", "drift", "seasonal_naive", "holt", "holt_winters")

# Hold-out MAEs this close (relative to the larger of the best MAE and the held-out
# values' magnitude) are a tie: on a constant history every method is exact up to float
# noise, and the simplest should win.
TIE_TOLERANCE = 1e-9

# The longest hold-out when there is no season to hold out a full one of.
NON_SEASONAL_HOLDOUT = 4


@dataclass(frozen=True, slots=True)
class ForecastPoint:
    step: int  # 1 = the first period after the history
    mean: float
    lower80: float
    upper80: float
    lower95: float
    upper95: float


@dataclass(frozen=True, slots=True)
class Backtest:
    horizon: int  # periods held out (0 when the history is too short to backtest)
    mase: float | None  # the chosen method's MASE on the held-out periods
    seasonal_naive_mase: float | None  # seasonal-naive's MASE on the same hold-out


@dataclass(frozen=True, slots=True)
class Forecast:
    method: Method
    history_length: int
    season_length: int  # as given
    points: tuple[ForecastPoint, ...]
    backtest: Backtest


def forecast(
    history: Sequence[float], *, season_length: int, horizon: int, non_negative: bool = True
) -> Forecast:
    """Forecast `horizon` periods after `history` (oldest first, one value per period).

    `season_length` is the number of periods in a season (12 for monthly data with a
    yearly pattern, 4 quarterly, 1 when there is none). `non_negative` clips means and
    bounds at 0, for amounts such as spending that cannot go below it. Raises ValueError
    on an empty history, a non-finite value, season_length < 1 or horizon < 1.
    """
    series = as_series(history)
    if series.size == 0:
        raise ValueError("history is empty")
    if season_length < 1:
        raise ValueError("season_length must be at least 1")
    if horizon < 1:
        raise ValueError("horizon must be at least 1")
    candidates = [m for m in SIMPLICITY if allows(m, series.size, season_length)]
    holdout, ranked, reference = _backtest(series, candidates, season_length, horizon, non_negative)
    # A candidate the hold-out could not score competes only when none could be scored.
    fallbacks = [_Score(m, math.inf, None) for m in candidates] if not ranked else []
    for score in ranked + fallbacks:
        prediction = _predict(score.method, series, horizon, season_length, non_negative)
        if prediction is not None:
            return Forecast(
                method=score.method,
                history_length=int(series.size),
                season_length=season_length,
                points=_points(prediction),
                backtest=Backtest(
                    horizon=holdout if ranked else 0,
                    mase=score.mase,
                    seasonal_naive_mase=reference if ranked else None,
                ),
            )
    # Only reachable when even the mean overflows (values near the float maximum).
    raise ValueError("history cannot be forecast: values out of range")


def allows(method: Method, size: int, season_length: int) -> bool:
    """Whether a history of `size` periods is long enough for `method`."""
    seasonal = season_length > 1
    match method:
        case "holt_winters":  # two full seasons to separate season from trend, plus a few
            return seasonal and size >= 2 * season_length + 2
        case "holt":
            return size >= 8
        case "seasonal_naive":  # a full season to repeat, plus one residual
            return seasonal and size >= season_length + 1
        case "drift":  # a slope, plus one residual to estimate the spread from
            return size >= 3
        case "mean":
            return size >= 1
        case _:
            assert_never(method)


def holdout_length(size: int, season_length: int, horizon: int) -> int:
    """How many final periods the backtest holds out: at most the horizon asked for, a
    quarter of the history and one season (4 periods without a season)."""
    season = season_length if season_length > 1 else NON_SEASONAL_HOLDOUT
    return min(horizon, max(1, size // 4), season)


@dataclass(frozen=True, slots=True)
class _Score:
    method: Method
    mae: float
    mase: float | None


def _backtest(
    series: FloatArray,
    candidates: Sequence[Method],
    season_length: int,
    horizon: int,
    non_negative: bool,
) -> tuple[int, list[_Score], float | None]:
    """The hold-out length, the scored candidates best first, and seasonal-naive's MASE.

    Candidates are ranked by their hold-out MAE: every one shares the hold-out and the
    scale, so this is the MASE ranking, and it still ranks when the scale is zero.
    A candidate whose fit fails on the training part is dropped altogether.
    """
    holdout = holdout_length(series.size, season_length, horizon)
    training, actual = series[:-holdout], series[-holdout:]
    scale = mase_scale(training, season_length)
    scores = []
    for method in candidates:
        if allows(method, training.size, season_length):
            predicted = _predict(method, training, holdout, season_length, non_negative)
            if predicted is not None:
                error = mean_absolute_error(actual, predicted.mean)
                scores.append(_Score(method, error, mase(actual, predicted.mean, scale)))
    reference = _reference_mase(training, actual, season_length, scale, non_negative)
    return holdout, _ranked(scores, actual), reference


def _ranked(scores: list[_Score], actual: FloatArray) -> list[_Score]:
    magnitude = float(np.mean(np.abs(actual))) if actual.size else 0.0
    remaining, ranked = list(scores), []
    while remaining:
        best = min(s.mae for s in remaining)
        tolerance = TIE_TOLERANCE * max(best, magnitude)
        tied = [s for s in remaining if s.mae <= best + tolerance]
        pick = min(tied, key=lambda s: SIMPLICITY.index(s.method))
        ranked.append(pick)
        remaining.remove(pick)
    return ranked


def _reference_mase(
    training: FloatArray,
    actual: FloatArray,
    season_length: int,
    scale: float | None,
    non_negative: bool,
) -> float | None:
    """Seasonal-naive's hold-out MASE, the benchmark every forecast is reported against.

    Without a season (season_length 1) seasonal-naive is the naive method (repeat the last
    value): not a candidate, but still the benchmark. None when the training part has no
    full season plus one value, as for the candidate.
    """
    if training.size < season_length + 1:
        return None
    predicted = seasonal_naive_method(training, actual.size, season_length).mean
    return mase(actual, np.maximum(predicted, 0.0) if non_negative else predicted, scale)


def _predict(
    method: Method, history: FloatArray, horizon: int, season_length: int, non_negative: bool
) -> Prediction | None:
    """`method`'s forecast, nested and clipped as asked; None when it cannot be fitted."""
    match method:
        case "holt_winters":
            prediction = ets.holt_winters(history, horizon, season_length)
        case "holt":
            prediction = ets.holt(history, horizon)
        case "seasonal_naive":
            prediction = seasonal_naive_method(history, horizon, season_length)
        case "drift":
            prediction = drift_method(history, horizon)
        case "mean":
            prediction = mean_method(history, horizon)
        case _:
            assert_never(method)
    if prediction is None or not prediction.is_finite():
        return None
    prediction = prediction.nested()
    return prediction.clipped_at_zero() if non_negative else prediction


def _points(prediction: Prediction) -> tuple[ForecastPoint, ...]:
    return tuple(
        ForecastPoint(
            step=step + 1,
            mean=float(prediction.mean[step]),
            lower80=float(prediction.lower80[step]),
            upper80=float(prediction.upper80[step]),
            lower95=float(prediction.lower95[step]),
            upper95=float(prediction.upper95[step]),
        )
        for step in range(prediction.mean.size)
    )
