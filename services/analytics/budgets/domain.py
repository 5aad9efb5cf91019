"""Budgets as values and rules (pure): what a valid budget and allocation are, what an
update may change, the list's filters, and what an ended auto-renewing budget renews to.

Two kinds of refusal: a field that is malformed on its own (missing, out of range, not
a decimal) is InvalidArgument (400, every bad field at once); well-formed fields that
break a rule across fields or against stored data (endDate not fitting the period,
allocations above totalAmount, an unknown, repeated or overlapping category) are
Unprocessable (422), also naming every field concerned. Period arithmetic lives in
`periods`, progress arithmetic in `progress`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.analytics import fields
from services.analytics.budgets.periods import (
    ONE_DAY,
    PERIODS,
    Period,
    period_end,
    shift_months,
)
from services.analytics.fields import MAX_NAME
from services.analytics.rollups.tree import CategoryTree
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, Unprocessable, raise_if_any
from services.runtime.paging import check_limit, check_offset

MAX_CATEGORY_NAME: Final = 100
DEFAULT_THRESHOLD: Final = 80.0
MAX_CUSTOM_YEARS: Final = 5
DEFAULT_LIMIT: Final = 20
# Most periods one renewal creates: a weekly budget left alone for years is caught up
# from its last year, not from every week since.
MAX_CATCH_UP: Final = 60
# A budget's allocations: more than a category tree of any sensible size has.
MAX_ALLOCATIONS: Final = 100


@dataclass(frozen=True, slots=True)
class Terms:
    """A budget's own settings (everything but its allocations)."""

    name: str
    description: str | None
    total_amount: Decimal
    period: Period
    start_date: date
    end_date: date
    # The day of month the renewal chain started on (periods.shift_months).
    anchor_day: int
    is_active: bool
    auto_renew: bool
    # Percent, 1-100.
    notify_threshold: float
    include_recurring: bool

    def is_running(self, today: date) -> bool:
        return self.is_active and self.start_date <= today <= self.end_date


@dataclass(frozen=True, slots=True)
class NewAllocation:
    category_id: uuid.UUID
    # The name the caller gave it (None: show the category's).
    category_name: str | None
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Allocation:
    id: uuid.UUID
    budget_id: uuid.UUID
    category_id: uuid.UUID
    # The name given, else the category's name when allocated; `shown` replaces the
    # latter by the category's current name.
    category_name: str
    name_given: bool
    amount: Decimal
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Recalculation:
    """What the last POST …/progress/update stored on the budget."""

    spent: Decimal
    percent_used: Decimal
    calculated_at: datetime


@dataclass(frozen=True, slots=True)
class Budget:
    id: uuid.UUID
    user_id: uuid.UUID
    terms: Terms
    allocations: tuple[Allocation, ...]
    recalculation: Recalculation | None
    renewed_from_id: uuid.UUID | None
    renewed_to_id: uuid.UUID | None
    created_at: datetime
    updated_at: datetime

    @property
    def allocated(self) -> Decimal:
        return sum((a.amount for a in self.allocations), Decimal(0))


def shown(budget: Budget, tree: CategoryTree) -> Budget:
    """The budget as answered: allocations not named by the caller show their
    category's current name (the one it had when allocated, once it is deleted)."""
    return replace(budget, allocations=tuple(named(a, tree) for a in budget.allocations))


def named(allocation: Allocation, tree: CategoryTree) -> Allocation:
    if allocation.name_given or allocation.category_id not in tree:
        return allocation
    return replace(allocation, category_name=tree.name(allocation.category_id))


# -- input as received ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AllocationInput:
    category_id: str
    category_name: str | None
    amount: str


@dataclass(frozen=True, slots=True)
class BudgetInput:
    """A create request's fields; None: not sent."""

    name: str
    description: str | None
    total_amount: str
    period: str | None
    start_date: DateParts | None
    end_date: DateParts | None
    is_active: bool | None = None
    auto_renew: bool | None = None
    notify_threshold: float | None = None
    include_recurring: bool | None = None
    categories: tuple[AllocationInput, ...] = ()


