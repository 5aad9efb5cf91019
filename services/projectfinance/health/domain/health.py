"""A record's health (spec 3 "Project health") from its earned value, figures and
phases at an as-of moment. Pure and exact; docs/project-finance-health.md has every
formula and threshold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.projectfinance.phases.domain.phase import Phase
from services.projectfinance.records.domain.earned_value import CANCELLED, EarnedValue
from services.projectfinance.records.domain.figures import Figures, risk_level

ZERO: Final = Decimal(0)
ONE: Final = Decimal(1)
HUNDRED: Final = Decimal(100)
PLACES: Final = Decimal("0.01")
COMPLETED: Final = "completed"
DAYS_PER_MONTH: Final = Decimal("30.4375")  # 365.25 / 12
# Per-index bands (CPI, SPI, a phase's CPI): healthy from 0.95, at risk from 0.90,
# critical below.
HEALTHY_INDEX: Final = Decimal("0.95")
CRITICAL_INDEX: Final = Decimal("0.90")
# Below this SPI the schedule matters to the estimate: EAC becomes the composite one.
SCHEDULE_MATTERS_BELOW: Final = HEALTHY_INDEX
# on_time_delivery_probability runs linearly from 0 at this SPI to 100 at ONTIME_SURE.
ONTIME_NONE: Final = Decimal("0.70")
ONTIME_SURE: Final = Decimal("1.05")
CRITICAL_ISSUE_RISK: Final = Decimal(10)


@dataclass(frozen=True)
class Budget:
    total_budget: Decimal
    actual_cost: Decimal
    committed_budget: Decimal
    allocated_budget: Decimal
    estimate_at_completion: Decimal
    estimate_to_complete: Decimal
    budget_variance: Decimal
    remaining_budget: Decimal
    budget_utilization: Decimal
    budget_variance_pct: Decimal


@dataclass(frozen=True)
class CashFlow:
    burn_rate: Decimal | None
    net_cash_flow: Decimal
    recognized_revenue: Decimal
    total_revenue: Decimal
    unrecognized_revenue: Decimal
    cash_flow_margin: Decimal | None
    revenue_recognition_pct: Decimal
    runway_months: Decimal | None


@dataclass(frozen=True)
class Scores:
    budget_variance_score: Decimal
    cash_flow_score: Decimal
    composite_score: Decimal
    cpi_score: Decimal
    risk_score: Decimal
    spi_score: Decimal


@dataclass(frozen=True)
class Performance:
    cpi: Decimal
    spi: Decimal
    to_complete_performance: Decimal | None
    earned_value: Decimal
    planned_value: Decimal


@dataclass(frozen=True)
class Risk:
    critical_issues: int
    mitigation_actions: int
    open_issues: int
    risk_factors: dict[str, float]
    risk_level: str
    risk_score: Decimal


@dataclass(frozen=True)
class Schedule:
    actual_duration_days: int
    planned_duration_days: int
    schedule_variance_days: int
    actual_start_date: datetime | None
    actual_end_date: datetime | None
    planned_start_date: datetime | None
    planned_end_date: datetime | None
    completion_percent: Decimal
    on_time_delivery_probability: Decimal
    schedule_variance_pct: Decimal


@dataclass(frozen=True)
class Health:
    budget: Budget
    cash_flow: CashFlow
    scores: Scores
    performance: Performance
    risk: Risk
    schedule: Schedule


def _round(value: Decimal) -> Decimal:
    return value.quantize(PLACES, rounding=ROUND_HALF_EVEN)


def _clamp(value: Decimal, low: Decimal = ZERO, high: Decimal = ONE) -> Decimal:
    return max(low, min(high, value))


def _pct(part: Decimal, whole: Decimal) -> Decimal | None:
    """part / whole * 100, 2 places; None when whole is 0."""
    return None if whole == 0 else _round(part * HUNDRED / whole)


def _late(phase: Phase, as_of: datetime) -> bool:
    return phase.status != COMPLETED and as_of > phase.planned_end


def _over_budget(phase: Phase) -> bool:
    return phase.actual_cost.amount > phase.phase_budget.amount


def _phase_cpi_below(phase: Phase, floor: Decimal) -> bool:
    earned = phase.phase_budget.amount * phase.progress_percent / HUNDRED
    spent = phase.actual_cost.amount
    return spent > 0 and earned / spent < floor


def budget_of(evm: EarnedValue, figures: Figures) -> Budget:
    bac, ac = evm.budget_at_completion, evm.actual_cost
    eac = (
        evm.composite_estimate_at_completion
        if evm.schedule_performance_index < SCHEDULE_MATTERS_BELOW
        else evm.estimate_at_completion
    )
    variance = bac - eac
    return Budget(
        total_budget=bac,
        actual_cost=ac,
        committed_budget=figures.committed_budget,
        allocated_budget=figures.allocated_budget,
        estimate_at_completion=eac,
        estimate_to_complete=eac - ac,
        budget_variance=variance,
        remaining_budget=bac - ac,
        budget_utilization=_pct(ac, bac) or ZERO,
        budget_variance_pct=_pct(variance, bac) or ZERO,
    )


def cash_flow_of(
    budget: Budget, figures: Figures, phases: Sequence[Phase], as_of: datetime
) -> CashFlow:
    recognized, total = figures.recognized_revenue, figures.total_revenue
    net = recognized - budget.actual_cost
    starts = [p.actual_start for p in phases if p.actual_start is not None]
    burn: Decimal | None = None
    if starts:
        elapsed = Decimal((as_of - min(starts)).total_seconds()) / Decimal(86400)
        if elapsed > 0:
            burn = budget.actual_cost * DAYS_PER_MONTH / elapsed
    runway = (
        None if burn is None or burn == 0 else _round(max(ZERO, budget.remaining_budget) / burn)
    )
    return CashFlow(
        burn_rate=burn,
        net_cash_flow=net,
        recognized_revenue=recognized,
        total_revenue=total,
        unrecognized_revenue=total - recognized,
        cash_flow_margin=_pct(net, recognized),
        revenue_recognition_pct=_pct(recognized, total) or ZERO,
        runway_months=runway,
    )


def _issues(phases: Sequence[Phase], as_of: datetime) -> tuple[int, int, dict[str, float]]:
    late = [p for p in phases if _late(p, as_of)]
    over = [p for p in phases if _over_budget(p)]
    open_ = [
        p
        for p in phases
        if _late(p, as_of) or _over_budget(p) or _phase_cpi_below(p, HEALTHY_INDEX)
    ]
    critical = [p for p in phases if _late(p, as_of) or _phase_cpi_below(p, CRITICAL_INDEX)]
    factors = {"late_phases": float(len(late)), "over_budget_phases": float(len(over))}
    return len(open_), len(critical), factors


@dataclass(frozen=True)
class IndexScores:
    """The scores of a record's indices and budget variance, and their composite (the
    record's health score): what the health and the portfolio rank records by."""

    cpi_score: Decimal
    spi_score: Decimal
    budget_variance_score: Decimal
    composite_score: Decimal


