"""What project finance needs to know about main's projects, as a Protocol: use cases
depend on this, the composition root plugs in the gRPC client (kernel.projects)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class ProjectInfo:
    id: uuid.UUID
    name: str
    status: str


class ProjectDirectory(Protocol):
    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        """The caller's tenant's project, None when it has no such project."""
