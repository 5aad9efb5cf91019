"""Piecewise-linear scores (pure): a measured value mapped to 0-100 through anchor points,
the scales of the health indicator (health.py states why each anchor is where it is)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from itertools import pairwise


@dataclass(frozen=True, slots=True)
class Scale:
    """Anchors (value, score), values increasing; straight lines between them, the end
    scores beyond the ends."""

    anchors: tuple[tuple[Decimal, Decimal], ...]

    @classmethod
    def of(cls, *anchors: tuple[str | int, int]) -> Scale:
        points = tuple((Decimal(value), Decimal(score)) for value, score in anchors)
        if len(points) < 2 or any(a[0] >= b[0] for a, b in pairwise(points)):
            raise ValueError("a scale needs two or more anchors, values increasing")
        return cls(points)

    def exact(self, value: Decimal) -> Decimal:
        """The score, unrounded."""
        anchors: Sequence[tuple[Decimal, Decimal]] = self.anchors
        if value <= anchors[0][0]:
            return anchors[0][1]
        for (x0, y0), (x1, y1) in pairwise(anchors):
            if value <= x1:
                return y0 + (y1 - y0) * (value - x0) / (x1 - x0)
        return anchors[-1][1]

    def score(self, value: Decimal) -> int:
        """The score rounded down: a score reaches an anchor's only when the value does
        (80 means the guideline is met, never 79.6 rounded up)."""
        return int(self.exact(value).to_integral_value(rounding=ROUND_FLOOR))