@dataclass(frozen=True, slots=True)
class BudgetChanges:
    """An update's fields; None: not sent (keep the value)."""

    name: str | None = None
    description: str | None = None
    total_amount: str | None = None
    period: str | None = None
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    is_active: bool | None = None
    auto_renew: bool | None = None
    notify_threshold: float | None = None
    include_recurring: bool | None = None


# -- create --------------------------------------------------------------------------


def validate_new(raw: BudgetInput) -> tuple[Terms, list[NewAllocation]]:
    """A new budget's terms and allocations: InvalidArgument naming every malformed
    field, then Unprocessable for an endDate that does not fit. The allocations are
    checked against the caller's categories by `check_allocations`."""
    problems: list[FieldViolation] = []
    name = fields.name(raw.name, problems)
    description = fields.free_text(raw.description, "description", problems)
    total = fields.parse_money(raw.total_amount, "total_amount", problems)
    period = _period(raw.period, problems)
    start = fields.plan_day(raw.start_date, "start_date", problems, required=True)
    end = fields.plan_day(raw.end_date, "end_date", problems)
    threshold = _threshold(raw.notify_threshold, problems)
    allocations: list[NewAllocation | None] = []
    if len(raw.categories) > MAX_ALLOCATIONS:
        problems.append(
            FieldViolation("categories", f"must hold at most {MAX_ALLOCATIONS} allocations")
        )
    else:
        allocations = [
            _allocation(item, f"categories[{i}]", problems) for i, item in enumerate(raw.categories)
        ]
    raise_if_any(problems)
    assert name is not None and total is not None and period is not None and start is not None
    end_date = _dates_rule(period, start, end, start.day, keep_end=None)
    terms = Terms(
        name=name,
        description=description,
        total_amount=total,
        period=period,
        start_date=start,
        end_date=end_date,
        anchor_day=start.day,
        is_active=True if raw.is_active is None else raw.is_active,
        auto_renew=bool(raw.auto_renew),
        notify_threshold=DEFAULT_THRESHOLD if threshold is None else threshold,
        include_recurring=True if raw.include_recurring is None else raw.include_recurring,
    )
    return terms, [a for a in allocations if a is not None]


def validate_allocation(raw: AllocationInput) -> NewAllocation:
    """An allocation added to an existing budget (fields named at the top level)."""
    problems: list[FieldViolation] = []
    allocation = _allocation(raw, "", problems)
    raise_if_any(problems)
    assert allocation is not None
    return allocation


def check_allocations(
    new: Sequence[NewAllocation],
    existing: Sequence[Allocation],
    tree: CategoryTree,
    total: Decimal,
    *,
    field_of: Callable[[int], str],
    sum_field: str,
) -> None:
    """Unprocessable naming every rule `new` breaks next to `existing`: a category that
    is not the caller's, one allocated twice, one above or below another allocated
    category (its spending would count in both), and allocations summing above
    `total`. `field_of(i)` names the i-th new allocation's category_id field."""
    problems: list[FieldViolation] = []
    if len(existing) + len(new) > MAX_ALLOCATIONS:
        unprocessable_if_any(
            [FieldViolation(field_of(0), f"a budget has at most {MAX_ALLOCATIONS} allocations")]
        )
    # Insertion-ordered, for the first clash in the order they were made.
    taken: dict[uuid.UUID, None] = dict.fromkeys(a.category_id for a in existing)
    for index, allocation in enumerate(new):
        field = field_of(index)
        category = allocation.category_id
        if category not in tree:
            problems.append(FieldViolation(field, "is not one of your categories"))
        elif category in taken:
            problems.append(FieldViolation(field, "is already allocated in this budget"))
        else:
            related = set(tree.lineage(category)) | tree.descendants(category)
            clash = next((t for t in taken if t in related), None)
            if clash is not None:
                problems.append(
                    FieldViolation(
                        field,
                        f"overlaps the allocation of {tree.name(clash)!r}: one holds the"
                        " other, so its spending would count twice",
                    )
                )
        taken[category] = None
    allocated = sum((a.amount for a in existing), Decimal(0)) + sum(
        (a.amount for a in new), Decimal(0)
    )
    if allocated > total:
        problems.append(
            FieldViolation(
                sum_field,
                f"the allocations add up to {allocated:f}, more than the budget's"
                f" totalAmount {total:f}",
            )
        )
    unprocessable_if_any(problems)


