"""Planned expenses as rules (pure): what a create and a payment may carry (400 naming
each bad field, 422 for rules between fields), and what paying does to one-off and
recurring expenses, month ends and ended series included."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import date, timedelta
from decimal import Decimal

import pytest

from services.analytics.planned_expenses.domain import (
    PaymentDraft,
    PaymentInput,
    PlannedExpense,
    page_query,
    settle,
    upcoming_query,
    validate_new,
    validate_payment,
)
from services.runtime.errors import DomainError, FailedPrecondition, InvalidArgument, Unprocessable
from tests.services.analytics.planned_expenses.support import NOW, TODAY, draft, expense, parts


def _fields(error: DomainError) -> dict[str, str]:
    return {v.field: v.description for v in error.violations}


def _pay(paid: date = TODAY, amount: str | None = None, due: date | None = None) -> PaymentInput:
    return PaymentInput(paid, None if amount is None else Decimal(amount), None, due)


def _roll(current: PlannedExpense, times: int) -> list[tuple[date, int, bool]]:
    """Pay `current` `times` times: (due date, occurrence, paid) after each payment."""
    seen = []
    for _ in range(times):
        done = settle(current, _pay(), NOW)
        current = dataclasses.replace(
            current, due_date=done.due_date, occurrence=done.occurrence, is_paid=done.is_paid
        )
        seen.append((done.due_date, done.occurrence, done.is_paid))
    return seen


# -- creating --------------------------------------------------------------------------------


def test_a_one_off_expense_with_defaults() -> None:
    new = validate_new(draft(title="  Rent  ", description="  ", amount="950.5"))
    assert (new.title, new.description, new.amount) == ("Rent", None, Decimal("950.50"))
    assert (new.series_start, new.rule, new.notify_days_before) == (TODAY, None, 3)


def test_a_rule_makes_the_expense_recurring_and_is_stored_canonical() -> None:
    new = validate_new(draft(recurrence_rule=" freq=monthly;bymonthday=-1 "))
    assert new.rule is not None and new.rule.text == "FREQ=MONTHLY;BYMONTHDAY=-1"
    assert validate_new(draft(is_recurring=True, recurrence_rule="FREQ=WEEKLY")).rule


def test_a_blank_rule_is_no_rule() -> None:
    assert validate_new(draft(recurrence_rule="  ", is_recurring=False)).rule is None


def test_every_malformed_field_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new(
            draft(
                title=" ",
                amount="-5",
                due_date=(2026, 2, 30),
                notify_days_before=366,
                description="x" * 1001,
                recurrence_rule="FREQ=MONTHLY;BYMONTHDAY=32;COLOR=RED",
            )
        )
    problems = _fields(caught.value)
    assert problems == {
        "title": "must not be blank",
        "amount": "must be greater than 0",
        "due_date": "is not a valid calendar date",
        "notify_days_before": "must be between 0 and 365",
        "description": "must be at most 1000 characters long",
        "recurrence_rule": problems["recurrence_rule"],
    }
    assert "BYMONTHDAY=32" in problems["recurrence_rule"] and "COLOR" in problems["recurrence_rule"]


@pytest.mark.parametrize(
    ("amount", "problem"),
    [
        ("", "is required"),
        ("0", "must be greater than 0"),
        ("0.00", "must be greater than 0"),
        ("1.005", "must have at most 2 decimal places"),
        ("100000000000", "must be at most 99999999999.99"),
        ("1e999999999", "must be at most 99999999999.99"),
        ("NaN", "must be a decimal string such as 12.50"),
        ("1_000", "must be a decimal string such as 12.50"),
        ("12,50", "must be a decimal string such as 12.50"),
    ],
)
def test_bad_amounts(amount: str, problem: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new(draft(amount=amount))
    assert _fields(caught.value) == {"amount": problem}


@pytest.mark.parametrize(
    ("amount", "stored"),
    [("0.01", "0.01"), ("99999999999.99", "99999999999.99"), ("1.500", "1.50"), ("7", "7.00")],
)
def test_good_amounts_are_cents(amount: str, stored: str) -> None:
    assert str(validate_new(draft(amount=amount)).amount) == stored


def test_titles_and_dates_out_of_bounds() -> None:
    for title, problem in [
        ("", "is required"),
        ("x" * 201, "must be at most 200 characters long"),
        ("Rent\u202e", "must not contain control or invisible formatting characters"),
    ]:
        with pytest.raises(InvalidArgument) as caught:
            validate_new(draft(title=title))
        assert _fields(caught.value) == {"title": problem}
    for due in [None, (1899, 12, 31), (3000, 1, 1)]:
        with pytest.raises(InvalidArgument) as caught:
            validate_new(draft(due_date=due))
        assert "due_date" in _fields(caught.value)


def test_recurring_without_a_rule_is_422_naming_the_rule() -> None:
    with pytest.raises(Unprocessable) as caught:
        validate_new(draft(is_recurring=True))
    assert _fields(caught.value) == {"recurrence_rule": "is required when isRecurring is true"}


def test_a_rule_on_a_one_off_expense_is_422_naming_is_recurring() -> None:
    with pytest.raises(Unprocessable) as caught:
        validate_new(draft(is_recurring=False, recurrence_rule="FREQ=DAILY"))
    assert _fields(caught.value) == {"is_recurring": "must be true when recurrenceRule is sent"}


def test_malformed_fields_come_before_cross_field_rules() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new(draft(is_recurring=True, amount="x"))
    assert not isinstance(caught.value, Unprocessable)


# -- paying ----------------------------------------------------------------------------------


def test_a_payment_defaults_to_today_and_the_planned_amount() -> None:
    payment = validate_payment(PaymentDraft(), NOW)
    assert payment == PaymentInput(TODAY, None, None, None)
    done = settle(expense(amount="42.10"), payment, NOW)
    assert (done.payment.paid_date, done.payment.actual_amount) == (TODAY, Decimal("42.10"))


def test_a_payment_dated_today_somewhere_on_earth_is_not_in_the_future() -> None:
    # 09:30 UTC is 23:30 in UTC+14: tomorrow there is still in the future.
    assert validate_payment(PaymentDraft(paid_date=parts(TODAY)), NOW).paid_date == TODAY
    late = NOW.replace(hour=11)  # 01:00 tomorrow in UTC+14
    tomorrow = TODAY + timedelta(days=1)
    assert validate_payment(PaymentDraft(paid_date=parts(tomorrow)), late).paid_date == tomorrow
    with pytest.raises(Unprocessable) as caught:
        validate_payment(PaymentDraft(paid_date=parts(tomorrow)), NOW)
    assert _fields(caught.value) == {"paid_date": "must not be in the future"}


def test_malformed_payment_fields() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_payment(
            PaymentDraft(paid_date=(2026, 13, 1), actual_amount="-1", due_date=(2026, 2, 29)),
            NOW,
        )
    assert _fields(caught.value) == {
        "paid_date": "is not a valid calendar date",
        "actual_amount": "must be greater than 0",
        "due_date": "is not a valid calendar date",
    }


def test_a_one_off_expense_becomes_paid_and_cannot_be_paid_again() -> None:
    one = expense(due=date(2026, 11, 1))
    done = settle(one, _pay(amount="9.99", due=date(2026, 11, 1)), NOW)
    assert (done.due_date, done.occurrence, done.is_paid) == (date(2026, 11, 1), 1, True)
    assert done.payment.due_date == date(2026, 11, 1) and done.payment.occurrence == 1
    assert done.payment.actual_amount == Decimal("9.99")
    with pytest.raises(FailedPrecondition, match="already paid"):
        settle(dataclasses.replace(one, is_paid=True), _pay(), NOW)


def test_a_recurring_expense_rolls_to_its_next_date() -> None:
    monthly = expense(due=date(2026, 1, 31), rule="FREQ=MONTHLY;BYMONTHDAY=-1")
    assert _roll(monthly, 4) == [
        (date(2026, 2, 28), 2, False),
        (date(2026, 3, 31), 3, False),
        (date(2026, 4, 30), 4, False),
        (date(2026, 5, 31), 5, False),
    ]


def test_a_leap_day_series_rolls_to_the_next_leap_day() -> None:
    yearly = expense(due=date(2024, 2, 29), rule="FREQ=YEARLY")
    assert _roll(yearly, 2) == [(date(2028, 2, 29), 2, False), (date(2032, 2, 29), 3, False)]


def test_intervals_count_from_the_series_start() -> None:
    biweekly = expense(due=date(2026, 11, 2), rule="FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
    assert [d for d, _, _ in _roll(biweekly, 4)] == [
        date(2026, 11, 5),
        date(2026, 11, 16),
        date(2026, 11, 19),
        date(2026, 11, 30),
    ]


def test_a_count_ended_series_stays_paid_on_its_last_date() -> None:
    three = expense(due=date(2026, 1, 15), rule="FREQ=MONTHLY;COUNT=3")
    assert _roll(three, 3) == [
        (date(2026, 2, 15), 2, False),
        (date(2026, 3, 15), 3, False),
        (date(2026, 3, 15), 3, True),
    ]
    ended = dataclasses.replace(three, due_date=date(2026, 3, 15), occurrence=3, is_paid=True)
    with pytest.raises(FailedPrecondition, match="series has ended"):
        settle(ended, _pay(), NOW)


def test_an_until_ended_series_stays_paid() -> None:
    weekly = expense(due=date(2026, 11, 2), rule="FREQ=WEEKLY;UNTIL=20261110")
    assert _roll(weekly, 2) == [(date(2026, 11, 9), 2, False), (date(2026, 11, 9), 2, True)]


def test_paying_an_occurrence_that_is_no_longer_current_is_409() -> None:
    weekly = expense(due=date(2026, 11, 9), rule="FREQ=WEEKLY", start=date(2026, 11, 2))
    with pytest.raises(FailedPrecondition, match="due on 2026-11-02 is not the current one"):
        settle(weekly, _pay(due=date(2026, 11, 2)), NOW)
    assert settle(weekly, _pay(due=date(2026, 11, 9)), NOW).due_date == date(2026, 11, 16)


def test_the_resource_figures() -> None:
    one = expense(due=date(2026, 11, 5), notify_days_before=7)
    assert one.notify_on == date(2026, 10, 29)
    assert one.is_overdue(TODAY) and one.days_until_due(TODAY) == -5
    paid = dataclasses.replace(one, is_paid=True)
    assert not paid.is_overdue(TODAY) and paid.days_until_due(TODAY) is None
    assert not expense(due=TODAY).is_overdue(TODAY)


# -- lists -----------------------------------------------------------------------------------


def test_list_parameters() -> None:
    assert page_query(None, 0, 20).limit == 20
    assert upcoming_query(None, None, None, 0).days == 30
    category = uuid.uuid4()
    query = upcoming_query(365, category, 5, 10)
    assert (query.days, query.category_id, query.page.limit, query.page.offset) == (
        365, category, 5, 10
    )  # fmt: skip
    with pytest.raises(InvalidArgument) as caught:
        upcoming_query(0, None, 101, -1)
    assert set(_fields(caught.value)) == {"days", "limit", "offset"}
    with pytest.raises(InvalidArgument):
        upcoming_query(366, None, None, 0)
