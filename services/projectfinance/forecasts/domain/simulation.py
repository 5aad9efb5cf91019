"""The Monte Carlo core of a forecast: vectorised numpy over every path at once (one
array per quantity, shape paths x months), seeded so the same inputs always give the
same numbers (docs/project-finance-forecasts.md, "Method").

Each path draws the future performance once: a CPI and an SPI from normal
distributions centred on the record's observed indices with their observed spread,
clipped to [MIN_INDEX, INDEX_CAP] (an index at or below 0 would earn nothing or
everything for free). Along a path the remaining work is earned at the plan's pace *
SPI until none is left; each month costs what it earned / CPI and recognizes its share
of the remaining revenue. Floats stop here: the caller turns the means into exact money.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from services.projectfinance.records.domain.earned_value import INDEX_CAP

MIN_INDEX: Final = 0.1
MAX_INDEX: Final = float(INDEX_CAP)
# confidence_level: the share of paths whose horizon cost lies within this fraction of
# the projected (mean) horizon cost.
CONFIDENCE_BAND: Final = 0.10
# A path finishing within a second of the horizon's end finishes within it (the
# division that finds its finish is inexact).
FINISH_TOLERANCE_DAYS: Final = 1 / 86_400

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class SimulationInput:
    """Everything a simulation reads, in the record's currency (major units) and days."""

    budget: float  # BAC
    actual_cost: float  # AC to date
    remaining_work: float  # BAC - EV, never negative: the value still to earn
    remaining_revenue: float  # revenue not recognized yet, never negative
    cpi: float
    spi: float
    cpi_sigma: float
    spi_sigma: float
    # Value earned per day at SPI 1 (the plan's pace); > 0 whenever work remains.
    pace_per_day: float
    # Days from the forecast's start to the end of each month, increasing.
    month_ends: tuple[float, ...]
    paths: int
    seed: int
    # EAC above BAC by more than this (half the currency's minor unit) is an overrun.
    overrun_tolerance: float


@dataclass(frozen=True)
class SimulationResult:
    monthly_cost: Floats  # mean over paths, per month
    monthly_revenue: Floats
    completion_probability: float
    budget_risk_probability: float
    confidence_level: float
    projected_cpi: float  # mean of the drawn CPIs
    projected_spi: float


def _indices(rng: np.random.Generator, centre: float, sigma: float, paths: int) -> Floats:
    drawn: Floats = np.clip(rng.normal(centre, sigma, paths), MIN_INDEX, MAX_INDEX)
    return drawn


def simulate(given: SimulationInput) -> SimulationResult:
    """Every path at once; the same `given` (seed included) gives the same result."""
    rng = np.random.default_rng(given.seed)
    cpi = _indices(rng, given.cpi, given.cpi_sigma, given.paths)
    spi = _indices(rng, given.spi, given.spi_sigma, given.paths)
    ends = np.asarray(given.month_ends, dtype=np.float64)
    work = given.remaining_work
    rate = given.pace_per_day * spi
    earned_by = np.minimum(work, rate[:, np.newaxis] * ends[np.newaxis, :])
    earned = np.diff(earned_by, axis=1, prepend=0.0)
    cost = earned / cpi[:, np.newaxis]
    if work > 0:
        revenue_share = given.remaining_revenue / work
        finish = work / rate
        completion = float(np.mean(finish <= ends[-1] + FINISH_TOLERANCE_DAYS))
    else:
        revenue_share, completion = 0.0, 1.0
    eac = given.actual_cost + work / cpi
    horizon_cost = cost.sum(axis=1)
    projected = float(horizon_cost.mean())
    within = np.abs(horizon_cost - projected) <= CONFIDENCE_BAND * projected
    return SimulationResult(
        monthly_cost=cost.mean(axis=0),
        monthly_revenue=earned.mean(axis=0) * revenue_share,
        completion_probability=completion,
        budget_risk_probability=float(np.mean(eac - given.budget > given.overrun_tolerance)),
        confidence_level=float(np.mean(within)),
        projected_cpi=float(cpi.mean()),
        projected_spi=float(spi.mean()),
    )
