"""What an export holds, as sections of rows: the records (always), and as asked their
phases, scopes and team. Each file format lays the same sections out its own way
(exports.files); the columns are named and ordered here, once.

A record's *scope* is what its budget is split into: its cost centers (code, name, the
description of the work they cover, the budget allocated to them and the actual cost of
the phases charged to them). Its *team* is its project's members in main (user, role,
allocation). Amounts are exact decimals at their currency's places, in the record's
currency (the `currency` column); indices and percents as the API shows them.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Final

from services.projectfinance.exports.domain.requests import Include
from services.projectfinance.kernel.money import Money, amount_text
from services.projectfinance.kernel.project_directory import TeamMember
from services.projectfinance.records.domain.figures import Figures
from services.projectfinance.records.domain.records import Record

# A cell: text (str), a number (Decimal; money at its currency's places), a count
# (int), a flag (bool) or nothing (None).
Cell = str | Decimal | int | bool | None

RECORDS: Final = "records"
PHASES: Final = "phases"
SCOPES: Final = "scopes"
TEAM: Final = "team"

RECORD_COLUMNS: Final = (
    "record_id",
    "project_id",
    "parent_id",
    "revenue_model",
    "currency",
    "total_budget",
    "committed_budget",
    "allocated_budget",
    "actual_cost",
    "earned_value",
    "planned_value",
    "estimate_at_completion",
    "estimate_to_complete",
    "budget_variance",
    "budget_variance_percent",
    "cost_performance_index",
    "schedule_performance_index",
    "total_revenue",
    "recognized_revenue",
    "financial_health_score",
    "health_status",
    "risk_level",
    "created_at",
    "updated_at",
)
PHASE_COLUMNS: Final = (
    "record_id",
    "phase_id",
    "sequence",
    "name",
    "status",
    "currency",
    "phase_budget",
    "actual_cost",
    "progress_percent",
    "planned_start",
    "planned_end",
    "actual_start",
    "actual_end",
    "cost_center_id",
)
SCOPE_COLUMNS: Final = (
    "record_id",
    "cost_center_id",
    "code",
    "name",
    "description",
    "currency",
    "allocated_budget",
    "actual_cost",
    "is_active",
)
TEAM_COLUMNS: Final = (
    "record_id",
    "project_id",
    "user_id",
    "role",
    "allocation_percent",
    "added_at",
)


@dataclass(frozen=True)
class PhaseLine:
    id: uuid.UUID
    sequence: int
    name: str
    status: str
    phase_budget: Money
    actual_cost: Money
    progress_percent: Decimal
    planned_start: datetime
    planned_end: datetime
    actual_start: datetime | None
    actual_end: datetime | None
    cost_center_id: uuid.UUID | None


@dataclass(frozen=True)
class ScopeLine:
    """A cost center of the record: one part of its scope."""

    id: uuid.UUID
    code: str
    name: str
    description: str
    allocated_budget: Money
    actual_cost: Money
    is_active: bool


@dataclass(frozen=True)
class ExportedRecord:
    record: Record
    figures: Figures
    phases: Sequence[PhaseLine] = ()
    scopes: Sequence[ScopeLine] = ()
    team: Sequence[TeamMember] = ()


@dataclass(frozen=True)
class Section:
    """One kind of row: its name (a sheet's, a CSV row's `section`), columns and rows."""

    name: str
    columns: tuple[str, ...]
    rows: list[dict[str, Cell]]


def moment(value: datetime | None) -> str | None:
    """RFC 3339 UTC with a Z, as the API prints times."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def money(value: Money) -> Decimal:
    """The amount at exactly its currency's places (what the API prints)."""
    return Decimal(amount_text(value))


def _id(value: uuid.UUID | None) -> str | None:
    return None if value is None else str(value)


def record_row(exported: ExportedRecord) -> dict[str, Cell]:
    record, figures = exported.record, exported.figures
    currency = record.currency

    def amount(value: Decimal) -> Decimal:
        return money(Money(value, currency))

    return {
        "record_id": str(record.id),
        "project_id": str(record.project_id),
        "parent_id": _id(record.parent_id),
        "revenue_model": record.revenue_model,
        "currency": currency,
        "total_budget": money(record.total_budget),
        "committed_budget": amount(figures.committed_budget),
        "allocated_budget": amount(figures.allocated_budget),
        "actual_cost": amount(figures.actual_cost),
        "earned_value": amount(figures.earned_value),
        "planned_value": amount(figures.planned_value),
        "estimate_at_completion": amount(figures.estimate_at_completion),
        "estimate_to_complete": amount(figures.estimate_to_complete),
        "budget_variance": amount(figures.budget_variance),
        "budget_variance_percent": figures.budget_variance_percent,
        "cost_performance_index": figures.cost_performance_index,
        "schedule_performance_index": figures.schedule_performance_index,
        "total_revenue": amount(figures.total_revenue),
        "recognized_revenue": amount(figures.recognized_revenue),
        "financial_health_score": figures.financial_health_score,
        "health_status": figures.health_status,
        "risk_level": figures.risk_level,
        "created_at": moment(record.created_at),
        "updated_at": moment(record.updated_at),
    }


def phase_row(record: Record, phase: PhaseLine) -> dict[str, Cell]:
    return {
        "record_id": str(record.id),
        "phase_id": str(phase.id),
        "sequence": phase.sequence,
        "name": phase.name,
        "status": phase.status,
        "currency": phase.phase_budget.currency,
        "phase_budget": money(phase.phase_budget),
        "actual_cost": money(phase.actual_cost),
        "progress_percent": phase.progress_percent,
        "planned_start": moment(phase.planned_start),
        "planned_end": moment(phase.planned_end),
        "actual_start": moment(phase.actual_start),
        "actual_end": moment(phase.actual_end),
        "cost_center_id": _id(phase.cost_center_id),
    }


def scope_row(record: Record, scope: ScopeLine) -> dict[str, Cell]:
    return {
        "record_id": str(record.id),
        "cost_center_id": str(scope.id),
        "code": scope.code,
        "name": scope.name,
        "description": scope.description,
        "currency": scope.allocated_budget.currency,
        "allocated_budget": money(scope.allocated_budget),
        "actual_cost": money(scope.actual_cost),
        "is_active": scope.is_active,
    }


def team_row(record: Record, member: TeamMember) -> dict[str, Cell]:
    return {
        "record_id": str(record.id),
        "project_id": str(record.project_id),
        "user_id": str(member.user_id),
        "role": member.role,
        "allocation_percent": member.allocation_percent,
        "added_at": moment(member.added_at),
    }


def sections(records: Sequence[ExportedRecord], include: Include) -> list[Section]:
    """The records' section, then each included part's, rows in the records' order."""
    found = [Section(RECORDS, RECORD_COLUMNS, [record_row(r) for r in records])]
    if include.phases:
        rows = [phase_row(r.record, p) for r in records for p in r.phases]
        found.append(Section(PHASES, PHASE_COLUMNS, rows))
    if include.scopes:
        rows = [scope_row(r.record, s) for r in records for s in r.scopes]
        found.append(Section(SCOPES, SCOPE_COLUMNS, rows))
    if include.team:
        rows = [team_row(r.record, m) for r in records for m in r.team]
        found.append(Section(TEAM, TEAM_COLUMNS, rows))
    return found
