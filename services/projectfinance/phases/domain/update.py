"""A phase's update (PUT): only the fields sent change; a status change is one of the
phase's moves with its effects (domain.moves); the dates are then checked together,
sent or stored."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from services.projectfinance.kernel.fields import checked_name
from services.projectfinance.phases.domain.moves import STATUSES, moved
from services.projectfinance.phases.domain.phase import (
    Phase,
    SentMoney,
    check_periods,
    checked_cost_center,
    checked_money,
)
from services.runtime.errors import FieldViolation, raise_if_any


@dataclass(frozen=True)
class PhasePatch:
    """What an update sends; None leaves a field as it is."""

    actual_cost: SentMoney | None = None
    actual_end: datetime | None = None
    actual_start: datetime | None = None
    name: str | None = None
    phase_budget: SentMoney | None = None
    planned_end: datetime | None = None
    planned_start: datetime | None = None
    status: str | None = None
    # "" charges the phase to no cost center.
    cost_center_id: str | None = None


def _status(value: str | None, problems: list[FieldViolation]) -> str | None:
    if value is not None and value not in STATUSES:
        problems.append(FieldViolation("status", f"must be one of {', '.join(STATUSES)}"))
        return None
    return value


def updated(phase: Phase, patch: PhasePatch, currency: str, now: datetime) -> Phase:
    """`phase` with `patch` applied under a record in `currency`: field problems at once
    (400), then the status move (409; the same status is no move), then the dates
    against each other (400 naming the end). Whether a newly named cost center is one of
    the record's is the caller's check."""
    problems: list[FieldViolation] = []
    name = phase.name if patch.name is None else checked_name(patch.name, "name", problems)
    budget = (
        phase.phase_budget
        if patch.phase_budget is None
        else checked_money(patch.phase_budget, "phase_budget", currency, problems)
    )
    cost = (
        phase.actual_cost
        if patch.actual_cost is None
        else checked_money(patch.actual_cost, "actual_cost", currency, problems)
    )
    status = _status(patch.status, problems)
    cost_center = (
        phase.cost_center_id
        if patch.cost_center_id is None
        else checked_cost_center(patch.cost_center_id, problems)
    )
    raise_if_any(problems)
    assert budget is not None and cost is not None
    changed = replace(
        phase,
        name=name,
        phase_budget=budget,
        actual_cost=cost,
        planned_start=patch.planned_start or phase.planned_start,
        planned_end=patch.planned_end or phase.planned_end,
        actual_start=patch.actual_start or phase.actual_start,
        actual_end=patch.actual_end or phase.actual_end,
        cost_center_id=cost_center,
    )
    if status is not None and status != phase.status:
        changed = moved(changed, status, now)
        # Dates sent with the move are what the caller knows better than the clock.
        changed = replace(
            changed,
            actual_start=patch.actual_start or changed.actual_start,
            actual_end=patch.actual_end or changed.actual_end,
        )
    check_periods(
        changed.planned_start, changed.planned_end, changed.actual_start, changed.actual_end
    )
    return changed
