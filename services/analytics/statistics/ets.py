"""Exponential smoothing (ETS) forecasts through statsmodels: Holt and Holt-Winters.

Both use additive errors and an additive damped trend (damping keeps a long horizon from
extrapolating a short-lived slope forever); Holt-Winters adds an additive season. The
prediction intervals are statsmodels' exact ones for these model classes (AAdN, AAdA).

Fits must be fast and quiet: a failed or non-finite fit returns None so the caller falls
back to a simpler method instead of failing the request.
"""

from __future__ import annotations

import warnings

import numpy as np

# pandas ships no type information and pandas-stubs is not a dependency (only this module
# touches pandas, for the statsmodels call); pyproject's ignore_missing_imports list would
# be the place for it.
import pandas as pd
from statsmodels.tsa.exponential_smoothing.ets import ETSModel

from services.analytics.statistics.intervals import Prediction
from services.analytics.statistics.series import FloatArray

# Enough for the smoothing parameters to converge on the series we forecast (tens of
# monthly points); an unconverged fit is still judged by the backtest like any other.
MAX_ITERATIONS = 100


def holt(history: FloatArray, horizon: int) -> Prediction | None:
    return _forecast(history, horizon, season_length=None)


def holt_winters(history: FloatArray, horizon: int, season_length: int) -> Prediction | None:
    return _forecast(history, horizon, season_length=season_length)


def _forecast(history: FloatArray, horizon: int, *, season_length: int | None) -> Prediction | None:
    size = history.size
    seasonal = {"seasonal": "add", "seasonal_periods": season_length} if season_length else {}
    try:
        # statsmodels warns freely (non-convergence, ill-conditioned Hessians) and has no
        # switch for it; the warnings say nothing the backtest does not already measure.
        # catch_warnings is process-global before Python 3.14: a warning raised by another
        # thread during a fit may be swallowed too, which is acceptable for these.
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            model = ETSModel(
                # A Series, not an array: get_prediction reads the index of its mean.
                pd.Series(history),
                error="add",
                trend="add",
                damped_trend=True,
                initialization_method=_initialization(size, season_length),
                **seasonal,
            )
            fitted = model.fit(disp=False, maxiter=MAX_ITERATIONS)
            prediction = fitted.get_prediction(start=size, end=size + horizon - 1)
            mean = np.asarray(prediction.predicted_mean, dtype=np.float64)
            band80 = np.asarray(prediction.pred_int(alpha=0.20), dtype=np.float64)
            band95 = np.asarray(prediction.pred_int(alpha=0.05), dtype=np.float64)
    except Exception:  # statsmodels raises many types; any of them means "no fit"
        return None
    if mean.shape != (horizon,) or band80.shape != (horizon, 2) or band95.shape != (horizon, 2):
        return None
    result = Prediction(mean, band80[:, 0], band80[:, 1], band95[:, 0], band95[:, 1])
    return result if result.is_finite() else None


def _initialization(size: int, season_length: int | None) -> str:
    """Heuristic initial states (FPP §8.6 / statsmodels) when the series is long enough
    for them, else estimated ones.

    The heuristic leaves only the smoothing parameters to optimize, which is an order of
    magnitude faster than also estimating one initial state per season position and, on
    short monthly histories, forecasts at least as well.
    """
    needed = 10
    if season_length:
        needed = max(needed, 2 * season_length, 10 + 2 * (season_length // 2))
    return "heuristic" if size >= needed else "estimated"
