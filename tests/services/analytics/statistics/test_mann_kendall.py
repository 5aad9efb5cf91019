from __future__ import annotations

import math
from itertools import combinations
from statistics import median

import numpy as np
import pytest

from services.analytics.statistics.trends import MIN_POINTS, mann_kendall


def normal_two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def reference(values: list[float]) -> tuple[int, float, float, float, float]:
    """S, Var(S), z, p and Sen's slope by the textbook formulas, pair by pair."""
    n = len(values)
    pairs = list(combinations(range(n), 2))
    s = sum((values[j] > values[i]) - (values[j] < values[i]) for i, j in pairs)
    groups = [values.count(v) for v in set(values)]
    variance = (n * (n - 1) * (2 * n + 5) - sum(t * (t - 1) * (2 * t + 5) for t in groups)) / 18
    z = (s - 1) / math.sqrt(variance) if s > 0 else (s + 1) / math.sqrt(variance) if s < 0 else 0
    slope = median((values[j] - values[i]) / (j - i) for i, j in pairs)
    return s, variance, z, normal_two_sided_p(z), slope


def test_a_strictly_increasing_series_worked_by_hand() -> None:
    # n = 6: S = 15 (every pair rises), Var(S) = 6*5*17/18 = 28.33, z = (15-1)/sqrt(28.33).
    test = mann_kendall([1, 2, 3, 4, 5, 6])
    assert test is not None
    assert test.direction == "increasing"
    assert test.tau == 1.0
    assert test.z == pytest.approx(14 / math.sqrt(510 / 18))
    assert test.z == pytest.approx(2.6301, abs=1e-4)
    assert test.p_value == pytest.approx(0.008535, abs=1e-6)
    assert test.significance == pytest.approx(1 - test.p_value)
    assert test.slope == 1.0
    assert test.n == 6


def test_ties_reduce_the_variance_worked_by_hand() -> None:
    # Pairs rising minus falling: from 1: +4, from the first 2: +1, from the second 2: +1,
    # from 3: 0, from the last 1: +1, so S = 7. Two groups of 2 ties each remove
    # 2*1*9 = 18 from 6*5*17 = 510: Var(S) = 474/18. Of the 15 pairwise slopes, sorted,
    # the 8th is 0.5.
    test = mann_kendall([1, 2, 2, 3, 1, 4])
    assert test is not None
    assert test.direction == "increasing"
    assert test.tau == pytest.approx(7 / 15)
    assert test.z == pytest.approx(6 / math.sqrt(474 / 18))
    assert test.p_value == pytest.approx(normal_two_sided_p(6 / math.sqrt(474 / 18)))
    assert test.slope == 0.5


@pytest.mark.parametrize("seed", range(5))
def test_matches_the_formulas_on_series_with_many_ties(seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = [float(v) for v in rng.integers(0, 6, size=25)]
    s, variance, z, p, slope = reference(values)
    test = mann_kendall(values)
    assert test is not None
    assert test.tau == pytest.approx(s / (25 * 24 / 2))
    assert test.z == pytest.approx(z)
    assert test.p_value == pytest.approx(p)
    assert test.slope == pytest.approx(slope)
    assert test.direction == ("increasing" if s > 0 else "decreasing" if s < 0 else None)
    assert variance < 25 * 24 * 55 / 18  # the ties did correct it


def test_a_noisy_upward_series_is_significantly_increasing() -> None:
    rng = np.random.default_rng(42)
    values = 100 + 5 * np.arange(24) + rng.normal(0, 15, 24)
    test = mann_kendall(values.tolist())
    assert test is not None
    assert test.direction == "increasing"
    assert test.significance >= 0.95
    assert test.slope == pytest.approx(5, abs=1.5)


def test_a_falling_series_is_decreasing_with_a_negative_slope() -> None:
    test = mann_kendall([50, 48, 49, 40, 41, 35, 30, 31])
    assert test is not None
    assert test.direction == "decreasing"
    assert test.tau < 0 and test.z < 0 and test.slope < 0


def test_random_series_are_mostly_not_significant() -> None:
    rng = np.random.default_rng(7)
    significant = 0
    for _ in range(200):
        test = mann_kendall(rng.normal(1000, 100, 24).tolist())
        assert test is not None
        significant += test.significance >= 0.95
    # The test's false-positive rate at the 5% level, with room for sampling noise.
    assert significant / 200 <= 0.1


def test_no_net_movement_has_no_direction() -> None:
    test = mann_kendall([1, 3, 2, 2, 3, 1])  # S = 0
    assert test is not None
    assert test.direction is None
    assert test.z == 0.0 and test.p_value == 1.0 and test.significance == 0.0


@pytest.mark.parametrize(
    "values",
    [[], [1.0], [1, 2, 3, 4, 5][: MIN_POINTS - 1], [0.0] * 12, [7.5] * 6],
)
def test_short_or_flat_series_are_not_tested(values: list[float]) -> None:
    assert mann_kendall(values) is None


def test_zeros_and_large_series_stay_finite() -> None:
    values = [0.0] * 150 + [0.0, 1.0] * 75
    test = mann_kendall(values)
    assert test is not None
    assert all(math.isfinite(x) for x in (test.tau, test.z, test.p_value, test.slope))
    assert 0.0 <= test.significance <= 1.0


def test_non_finite_values_are_refused() -> None:
    with pytest.raises(ValueError):
        mann_kendall([1, 2, 3, float("nan"), 5, 6])
