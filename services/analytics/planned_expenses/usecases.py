"""Planned-expense operations, one function per operation, each in one unit of work."""

from __future__ import annotations

import uuid
from datetime import date, timedelta
from typing import TYPE_CHECKING, Final

from services.analytics.planned_expenses import domain, schedule, totals
from services.analytics.planned_expenses.domain import (
    ExpenseDraft,
    ListQuery,
    PageQuery,
    Payment,
    PaymentDraft,
    PlannedExpense,
    UpcomingQuery,
)
from services.analytics.planned_expenses.totals import Statistics
from services.analytics.references import require_own
from services.runtime.clock import Clock
from services.runtime.errors import FailedPrecondition
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]

# A payment that lost a race reads the expense again and pays what is current then
# (SQLite only: PostgreSQL's row lock makes the first read current).
_SETTLE_TRIES: Final = 3


def create_expense(
    uow: Uow, user_id: uuid.UUID, draft: ExpenseDraft, clock: Clock
) -> PlannedExpense:
    new = domain.validate_new(draft)
    due = schedule.first_due(new)
    with uow:
        if new.category_id is not None:
            category_id = new.category_id
            require_own(
                lambda: uow.repos.categories.require_mine(user_id, category_id),
                "category_id",
                "categories",
            )
        return uow.repos.planned_expenses.add(user_id, new, due, clock())


def get_expense(uow: Uow, user_id: uuid.UUID, expense_id: uuid.UUID) -> PlannedExpense:
    with uow:
        return uow.repos.planned_expenses.require_mine(user_id, expense_id)


def delete_expense(uow: Uow, user_id: uuid.UUID, expense_id: uuid.UUID) -> None:
    with uow:
        uow.repos.planned_expenses.delete(user_id, expense_id)


def list_expenses(uow: Uow, user_id: uuid.UUID, query: ListQuery) -> Page[PlannedExpense]:
    with uow:
        return uow.repos.planned_expenses.page(user_id, query)


def list_upcoming(
    uow: Uow, user_id: uuid.UUID, query: UpcomingQuery, today: date
) -> Page[PlannedExpense]:
    """Every unpaid occurrence from today to today + days, one item each."""
    last = today + timedelta(days=query.days)
    with uow:
        candidates = uow.repos.planned_expenses.unpaid_due_by(user_id, last, query.category_id)
    found = schedule.upcoming(candidates, today, last)
    page = query.page
    return Page(found[page.offset : page.offset + page.limit], len(found), page.limit, page.offset)


def list_overdue(
    uow: Uow, user_id: uuid.UUID, query: PageQuery, today: date
) -> Page[PlannedExpense]:
    with uow:
        return uow.repos.planned_expenses.overdue(user_id, today, query)


def list_recurring(uow: Uow, user_id: uuid.UUID, query: PageQuery) -> Page[PlannedExpense]:
    with uow:
        return uow.repos.planned_expenses.recurring(user_id, query)


def list_payments(
    uow: Uow, user_id: uuid.UUID, expense_id: uuid.UUID, query: PageQuery
) -> Page[Payment]:
    with uow:
        return uow.repos.planned_expenses.payments(user_id, expense_id, query)


def mark_paid(
    uow: Uow, user_id: uuid.UUID, expense_id: uuid.UUID, draft: PaymentDraft, clock: Clock
) -> PlannedExpense:
    """Pay the current occurrence (403 another user's, 404 none, 409 paid or not the
    occurrence meant). The expense's row is locked, and the update repeats what was
    read: two concurrent payments never both pay one occurrence."""
    now = clock()
    payment = domain.validate_payment(draft, now)
    with uow:
        expenses = uow.repos.planned_expenses
        expense = expenses.locked(user_id, expense_id)
        if payment.transaction_id is not None:
            transaction_id = payment.transaction_id
            require_own(
                lambda: uow.repos.transactions.get(user_id, transaction_id),
                "transaction_id",
                "transactions",
            )
        for _ in range(_SETTLE_TRIES):
            paid = expenses.settle(expense, domain.settle(expense, payment, now), now)
            if paid is not None:
                return paid
            expense = expenses.locked(user_id, expense_id)
        raise FailedPrecondition("the expense was changed by another payment meanwhile")


def statistics(uow: Uow, user_id: uuid.UUID, today: date) -> Statistics:
    with uow:
        expenses = uow.repos.planned_expenses.all_of(user_id)
        payments = uow.repos.planned_expenses.paid_facts(user_id)
    return totals.statistics(expenses, payments, today)
