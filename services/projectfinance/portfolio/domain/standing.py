"""One record's standing in the portfolio: its earned value, health score and bucket,
computed by the health capability's domain (the very numbers GET …/health shows) and
kept with the amounts the portfolio adds up."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from services.projectfinance.health.domain.health import budget_of, index_scores
from services.projectfinance.records.domain.earned_value import earned_value
from services.projectfinance.records.domain.figures import Work, figures, health_status
from services.projectfinance.records.domain.records import Record


@dataclass(frozen=True)
class Standing:
    record_id: uuid.UUID
    project_id: uuid.UUID
    currency: str
    total_budget: Decimal
    actual_cost: Decimal
    total_revenue: Decimal
    recognized_revenue: Decimal
    cpi: Decimal
    spi: Decimal
    # The record's composite health score (0-100) and its bucket: healthy, at_risk or
    # critical (docs/project-finance-health.md).
    health_score: Decimal
    bucket: str
    budget_used_pct: Decimal


def standing_of(record: Record, work: Work, as_of: datetime) -> Standing:
    """The record's standing at `as_of` from its work (phases, milestones, cost
    centers)."""
    bac = record.total_budget.amount
    evm = earned_value(bac, work.phases, as_of)
    shown = figures(bac, record.revenue_model, work, as_of, evm)
    budget = budget_of(evm, shown)
    score = index_scores(evm, budget).composite_score
    return Standing(
        record_id=record.id,
        project_id=record.project_id,
        currency=record.currency,
        total_budget=bac,
        actual_cost=evm.actual_cost,
        total_revenue=shown.total_revenue,
        recognized_revenue=shown.recognized_revenue,
        cpi=evm.cost_performance_index,
        spi=evm.schedule_performance_index,
        health_score=score,
        bucket=health_status(score),
        budget_used_pct=budget.budget_utilization,
    )
