"""Planned expenses as rules and values (pure): what a user may send, what a stored
expense is, and what paying its current occurrence does.

A recurring expense is one record whose `due_date` is its current occurrence. Its
series is the RRULE anchored at `series_start` (the first due date sent: the RRULE's
DTSTART, from which COUNT and INTERVAL count). Paying records a payment of the current
occurrence and moves `due_date` to the series' next date; when the series has ended
(COUNT, UNTIL) the expense stays paid. A one-off expense becomes paid. Paying a paid
expense is 409 `invalid_transition`.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Final

from services.analytics import fields
from services.analytics.recurrence.rules import (
    RecurrenceRule,
    next_after,
    optional_rule,
    parse_rule,
)
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    Unprocessable,
    raise_if_any,
)
from services.runtime.paging import check_limit, check_offset, checked_page

# Planned expenses word their refusals as the edge words its own (edge/codec/constraints:
# "… characters long"); clients match on them, so they stay this capability's.
TOO_LONG: Final = "must be at most {limit} characters long"
AMOUNT_EXAMPLE: Final = "12.50"
DEFAULT_NOTIFY_DAYS: Final = 3
MAX_NOTIFY_DAYS: Final = 365
# The clock is UTC, but a user in UTC+14 is already on the next day: a payment dated
# with their today is not "in the future".
AHEAD_OF_UTC: Final = timedelta(hours=14)

DEFAULT_LIMIT: Final = 20
# upcoming, overdue and recurring are lists the spec does not page: a client asking
# without a limit gets up to this many, and pages on with limit and offset.
DEFAULT_VIEW_LIMIT: Final = 100
DEFAULT_UPCOMING_DAYS: Final = 30
MAX_UPCOMING_DAYS: Final = 365


# -- what is stored ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of one occurrence."""

    due_date: date
    paid_date: date
    actual_amount: Decimal
    transaction_id: uuid.UUID | None
    # Which occurrence of the series it paid, from 1.
    occurrence: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PlannedExpense:
    id: uuid.UUID
    user_id: uuid.UUID
    title: str
    description: str | None
    amount: Decimal
    # The current occurrence.
    due_date: date
    category_id: uuid.UUID | None
    # Canonical RRULE text; None for a one-off expense.
    recurrence_rule: str | None
    series_start: date
    occurrence: int
    notify_days_before: int
    is_paid: bool
    last_payment: Payment | None
    created_at: datetime
    updated_at: datetime
    # A later occurrence of a recurring series shown in an upcoming list (schedule.py).
    is_projected: bool = False

    @property
    def is_recurring(self) -> bool:
        return self.recurrence_rule is not None

    @property
    def notify_on(self) -> date:
        return self.due_date - timedelta(days=self.notify_days_before)

    @property
    def current_payment(self) -> Payment | None:
        """The payment of the current occurrence: the last one, while the expense is paid."""
        return self.last_payment if self.is_paid else None

    def is_overdue(self, today: date) -> bool:
        return not self.is_paid and self.due_date < today

    def days_until_due(self, today: date) -> int | None:
        return None if self.is_paid else (self.due_date - today).days

    def rule(self) -> RecurrenceRule | None:
        """The stored rule (stored canonical, so it parses)."""
        if self.recurrence_rule is None:
            return None
        return parse_rule(self.recurrence_rule, "recurrence_rule")


# -- creating --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExpenseDraft:
    """A planned expense as the caller sent it; None = not sent."""

    title: str
    amount: str
    due_date: DateParts | None
    description: str | None = None
    # A UUID as sent (parsed here, so that a malformed one is reported with the rest).
    category_id: str | None = None
    is_recurring: bool | None = None
    recurrence_rule: str | None = None
    notify_days_before: int | None = None


@dataclass(frozen=True, slots=True)
class NewExpense:
    """A validated planned expense, its first occurrence settled (schedule.first_due)."""

    title: str
    description: str | None
    amount: Decimal
    series_start: date
    category_id: uuid.UUID | None
    rule: RecurrenceRule | None
    notify_days_before: int


@dataclass(frozen=True, slots=True)
class CheckedDraft:
    """A draft whose fields are each valid (400s raised); cross-field rules are next."""

    title: str
    description: str | None
    amount: Decimal
    due_date: date
    category_id: uuid.UUID | None
    is_recurring: bool | None
    rule: RecurrenceRule | None
    notify_days_before: int


def validate_new(draft: ExpenseDraft) -> NewExpense:
    """The expense in `draft`: 400 naming every malformed field at once, then 422 for
    a rule between fields."""
    checked = check_fields(draft)
    if checked.is_recurring and checked.rule is None:
        raise Unprocessable.for_field("recurrence_rule", "is required when isRecurring is true")
    if checked.is_recurring is False and checked.rule is not None:
        raise Unprocessable.for_field("is_recurring", "must be true when recurrenceRule is sent")
    return NewExpense(
        title=checked.title,
        description=checked.description,
        amount=checked.amount,
        series_start=checked.due_date,
        category_id=checked.category_id,
        rule=checked.rule,
        notify_days_before=checked.notify_days_before,
    )


