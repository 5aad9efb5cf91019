"""Planned-expense operations on SQLite and PostgreSQL: create and the records a body
names, lists and their filters, paying (one-off, recurring roll-over, ended series,
month ends, concurrent payments), payments, deleting and the statistics."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from functools import partial
from typing import Any

import pytest

from services.analytics.categories.domain import CategoryInput
from services.analytics.categories.usecases import delete_category
from services.analytics.planned_expenses import usecases
from services.analytics.planned_expenses.domain import (
    ListQuery,
    PageQuery,
    PaymentDraft,
    PlannedExpense,
    UpcomingQuery,
)
from services.runtime.errors import (
    DomainError,
    FailedPrecondition,
    NotFound,
    PermissionDenied,
    Unprocessable,
)
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.planned_expenses.support import TODAY, clock, draft, parts
from tests.services.analytics.recurring.support import default_categories
from tests.services.analytics.suggestions.support import Row, store

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
ALL = PageQuery(100, 0)


def _create(uow: UowFactory, user: uuid.UUID = ALICE, **fields: Any) -> PlannedExpense:
    return usecases.create_expense(uow(), user, draft(**fields), clock)


def _pay(
    uow: UowFactory, expense: PlannedExpense, user: uuid.UUID = ALICE, **fields: Any
) -> PlannedExpense:
    return usecases.mark_paid(uow(), user, expense.id, PaymentDraft(**fields), clock)


def _refused(call: Callable[[], object]) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value


# -- creating --------------------------------------------------------------------------------


def test_create_and_get(uow: UowFactory) -> None:
    created = _create(
        uow,
        title="Car insurance",
        description="Yearly",
        amount="612.40",
        due_date=(2027, 1, 15),
        notify_days_before=14,
    )
    got = usecases.get_expense(uow(), ALICE, created.id)
    assert got == created
    assert (got.title, got.description, got.amount) == (
        "Car insurance",
        "Yearly",
        Decimal("612.40"),
    )
    assert (got.due_date, got.series_start, got.occurrence) == (date(2027, 1, 15),) * 2 + (1,)
    assert (got.notify_on, got.is_paid, got.last_payment, got.recurrence_rule) == (
        date(2027, 1, 1), False, None, None
    )  # fmt: skip


def test_a_recurring_expense_starts_on_its_rules_first_date(uow: UowFactory) -> None:
    created = _create(uow, due_date=(2026, 1, 15), recurrence_rule="freq=monthly;bymonthday=-1")
    assert created.recurrence_rule == "FREQ=MONTHLY;BYMONTHDAY=-1"
    assert (created.series_start, created.due_date) == (date(2026, 1, 15), date(2026, 1, 31))


def test_the_category_must_be_the_callers(uow: UowFactory) -> None:
    mine = default_categories(uow, ALICE)["groceries"]
    theirs = default_categories(uow, BOB)["groceries"]
    assert _create(uow, category_id=str(mine)).category_id == mine
    for category in (theirs, uuid.uuid4()):
        error = _refused(partial(_create, uow, category_id=str(category)))
        assert isinstance(error, Unprocessable)
        assert [(v.field, v.description) for v in error.violations] == [
            ("category_id", "is not one of your categories")
        ]


def test_deleting_the_category_leaves_the_expense_uncategorized(uow: UowFactory) -> None:
    with uow() as unit:
        custom = unit.repos.categories.add(
            ALICE,
            CategoryInput(name="Car", parent_id=None, color="#000000", icon_name=None),
            clock(),
        )
    created = _create(uow, category_id=str(custom.id))
    delete_category(uow(), ALICE, custom.id, clock)
    assert usecases.get_expense(uow(), ALICE, created.id).category_id is None


# -- access ----------------------------------------------------------------------------------


def test_another_users_expense_is_403_and_a_missing_one_404(uow: UowFactory) -> None:
    created = _create(uow)
    calls: list[Callable[[uuid.UUID, uuid.UUID], object]] = [
        lambda user, i: usecases.get_expense(uow(), user, i),
        lambda user, i: usecases.delete_expense(uow(), user, i),
        lambda user, i: usecases.mark_paid(uow(), user, i, PaymentDraft(), clock),
        lambda user, i: usecases.list_payments(uow(), user, i, ALL),
    ]
    for call in calls:
        assert isinstance(_refused(partial(call, BOB, created.id)), PermissionDenied)
        assert isinstance(_refused(partial(call, ALICE, uuid.uuid4())), NotFound)
    assert usecases.get_expense(uow(), ALICE, created.id).is_paid is False
    assert usecases.list_expenses(uow(), BOB, ListQuery(ALL)).items == []


def test_delete_removes_the_expense_and_its_payments(uow: UowFactory) -> None:
    created = _create(uow, due_date=(2026, 11, 1), recurrence_rule="FREQ=WEEKLY")
    _pay(uow, created)
    usecases.delete_expense(uow(), ALICE, created.id)
    assert isinstance(_refused(lambda: usecases.get_expense(uow(), ALICE, created.id)), NotFound)
    assert usecases.statistics(uow(), ALICE, TODAY).paid.count == 0


# -- lists -----------------------------------------------------------------------------------


def test_list_filters_orders_and_pages(uow: UowFactory) -> None:
    food = default_categories(uow, ALICE)["groceries"]
    late = _create(uow, title="Late", due_date=(2026, 12, 1))
    early = _create(uow, title="Early", due_date=(2026, 11, 1), category_id=str(food))
    paid = _create(uow, title="Paid", due_date=(2026, 11, 5))
    _pay(uow, paid)
    _create(uow, BOB, title="Bob's")

    def titles(**query: Any) -> list[str]:
        page = usecases.list_expenses(uow(), ALICE, ListQuery(ALL, **query))
        return [e.title for e in page.items]

    assert titles() == ["Early", "Paid", "Late"]
    assert titles(is_paid=True) == ["Paid"]
    assert titles(is_paid=False) == ["Early", "Late"]
    assert titles(category_id=food) == ["Early"]
    assert titles(category_id=food, is_paid=True) == []
    page = usecases.list_expenses(uow(), ALICE, ListQuery(PageQuery(2, 1)))
    assert ([e.id for e in page.items], page.total, page.has_more) == ([paid.id, late.id], 3, False)
    assert usecases.list_expenses(uow(), ALICE, ListQuery(PageQuery(1, 0))).has_more
    assert early.category_id == food


def test_upcoming_overdue_and_recurring(uow: UowFactory) -> None:
    # Today is 2026-11-10.
    gym = _create(uow, title="Gym", due_date=(2026, 11, 3), recurrence_rule="FREQ=WEEKLY")
    rent = _create(uow, title="Rent", due_date=(2026, 12, 2))
    tax = _create(uow, title="Tax", due_date=(2026, 10, 1))
    _create(uow, title="Far", due_date=(2027, 6, 1))
    upcoming = usecases.list_upcoming(uow(), ALICE, UpcomingQuery(ALL), TODAY)
    assert [(e.title, e.due_date, e.occurrence, e.is_projected) for e in upcoming.items] == [
        ("Gym", date(2026, 11, 10), 2, True),
        ("Gym", date(2026, 11, 17), 3, True),
        ("Gym", date(2026, 11, 24), 4, True),
        ("Gym", date(2026, 12, 1), 5, True),
        ("Rent", date(2026, 12, 2), 1, False),
        ("Gym", date(2026, 12, 8), 6, True),
    ]
    short = usecases.list_upcoming(uow(), ALICE, UpcomingQuery(PageQuery(2, 1), days=7), TODAY)
    assert ([e.due_date for e in short.items], short.total) == ([date(2026, 11, 17)], 2)
    overdue = usecases.list_overdue(uow(), ALICE, ALL, TODAY)
    assert [e.id for e in overdue.items] == [tax.id, gym.id]
    recurring = usecases.list_recurring(uow(), ALICE, ALL)
    assert [e.id for e in recurring.items] == [gym.id]
    assert rent.id not in {e.id for e in overdue.items}


def test_upcoming_by_category(uow: UowFactory) -> None:
    food = default_categories(uow, ALICE)["groceries"]
    _create(uow, title="Food", due_date=(2026, 11, 20), category_id=str(food))
    _create(uow, title="Other", due_date=(2026, 11, 20))
    query = UpcomingQuery(ALL, category_id=food)
    assert [e.title for e in usecases.list_upcoming(uow(), ALICE, query, TODAY).items] == ["Food"]


# -- paying ----------------------------------------------------------------------------------


def test_a_one_off_payment_then_409(uow: UowFactory) -> None:
    created = _create(uow, amount="80.00", due_date=(2026, 11, 1))
    paid = _pay(uow, created, paid_date=(2026, 11, 2), actual_amount="79.95")
    assert (paid.is_paid, paid.due_date, paid.occurrence) == (True, date(2026, 11, 1), 1)
    assert paid.current_payment is not None and paid.last_payment == paid.current_payment
    assert (paid.last_payment.paid_date, paid.last_payment.actual_amount) == (
        date(2026, 11, 2), Decimal("79.95")
    )  # fmt: skip
    assert usecases.get_expense(uow(), ALICE, created.id) == paid
    error = _refused(lambda: _pay(uow, created))
    assert isinstance(error, FailedPrecondition) and "already paid" in error.message


def test_a_recurring_payment_rolls_on_and_keeps_a_history(uow: UowFactory) -> None:
    created = _create(
        uow, amount="30.00", due_date=(2026, 1, 31), recurrence_rule="FREQ=MONTHLY;BYMONTHDAY=-1"
    )
    first = _pay(uow, created, paid_date=(2026, 2, 1))
    assert (first.is_paid, first.due_date, first.occurrence) == (False, date(2026, 2, 28), 2)
    assert first.current_payment is None
    assert first.last_payment is not None and first.last_payment.due_date == date(2026, 1, 31)
    second = _pay(uow, first, actual_amount="31.50")
    assert (second.due_date, second.occurrence) == (date(2026, 3, 31), 3)
    assert second.last_payment is not None
    assert (second.last_payment.due_date, second.last_payment.actual_amount) == (
        date(2026, 2, 28), Decimal("31.50")
    )  # fmt: skip
    history = usecases.list_payments(uow(), ALICE, created.id, ALL)
    assert [(p.due_date, p.occurrence, p.paid_date) for p in history.items] == [
        (date(2026, 2, 28), 2, TODAY),
        (date(2026, 1, 31), 1, date(2026, 2, 1)),
    ]
    assert usecases.get_expense(uow(), ALICE, created.id).last_payment == second.last_payment


def test_a_count_ended_series_stays_paid(uow: UowFactory) -> None:
    created = _create(uow, due_date=(2026, 9, 30), recurrence_rule="FREQ=MONTHLY;COUNT=2")
    second = _pay(uow, created)
    assert (second.due_date, second.is_paid) == (date(2026, 10, 30), False)
    last = _pay(uow, second)
    assert (last.due_date, last.occurrence, last.is_paid) == (date(2026, 10, 30), 2, True)
    assert last.current_payment is not None and last.current_payment.due_date == date(2026, 10, 30)
    error = _refused(lambda: _pay(uow, last))
    assert isinstance(error, FailedPrecondition) and "series has ended" in error.message


def test_naming_an_occurrence_already_paid_is_409(uow: UowFactory) -> None:
    created = _create(uow, due_date=(2026, 11, 2), recurrence_rule="FREQ=WEEKLY")
    _pay(uow, created, due_date=(2026, 11, 2))
    error = _refused(lambda: _pay(uow, created, due_date=(2026, 11, 2)))
    assert isinstance(error, FailedPrecondition)
    assert usecases.get_expense(uow(), ALICE, created.id).due_date == date(2026, 11, 9)


def test_the_paying_transaction_must_be_the_callers(uow: UowFactory) -> None:
    mine = store(uow, ALICE, [Row(date(2026, 11, 1), "-80.00", "Insurance")])[0]
    theirs = store(uow, BOB, [Row(date(2026, 11, 1), "-80.00", "Insurance")])[0]
    created = _create(uow)
    for transaction in (theirs, uuid.uuid4()):
        error = _refused(partial(_pay, uow, created, transaction_id=str(transaction)))
        assert isinstance(error, Unprocessable)
        assert [v.field for v in error.violations] == ["transaction_id"]
    paid = _pay(uow, created, transaction_id=str(mine))
    assert paid.current_payment is not None and paid.current_payment.transaction_id == mine


def test_a_future_payment_date_is_422_and_stores_nothing(uow: UowFactory) -> None:
    created = _create(uow)
    error = _refused(lambda: _pay(uow, created, paid_date=parts(TODAY + timedelta(days=2))))
    assert isinstance(error, Unprocessable)
    assert usecases.get_expense(uow(), ALICE, created.id).is_paid is False


@pytest.mark.parametrize("recurring", [False, True])
def test_concurrent_payments_never_pay_one_occurrence_twice(
    uow: UowFactory, recurring: bool
) -> None:
    rule = "FREQ=WEEKLY" if recurring else None
    created = _create(uow, due_date=(2026, 11, 2), recurrence_rule=rule)
    results: list[PlannedExpense | DomainError] = []
    barrier = threading.Barrier(4)

    def pay() -> None:
        barrier.wait()
        try:
            results.append(_pay(uow, created, due_date=(2026, 11, 2)))
        except DomainError as error:
            results.append(error)

    threads = [threading.Thread(target=pay) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    paid = [r for r in results if isinstance(r, PlannedExpense)]
    refused = [r for r in results if isinstance(r, DomainError)]
    assert len(paid) == 1 and len(refused) == 3, results
    assert all(isinstance(r, FailedPrecondition) for r in refused)
    history = usecases.list_payments(uow(), ALICE, created.id, ALL)
    assert [p.due_date for p in history.items] == [date(2026, 11, 2)]


def test_concurrent_payments_of_a_series_pay_consecutive_occurrences(uow: UowFactory) -> None:
    """Without a due date each payment pays what is current when it runs: one after
    the other, never the same occurrence twice."""
    created = _create(uow, due_date=(2026, 11, 2), recurrence_rule="FREQ=WEEKLY")
    barrier = threading.Barrier(3)
    failures: list[BaseException] = []

    def pay() -> None:
        barrier.wait()
        try:
            _pay(uow, created)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=pay) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    history = usecases.list_payments(uow(), ALICE, created.id, ALL)
    assert sorted(p.due_date for p in history.items) == [
        date(2026, 11, 2), date(2026, 11, 9), date(2026, 11, 16)
    ]  # fmt: skip
    now = usecases.get_expense(uow(), ALICE, created.id)
    assert (now.due_date, now.occurrence) == (date(2026, 11, 23), 4)


# -- statistics ------------------------------------------------------------------------------


def test_statistics_from_the_database(uow: UowFactory) -> None:
    food = default_categories(uow, ALICE)["groceries"]
    weekly = _create(
        uow,
        amount="0.10",
        due_date=(2026, 11, 3),
        recurrence_rule="FREQ=WEEKLY",
        category_id=str(food),
    )
    _pay(uow, weekly, actual_amount="0.20")
    _create(uow, amount="33.33", due_date=(2026, 11, 20))
    _create(uow, BOB, amount="1000.00")
    figures = usecases.statistics(uow(), ALICE, TODAY)
    assert (figures.expense_count, figures.recurring_count) == (2, 1)
    assert (figures.paid.count, str(figures.paid.amount)) == (1, "0.20")
    assert (figures.unpaid.count, str(figures.unpaid.amount)) == (2, "33.43")
    assert (figures.overdue.count, figures.upcoming.count) == (0, 6)
    assert str(figures.upcoming.amount) == "33.83"
    by_category = {c.category_id: c for c in figures.by_category}
    assert str(by_category[food].paid.amount) == "0.20"
    assert str(by_category[None].unpaid.amount) == "33.33"
    assert figures.paid_by_month[-1].total.count == 1
