"""What the expense backend's capabilities share, built once by the composition root."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from db.unit_of_work import UnitOfWork
from services.expense.expenses.repository import ExpenseReads
from services.expense.repositories import ExpenseRepositories
from services.runtime.clock import Clock, utcnow

ExpenseUnitOfWork = UnitOfWork[ExpenseRepositories]


@dataclass(frozen=True)
class ExpenseKernel:
    unit_of_work: Callable[[], ExpenseUnitOfWork]
    # Session-free reads of the hot paths (GetExpense, ListExpenses).
    reads: ExpenseReads
    clock: Clock = utcnow
