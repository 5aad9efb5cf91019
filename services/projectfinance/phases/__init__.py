"""Phases of a project-finance record (spec 3 "Phases", issue 16): the stages a project
runs through, with a budget, an actual cost (optionally charged to one of the record's
cost centers), dates and progress, moved planned → in_progress → completed or cancelled
(PhaseService; docs/project-finance-phases.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import phases_pb2

from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.phases import tables
from services.projectfinance.phases.servicer import PhaseServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(phases_pb2.DESCRIPTOR.services_by_name["PhaseService"], PhaseServicer(kernel))


CAPABILITY: Capability[Kernel] = Capability("phases", _servicers, tables)
