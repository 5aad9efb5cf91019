"""Forecast accuracy: the mean absolute scaled error (MASE, Hyndman & Koehler 2006)."""

from __future__ import annotations

import math

import numpy as np

from services.analytics.statistics.series import FloatArray


def mase_scale(training: FloatArray, season_length: int) -> float | None:
    """The in-sample mean absolute error of the one-step seasonal-naive forecast.

    Lag season_length, or 1 when there is no season or the training part has no full
    season plus one value. A zero scale (a perfectly repeating history) falls back to the
    mean absolute value, and None when that is zero too: no meaningful scale exists.
    """
    lag = season_length if season_length > 1 and training.size >= season_length + 1 else 1
    if training.size > lag:
        scale = float(np.mean(np.abs(training[lag:] - training[:-lag])))
        if scale > 0 and math.isfinite(scale):
            return scale
    if training.size == 0:
        return None
    scale = float(np.mean(np.abs(training)))
    return scale if scale > 0 and math.isfinite(scale) else None


def mase(actual: FloatArray, predicted: FloatArray, scale: float | None) -> float | None:
    """MASE of `predicted` against `actual`; None instead of NaN or infinity."""
    if scale is None:
        return None
    value = mean_absolute_error(actual, predicted) / scale
    return value if math.isfinite(value) else None


def mean_absolute_error(actual: FloatArray, predicted: FloatArray) -> float:
    return float(np.mean(np.abs(actual - predicted)))
