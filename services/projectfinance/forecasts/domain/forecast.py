"""A project forecast (spec 3 "Project forecast"): what it reads of a record, how its
Monte Carlo is set up and seeded, and how the simulated floats become exact money
(docs/project-finance-forecasts.md has the method, the seed and the rounding).

Money stays exact outside the simulation: the running total of the months' mean cost
(and revenue) is turned into a Decimal from the float's exact binary value and rounded
half to even to the currency's minor unit; each month is the step between two rounded
running totals, and every total, cumulative value and profit is summed or subtracted
from those months, so the figures shown always add up.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time
from decimal import ROUND_HALF_EVEN, Decimal
from itertools import accumulate
from typing import Final

from dateutil.relativedelta import relativedelta

from services.projectfinance.forecasts.domain.observed import (
    SIGMA_FLOOR,
    days,
    pace_per_day,
    phase_indices,
    spread,
)
from services.projectfinance.forecasts.domain.periods import period_label
from services.projectfinance.forecasts.domain.simulation import (
    CONFIDENCE_BAND,
    MAX_INDEX,
    MIN_INDEX,
    SimulationInput,
    simulate,
)
from services.projectfinance.kernel.money import exponent
from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.records.domain.earned_value import ZERO, earned_value
from services.runtime.errors import InvalidArgument

PATHS: Final = 10_000
PROBABILITY_PLACES: Final = Decimal("0.0001")


@dataclass(frozen=True)
class Basis:
    """What a forecast reads of one record at its start."""

    record_id: uuid.UUID
    currency: str
    budget: Decimal  # BAC
    phases: Sequence[PhaseWork]
    total_revenue: Decimal  # Σ milestones not cancelled
    recognized_revenue: Decimal  # by the record's revenue model, to date


@dataclass(frozen=True)
class MonthProjection:
    month: datetime  # the month's first moment
    projected_cost: Decimal
    projected_revenue: Decimal
    cumulative_cost: Decimal  # AC to date + the projected cost up to this month
    cumulative_revenue: Decimal  # recognized revenue to date + projected revenue so far

    @property
    def projected_profit(self) -> Decimal:
        return self.projected_revenue - self.projected_cost


@dataclass(frozen=True)
class Projection:
    period: str
    start: datetime
    forecast_end_date: datetime
    currency: str
    budget_risk_probability: Decimal
    completion_probability: Decimal
    confidence_level: Decimal
    projected_cpi: Decimal
    projected_spi: Decimal
    assumptions: tuple[str, ...]
    months: tuple[MonthProjection, ...]

    @property
    def projected_cost(self) -> Decimal:
        return sum((month.projected_cost for month in self.months), ZERO)

    @property
    def projected_revenue(self) -> Decimal:
        return sum((month.projected_revenue for month in self.months), ZERO)

    @property
    def projected_profit(self) -> Decimal:
        return self.projected_revenue - self.projected_cost


@dataclass(frozen=True)
class Forecast:
    """A stored forecast."""

    id: uuid.UUID
    tenant_id: uuid.UUID
    record_id: uuid.UUID
    project_id: uuid.UUID  # main's
    generated_at: datetime
    created_by: uuid.UUID
    projection: Projection


def forecast_start(as_of: datetime) -> datetime:
    """A forecast starts at the first moment (UTC) of its as-of day, so every forecast of
    a record asked on one day reads the same plan and draws the same paths."""
    return datetime.combine(as_of.astimezone(UTC).date(), time(), tzinfo=UTC)


def forecast_seed(record_id: uuid.UUID, start: datetime) -> int:
    """The simulation's seed: the first 63 bits of SHA-256("<record id>:<start date>"),
    so it fits a signed 64-bit column. The period is left out: the paths of a 3-month and
    a 12-month forecast of one day are the same paths, and their first months agree."""
    digest = hashlib.sha256(f"{record_id}:{start.date().isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def month_starts(start: datetime, months: int) -> list[datetime]:
    """The first moment of each month of the horizon, then its end (start + months);
    InvalidArgument naming `as_of` when the horizon would end past year 9999."""
    try:
        return [start + relativedelta(months=n) for n in range(months + 1)]
    except (OverflowError, ValueError):
        raise InvalidArgument.for_field(
            "as_of", f"{start.date()} leaves no room for a {months}-month horizon"
        ) from None


def _rounded_months(means: Sequence[float], minor: Decimal) -> list[Decimal]:
    """Each month's amount as the step between its rounded running totals: the months
    then add up to the rounded total exactly (rounding each month alone could drift a
    minor unit a month)."""
    totals = [Decimal(total).quantize(minor, ROUND_HALF_EVEN) for total in accumulate(means)]
    return [total - before for before, total in zip([ZERO, *totals], totals, strict=False)]


def _fraction(value: float) -> Decimal:
    return Decimal(value).quantize(PROBABILITY_PLACES, ROUND_HALF_EVEN)


def _spread_text(name: str, centre: Decimal, sigma: float, observed: int) -> str:
    source = (
        f"the sample standard deviation of {observed} phases' {name}"
        if observed >= 2
        else f"the floor {SIGMA_FLOOR} (fewer than 2 phases show a {name})"
    )
    return (
        f"Future {name} drawn once per path from Normal({centre}, {sigma:.4f}), clipped to "
        f"[{MIN_INDEX}, {MAX_INDEX}]; the spread is {source}"
    )


def project(basis: Basis, months: int, start: datetime, *, paths: int = PATHS) -> Projection:
    """The forecast of `basis` over `months` calendar months from `start`."""
    currency, budget = basis.currency, basis.budget
    evm = earned_value(budget, basis.phases, start)
    remaining = max(ZERO, budget - evm.earned_value)
    unrecognized = max(ZERO, basis.total_revenue - basis.recognized_revenue)
    firsts = month_starts(start, months)
    end = firsts[-1]
    horizon_days = days(end - start)
    pace = pace_per_day(
        basis.phases,
        budget=budget,
        planned_value=evm.planned_value,
        remaining_work=remaining,
        start=start,
        horizon_days=horizon_days,
    )
    cpis, spis = phase_indices(basis.phases, start)
    seed = forecast_seed(basis.record_id, start)
    minor = Decimal(1).scaleb(-exponent(currency))

    def shown(amount: Decimal) -> Decimal:
        return amount.quantize(minor, ROUND_HALF_EVEN)

    given = SimulationInput(
        budget=float(budget),
        actual_cost=float(evm.actual_cost),
        remaining_work=float(remaining),
        remaining_revenue=float(unrecognized),
        cpi=float(evm.cost_performance_index),
        spi=float(evm.schedule_performance_index),
        cpi_sigma=spread(cpis),
        spi_sigma=spread(spis),
        pace_per_day=pace.per_day,
        month_ends=tuple(days(first - start) for first in firsts[1:]),
        paths=paths,
        seed=seed,
        overrun_tolerance=float(minor / 2),
    )
    result = simulate(given)
    costs = _rounded_months(result.monthly_cost.tolist(), minor)
    revenues = _rounded_months(result.monthly_revenue.tolist(), minor)
    spent, recognized = shown(evm.actual_cost), shown(basis.recognized_revenue)
    # Running sums from the amounts to date; `initial` leads each, so it is dropped.
    cumulative_costs = list(accumulate(costs, initial=spent))[1:]
    cumulative_revenues = list(accumulate(revenues, initial=recognized))[1:]
    rows = tuple(
        MonthProjection(
            month=first,
            projected_cost=cost,
            projected_revenue=revenue,
            cumulative_cost=cumulative_cost,
            cumulative_revenue=cumulative_revenue,
        )
        for first, cost, revenue, cumulative_cost, cumulative_revenue in zip(
            firsts[:-1], costs, revenues, cumulative_costs, cumulative_revenues, strict=True
        )
    )
    assumptions = (
        f"{paths:,} Monte Carlo paths (numpy PCG64) seeded with {seed}, the first 63 bits "
        f"of SHA-256 of the record id and the start date {start.date().isoformat()}",
        f"Earned value at the start: BAC {shown(budget)} {currency}, EV "
        f"{shown(evm.earned_value)}, PV {shown(evm.planned_value)}, AC {spent}, CPI "
        f"{evm.cost_performance_index}, SPI {evm.schedule_performance_index}",
        _spread_text("CPI", evm.cost_performance_index, given.cpi_sigma, len(cpis)),
        _spread_text("SPI", evm.schedule_performance_index, given.spi_sigma, len(spis)),
        f"The remaining work (BAC - EV = {shown(remaining)} {currency}) is earned at "
        f"{pace.per_day:.2f} {currency} a day * the path's SPI: {pace.basis}",
        "Each month costs the value it earns / the path's CPI",
        f"The revenue not yet recognized ({shown(unrecognized)} {currency}) is recognized in "
        "step with the remaining work",
        "Monthly amounts are means over the paths, rounded half to even to the "
        "currency's minor unit; cumulative amounts include the cost and recognized "
        "revenue to date",
        f"completion_probability: the share of paths finishing the remaining work by "
        f"{end.date().isoformat()}",
        "budget_risk_probability: the share of paths whose EAC = AC + (BAC - EV) / CPI "
        "exceeds BAC by more than half a minor unit",
        f"confidence_level: the share of paths whose cost over the horizon lies within "
        f"±{CONFIDENCE_BAND:.0%} of projected_cost",
    )
    return Projection(
        period=period_label(months),
        start=start,
        forecast_end_date=end,
        currency=currency,
        budget_risk_probability=_fraction(result.budget_risk_probability),
        completion_probability=_fraction(result.completion_probability),
        confidence_level=_fraction(result.confidence_level),
        projected_cpi=_fraction(result.projected_cpi),
        projected_spi=_fraction(result.projected_spi),
        assumptions=assumptions,
        months=rows,
    )
