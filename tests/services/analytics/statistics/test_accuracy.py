from __future__ import annotations

import numpy as np
import pytest

from services.analytics.statistics.accuracy import mase, mase_scale
from services.analytics.statistics.forecasting import holdout_length


def test_scale_is_the_seasonal_naive_in_sample_error() -> None:
    training = np.array([1.0, 5.0, 2.0, 7.0, 4.0])
    # Lag 2: |2-1|, |7-5|, |4-2| -> 5/3.
    assert mase_scale(training, 2) == pytest.approx(5 / 3)
    # No season: lag 1: |4|, |-3|, |5|, |-3| -> 15/4.
    assert mase_scale(training, 1) == pytest.approx(15 / 4)
    # A season longer than the training part allows also falls back to lag 1.
    assert mase_scale(training, 12) == pytest.approx(15 / 4)


def test_a_zero_scale_falls_back_to_the_mean_magnitude_then_to_none() -> None:
    assert mase_scale(np.array([3.0, -3.0, 3.0, -3.0]), 2) == pytest.approx(3.0)
    assert mase_scale(np.array([4.0]), 1) == pytest.approx(4.0)
    assert mase_scale(np.zeros(10), 4) is None
    assert mase_scale(np.array([]), 1) is None


def test_mase() -> None:
    actual = np.array([10.0, 12.0])
    assert mase(actual, np.array([11.0, 10.0]), 2.0) == pytest.approx(0.75)
    assert mase(actual, actual, None) is None


@pytest.mark.parametrize(
    ("size", "season", "horizon", "held_out"),
    [(36, 12, 12, 9), (100, 12, 24, 12), (100, 1, 12, 4), (36, 12, 2, 2), (3, 1, 12, 1)],
)
def test_holdout_length(size: int, season: int, horizon: int, held_out: int) -> None:
    assert holdout_length(size, season, horizon) == held_out
