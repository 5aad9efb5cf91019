"""Tenants and teams (issue 15): my tenants, the active tenant's members, invitations by
email, switching the active tenant (TeamsService, /api/teams; docs/teams.md). Tenants
and memberships are stored by auth (accounts own them); this capability owns the
invitations."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import teams_pb2

from services.main.kernel.dependencies import Kernel
from services.main.teams import tables
from services.main.teams.servicer import TeamsServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(teams_pb2.DESCRIPTOR.services_by_name["TeamsService"], TeamsServicer(kernel))


CAPABILITY: Capability[Kernel] = Capability("teams", _servicers, tables)
