"""Transactions: manual entries, category corrections and the rules learned from them
(imported transactions are written by documents through `bulk`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import transactions_pb2

from services.analytics.transactions import tables
from services.analytics.transactions.servicer import TransactionServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        transactions_pb2.DESCRIPTOR.services_by_name["TransactionService"],
        TransactionServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("transactions", _servicers, tables)
