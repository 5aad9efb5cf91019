"""How extreme a robust z-score is when nothing happened: its small-sample null distribution.

The robust z of a point against k points before it, (x - median) / (1.4826 * MAD), is
not standard normal for the short windows excursions use: the MAD of a handful of points
is often far below the true spread, so the score has a heavy, power-law tail. Under
Gaussian noise with k = 6, |z| >= 3.5 happens for 7.5% of points (the normal tail says
0.05%) and |z| >= 8 still for 1%; reading p-values off the normal would call pure noise
"significant" in most real series. The distribution depends only on k (the score is
location- and scale-free), so it is simulated once per k, deterministically, and p-values
are read off it, as a Monte Carlo p-value: (exceedances + 1) / (draws + 1).
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from services.analytics.statistics.series import FloatArray

MAD_TO_SD = 1.4826  # 1.4826 * MAD estimates the standard deviation of Gaussian data
# 2^16 draws resolve tail probabilities down to 1.5e-5 (so a Bonferroni correction over
# 36 monthly points can still reach a significance of 0.9995) for 256 KiB per window size.
DRAWS = 1 << 16
SEED = 20_240_612  # fixed: the same input always gets the same significance


def robust_z_p_values(z: FloatArray, baseline_sizes: npt.NDArray[np.int64]) -> FloatArray:
    """Two-sided p-values of robust z-scores, each against its own baseline size.

    A score computed with a floored scale (see trends.py) is smaller in magnitude than the
    unfloored one, so its p-value from this null is conservative, never too small.
    """
    p = np.empty_like(z)
    for size in np.unique(baseline_sizes):
        chosen = baseline_sizes == size
        null = _null_magnitudes(int(size))
        exceeding = null.size - np.searchsorted(null, np.abs(z[chosen]), side="left")
        p[chosen] = (exceeding + 1.0) / (null.size + 1.0)
    return p


@functools.cache
def _null_magnitudes(size: int) -> npt.NDArray[np.float32]:
    """Sorted |robust z| of a Gaussian point against `size` Gaussian points, DRAWS times."""
    rng = np.random.default_rng([SEED, size])
    baseline = rng.standard_normal((DRAWS, size))
    point = rng.standard_normal(DRAWS)
    median = np.median(baseline, axis=1)
    mad = np.median(np.abs(baseline - median[:, None]), axis=1)
    # A zero MAD is impossible with continuous draws, but keep the division total anyway.
    with np.errstate(divide="ignore", invalid="ignore"):
        magnitudes = np.abs(point - median) / (MAD_TO_SD * mad)
    magnitudes[~np.isfinite(magnitudes)] = np.inf
    magnitudes.sort()
    return magnitudes.astype(np.float32)
