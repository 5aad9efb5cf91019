"""API keys: the expense backend's callers — issued, listed and revoked by operators,
and resolved to the calling principal on every request."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.expense.v1 import expense_pb2

from services.expense.api_keys import tables
from services.expense.api_keys.servicer import ApiKeyAdminServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.expense.kernel import ExpenseKernel


def _servicers(kernel: ExpenseKernel) -> Iterable[Served]:
    yield Served(
        expense_pb2.DESCRIPTOR.services_by_name["ApiKeyAdminService"],
        ApiKeyAdminServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[ExpenseKernel] = Capability("api_keys", _servicers, tables)
