"""Cost centers (spec 3 "Cost centers", GAPS listing and creation): budget buckets under
a project-finance record, with budget allocation out of the record's unallocated budget
(CostCenterService; docs/project-finance-cost-centers.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import cost_centers_pb2

from services.projectfinance.cost_centers import tables
from services.projectfinance.cost_centers.servicer import CostCenterServicer
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        cost_centers_pb2.DESCRIPTOR.services_by_name["CostCenterService"],
        CostCenterServicer(kernel),
    )


CAPABILITY: Capability[Kernel] = Capability("cost_centers", _servicers, tables)
