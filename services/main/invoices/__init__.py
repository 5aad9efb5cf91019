"""Invoices (issue 15): drafts, issue with gapless numbers per tenant, void, totals
computed exactly, postings to the ledger in the same transaction, idempotency keys for
the backends that call it (InvoiceService, /api/invoices; docs/invoices.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.billing.v1 import invoices_pb2

from services.main.invoices import tables
from services.main.invoices.servicer import InvoiceServicer
from services.main.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        invoices_pb2.DESCRIPTOR.services_by_name["InvoiceService"], InvoiceServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("invoices", _servicers, tables)
