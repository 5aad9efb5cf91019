"""The benchmark methods against the formulas of FPP §5.2 and §5.5, worked by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from services.analytics.statistics.baselines import (
    drift_method,
    mean_method,
    seasonal_naive_method,
)
from services.analytics.statistics.intervals import Z80, Z95


def test_normal_quantiles() -> None:
    assert math.isclose(Z80, 1.2816, abs_tol=1e-4)
    assert math.isclose(Z95, 1.96, abs_tol=1e-4)


def test_mean_method() -> None:
    # Mean 2, residuals -1, 0, 1: sigma = sqrt(2 / (3 - 1)) = 1; sd_h = sqrt(1 + 1/3).
    p = mean_method(np.array([1.0, 2.0, 3.0]), 2)
    assert p.mean.tolist() == [2.0, 2.0]
    sd = math.sqrt(4 / 3)
    assert p.upper80.tolist() == pytest.approx([2 + Z80 * sd] * 2)
    assert p.lower95.tolist() == pytest.approx([2 - Z95 * sd] * 2)


def test_drift_method() -> None:
    # Slope (4 - 1) / 2 = 1.5; residuals of the steps 1 and 2: -0.5, 0.5; sigma =
    # sqrt(0.5 / (2 - 1)); sd_h = sigma * sqrt(h * (1 + h / 2)).
    p = drift_method(np.array([1.0, 2.0, 4.0]), 2)
    assert p.mean.tolist() == [5.5, 7.0]
    sigma = math.sqrt(0.5)
    sds = np.array([sigma * math.sqrt(h * (1 + h / 2)) for h in (1, 2)])
    assert p.upper80 == pytest.approx(np.array([5.5, 7]) + Z80 * sds)
    assert p.lower95 == pytest.approx(np.array([5.5, 7]) - Z95 * sds)


def test_seasonal_naive_method() -> None:
    # Season 2: forecasts repeat 4, 5; residuals y[t] - y[t-2] = 2, 2, 2: sigma = 2;
    # sd_h = 2 * sqrt(k + 1), k = (h - 1) // 2 whole seasons before step h.
    p = seasonal_naive_method(np.array([1.0, 2.0, 3.0, 4.0, 5.0]), 3, 2)
    assert p.mean.tolist() == [4.0, 5.0, 4.0]
    sds = np.array([2.0, 2.0, 2 * math.sqrt(2)])
    assert p.upper95 == pytest.approx(np.array([4, 5, 4]) + Z95 * sds)


def test_a_single_value_has_a_point_forecast() -> None:
    p = mean_method(np.array([5.0]), 3)
    assert p.mean.tolist() == [5.0] * 3
    assert p.lower95.tolist() == p.upper95.tolist() == [5.0] * 3