def unprocessable_if_any(problems: Sequence[FieldViolation]) -> None:
    if problems:
        summary = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise Unprocessable(f"unprocessable: {summary}", violations=problems)


# -- update --------------------------------------------------------------------------


def apply_changes(terms: Terms, changes: BudgetChanges, allocated: Decimal) -> Terms:
    """The terms after an update: the fields sent, checked like a create's; for
    periods other than custom, endDate follows startDate and period. A totalAmount
    below the allocations' sum is Unprocessable naming it."""
    problems: list[FieldViolation] = []
    name = None if changes.name is None else fields.name(changes.name, problems)
    description = fields.free_text(changes.description, "description", problems)
    total = (
        None
        if changes.total_amount is None
        else fields.parse_money(changes.total_amount, "total_amount", problems)
    )
    period = None if changes.period is None else _period(changes.period, problems)
    start = fields.plan_day(changes.start_date, "start_date", problems)
    end = fields.plan_day(changes.end_date, "end_date", problems)
    threshold = _threshold(changes.notify_threshold, problems)
    raise_if_any(problems)
    new_period = period or terms.period
    new_start = start or terms.start_date
    # A new start begins a new chain of periods: its day is the new anchor.
    anchor = terms.anchor_day if start is None else start.day
    end_date = _dates_rule(new_period, new_start, end, anchor, keep_end=terms.end_date)
    updated = replace(
        terms,
        name=terms.name if name is None else name,
        description=terms.description if changes.description is None else description,
        total_amount=terms.total_amount if total is None else total,
        period=new_period,
        start_date=new_start,
        end_date=end_date,
        anchor_day=anchor,
        is_active=_kept(changes.is_active, terms.is_active),
        auto_renew=_kept(changes.auto_renew, terms.auto_renew),
        notify_threshold=terms.notify_threshold if threshold is None else threshold,
        include_recurring=_kept(changes.include_recurring, terms.include_recurring),
    )
    if updated.total_amount < allocated:
        unprocessable_if_any(
            [
                FieldViolation(
                    "total_amount",
                    f"must be at least the allocations' sum {allocated:f} (lower or remove"
                    " allocations first)",
                )
            ]
        )
    return updated


def _kept(sent: bool | None, current: bool) -> bool:
    return current if sent is None else sent


# -- the period's dates --------------------------------------------------------------


def _dates_rule(
    period: Period, start: date, end: date | None, anchor_day: int, keep_end: date | None
) -> date:
    """The period's last day. Custom: `end` (else `keep_end`, an update's current
    end), on or after `start`, at most MAX_CUSTOM_YEARS long. Other periods: derived
    from `start`; an `end` sent must be that day."""
    if period == "custom":
        chosen = end or keep_end
        if chosen is None:
            _refuse("end_date", "is required for a custom period")
        assert chosen is not None
        if chosen < start:
            _refuse("end_date", "must be on or after startDate")
        if chosen > _years_later(start, MAX_CUSTOM_YEARS):
            _refuse("end_date", f"must be at most {MAX_CUSTOM_YEARS} years after startDate")
        return chosen
    expected = period_end(period, start, anchor_day)
    if end is not None and end != expected:
        _refuse(
            "end_date",
            f"must be {expected.isoformat()} for a {period} budget starting"
            f" {start.isoformat()} (one {period.removesuffix('ly')} minus a day), or be left out",
        )
    return expected


