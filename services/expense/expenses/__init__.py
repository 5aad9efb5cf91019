"""Expenses: an API key's own expenses (CRUD, filtered pages) and the category list."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.expense.v1 import expense_pb2

from services.expense.expenses import tables
from services.expense.expenses.servicer import ExpenseServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.expense.kernel import ExpenseKernel


def _servicers(kernel: ExpenseKernel) -> Iterable[Served]:
    yield Served(
        expense_pb2.DESCRIPTOR.services_by_name["ExpenseService"],
        ExpenseServicer(kernel.unit_of_work, kernel.reads, kernel.clock),
    )


CAPABILITY: Capability[ExpenseKernel] = Capability("expenses", _servicers, tables)
