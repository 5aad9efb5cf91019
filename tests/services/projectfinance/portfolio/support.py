"""What the portfolio's tests share: main's projects and staffing as the directory
answers them (main is another backend; the e2e tests ask the real one), and phases and
milestones inserted as stored under a record."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Generic, TypeVar

from sqlalchemy import Engine

from services.projectfinance.kernel.project_directory import ProjectInfo, Staffing
from services.projectfinance.kernel.work import RecordRef
from tests.services.projectfinance.support import NOW, add_rows, milestone_row, phase_row

T = TypeVar("T")

TOKEN = "token-of-the-caller"
JAN_1 = datetime(2026, 1, 1, tzinfo=UTC)
# Every phase below is planned Jan 1-11: wholly planned (PV = budget) by then.
AS_OF = JAN_1 + timedelta(days=15)


@dataclass
class Answered(Generic[T]):
    value: T

    def result(self) -> T:
        return self.value


@dataclass
class MainDirectory:
    """Main's projects and staffing as one tenant's token sees them."""

    projects: dict[uuid.UUID, ProjectInfo] = field(default_factory=dict)
    staff: Staffing = field(default_factory=lambda: Staffing(team_size=0, allocations=()))
    asked: list[tuple[str, list[uuid.UUID]]] = field(default_factory=list)

    def add(self, project_id: uuid.UUID, status: str, name: str = "Bridge") -> None:
        self.projects[project_id] = ProjectInfo(project_id, name, status)

    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        return self.projects.get(project_id)

    def find_many(
        self, token: str, project_ids: Sequence[uuid.UUID]
    ) -> Answered[dict[uuid.UUID, ProjectInfo]]:
        self.asked.append((token, list(project_ids)))
        return Answered({i: self.projects[i] for i in project_ids if i in self.projects})

    def staffing(self, token: str) -> Answered[Staffing]:
        return Answered(self.staff)


def insert_phase(
    engine: Engine,
    record: RecordRef,
    *,
    budget: str,
    progress: str,
    cost: str,
    status: str = "in_progress",
) -> None:
    """A phase planned Jan 1-11 as its capability stores it."""
    end = JAN_1 + timedelta(days=10)
    add_rows(
        engine,
        phase_row(
            record, budget, cost, progress, start=JAN_1, end=end, actual_start=JAN_1, status=status
        ),
    )


def insert_milestone(engine: Engine, record: RecordRef, amount: str, status: str) -> None:
    """A milestone of `record`, done (100 %, completed NOW) and in `status`."""
    done = milestone_row(record, amount, status, completion_percent="100", completed_at=NOW)
    add_rows(engine, done)
