"""What an approval can be about (spec 3's entity types) and which of the tenant's
entities each type names: a project-finance record, a milestone or a cost center."""

from __future__ import annotations

from typing import Final

from services.runtime.errors import FieldViolation

BUDGET_ALLOCATION: Final = "budget_allocation"
PROGRESS_INVOICE: Final = "progress_invoice"
MILESTONE_INVOICE: Final = "milestone_invoice"
SCOPE_CHANGE: Final = "scope_change"
COST_CENTER_ALLOCATION: Final = "cost_center_allocation"
ENTITY_TYPES: Final = (
    BUDGET_ALLOCATION,
    PROGRESS_INVOICE,
    MILESTONE_INVOICE,
    SCOPE_CHANGE,
    COST_CENTER_ALLOCATION,
)

# Which kind of entity `entity_id` names, by entity type.
RECORD: Final = "record"
MILESTONE: Final = "milestone"
COST_CENTER: Final = "cost center"
TARGET: Final = {
    BUDGET_ALLOCATION: RECORD,
    PROGRESS_INVOICE: RECORD,
    SCOPE_CHANGE: RECORD,
    MILESTONE_INVOICE: MILESTONE,
    COST_CENTER_ALLOCATION: COST_CENTER,
}


def check_entity_type(value: str, field: str, problems: list[FieldViolation]) -> str | None:
    """`value` when it is one of the entity types, else None with the problem added."""
    if not value:
        problems.append(FieldViolation(field, "is required"))
        return None
    if value not in ENTITY_TYPES:
        problems.append(FieldViolation(field, f"{value!r} is not one of {', '.join(ENTITY_TYPES)}"))
        return None
    return value
