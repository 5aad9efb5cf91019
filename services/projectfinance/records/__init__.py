"""Project finance records (spec 3 "Project finance records"): one per project of main,
its budget, revenue model and the figures derived from its phases, milestones and cost
centers."""

from __future__ import annotations

from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.records import tables
from services.runtime.capability import Capability

CAPABILITY: Capability[Kernel] = Capability(name="records", tables=tables, servicers=lambda _: [])
