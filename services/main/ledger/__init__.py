"""The double-entry general ledger (issue 15): a chart of accounts per tenant, journal
entries balanced in the tenant's base currency, posting and reversal, the trial
balance (LedgerService, /api/v1/accounting/ledger; docs/ledger.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.accounting.v1 import ledger_pb2

from services.main.kernel.dependencies import Kernel
from services.main.ledger import tables
from services.main.ledger.servicer import LedgerServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(ledger_pb2.DESCRIPTOR.services_by_name["LedgerService"], LedgerServicer(kernel))


CAPABILITY: Capability[Kernel] = Capability("ledger", _servicers, tables)
