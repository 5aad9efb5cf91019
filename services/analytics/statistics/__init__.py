"""Statistics for analytics insights: trend tests and forecasts. A pure library.

No database, no gRPC, no I/O: callers pass a series of period totals (oldest first) and
get plain dataclasses back, every float finite and every significance in [0, 1].
`trends` finds monotonic trends (Mann-Kendall, Sen's slope) and spikes and dips (robust
z-score against a rolling baseline); `forecasting` forecasts with ETS / Holt-Winters when
the history allows and benchmark methods otherwise, with intervals and a backtest MASE.
"""

from services.analytics.statistics.forecasting import (
    Backtest,
    Forecast,
    ForecastPoint,
    Method,
    forecast,
)
from services.analytics.statistics.trends import (
    MIN_POINTS,
    Direction,
    DirectionTest,
    Excursion,
    ExcursionKind,
    excursions,
    mann_kendall,
)

__all__ = [
    "MIN_POINTS",
    "Backtest",
    "Direction",
    "DirectionTest",
    "Excursion",
    "ExcursionKind",
    "Forecast",
    "ForecastPoint",
    "Method",
    "excursions",
    "forecast",
    "mann_kendall",
]
