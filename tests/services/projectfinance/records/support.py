"""What the records' tests share: main's projects as a directory answers them (main is
another backend; the e2e tests ask the real one), a create request, and a create."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.project_directory import ProjectInfo
from services.projectfinance.records import usecases
from services.projectfinance.records.domain.records import RecordDraft
from services.projectfinance.records.usecases import RecordFigures
from tests.services.projectfinance.support import NOW

TOKEN = "token-of-the-caller"


class MainProjects:
    """Main's projects as the directory answers them: per token, that token's tenant's."""

    def __init__(self) -> None:
        self.projects: dict[str, set[uuid.UUID]] = {}
        self.asked: list[tuple[str, uuid.UUID]] = []

    def add(self, token: str = TOKEN) -> uuid.UUID:
        project_id = uuid.uuid4()
        self.projects.setdefault(token, set()).add(project_id)
        return project_id

    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        self.asked.append((token, project_id))
        if project_id not in self.projects.get(token, set()):
            return None
        return ProjectInfo(project_id, "Bridge", "active")


@pytest.fixture
def main() -> MainProjects:
    return MainProjects()


def draft(
    project_id: Any,
    *,
    revenue_model: str = "fixed_price",
    amount: str = "10000.00",
    currency: str = "EUR",
    budget_sent: bool = True,
    parent_id: str | None = None,
) -> RecordDraft:
    return RecordDraft(
        project_id=str(project_id),
        revenue_model=revenue_model,
        budget_amount=amount,
        budget_currency=currency,
        budget_sent=budget_sent,
        parent_id=parent_id,
    )


def clock_at(offset_seconds: int = 0) -> Callable[[], datetime]:
    return lambda: NOW + timedelta(seconds=offset_seconds)


def create(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    main: MainProjects,
    record: RecordDraft | None = None,
    *,
    token: str = TOKEN,
    at: int = 0,
) -> RecordFigures:
    return usecases.create_record(
        uow(),
        tenant,
        actor,
        record or draft(main.add(token)),
        projects=main,
        token=token,
        clock=clock_at(at),
    )
