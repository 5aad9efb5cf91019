"""Projects of a tenant (issue 15): projects with a status life, archive and unarchive,
members with a role and an allocation percent, and each member's allocation over the
active projects (ProjectService, /api/projects; docs/projects.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projects.v1 import projects_pb2

from services.main.kernel.dependencies import Kernel
from services.main.projects import tables
from services.main.projects.servicer import ProjectServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        projects_pb2.DESCRIPTOR.services_by_name["ProjectService"], ProjectServicer(kernel)
    )


CAPABILITY: Capability[Kernel] = Capability("projects", _servicers, tables)
