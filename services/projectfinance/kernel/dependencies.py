"""What the project-finance backend's capabilities share, built once by the composition
root (services.projectfinance.main) and handed to every capability's servicers.

No SQLAlchemy here: use cases see storage only through `unit_of_work()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from services.projectfinance.kernel.project_directory import ProjectDirectory
from services.runtime.clock import Clock, utcnow
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.projectfinance.repositories import Repositories

# One transaction and every repository of the backend (services.projectfinance.repositories).
Uow: TypeAlias = "UnitOfWork[Repositories]"
UowFactory: TypeAlias = "Callable[[], UnitOfWork[Repositories]]"


@dataclass(frozen=True)
class Kernel:
    unit_of_work: UowFactory
    # Main's projects, asked with the caller's token (a record names one).
    projects: ProjectDirectory
    clock: Clock = utcnow
