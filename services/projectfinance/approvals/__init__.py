"""Approval requests (spec 3 "Approvals"): a request that a budget allocation, an
invoice, a scope change or a cost-center allocation be approved, its approval,
rejection or cancellation (segregation of duties: never by its requester), and the
tenant's thresholds from which a change needs approval (ApprovalService,
/api/approvals; docs/project-finance-approvals.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import approvals_pb2

from services.projectfinance.approvals import tables
from services.projectfinance.approvals.servicer import ApprovalServicer
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        approvals_pb2.DESCRIPTOR.services_by_name["ApprovalService"], ApprovalServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("approvals", _servicers, tables)
