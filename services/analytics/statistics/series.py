"""Turning a caller's sequence of numbers into the float array every method works on."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def as_series(values: Sequence[float]) -> FloatArray:
    """A one-dimensional float copy of `values`; NaN and infinities are refused.

    Refusing them here keeps every statistic downstream finite: a NaN would otherwise
    travel silently into medians, sorts and p-values.
    """
    series = np.array(values, dtype=np.float64)
    if series.ndim != 1:
        raise ValueError("a series must be one-dimensional")
    if not np.all(np.isfinite(series)):
        raise ValueError("a series must contain only finite numbers")
    return series
