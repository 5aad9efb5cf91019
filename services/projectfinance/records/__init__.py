"""Project finance records (spec 3 "Project finance records"): one per project of main,
its budget, revenue model and the figures derived from its phases, milestones and cost
centers (ProjectFinanceService, /api/project-finance; docs/project-finance-records.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import records_pb2

from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.records import tables
from services.projectfinance.records.servicer import ProjectFinanceServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        records_pb2.DESCRIPTOR.services_by_name["ProjectFinanceService"],
        ProjectFinanceServicer(kernel),
    )


CAPABILITY: Capability[Kernel] = Capability("records", _servicers, tables)
