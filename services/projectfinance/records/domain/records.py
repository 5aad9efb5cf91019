"""A project finance record: what is typed in (the project, the revenue model, the total
budget and its currency, an optional parent record) and the checks on it. One record per
project of a tenant; its currency is the currency of every amount under it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.kernel.money import Money, parse_money
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    FieldViolation,
    InvalidArgument,
    raise_if_any,
)

FIXED_PRICE: Final = "fixed_price"
TIME_AND_MATERIALS: Final = "time_and_materials"
MILESTONE: Final = "milestone"
COST_PLUS: Final = "cost_plus"
REVENUE_MODELS: Final = (FIXED_PRICE, TIME_AND_MATERIALS, MILESTONE, COST_PLUS)


@dataclass(frozen=True)
class Record:
    """A record as stored (what the audit log snapshots)."""

    id: uuid.UUID
    tenant_id: uuid.UUID
    project_id: uuid.UUID
    parent_id: uuid.UUID | None
    revenue_model: str
    total_budget: Money
    created_by: uuid.UUID
    created_at: datetime
    updated_at: datetime

    @property
    def currency(self) -> str:
        return self.total_budget.currency


@dataclass(frozen=True)
class RecordDraft:
    """A create request as sent (the servicer copies the proto; nothing checked yet)."""

    project_id: str
    revenue_model: str
    budget_amount: str
    budget_currency: str
    # Whether total_budget was sent at all (a missing object is "is required", not two
    # complaints about its members).
    budget_sent: bool
    parent_id: str | None


@dataclass(frozen=True)
class NewRecord:
    project_id: uuid.UUID
    revenue_model: str
    total_budget: Money
    parent_id: uuid.UUID | None


def _uuid(text: str, field: str, problems: list[FieldViolation]) -> uuid.UUID | None:
    if not text:
        problems.append(FieldViolation(field, "is required"))
        return None
    try:
        return uuid.UUID(text)
    except ValueError:
        problems.append(FieldViolation(field, f"{text!r} is not a UUID"))
        return None


def new_record(draft: RecordDraft) -> NewRecord:
    """The checked record to create; InvalidArgument naming every bad field."""
    problems: list[FieldViolation] = []
    project_id = _uuid(draft.project_id, "project_id", problems)
    if not draft.revenue_model:
        problems.append(FieldViolation("revenue_model", "is required"))
    elif draft.revenue_model not in REVENUE_MODELS:
        problems.append(
            FieldViolation(
                "revenue_model",
                f"{draft.revenue_model!r} must be one of: " + ", ".join(REVENUE_MODELS),
            )
        )
    budget: Money | None = None
    if not draft.budget_sent:
        problems.append(FieldViolation("total_budget", "is required"))
    else:
        budget = parse_money(draft.budget_amount, draft.budget_currency, "total_budget", problems)
    parent_id = None if draft.parent_id is None else _uuid(draft.parent_id, "parent_id", problems)
    raise_if_any(problems)
    assert project_id is not None and budget is not None
    return NewRecord(project_id, draft.revenue_model, budget, parent_id)


def project_not_found(project_id: uuid.UUID) -> InvalidArgument:
    return InvalidArgument.for_field("project_id", f"no project {project_id} in this tenant")


def parent_not_found(parent_id: uuid.UUID) -> InvalidArgument:
    return InvalidArgument.for_field(
        "parent_id", f"no project finance record {parent_id} in this tenant"
    )


def record_exists(project_id: uuid.UUID) -> AlreadyExists:
    return AlreadyExists(f"project_id: project {project_id} has a finance record already")


def has_billing(record_id: uuid.UUID) -> FailedPrecondition:
    return FailedPrecondition(
        f"project finance record {record_id} has billed milestones or an invoice under way: "
        "it keeps its books and cannot be deleted"
    )
