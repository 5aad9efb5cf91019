"""Payments received against issued invoices (issue 15): partial or full, an
overpayment refused, each posted Dr cash / Cr receivable to the ledger in the same
transaction (PaymentService, /api/payments; docs/invoices.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.billing.v1 import payments_pb2

from services.main.kernel.dependencies import Kernel
from services.main.payments import tables
from services.main.payments.servicer import PaymentServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        payments_pb2.DESCRIPTOR.services_by_name["PaymentService"], PaymentServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("payments", _servicers, tables)
