from __future__ import annotations

import math

import numpy as np
import pytest

from services.analytics.statistics.trends import excursions


def noisy(seed: int, size: int = 36, level: float = 1000, sd: float = 50) -> np.ndarray:
    return np.random.default_rng(seed).normal(level, sd, size)


def test_a_planted_spike_is_found_at_its_index() -> None:
    values = noisy(1)
    values[20] += 1000
    found = excursions(values.tolist())
    assert found, "the spike was not found"
    top = found[0]
    assert (top.index, top.kind) == (20, "spike")
    assert top.value == values[20]
    assert top.robust_z >= 3.5
    assert top.significance >= 0.8
    assert top.baseline == pytest.approx(float(np.median(values[14:20])))


def test_a_planted_dip_is_found_at_its_index() -> None:
    values = noisy(2)
    values[27] -= 700
    top = excursions(values.tolist())[0]
    assert (top.index, top.kind) == (27, "dip")
    assert top.robust_z <= -3.5
    assert top.significance >= 0.8


def test_smooth_series_have_no_excursions() -> None:
    steps = np.arange(48)
    assert excursions((100 + 5 * steps).tolist()) == []
    assert excursions((100 * 1.05**steps).tolist()) == []
    # A yearly season needs a window of a full season: half a season's baseline sees the
    # turning points as jumps.
    season = 1000 + 200 * np.sin(2 * np.pi * steps / 12)
    assert excursions(season.tolist(), window=12) == []


def test_pure_noise_is_rarely_significant() -> None:
    # The robust z of a point against six others is heavy-tailed; its p-value must come
    # from that tail, not the normal one, or noise reads as significant.
    noisy_series = [noisy(seed, sd=200) for seed in range(100)]
    false_alarms = sum(
        any(e.significance >= 0.8 for e in excursions(series.tolist())) for series in noisy_series
    )
    assert false_alarms <= 10


def test_a_flat_baseline_with_one_jump_is_a_spike_but_float_noise_is_not() -> None:
    zeros = [0.0] * 10 + [50.0] + [0.0] * 5
    found = excursions(zeros)
    assert [(e.index, e.kind) for e in found] == [(10, "spike")]
    assert math.isfinite(found[0].robust_z) and found[0].significance == pytest.approx(1, abs=1e-3)
    flat = [100.0] * 6 + [100.0 + 1e-9, 100.0, 100.0 - 1e-9] + [100.0] * 6
    assert excursions(flat) == []
    assert excursions([0.0] * 6 + [1e-12] + [0.0] * 3) == []


def test_a_jump_within_five_percent_of_a_flat_baseline_is_not_an_excursion() -> None:
    assert excursions([100.0] * 8 + [117.0] + [100.0] * 3) == []
    assert [e.index for e in excursions([100.0] * 8 + [118.0] + [100.0] * 3)] == [8]


def test_points_with_a_short_history_are_not_tested() -> None:
    # window 6: the first point tested has three before it.
    assert [e.index for e in excursions([10, 10, 500, 10, 10, 10, 10])] == []
    assert [e.index for e in excursions([10, 10, 10, 500, 10, 10, 10])] == [3]
    assert [e.index for e in excursions([10, 10, 10, 10, 10, 500], window=10)] == [5]
    assert [e.index for e in excursions([10, 10, 10, 10, 500], window=10)] == []


def test_results_are_ordered_by_significance() -> None:
    values = noisy(3, size=60)
    values[15] += 800
    values[40] -= 600
    values[50] += 3000
    found = excursions(values.tolist())
    assert [e.index for e in found[:3]] == [50, 15, 40]
    significances = [e.significance for e in found]
    assert significances == sorted(significances, reverse=True)


@pytest.mark.parametrize(
    "values",
    [
        [],
        [5.0],
        [0.0] * 3,
        [0.0] * 40,
        [0, 0, 0, 1, 0, 0, 2, 0, 0, 0],
        [1e9, 0, 1e9, 0, 1e9, 0, 1e9],
    ],
)
def test_significance_is_always_a_probability(values: list[float]) -> None:
    for e in excursions(values):
        assert 0.0 <= e.significance <= 1.0
        assert all(math.isfinite(x) for x in (e.value, e.baseline, e.robust_z))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        excursions([1.0] * 10, window=2)
    with pytest.raises(ValueError):
        excursions([1.0] * 10, threshold=0)
    with pytest.raises(ValueError):
        excursions([1.0, math.inf, 1.0, 1.0])