def check_fields(draft: ExpenseDraft) -> CheckedDraft:
    problems: list[FieldViolation] = []
    title = fields.name(
        draft.title,
        problems,
        field="title",
        blank="is required" if not draft.title else "must not be blank",
        too_long=TOO_LONG,
    )
    description = fields.free_text(draft.description, "description", problems, too_long=TOO_LONG)
    amount = _money(draft.amount, "amount", problems)
    due = fields.plan_day(draft.due_date, "due_date", problems, required=True)
    notify = DEFAULT_NOTIFY_DAYS if draft.notify_days_before is None else draft.notify_days_before
    if not 0 <= notify <= MAX_NOTIFY_DAYS:
        problems.append(
            FieldViolation("notify_days_before", f"must be between 0 and {MAX_NOTIFY_DAYS}")
        )
    rule = optional_rule(draft.recurrence_rule, "recurrence_rule", problems)
    category_id = fields.uuid_field(draft.category_id, "category_id", problems)
    raise_if_any(problems)
    assert title is not None and amount is not None and due is not None
    return CheckedDraft(
        title=title,
        description=description,
        amount=amount,
        due_date=due,
        category_id=category_id,
        is_recurring=draft.is_recurring,
        rule=rule,
        notify_days_before=notify,
    )


def _money(raw: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    return fields.parse_money(raw, field, problems, example=AMOUNT_EXAMPLE)


# -- paying ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PaymentDraft:
    """A mark-paid body as sent; None = not sent."""

    paid_date: DateParts | None = None
    actual_amount: str | None = None
    # A UUID as sent.
    transaction_id: str | None = None
    due_date: DateParts | None = None


@dataclass(frozen=True, slots=True)
class PaymentInput:
    paid_date: date
    # None: the planned amount.
    actual_amount: Decimal | None
    transaction_id: uuid.UUID | None
    # The occurrence the caller means (None: the current one).
    due_date: date | None


def validate_payment(draft: PaymentDraft, now: datetime) -> PaymentInput:
    """400 for malformed fields (all at once), then 422 for a payment dated in the
    future (later than today in the earliest time zone)."""
    problems: list[FieldViolation] = []
    paid = fields.plan_day(draft.paid_date, "paid_date", problems)
    actual = (
        None
        if draft.actual_amount is None
        else _money(draft.actual_amount, "actual_amount", problems)
    )
    meant = checked_date(draft.due_date, "due_date", problems)
    transaction_id = fields.uuid_field(draft.transaction_id, "transaction_id", problems)
    raise_if_any(problems)
    latest = (now + AHEAD_OF_UTC).date()
    if paid is not None and paid > latest:
        raise Unprocessable.for_field("paid_date", "must not be in the future")
    return PaymentInput(
        paid_date=now.date() if paid is None else paid,
        actual_amount=actual,
        transaction_id=transaction_id,
        due_date=meant,
    )


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a payment does: the payment recorded and the expense's state after it."""

    payment: Payment
    due_date: date
    occurrence: int
    is_paid: bool


def settle(expense: PlannedExpense, payment: PaymentInput, now: datetime) -> Settlement:
    """Pay the current occurrence (409 when the expense is paid, or is no longer due on
    the date the caller meant)."""
    if payment.due_date is not None and payment.due_date != expense.due_date:
        raise FailedPrecondition(
            f"the occurrence due on {payment.due_date} is not the current one: the expense "
            f"is due on {expense.due_date}" + (" and paid" if expense.is_paid else "")
        )
    if expense.is_paid:
        raise FailedPrecondition(
            "the expense's last occurrence is already paid: its series has ended"
            if expense.is_recurring
            else "the expense is already paid"
        )
    record = Payment(
        due_date=expense.due_date,
        paid_date=payment.paid_date,
        actual_amount=expense.amount if payment.actual_amount is None else payment.actual_amount,
        transaction_id=payment.transaction_id,
        occurrence=expense.occurrence,
        created_at=now,
    )
    rule = expense.rule()
    following = None if rule is None else next_after(rule, expense.series_start, expense.due_date)
    if following is None:
        return Settlement(record, expense.due_date, expense.occurrence, is_paid=True)
    return Settlement(record, following, expense.occurrence + 1, is_paid=False)


# -- lists -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PageQuery:
    limit: int
    offset: int


@dataclass(frozen=True, slots=True)
class ListQuery:
    page: PageQuery
    is_paid: bool | None = None
    category_id: uuid.UUID | None = None


@dataclass(frozen=True, slots=True)
class UpcomingQuery:
    page: PageQuery
    days: int = DEFAULT_UPCOMING_DAYS
    category_id: uuid.UUID | None = None


def page_query(limit: int | None, offset: int, default: int) -> PageQuery:
    return PageQuery(*checked_page(limit, offset, default))


def upcoming_query(
    days: int | None, category_id: uuid.UUID | None, limit: int | None, offset: int
) -> UpcomingQuery:
    problems: list[FieldViolation] = []
    if days is not None and not 1 <= days <= MAX_UPCOMING_DAYS:
        problems.append(FieldViolation("days", f"must be between 1 and {MAX_UPCOMING_DAYS}"))
    check_limit(limit, problems)
    check_offset(offset, problems)
    raise_if_any(problems)
    return UpcomingQuery(
        page=PageQuery(DEFAULT_VIEW_LIMIT if limit is None else limit, offset),
        days=DEFAULT_UPCOMING_DAYS if days is None else days,
        category_id=category_id,
    )
