"""Expense operations, one function per operation: writes in one unit of work each,
reads through the session-free `ExpenseReads`.

Callers pass a fresh unit of work and the already-identified owner (the calling API
key); validation of raw input happens here through the domain.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from services.expense.expenses import domain
from services.expense.expenses.domain import Category, Expense, ExpenseDraft, ListFilters, Page
from services.runtime.clock import Clock, utcnow
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.expense.expenses.repository import ExpenseReads
    from services.expense.repositories import ExpenseRepositories

    Uow = UnitOfWork[ExpenseRepositories]


def list_expenses(reads: ExpenseReads, owner: uuid.UUID, filters: ListFilters) -> Page[Expense]:
    return reads.page(owner, domain.validate_list_filters(filters))


def create_expense(
    uow: Uow, owner: uuid.UUID, draft: ExpenseDraft | None, clock: Clock = utcnow
) -> Expense:
    data = domain.validate_expense(draft)
    with uow:
        return uow.repos.expenses.add(owner, data, clock())


def get_expense(reads: ExpenseReads, owner: uuid.UUID, expense_id: uuid.UUID) -> Expense:
    return reads.get(owner, expense_id)


def update_expense(
    uow: Uow,
    owner: uuid.UUID,
    expense_id: uuid.UUID,
    draft: ExpenseDraft | None,
    clock: Clock = utcnow,
) -> Expense:
    data = domain.validate_expense(draft)
    with uow:
        return uow.repos.expenses.replace(owner, expense_id, data, clock())


def delete_expense(uow: Uow, owner: uuid.UUID, expense_id: uuid.UUID) -> None:
    with uow:
        uow.repos.expenses.delete(owner, expense_id)


def list_categories() -> tuple[Category, ...]:
    return domain.CATEGORIES
