"""The benchmark forecasting methods and their analytic prediction intervals.

Mean, drift and seasonal-naive as defined in Hyndman & Athanasopoulos, *Forecasting:
Principles and Practice* (3rd ed.), §5.2, with the h-step standard deviations of §5.5
(table "Multi-step forecast standard deviation"), which assume uncorrelated, normally
distributed residuals. Each needs a history at least as long as forecasting.py allows.
"""

from __future__ import annotations

import numpy as np

from services.analytics.statistics.intervals import Prediction
from services.analytics.statistics.series import FloatArray


def mean_method(history: FloatArray, horizon: int) -> Prediction:
    """Every future value is the historical mean: sd_h = sigma * sqrt(1 + 1/T)."""
    size = history.size
    level = float(np.mean(history))
    sigma = _residual_sd(history - level, estimated=1)
    sd = np.full(horizon, sigma * np.sqrt(1.0 + 1.0 / size))
    return Prediction.normal(np.full(horizon, level), sd)


def drift_method(history: FloatArray, horizon: int) -> Prediction:
    """The line through the first and last values, extended: sd_h = sigma * sqrt(h (1 + h/(T-1))).

    Needs at least 3 values (one residual degree of freedom after the slope)."""
    size = history.size
    slope = (history[-1] - history[0]) / (size - 1)
    residuals = np.diff(history) - slope
    sigma = _residual_sd(residuals, estimated=1)
    steps = np.arange(1, horizon + 1, dtype=np.float64)
    sd = sigma * np.sqrt(steps * (1.0 + steps / (size - 1)))
    return Prediction.normal(history[-1] + slope * steps, sd)


def seasonal_naive_method(history: FloatArray, horizon: int, season_length: int) -> Prediction:
    """Each future value repeats the same season's last value: sd_h = sigma * sqrt(k + 1), k the
    number of whole seasons before step h. With season_length 1 this is the naive method.

    Needs at least season_length + 1 values (one residual)."""
    last_season = history[-season_length:]
    steps = np.arange(horizon)
    residuals = history[season_length:] - history[:-season_length]
    sigma = _residual_sd(residuals, estimated=0)
    sd = sigma * np.sqrt(steps // season_length + 1.0)
    return Prediction.normal(last_season[steps % season_length], sd)


def _residual_sd(residuals: FloatArray, *, estimated: int) -> float:
    """sigma = sqrt(sum(e^2) / (T - K)), T residuals, K parameters estimated (FPP §5.5)."""
    degrees = max(residuals.size - estimated, 1)
    return float(np.sqrt(np.sum(residuals**2) / degrees))
