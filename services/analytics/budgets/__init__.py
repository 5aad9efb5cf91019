"""Budgets with category allocations, their progress against the user's transactions
and their renewal (BudgetService; docs/budgets.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import budgets_pb2

from services.analytics.budgets import tables
from services.analytics.budgets.servicer import BudgetServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        budgets_pb2.DESCRIPTOR.services_by_name["BudgetService"],
        BudgetServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("budgets", _servicers, tables)
