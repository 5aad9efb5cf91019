"""From which amount a change needs approval, per entity type and tenant.

A tenant starts with the defaults below (in minor units of whatever currency the change
is in: 500000 is EUR 5,000.00 or JPY 500,000) and may set its own per entity type. A
change needs approval when no amount is given or when its amount is at or above the
threshold, so a threshold of 0 means "always" (scope changes by default).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from services.projectfinance.approvals.domain.entities import (
    BUDGET_ALLOCATION,
    COST_CENTER_ALLOCATION,
    ENTITY_TYPES,
    MILESTONE_INVOICE,
    PROGRESS_INVOICE,
    SCOPE_CHANGE,
    check_entity_type,
)
from services.runtime.errors import FieldViolation, InvalidArgument

DEFAULTS: Final[Mapping[str, int]] = {
    BUDGET_ALLOCATION: 500_000,
    PROGRESS_INVOICE: 1_000_000,
    MILESTONE_INVOICE: 1_000_000,
    SCOPE_CHANGE: 0,
    COST_CENTER_ALLOCATION: 250_000,
}
# proto int64's largest value: what a threshold or an amount can be.
MAX_MINOR: Final = 2**63 - 1


@dataclass(frozen=True)
class Threshold:
    entity_type: str
    amount_minor: int
    is_default: bool


def threshold_id(tenant_id: uuid.UUID, entity_type: str) -> uuid.UUID:
    """The stable id of a tenant's threshold of an entity type (the audit log files its
    changes under it), the same before and after the tenant first sets one."""
    return uuid.uuid5(tenant_id, entity_type)


def thresholds(own: Mapping[str, int]) -> list[Threshold]:
    """Every entity type's threshold, in the documented order: the tenant's `own` where
    it set one, else the default."""
    return [
        Threshold(kind, own[kind], False) if kind in own else Threshold(kind, DEFAULTS[kind], True)
        for kind in ENTITY_TYPES
    ]


def threshold_of(own: Mapping[str, int], entity_type: str) -> Threshold:
    (found,) = (t for t in thresholds(own) if t.entity_type == entity_type)
    return found


def approval_required(threshold: Threshold, amount_minor: int | None) -> bool:
    return amount_minor is None or amount_minor >= threshold.amount_minor


def checked_entity_type(value: str) -> str:
    problems: list[FieldViolation] = []
    entity_type = check_entity_type(value, "entity_type", problems)
    if entity_type is None:
        (problem,) = problems
        raise InvalidArgument.for_field(problem.field, problem.description)
    return entity_type


def checked_amount_minor(value: int | None) -> int | None:
    """An amount in minor units as sent (None: not sent): 0 or more."""
    if value is not None and value < 0:
        raise InvalidArgument.for_field("amount_minor", f"{value} must be 0 or more")
    return value


def checked_threshold(value: int | None) -> int:
    """A threshold as sent: required, 0 or more."""
    if value is None:
        raise InvalidArgument.for_field("amount_minor", "is required")
    checked_amount_minor(value)
    return value
