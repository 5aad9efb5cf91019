"""Milestones of a project finance record (spec 3 "Milestones"; issue 16): amounts
billed when a piece of work is done, their life (pending → in_progress → completed →
billed, or cancelled) and the start of the saga invoicing a completed one
(MilestoneService; docs/project-finance-milestones.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import milestones_pb2

from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.milestones import tables
from services.projectfinance.milestones.servicer import MilestoneServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        milestones_pb2.DESCRIPTOR.services_by_name["MilestoneService"], MilestoneServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("milestones", _servicers, tables)
