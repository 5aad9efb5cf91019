"""A cost center: a budget bucket under a project-finance record, its field checks, its
updates and the rule of budget allocation.

The record's budget is shared out among its cost centers: an allocation adds to one
cost center's `allocated_budget` and may take at most what is still unallocated, the
record's total budget less what all of its cost centers hold (active or not; a deleted
cost center's share returns by itself, since the unallocated figure is a sum). An
inactive cost center takes no allocation (409). One currency per record: a cost center
is in the record's currency and so is every amount allocated to it.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Final

from services.projectfinance.kernel.fields import checked_description, checked_name
from services.projectfinance.kernel.money import (
    Money,
    amount_text,
    check_currency,
    parse_record_money,
)
from services.projectfinance.kernel.work import CostCenterWork, RecordRef
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    InvalidArgument,
    NotFound,
    raise_if_any,
)
from services.runtime.text_fields import REQUIRED, too_long

MAX_CODE: Final = 20
CODE: Final = re.compile(r"[A-Z0-9][A-Z0-9._-]{0,19}\Z")
BAD_CODE: Final = (
    "must be 1-20 capital letters, digits, dots, dashes or underscores, "
    "starting with a letter or digit"
)


@dataclass(frozen=True)
class CostCenter:
    """A cost center as stored (its actual cost is read beside it: `Costed`)."""

    id: uuid.UUID
    tenant_id: uuid.UUID
    record_id: uuid.UUID
    code: str
    name: str
    description: str
    currency: str
    allocated_budget: Decimal
    is_active: bool
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class Costed:
    """A cost center with its actual cost: the sum of the phases charged to it."""

    center: CostCenter
    actual_cost: Decimal


@dataclass(frozen=True)
class CostCenterDraft:
    """A cost center as sent to be created: text, checked by `new_cost_center`."""

    code: str
    name: str
    description: str = ""
    # "" or None: the record's currency.
    currency: str | None = None


@dataclass(frozen=True)
class NewCostCenter:
    """A checked cost center to store under its record."""

    code: str
    name: str
    description: str
    currency: str


@dataclass(frozen=True)
class CostCenterPatch:
    """What an update sends; None leaves a field as it is."""

    name: str | None = None
    description: str | None = None
    is_active: bool | None = None


# -- field checks ------------------------------------------------------------------------


def _code(value: str, problems: list[FieldViolation]) -> str:
    if not value:
        problems.append(FieldViolation("code", REQUIRED))
    elif len(value) > MAX_CODE:
        problems.append(too_long("code", MAX_CODE))
    elif not CODE.match(value):
        problems.append(FieldViolation("code", BAD_CODE))
    return value


def _currency(value: str | None, record: RecordRef, problems: list[FieldViolation]) -> str:
    if not value:
        return record.currency
    if check_currency(value, "currency", problems) is not None and value != record.currency:
        problems.append(
            FieldViolation(
                "currency",
                f"{value} differs from the record's currency {record.currency}: "
                "one currency per record",
            )
        )
    return value


def new_cost_center(draft: CostCenterDraft, record: RecordRef) -> NewCostCenter:
    """A checked cost center to create under `record`; every field problem at once
    (400 naming each)."""
    problems: list[FieldViolation] = []
    code = _code(draft.code, problems)
    name = checked_name(draft.name, "name", problems)
    description = checked_description(draft.description, "description", problems)
    currency = _currency(draft.currency, record, problems)
    raise_if_any(problems)
    return NewCostCenter(code=code, name=name, description=description, currency=currency)


def updated(center: CostCenter, patch: CostCenterPatch, now: datetime) -> CostCenter:
    """`center` with the fields `patch` sends (400 naming each bad one)."""
    problems: list[FieldViolation] = []
    name = center.name
    if patch.name is not None:
        name = checked_name(patch.name, "name", problems)
    description = center.description
    if patch.description is not None:
        description = checked_description(patch.description, "description", problems)
    raise_if_any(problems)
    is_active = center.is_active if patch.is_active is None else patch.is_active
    return replace(center, name=name, description=description, is_active=is_active, updated_at=now)


# -- budget allocation -------------------------------------------------------------------


def allocation_amount(amount: str, currency: str, record: RecordRef) -> Money:
    """The amount an allocate-budget call sends: more than 0, in the record's currency
    and with no more places than the currency has (400 naming `amount.amount` or
    `amount.currency`)."""
    problems: list[FieldViolation] = []
    money = parse_record_money(amount, currency, "amount", record.currency, problems, positive=True)
    raise_if_any(problems)
    assert money is not None  # parse_money reports every reason it returns None
    return money


def unallocated(record: RecordRef, centers: Iterable[CostCenterWork]) -> Money:
    """What the record's budget still has to give: its total less every cost center's
    allocation (negative only if the total budget was lowered below what is allocated)."""
    allocated = sum((c.allocated_budget for c in centers), Decimal(0))
    return Money(record.total_budget - allocated, record.currency)


def allocated(
    center: CostCenter,
    amount: Money,
    record: RecordRef,
    centers: Iterable[CostCenterWork],
    now: datetime,
) -> CostCenter:
    """`center` with `amount` added to its allocation: 409 when it is inactive, 400
    naming `amount.amount` when the record has not that much unallocated."""
    if not center.is_active:
        raise FailedPrecondition(
            f"cost center {center.id} is inactive: activate it to allocate budget to it"
        )
    free = unallocated(record, centers)
    if amount.amount > free.amount:
        unit = free.currency
        raise InvalidArgument.for_field(
            "amount.amount",
            f"{amount_text(amount)} {unit} exceeds the record's unallocated budget of "
            f"{amount_text(free)} {unit}",
        )
    return replace(center, allocated_budget=center.allocated_budget + amount.amount, updated_at=now)


def cost_center_not_found(cost_center_id: uuid.UUID) -> NotFound:
    # Another tenant's cost center gets this very answer: its existence is not told.
    return NotFound(f"cost center {cost_center_id} not found")
