"""Bank reconciliation (issue 18): bank statements uploaded for a cash account of the
ledger, their lines matched to the account's posted ledger lines (auto-match and by
hand), adjusting entries posted through the ledger, and the reconciliation report
(ReconciliationService, /api/v1/accounting/recon; docs/recon.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.accounting.v1 import recon_pb2

from services.main.kernel.dependencies import Kernel
from services.main.recon import tables
from services.main.recon.servicer import ReconServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        recon_pb2.DESCRIPTOR.services_by_name["ReconciliationService"], ReconServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("recon", _servicers, tables)
