"""Earned value management (PMI practice) of one record, from its phases, at an as-of
moment. Pure and exact (Decimal); docs/project-finance-health.md has the formulas.

Cancelled phases count for nothing. Every division by zero has a defined answer, so no
figure is ever an error:

- CPI = EV / AC. AC = 0 and EV = 0: 1 (nothing spent, nothing earned: on plan).
  AC = 0 and EV > 0: INDEX_CAP (value earned for free; capped so the index stays a
  finite, comparable number).
- SPI = EV / PV. PV = 0 and EV = 0: 1 (nothing planned yet, nothing done). PV = 0 and
  EV > 0: INDEX_CAP (work done ahead of any plan).
- Both indices are capped at INDEX_CAP and rounded half to even to 4 places.
- EAC = BAC / CPI (CPI, as shown). CPI is 0 only when EV = 0 with AC > 0: nothing has
  been earned for the money spent and EAC = AC + (BAC - EV), the remaining work at plan
  cost. Composite EAC = AC + (BAC - EV) / (CPI * SPI), with the same fallback when
  CPI * SPI = 0.
- ETC = EAC - AC; VAC = BAC - EAC; CV = EV - AC; SV = EV - PV.
- TCPI = (BAC - EV) / (BAC - AC): None (undefined, shown as null) when BAC = AC, since
  no budget is left to earn the remaining value with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.projectfinance.kernel.work import PhaseWork

ZERO: Final = Decimal(0)
ONE: Final = Decimal(1)
HUNDRED: Final = Decimal(100)
INDEX_PLACES: Final = Decimal("0.0001")
# The largest CPI/SPI shown: an index past it says nothing more about the project.
INDEX_CAP: Final = Decimal("9.9999")
CANCELLED: Final = "cancelled"
_MICROSECOND: Final = timedelta(microseconds=1)


@dataclass(frozen=True)
class EarnedValue:
    budget_at_completion: Decimal
    earned_value: Decimal
    planned_value: Decimal
    actual_cost: Decimal
    cost_variance: Decimal
    schedule_variance: Decimal
    cost_performance_index: Decimal
    schedule_performance_index: Decimal
    estimate_at_completion: Decimal
    composite_estimate_at_completion: Decimal
    estimate_to_complete: Decimal
    variance_at_completion: Decimal
    to_complete_performance_index: Decimal | None


def planned_share(phase: PhaseWork, as_of: datetime) -> Decimal:
    """The share (0..1) of the phase's planned time elapsed at `as_of` (linear within
    the phase; a phase planned to start and end at one moment is wholly planned once that
    moment has come)."""
    duration = phase.planned_end - phase.planned_start
    if duration <= timedelta(0):
        return ONE if as_of >= phase.planned_end else ZERO
    elapsed = Decimal((as_of - phase.planned_start) // _MICROSECOND)
    return max(ZERO, min(ONE, elapsed / Decimal(duration // _MICROSECOND)))


def counted(phases: Iterable[PhaseWork]) -> list[PhaseWork]:
    """The phases that count: every one but the cancelled."""
    return [phase for phase in phases if phase.status != CANCELLED]


def performance_index(earned: Decimal, base: Decimal) -> Decimal:
    """EV / base (AC for CPI, PV for SPI), capped at INDEX_CAP, 4 places; 1 when both
    are 0, INDEX_CAP when only the base is."""
    # Nothing to divide by: on plan when nothing was earned either, else the cap.
    zero_base = ONE if earned == 0 else INDEX_CAP
    ratio = min(INDEX_CAP, earned / base) if base else zero_base
    return ratio.quantize(INDEX_PLACES, rounding=ROUND_HALF_EVEN)


def _estimate(actual: Decimal, remaining: Decimal, factor: Decimal) -> Decimal:
    return actual + (remaining / factor if factor > 0 else remaining)


def earned_value(
    budget_at_completion: Decimal, phases: Iterable[PhaseWork], as_of: datetime
) -> EarnedValue:
    """Every EVM figure of a record with budget BAC from its phases at `as_of`."""
    counting = counted(phases)
    bac = budget_at_completion
    ev = sum((p.phase_budget * p.progress_percent / HUNDRED for p in counting), ZERO)
    pv = sum((p.phase_budget * planned_share(p, as_of) for p in counting), ZERO)
    ac = sum((p.actual_cost for p in counting), ZERO)
    cpi = performance_index(ev, ac)
    spi = performance_index(ev, pv)
    remaining = bac - ev
    eac = bac / cpi if cpi > 0 else ac + remaining
    composite = _estimate(ac, remaining, cpi * spi)
    left = bac - ac
    return EarnedValue(
        budget_at_completion=bac,
        earned_value=ev,
        planned_value=pv,
        actual_cost=ac,
        cost_variance=ev - ac,
        schedule_variance=ev - pv,
        cost_performance_index=cpi,
        schedule_performance_index=spi,
        estimate_at_completion=eac,
        composite_estimate_at_completion=composite,
        estimate_to_complete=eac - ac,
        variance_at_completion=bac - eac,
        to_complete_performance_index=None
        if left == 0
        else (remaining / left).quantize(INDEX_PLACES, rounding=ROUND_HALF_EVEN),
    )