def index_scores(evm: EarnedValue, budget: Budget) -> IndexScores:
    """cpi_score, spi_score, budget_variance_score and composite_score of a record."""
    cpi_score = _round(HUNDRED * min(evm.cost_performance_index, ONE))
    spi_score = _round(HUNDRED * min(evm.schedule_performance_index, ONE))
    variance_score = _round(HUNDRED * _clamp(ONE + budget.budget_variance_pct / HUNDRED))
    composite = _round(
        Decimal("0.4") * cpi_score + Decimal("0.4") * spi_score + Decimal("0.2") * variance_score
    )
    return IndexScores(cpi_score, spi_score, variance_score, composite)


def health(
    evm: EarnedValue,
    figures: Figures,
    phases: Sequence[Phase],
    *,
    pending_approvals: int,
    as_of: datetime,
) -> Health:
    """The record's health at `as_of`; `phases` are all of the record's (cancelled ones
    are left out here), `pending_approvals` the approvals waiting on it."""
    counting = [p for p in phases if p.status != CANCELLED]
    budget = budget_of(evm, figures)
    cash = cash_flow_of(budget, figures, counting, as_of)
    cpi, spi = evm.cost_performance_index, evm.schedule_performance_index

    open_issues, critical_issues, factors = _issues(counting, as_of)
    indices = index_scores(evm, budget)
    cpi_score, spi_score = indices.cpi_score, indices.spi_score
    variance_score, composite = indices.budget_variance_score, indices.composite_score
    cash_score = (
        HUNDRED
        if budget.actual_cost == 0
        else _round(HUNDRED * _clamp(cash.recognized_revenue / budget.actual_cost))
    )
    risk_score = _round(
        min(HUNDRED, HUNDRED - min(cpi_score, spi_score) + CRITICAL_ISSUE_RISK * critical_issues)
    )
    factors = {
        "cost_performance_index": float(cpi),
        "schedule_performance_index": float(spi),
        "budget_overrun_pct": float(max(ZERO, -budget.budget_variance_pct)),
        **factors,
    }

    planned_starts = [p.planned_start for p in counting]
    planned_ends = [p.planned_end for p in counting]
    actual_starts = [p.actual_start for p in counting if p.actual_start is not None]
    finished = bool(counting) and all(
        p.status == COMPLETED and p.actual_end is not None for p in counting
    )
    actual_end = (
        max(p.actual_end for p in counting if p.actual_end is not None) if finished else None
    )
    planned_start = min(planned_starts, default=None)
    planned_end = max(planned_ends, default=None)
    planned_days = (
        0 if planned_start is None or planned_end is None else (planned_end - planned_start).days
    )
    actual_start = min(actual_starts, default=None)
    actual_days = 0 if actual_start is None else max(0, ((actual_end or as_of) - actual_start).days)
    committed = budget.committed_budget
    if actual_end is not None and planned_end is not None:
        on_time = HUNDRED if actual_end <= planned_end else ZERO
    else:
        on_time = _round(HUNDRED * _clamp((spi - ONTIME_NONE) / (ONTIME_SURE - ONTIME_NONE)))
    schedule = Schedule(
        actual_duration_days=actual_days,
        planned_duration_days=planned_days,
        schedule_variance_days=int(Decimal(planned_days) * (spi - ONE)),
        actual_start_date=actual_start,
        actual_end_date=actual_end,
        planned_start_date=planned_start,
        planned_end_date=planned_end,
        completion_percent=_pct(evm.earned_value, committed) or ZERO,
        on_time_delivery_probability=on_time,
        schedule_variance_pct=_pct(evm.schedule_variance, evm.planned_value) or ZERO,
    )
    return Health(
        budget=budget,
        cash_flow=cash,
        scores=Scores(
            budget_variance_score=variance_score,
            cash_flow_score=cash_score,
            composite_score=composite,
            cpi_score=cpi_score,
            risk_score=risk_score,
            spi_score=spi_score,
        ),
        performance=Performance(
            cpi=cpi,
            spi=spi,
            to_complete_performance=evm.to_complete_performance_index,
            earned_value=evm.earned_value,
            planned_value=evm.planned_value,
        ),
        risk=Risk(
            critical_issues=critical_issues,
            mitigation_actions=pending_approvals,
            open_issues=open_issues,
            risk_factors=factors,
            risk_level=risk_level(cpi, spi),
            risk_score=risk_score,
        ),
        schedule=schedule,
    )
