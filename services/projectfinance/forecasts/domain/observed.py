"""What a record's history says about its future, read from its phases at the forecast's
start with earned value's own rules (records/domain/earned_value.py): the spread of
its phases' CPI and SPI, and the pace its plan earns value at.

Observed variation: each phase not cancelled gives one CPI (EV_i / AC_i) when it has
cost, and one SPI (EV_i / PV_i) when it was planned to have begun, by
`performance_index` (capped, 4 places). A phase without that base measures no rate (its
index would only be the cap or 1), so it is left out. With two observations or more
the spread is their sample standard deviation (n - 1); with fewer there is no spread to
observe and SIGMA_FLOOR stands in for it.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Final

from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.records.domain.earned_value import (
    HUNDRED,
    counted,
    performance_index,
    planned_share,
)

# The one-sigma spread of CPI and SPI assumed while fewer than MIN_OBSERVATIONS phases
# show one: ±10 %, the uncertainty usually allowed on an early estimate.
SIGMA_FLOOR: Final = 0.10
MIN_OBSERVATIONS: Final = 2
DAY: Final = timedelta(days=1)


def phase_indices(phases: Sequence[PhaseWork], at: datetime) -> tuple[list[float], list[float]]:
    """The CPIs of the counted phases with cost and the SPIs of those planned to have
    begun by `at`."""
    cpis: list[float] = []
    spis: list[float] = []
    for phase in counted(phases):
        earned = phase.phase_budget * phase.progress_percent / HUNDRED
        planned = phase.phase_budget * planned_share(phase, at)
        if phase.actual_cost > 0:
            cpis.append(float(performance_index(earned, phase.actual_cost)))
        if planned > 0:
            spis.append(float(performance_index(earned, planned)))
    return cpis, spis


def spread(observations: Sequence[float]) -> float:
    """The observed one-sigma spread; SIGMA_FLOOR with too few observations."""
    if len(observations) < MIN_OBSERVATIONS:
        return SIGMA_FLOOR
    return statistics.stdev(observations)


def days(span: timedelta) -> float:
    return span / DAY


@dataclass(frozen=True)
class Pace:
    per_day: float
    # Which rule gave it, as the forecast's assumptions state it.
    basis: str


def pace_per_day(
    phases: Sequence[PhaseWork],
    *,
    budget: Decimal,
    planned_value: Decimal,
    remaining_work: Decimal,
    start: datetime,
    horizon_days: float,
) -> Pace:
    """The value the plan earns per day from `start` (SPI 1), in this order of choice:

    1. while the plan has time left: what it still plans (BAC - PV) over the days left
       to its last planned end, so that at SPI 1 the work ends on the planned end date;
    2. a plan already past its end: its average pace, BAC over its planned duration;
    3. no plan (no phase, or one without duration): the remaining work spread over the
       horizon, ending with it at SPI 1.
    """
    plan = counted(phases)
    if plan:
        planned_end = max(phase.planned_end for phase in plan)
        left_days = days(planned_end - start)
        still_planned = budget - planned_value
        if left_days > 0 and still_planned > 0:
            return Pace(
                float(still_planned) / left_days,
                f"the plan's remaining value (BAC - PV) over the days to its end "
                f"{planned_end.date().isoformat()}",
            )
        duration = days(planned_end - min(phase.planned_start for phase in plan))
        if duration > 0 and budget > 0:
            return Pace(float(budget) / duration, "the plan's average pace (BAC over its duration)")
    return Pace(
        float(remaining_work) / horizon_days, "no plan: the remaining work over the horizon"
    )
