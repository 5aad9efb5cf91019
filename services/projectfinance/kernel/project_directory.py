"""What project finance needs to know about main's projects, as a Protocol: use cases
depend on this, the composition root plugs in the gRPC client (kernel.projects)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Final, Protocol, TypeVar

# The most ids one batch lookup asks main for (BatchGetProjects' bound).
BATCH_LIMIT: Final = 100

T_co = TypeVar("T_co", covariant=True)


@dataclass(frozen=True)
class ProjectInfo:
    id: uuid.UUID
    name: str
    status: str  # planned | active | on_hold | completed | archived


@dataclass(frozen=True)
class Allocation:
    """One member's allocation over the tenant's active projects."""

    user_id: uuid.UUID
    total_allocation_percent: Decimal
    active_projects: int
    overallocated: bool


@dataclass(frozen=True)
class Staffing:
    """The tenant's people as the portfolio needs them: how many members it has and the
    allocations of those on at least one active project."""

    team_size: int
    allocations: Sequence[Allocation]


@dataclass(frozen=True)
class TeamMember:
    """A member of a project in main (exports list a record's team)."""

    user_id: uuid.UUID
    role: str
    allocation_percent: Decimal
    added_at: datetime


class Pending(Protocol[T_co]):
    """An answer asked for and still on its way: the caller does other work meanwhile."""

    def result(self) -> T_co:
        """The answer, waiting for it if need be (raises what the call raised)."""


class ProjectFinder(Protocol):
    """One project at a time: all a record's creation asks."""

    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        """The caller's tenant's project, None when it has no such project."""


class ProjectTeams(Protocol):
    """Projects' members: all an export asks."""

    def members(self, token: str, project_id: uuid.UUID) -> list[TeamMember]:
        """The members of the caller's tenant's project, earliest added first; none when
        the tenant has no such project (any more)."""


class ProjectDirectory(ProjectFinder, ProjectTeams, Protocol):
    def find_many(
        self, token: str, project_ids: Sequence[uuid.UUID]
    ) -> Pending[dict[uuid.UUID, ProjectInfo]]:
        """Start asking for the caller's tenant's projects among `project_ids` (any
        number of ids, BATCH_LIMIT a call, the calls concurrent); the answer, by id, comes
        with `result()` (missing projects are not keys)."""

    def staffing(self, token: str) -> Pending[Staffing]:
        """Start asking for the tenant's staffing; the answer comes with `result()`."""
