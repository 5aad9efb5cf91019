"""A record's derived figures, computed when read from its phases, milestones and cost
centers (never typed in, never stored), by earned value management.

BAC is the record's total budget; phases that are cancelled count for nothing.

- AC (actual_cost) = Σ phase actual_cost; committed_budget = Σ phase_budget;
  allocated_budget = Σ cost-center allocated_budget.
- EV = Σ phase_budget * progress_percent / 100.
- PV = Σ phase_budget * the share of the phase's planned time elapsed at `now`
  (clamped to 0..1; a phase planned to start and end at the same moment is wholly
  planned once that moment has come).
- CPI = EV / AC (1 while AC is 0); SPI = EV / PV (1 while PV is 0). Both rounded half
  to even to 4 places, and every figure below uses them as shown, so a client can redo
  the arithmetic from the response.
- EAC = AC + (BAC - EV) / CPI when CPI > 0, else AC + (BAC - EV); never below AC.
  ETC = EAC - AC. budget_variance = BAC - EAC (variance at completion: negative is an
  expected overrun); budget_variance_percent = budget_variance / BAC * 100 (0 when BAC is
  0), 4 places.
- total_revenue = Σ amount of the milestones not cancelled. recognized_revenue by
  revenue model: milestone → Σ amount of completed and billed milestones; fixed_price →
  total_revenue * min(1, EV / BAC) (0 when BAC is 0); cost_plus → total_revenue *
  min(1, AC / EAC) (0 when EAC is 0); time_and_materials → Σ amount of billed milestones.
- financial_health_score = 100 * (0.4*min(CPI, 1) + 0.4*min(SPI, 1) +
  0.2*clamp(1 + budget_variance_percent / 100, 0, 1)), 2 places; health_status healthy
  (≥ 80), at_risk (≥ 60) or critical; risk_level from min(CPI, SPI): low (≥ 0.95),
  medium (≥ 0.85), high (≥ 0.70) or critical.

Amounts stay exact here; they are rounded to their currency's places only when shown.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.projectfinance.kernel.work import CostCenterWork, MilestoneWork, PhaseWork
from services.projectfinance.records.domain.earned_value import (
    EarnedValue,
    earned_value,
)
from services.projectfinance.records.domain.earned_value import (
    planned_share as planned_share,  # re-exported: the figures' PV is earned value's
)
from services.projectfinance.records.domain.records import (
    COST_PLUS,
    FIXED_PRICE,
    MILESTONE,
    TIME_AND_MATERIALS,
)

ZERO: Final = Decimal(0)
ONE: Final = Decimal(1)
HUNDRED: Final = Decimal(100)
INDEX_PLACES: Final = Decimal("0.0001")
SCORE_PLACES: Final = Decimal("0.01")

CANCELLED: Final = "cancelled"
COMPLETED: Final = "completed"
BILLED: Final = "billed"

HEALTHY: Final = "healthy"
AT_RISK: Final = "at_risk"
CRITICAL: Final = "critical"
# (lowest score, status), best first.
HEALTH_BANDS: Final = ((Decimal(80), HEALTHY), (Decimal(60), AT_RISK))
# (lowest min(CPI, SPI), risk level), best first; below the last: critical.
RISK_BANDS: Final = (
    (Decimal("0.95"), "low"),
    (Decimal("0.85"), "medium"),
    (Decimal("0.70"), "high"),
)


@dataclass(frozen=True)
class Work:
    """What one record's figures are computed from."""

    phases: Sequence[PhaseWork] = ()
    milestones: Sequence[MilestoneWork] = ()
    cost_centers: Sequence[CostCenterWork] = ()


@dataclass
class _Collecting:
    phases: list[PhaseWork] = field(default_factory=list)
    milestones: list[MilestoneWork] = field(default_factory=list)
    cost_centers: list[CostCenterWork] = field(default_factory=list)


@dataclass(frozen=True)
class Figures:
    actual_cost: Decimal
    committed_budget: Decimal
    allocated_budget: Decimal
    earned_value: Decimal
    planned_value: Decimal
    cost_performance_index: Decimal
    schedule_performance_index: Decimal
    estimate_at_completion: Decimal
    estimate_to_complete: Decimal
    budget_variance: Decimal
    budget_variance_percent: Decimal
    total_revenue: Decimal
    recognized_revenue: Decimal
    financial_health_score: Decimal
    health_status: str
    risk_level: str


