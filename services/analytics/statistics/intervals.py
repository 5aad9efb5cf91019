"""A forecast's path: its mean and nested 80% / 95% prediction intervals, per step."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import norm

from services.analytics.statistics.series import FloatArray

# Two-sided normal quantiles for 80% and 95% intervals (1.2816 and 1.9600).
Z80 = float(norm.ppf(0.90))
Z95 = float(norm.ppf(0.975))


@dataclass(frozen=True, slots=True)
class Prediction:
    mean: FloatArray
    lower80: FloatArray
    upper80: FloatArray
    lower95: FloatArray
    upper95: FloatArray

    @classmethod
    def normal(cls, mean: FloatArray, sd: FloatArray) -> Prediction:
        """Intervals of a normally distributed forecast error with standard deviation `sd`."""
        return cls(mean, mean - Z80 * sd, mean + Z80 * sd, mean - Z95 * sd, mean + Z95 * sd)

    def nested(self) -> Prediction:
        """The same path with lower95 <= lower80 <= mean <= upper80 <= upper95 enforced,
        which a model's own intervals do not promise once rounding or clipping is done."""
        lower80 = np.minimum(self.lower80, self.mean)
        upper80 = np.maximum(self.upper80, self.mean)
        return Prediction(
            self.mean,
            lower80,
            upper80,
            np.minimum(self.lower95, lower80),
            np.maximum(self.upper95, upper80),
        )

    def clipped_at_zero(self) -> Prediction:
        """For amounts that cannot go negative (spending): clipping every bound keeps the
        intervals nested since it is monotonic."""
        return Prediction(
            np.maximum(self.mean, 0.0),
            np.maximum(self.lower80, 0.0),
            np.maximum(self.upper80, 0.0),
            np.maximum(self.lower95, 0.0),
            np.maximum(self.upper95, 0.0),
        )

    def is_finite(self) -> bool:
        return all(
            bool(np.all(np.isfinite(a)))
            for a in (self.mean, self.lower80, self.upper80, self.lower95, self.upper95)
        )
