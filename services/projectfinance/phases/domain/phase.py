"""A phase of a project-finance record: its fields and their checks.

Amounts are in the record's currency (one currency per record); a phase is created
`planned`, with progress 0 and no actual cost or dates. Its end never comes before its
start: the planned dates always, the actual ones when both are known.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TypeVar

from services.projectfinance.kernel.fields import checked_name, checked_percent, checked_sequence
from services.projectfinance.kernel.money import Money, parse_record_money
from services.runtime.errors import FieldViolation, raise_if_any
from services.runtime.text_fields import REQUIRED

T = TypeVar("T")


@dataclass(frozen=True)
class Phase:
    id: uuid.UUID
    tenant_id: uuid.UUID
    record_id: uuid.UUID
    name: str
    phase_budget: Money
    actual_cost: Money
    planned_start: datetime
    planned_end: datetime
    actual_start: datetime | None
    actual_end: datetime | None
    progress_percent: Decimal
    sequence: int
    status: str
    # Our extension: the record's cost center the actual cost is charged to.
    cost_center_id: uuid.UUID | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class SentMoney:
    """A MoneyB as the request carries it, checked against the record's currency."""

    amount: str
    currency: str


@dataclass(frozen=True)
class PhaseDraft:
    """A phase as sent to be created; None: not sent."""

    name: str
    phase_budget: SentMoney | None
    planned_start: datetime | None
    planned_end: datetime | None
    sequence: int | None
    # "" when not sent.
    cost_center_id: str = ""


@dataclass(frozen=True)
class NewPhase:
    """A checked phase to store (status planned, progress 0, no actual cost)."""

    name: str
    phase_budget: Money
    planned_start: datetime
    planned_end: datetime
    sequence: int
    cost_center_id: uuid.UUID | None


# -- field checks ------------------------------------------------------------------------


def checked_money(
    sent: SentMoney, field: str, currency: str, problems: list[FieldViolation]
) -> Money | None:
    """A MoneyB in the record's `currency` (0 or more, at most the currency's places)."""
    return parse_record_money(sent.amount, sent.currency, field, currency, problems)


def checked_cost_center(text: str, problems: list[FieldViolation]) -> uuid.UUID | None:
    """The cost center's id; "" is none. Whether it is the record's is the use case's
    check (it needs the cost centers' storage)."""
    if not text:
        return None
    try:
        return uuid.UUID(text)
    except ValueError:
        problems.append(FieldViolation("cost_center_id", "must be a UUID"))
        return None


def _required(value: T | None, field: str, problems: list[FieldViolation]) -> T | None:
    if value is None:
        problems.append(FieldViolation(field, REQUIRED))
    return value


def parse_percent(text: str) -> Decimal:
    """A progress percent: a decimal from 0 to 100 with at most two places (400 naming
    `percent` otherwise; missing is never 0)."""
    problems: list[FieldViolation] = []
    value = checked_percent(text, "percent", problems)
    raise_if_any(problems)
    return value


def check_periods(
    planned_start: datetime,
    planned_end: datetime,
    actual_start: datetime | None,
    actual_end: datetime | None,
) -> None:
    """400 naming each end that comes before its start (sent or stored)."""
    problems: list[FieldViolation] = []
    if planned_end < planned_start:
        problems.append(
            FieldViolation(
                "planned_end", f"must not be before planned_start ({planned_start.isoformat()})"
            )
        )
    if actual_start is not None and actual_end is not None and actual_end < actual_start:
        problems.append(
            FieldViolation(
                "actual_end", f"must not be before actual_start ({actual_start.isoformat()})"
            )
        )
    raise_if_any(problems)


def new_phase(draft: PhaseDraft, currency: str) -> NewPhase:
    """A checked phase to create under a record in `currency`: every field problem at
    once (400 naming each), then the dates against each other."""
    problems: list[FieldViolation] = []
    name = checked_name(draft.name, "name", problems)
    budget = _required(draft.phase_budget, "phase_budget", problems)
    money = None if budget is None else checked_money(budget, "phase_budget", currency, problems)
    start = _required(draft.planned_start, "planned_start", problems)
    end = _required(draft.planned_end, "planned_end", problems)
    sequence = checked_sequence(draft.sequence, "sequence", problems)
    cost_center = checked_cost_center(draft.cost_center_id, problems)
    raise_if_any(problems)
    assert money is not None and start is not None and end is not None and sequence is not None
    check_periods(start, end, None, None)
    return NewPhase(
        name=name,
        phase_budget=money,
        planned_start=start,
        planned_end=end,
        sequence=sequence,
        cost_center_id=cost_center,
    )