def _years_later(start: date, years: int) -> date:
    """The last day of `years` years from `start` (the day before the same date then)."""
    return shift_months(start, 12 * years, start.day) - ONE_DAY


def _refuse(field: str, description: str) -> None:
    unprocessable_if_any([FieldViolation(field, description)])


# -- fields --------------------------------------------------------------------------


def _period(raw: str | None, problems: list[FieldViolation]) -> Period | None:
    if raw is None:
        problems.append(FieldViolation("period", "is required"))
    elif raw not in PERIODS:
        problems.append(FieldViolation("period", f"must be one of {', '.join(PERIODS)}"))
    else:
        return raw  # type: ignore[return-value]
    return None


def _threshold(raw: float | None, problems: list[FieldViolation]) -> float | None:
    # Written so that NaN fails too.
    if raw is not None and not 1 <= raw <= 100:
        problems.append(FieldViolation("notify_threshold", "must be between 1 and 100"))
        return None
    return raw


def _allocation(
    raw: AllocationInput, prefix: str, problems: list[FieldViolation]
) -> NewAllocation | None:
    at = f"{prefix}." if prefix else ""
    before = len(problems)
    category_id = fields.uuid_field(raw.category_id, f"{at}category_id", problems, required=True)
    name = None
    if raw.category_name is not None:
        name = fields.name(
            raw.category_name,
            problems,
            field=f"{at}category_name",
            limit=MAX_CATEGORY_NAME,
            blank="must not be blank",
        )
    amount = fields.parse_money(raw.amount, f"{at}amount", problems)
    if len(problems) > before or category_id is None or amount is None:
        return None
    return NewAllocation(category_id, name, amount)


# -- lists ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListQuery:
    limit: int = DEFAULT_LIMIT
    offset: int = 0
    # Lower-cased (as SQL lower() does); matched anywhere in the name.
    name: str | None = None
    period: Period | None = None
    # None: any (only with include_inactive; otherwise the default is True).
    is_active: bool | None = True
    start_from: date | None = None
    start_to: date | None = None


def validate_list_query(
    *,
    limit: int | None,
    offset: int,
    name: str | None,
    period: str | None,
    is_active: bool | None,
    start_from: DateParts | None,
    start_to: DateParts | None,
    include_inactive: bool | None,
) -> ListQuery:
    """The filters of ListBudgets, or InvalidArgument naming every bad one (a
    startDateFrom after startDateTo names startDateTo)."""
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    check_offset(offset, problems)
    wanted = None if period is None else _period(period, problems)
    if name is not None and len(name) > MAX_NAME:
        problems.append(FieldViolation("name", f"must be at most {MAX_NAME} characters"))
    # Any calendar day filters (the supported range bounds only a budget's own dates).
    first = checked_date(start_from, "start_date_from", problems)
    last = checked_date(start_to, "start_date_to", problems)
    if first is not None and last is not None and first > last:
        # 400 like every list's contradictory filters (insights' date ranges): a query
        # is refused before anything is read, and GETs document no 422.
        problems.append(FieldViolation("start_date_to", "must be on or after startDateFrom"))
    raise_if_any(problems)
    return ListQuery(
        limit=limit or DEFAULT_LIMIT,
        offset=offset,
        name=(name or "").strip().lower() or None,
        period=wanted,
        is_active=is_active if is_active is not None or include_inactive else True,
        start_from=first,
        start_to=last,
    )


# -- renewal -------------------------------------------------------------------------


def renewed_terms(terms: Terms, start: date, end: date) -> Terms:
    """The next period's budget: the same settings over `start`..`end`."""
    return replace(terms, start_date=start, end_date=end)
