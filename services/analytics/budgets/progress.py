"""A budget's progress as arithmetic (pure), from the net outflow of each transaction
category over the period so far.

Spending of an allocation = the net outflow (debits minus credits: a refund reduces
it) of its category and every category under it, never below 0. A budget with
allocations covers exactly their categories: its `spent` is the sum of theirs, and the
rest of the user's spending is `unallocated`. A budget without allocations covers every
category. Outflows are netted per top-level category before the floor at 0, so the
salary in Income does not cancel the groceries in Food.

Percentages are of the amount, rounded half-up to 2 places; the threshold and
over-budget flags compare exact amounts. The projection is linear: spent / days elapsed
* days in the period, to the cent; once the period ended it is what was spent.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from services.analytics.budgets.domain import Allocation, Budget
from services.analytics.budgets.periods import days_in
from services.analytics.fields import CENTS
from services.analytics.rollups.tree import CategoryTree

ZERO: Final = Decimal(0)
HUNDRED: Final = Decimal(100)

# Net outflow (expenses - income, may be negative) per transaction category over the
# period so far; None: uncategorized.
Outflows = Mapping[uuid.UUID | None, Decimal]


@dataclass(frozen=True, slots=True)
class CategoryProgress:
    allocation: Allocation
    spent: Decimal
    remaining: Decimal
    percent_used: Decimal
    projected_spend: Decimal
    is_over_threshold: bool
    is_over_budget: bool


@dataclass(frozen=True, slots=True)
class Progress:
    budget_id: uuid.UUID
    currency: str
    period_start: date
    period_end: date
    days_elapsed: int
    days_total: int
    total_amount: Decimal
    spent: Decimal
    remaining: Decimal
    percent_used: Decimal
    projected_spend: Decimal
    notify_threshold: float
    is_over_threshold: bool
    is_over_budget: bool
    projected_over_budget: bool
    categories: tuple[CategoryProgress, ...]
    unallocated_spent: Decimal
    include_recurring: bool
    calculated_at: datetime


def days_elapsed(start: date, end: date, today: date) -> int:
    """Days of `start`..`end` up to and including `today` (0 before it starts)."""
    if today < start:
        return 0
    return days_in(start, min(today, end))


def spending_window(start: date, end: date, today: date) -> tuple[date, date] | None:
    """The days whose transactions count: the period up to today (None: not started)."""
    if today < start:
        return None
    return start, min(end, today)


def percent(part: Decimal, whole: Decimal) -> Decimal:
    """`part` as a percentage of `whole` (> 0), 2 places, half up."""
    return (part * HUNDRED / whole).quantize(CENTS, ROUND_HALF_UP)


def projection(spent: Decimal, elapsed: int, total_days: int) -> Decimal:
    """Linear: what `spent` over `elapsed` days comes to over `total_days`, to the cent."""
    if elapsed <= 0:
        return ZERO.quantize(CENTS)
    if elapsed >= total_days:
        return spent.quantize(CENTS, ROUND_HALF_UP)
    return (spent * total_days / elapsed).quantize(CENTS, ROUND_HALF_UP)


def reached(spent: Decimal, amount: Decimal, threshold: float) -> bool:
    """Whether `spent` is at least `threshold` percent of `amount`, exactly (the
    threshold's decimal spelling, not its binary double)."""
    return spent * HUNDRED >= Decimal(repr(threshold)) * amount


def progress_of(
    budget: Budget,
    outflows: Outflows,
    tree: CategoryTree,
    currency: str,
    today: date,
    now: datetime,
) -> Progress:
    terms = budget.terms
    start, end = terms.start_date, terms.end_date
    elapsed, total_days = days_elapsed(start, end, today), days_in(start, end)
    threshold = terms.notify_threshold
    covered: set[uuid.UUID] = set()
    lines: list[CategoryProgress] = []
    for allocation in budget.allocations:
        family = tree.descendants(allocation.category_id)
        covered |= family
        spent = max(ZERO, sum((outflows.get(c, ZERO) for c in family), ZERO))
        lines.append(
            CategoryProgress(
                allocation=allocation,
                spent=spent,
                remaining=allocation.amount - spent,
                percent_used=percent(spent, allocation.amount),
                projected_spend=projection(spent, elapsed, total_days),
                is_over_threshold=reached(spent, allocation.amount, threshold),
                is_over_budget=spent > allocation.amount,
            )
        )
    unallocated = _uncovered(outflows, covered, tree)
    spent = sum((line.spent for line in lines), ZERO) if lines else unallocated
    projected = projection(spent, elapsed, total_days)
    total = terms.total_amount
    return Progress(
        budget_id=budget.id,
        currency=currency,
        period_start=start,
        period_end=end,
        days_elapsed=elapsed,
        days_total=total_days,
        total_amount=total,
        spent=spent,
        remaining=total - spent,
        percent_used=percent(spent, total),
        projected_spend=projected,
        notify_threshold=threshold,
        is_over_threshold=reached(spent, total, threshold),
        is_over_budget=spent > total,
        projected_over_budget=projected > total,
        categories=tuple(lines),
        unallocated_spent=unallocated,
        include_recurring=terms.include_recurring,
        calculated_at=now,
    )


def _uncovered(outflows: Outflows, covered: set[uuid.UUID], tree: CategoryTree) -> Decimal:
    """Spending outside `covered`, netted per top-level category (uncategorized, and
    categories the user no longer has, as one group), each floored at 0."""
    groups: dict[uuid.UUID | None, Decimal] = defaultdict(Decimal)
    for category, outflow in outflows.items():
        if category is None or category not in covered:
            groups[tree.top_level(category)] += outflow
    return sum((max(ZERO, amount) for amount in groups.values()), ZERO)
