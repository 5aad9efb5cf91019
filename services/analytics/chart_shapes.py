"""Chart.js's data shape, shared by the chart capabilities (cashflow_charts,
goal_charts): a chart is its type, its labels and datasets each exactly as long as the
labels — checked when built, so no endpoint can answer a ragged chart.

Values stay Decimal (money to the cent, scores as the caller rounds them); the servicer
prints them as decimal strings, which Chart.js reads as numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.analytics.fields import CENTS

# Okabe-Ito: eight colours told apart with every common colour-vision deficiency.
PALETTE: Final = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#000000",
)
INCOME_COLOR: Final = "#009E73"
EXPENSE_COLOR: Final = "#D55E00"
NEUTRAL_COLOR: Final = "#999999"
# The border of charts coloured per label (pie, doughnut, bars): white between slices.
OUTLINE_COLOR: Final = "#FFFFFF"


def palette_color(index: int) -> str:
    """The index-th colour of the palette, cycling."""
    return PALETTE[index % len(PALETTE)]


def translucent(color: str) -> str:
    """A "#RRGGBB" colour at 20 % opacity ("#RRGGBB33"): an area's fill under its line."""
    return color + "33"


def month_label(month: date) -> str:
    """A month's label: "2026-11"."""
    return f"{month.year:04d}-{month.month:02d}"


def cents(amount: Decimal) -> Decimal:
    """Money as a chart draws it: to the cent, half to even, never "-0.00"."""
    return amount.quantize(CENTS, rounding=ROUND_HALF_EVEN) + 0


@dataclass(frozen=True)
class Dataset:
    """One series: one value per label."""

    label: str
    data: tuple[Decimal, ...]
    # The Chart.js type of this series when it differs from the chart's ("line" over
    # bars); None: the chart's.
    type: str | None = None
    border_color: str = ""
    # One colour for the series, or one per label (pie, doughnut).
    background_color: tuple[str, ...] = ()
    fill: bool = False


@dataclass(frozen=True)
class Chart:
    """Chart.js's {type, labels, datasets}; `chart_type` is the kind asked for (an
    "area" chart is drawn by Chart.js as a filled line)."""

    chart_type: str
    labels: tuple[str, ...]
    datasets: tuple[Dataset, ...]

    def __post_init__(self) -> None:
        for dataset in self.datasets:
            if len(dataset.data) != len(self.labels):
                raise ValueError(
                    f"dataset {dataset.label!r} has {len(dataset.data)} values"
                    f" for {len(self.labels)} labels"
                )


def chart(chart_type: str, labels: Sequence[str], *datasets: Dataset) -> Chart:
    return Chart(chart_type, tuple(labels), tuple(datasets))
