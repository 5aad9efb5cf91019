"""Trends in a series of period totals: a monotonic direction and one-off excursions.

Direction is the Mann-Kendall test (with the tie correction of its variance) and Sen's
slope; excursions are points far from a robust baseline of the points just before them.
Both report a significance in [0, 1], one minus a two-sided p-value, so callers can
filter and rank insights of different kinds on one scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from scipy.stats import norm

from services.analytics.statistics.robust_null import MAD_TO_SD, robust_z_p_values
from services.analytics.statistics.series import FloatArray, as_series

Direction = Literal["increasing", "decreasing"]
ExcursionKind = Literal["spike", "dip"]

# Below six points there are at most ten pairs: one odd value decides the verdict and the
# normal approximation of S is at its roughest.
MIN_POINTS = 6

# The baseline scale never drops below 5% of the baseline's magnitude nor an absolute
# epsilon. Without the relative floor a near-constant baseline (a category made of one
# subscription) turns a one-cent change into a thirty-sigma "spike"; with it, a point must
# move at least threshold * 5% (17.5% at the default 3.5) from its baseline to count.
# The absolute epsilon only matters when the baseline is exactly zero: a jump from
# nothing to any real amount is still an excursion, but float noise around zero is not.
RELATIVE_SCALE_FLOOR = 0.05
ABSOLUTE_SCALE_FLOOR = 1e-6


@dataclass(frozen=True, slots=True)
class DirectionTest:
    direction: Direction | None  # None when no monotonic trend (S == 0)
    tau: float  # Kendall's tau-a: S over the number of pairs
    z: float
    p_value: float  # two-sided, with tie correction
    significance: float  # 1 - p_value, in [0, 1]
    slope: float  # Sen's slope per step (median pairwise slope)
    n: int


def mann_kendall(values: Sequence[float]) -> DirectionTest | None:
    """The Mann-Kendall trend test on `values` taken at equal steps.

    None when fewer than MIN_POINTS values or all equal (no variance to test against).
    """
    series = as_series(values)
    n = int(series.size)
    if n < MIN_POINTS or np.all(series == series[0]):
        return None
    earlier, later = np.triu_indices(n, k=1)
    differences = series[later] - series[earlier]
    s = int(np.sign(differences).sum())
    variance = _s_variance(series)
    if variance <= 0:
        return None
    # Continuity correction: S moves in steps of 2, so shrink it by 1 towards zero.
    z = (s - np.sign(s)) / np.sqrt(variance)
    p_value = _clamp01(2.0 * float(norm.sf(abs(z))))
    return DirectionTest(
        direction="increasing" if s > 0 else "decreasing" if s < 0 else None,
        tau=s / (n * (n - 1) / 2),
        z=float(z),
        p_value=p_value,
        significance=_clamp01(1.0 - p_value),
        slope=float(np.median(differences / (later - earlier))),
        n=n,
    )


def _s_variance(series: FloatArray) -> float:
    """Var(S) under no trend, less what each group of tied values removes."""
    n = series.size
    _, counts = np.unique(series, return_counts=True)
    ties = counts[counts > 1].astype(np.float64)
    tied = float(np.sum(ties * (ties - 1) * (2 * ties + 5)))
    return (n * (n - 1) * (2 * n + 5) - tied) / 18.0


@dataclass(frozen=True, slots=True)
class Excursion:
    index: int  # position in `values`
    kind: ExcursionKind
    value: float
    baseline: float  # median of the rolling baseline window before it
    robust_z: float  # (value - baseline) / floored robust scale (see RELATIVE_SCALE_FLOOR)
    significance: float  # 1 - Bonferroni-corrected two-sided p over the points tested


def excursions(
    values: Sequence[float], *, window: int = 6, threshold: float = 3.5
) -> list[Excursion]:
    """Points whose robust z against the `window` points before them is >= threshold
    (spike) or <= -threshold (dip).

    Points with fewer than max(3, window // 2) prior points are not tested. A point's
    p-value comes from the robust z's null distribution for its baseline size (see
    robust_null.py: the normal one is far too light-tailed for a few points), and is
    Bonferroni-corrected over every point tested, since scanning a long series for its
    most extreme point would otherwise always find a "significant" one. Sorted by
    significance, then by |robust_z|, both descending, then by index.
    """
    if window < 3:
        raise ValueError("window must be at least 3")
    if not threshold > 0:
        raise ValueError("threshold must be positive")
    series = as_series(values)
    first_tested = max(3, window // 2)
    if series.size <= first_tested:
        return []
    indexes = np.arange(first_tested, series.size)
    baselines, scales = _rolling_baselines(series, window, first_tested)
    z = (series[indexes] - baselines) / scales
    baseline_sizes = np.minimum(indexes, window)
    corrected = np.minimum(1.0, robust_z_p_values(z, baseline_sizes) * indexes.size)
    significance = np.clip(1.0 - corrected, 0.0, 1.0)
    found = [
        Excursion(
            index=int(index),
            kind="spike" if z[k] > 0 else "dip",
            value=float(series[index]),
            baseline=float(baselines[k]),
            robust_z=float(z[k]),
            significance=float(significance[k]),
        )
        for k, index in enumerate(indexes)
        if abs(z[k]) >= threshold
    ]
    found.sort(key=lambda e: (-e.significance, -abs(e.robust_z), e.index))
    return found


def _rolling_baselines(
    series: FloatArray, window: int, first_tested: int
) -> tuple[FloatArray, FloatArray]:
    """Median and floored robust scale of the (up to) `window` points before each tested
    point, for the points from `first_tested` on."""
    # Points before `window` see a shorter history (first_tested <= window always); there
    # are fewer than `window` of them, so a loop is fine. From `window` on every baseline
    # is a full window, done in one vectorized pass.
    partial = [series[:i] for i in range(first_tested, min(window, series.size))]
    medians = [float(np.median(w)) for w in partial]
    mads = [float(np.median(np.abs(w - m))) for w, m in zip(partial, medians, strict=True)]
    if series.size > window:
        full = sliding_window_view(series[:-1], window)
        full_medians = np.median(full, axis=1)
        medians.extend(full_medians)
        mads.extend(np.median(np.abs(full - full_medians[:, None]), axis=1))
    baselines = np.asarray(medians, dtype=np.float64)
    scales = np.maximum.reduce(
        [
            MAD_TO_SD * np.asarray(mads, dtype=np.float64),
            RELATIVE_SCALE_FLOOR * np.abs(baselines),
            np.full_like(baselines, ABSOLUTE_SCALE_FLOOR),
        ]
    )
    return baselines, scales


def _clamp01(value: float) -> float:
    return min(1.0, max(0.0, value))