def work_by_record(
    record_ids: Iterable[uuid.UUID],
    phases: Iterable[PhaseWork],
    milestones: Iterable[MilestoneWork],
    cost_centers: Iterable[CostCenterWork],
) -> dict[uuid.UUID, Work]:
    """Several records' work, fetched in one query per kind, filed by record (every id
    a key; work of a record not asked for is left out)."""
    collecting = {record_id: _Collecting() for record_id in record_ids}
    for phase in phases:
        if phase.record_id in collecting:
            collecting[phase.record_id].phases.append(phase)
    for milestone in milestones:
        if milestone.record_id in collecting:
            collecting[milestone.record_id].milestones.append(milestone)
    for center in cost_centers:
        if center.record_id in collecting:
            collecting[center.record_id].cost_centers.append(center)
    return {
        record_id: Work(tuple(c.phases), tuple(c.milestones), tuple(c.cost_centers))
        for record_id, c in collecting.items()
    }


def _clamp(value: Decimal, low: Decimal = ZERO, high: Decimal = ONE) -> Decimal:
    return max(low, min(high, value))


def _index(value: Decimal) -> Decimal:
    return value.quantize(INDEX_PLACES, rounding=ROUND_HALF_EVEN)


def _ratio(numerator: Decimal, denominator: Decimal, *, when_zero: Decimal) -> Decimal:
    return when_zero if denominator == 0 else numerator / denominator


def recognized_revenue(
    revenue_model: str,
    milestones: Sequence[MilestoneWork],
    *,
    total_revenue: Decimal,
    budget: Decimal,
    earned_value: Decimal,
    actual_cost: Decimal,
    estimate_at_completion: Decimal,
) -> Decimal:
    if revenue_model == MILESTONE:
        return sum((m.amount for m in milestones if m.status in (COMPLETED, BILLED)), ZERO)
    if revenue_model == TIME_AND_MATERIALS:
        return sum((m.amount for m in milestones if m.status == BILLED), ZERO)
    if revenue_model == FIXED_PRICE:
        share = _ratio(earned_value, budget, when_zero=ZERO)
    elif revenue_model == COST_PLUS:
        share = _ratio(actual_cost, estimate_at_completion, when_zero=ZERO)
    else:
        raise ValueError(f"unknown revenue model {revenue_model!r}")
    return total_revenue * min(ONE, share)


def health_status(score: Decimal) -> str:
    return next((status for floor, status in HEALTH_BANDS if score >= floor), CRITICAL)


def risk_level(cpi: Decimal, spi: Decimal) -> str:
    worst = min(cpi, spi)
    return next((level for floor, level in RISK_BANDS if worst >= floor), CRITICAL)


def figures(
    total_budget: Decimal,
    revenue_model: str,
    work: Work,
    now: datetime,
    evm: EarnedValue | None = None,
) -> Figures:
    """Every derived figure of a record with budget `total_budget` (BAC) at `now`.

    `evm` is the record's `earned_value(total_budget, work.phases, now)` when the caller
    has it already (the portfolio computes it for 1,000s of records: not twice)."""
    if evm is None:
        evm = earned_value(total_budget, work.phases, now)
    phases = [p for p in work.phases if p.status != CANCELLED]
    milestones = [m for m in work.milestones if m.status != CANCELLED]
    budget = total_budget
    actual = evm.actual_cost
    committed = sum((p.phase_budget for p in phases), ZERO)
    allocated = sum((c.allocated_budget for c in work.cost_centers), ZERO)
    earned = evm.earned_value
    planned = evm.planned_value

    cpi = _index(_ratio(earned, actual, when_zero=ONE))
    spi = _index(_ratio(earned, planned, when_zero=ONE))
    remaining = budget - earned
    eac = actual + (remaining / cpi if cpi > 0 else remaining)
    eac = max(eac, actual)
    variance = budget - eac
    variance_percent = _index(_ratio(variance * HUNDRED, budget, when_zero=ZERO))

    total_revenue = sum((m.amount for m in milestones), ZERO)
    recognized = recognized_revenue(
        revenue_model,
        milestones,
        total_revenue=total_revenue,
        budget=budget,
        earned_value=earned,
        actual_cost=actual,
        estimate_at_completion=eac,
    )
    score = (
        HUNDRED
        * (
            Decimal("0.4") * min(cpi, ONE)
            + Decimal("0.4") * min(spi, ONE)
            + Decimal("0.2") * _clamp(ONE + variance_percent / HUNDRED)
        )
    ).quantize(SCORE_PLACES, rounding=ROUND_HALF_EVEN)
    return Figures(
        actual_cost=actual,
        committed_budget=committed,
        allocated_budget=allocated,
        earned_value=earned,
        planned_value=planned,
        cost_performance_index=cpi,
        schedule_performance_index=spi,
        estimate_at_completion=eac,
        estimate_to_complete=eac - actual,
        budget_variance=variance,
        budget_variance_percent=variance_percent,
        total_revenue=total_revenue,
        recognized_revenue=recognized,
        financial_health_score=score,
        health_status=health_status(score),
        risk_level=risk_level(cpi, spi),
    )
