"""What the project-finance backend's tests share: units of work on the migrated schema
(each supported database), a tenant, an actor, a record and a cost center inserted as
stored, phase and milestone rows as their capabilities store them (so the capabilities
over them can be tested without going through their use cases), and a phase's work as
the figures read it."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Protocol

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import PhaseWork, RecordRef
from services.projectfinance.milestones.tables import MilestoneRow
from services.projectfinance.phases.tables import PhaseRow
from services.projectfinance.records.tables import ProjectFinanceRow
from services.projectfinance.repositories import repositories

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)


class Owner(Protocol):
    """What rows under a record copy from it (a RecordRef or a records' Record)."""

    @property
    def id(self) -> uuid.UUID: ...

    @property
    def tenant_id(self) -> uuid.UUID: ...

    @property
    def currency(self) -> str: ...


@pytest.fixture
def uow(database_url: str, engine: Engine) -> UowFactory:
    """Units of work on the migrated project-finance schema, as the composition root
    builds them."""
    migrate.upgrade("projectfinance", database_url)
    return unit_of_work_factory(make_sessionmaker(engine), repositories)


@pytest.fixture
def tenant() -> uuid.UUID:
    """A tenant (tenants live in main; here it is only the owner id of rows)."""
    return uuid.uuid4()


@pytest.fixture
def actor() -> Actor:
    return new_actor()


def new_actor(user_id: uuid.UUID | None = None) -> Actor:
    return Actor(
        user_id=user_id or uuid.uuid4(),
        ip_address="203.0.113.7",
        user_agent="pytest",
        correlation_id=str(uuid.uuid4()),
    )


def insert_record(
    engine: Engine,
    tenant_id: uuid.UUID,
    *,
    total_budget: Decimal = Decimal("10000.00"),
    currency: str = "EUR",
    revenue_model: str = "fixed_price",
) -> RecordRef:
    """A record row as stored (the records capability's own tests go through its use cases)."""
    row = ProjectFinanceRow(
        id=uuid.uuid4(),
        tenant_id=tenant_id,
        project_id=uuid.uuid4(),
        parent_id=None,
        revenue_model=revenue_model,
        currency=currency,
        total_budget=total_budget,
        created_by=uuid.uuid4(),
        created_at=NOW,
        updated_at=NOW,
    )
    with Session(engine, expire_on_commit=False) as session, session.begin():
        session.add(row)
    return RecordRef(
        id=row.id,
        tenant_id=tenant_id,
        project_id=row.project_id,
        currency=currency,
        total_budget=total_budget,
    )


def insert_cost_center(engine: Engine, record: RecordRef, code: str | None = None) -> uuid.UUID:
    """A cost center row of `record` as its capability stores it (its own tests go
    through its use cases); a fresh code unless `code` is given."""
    row_id = uuid.uuid4()
    code = code or f"CC-{row_id.hex[:6].upper()}"
    with Session(engine) as session, session.begin():
        session.add(
            CostCenterRow(
                id=row_id,
                tenant_id=record.tenant_id,
                record_id=record.id,
                code=code,
                name=code,
                description="",
                currency=record.currency,
                allocated_budget=Decimal(0),
                is_active=True,
                created_at=NOW,
                updated_at=NOW,
            )
        )
    return row_id


def add_rows(engine: Engine, *rows: Any) -> None:
    """Store `rows`; they stay readable afterwards (their ids link further rows)."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        session.add_all(rows)


def phase_row(
    record: Owner,
    budget: str,
    actual: str,
    progress: str,
    *,
    start: datetime,
    end: datetime,
    actual_start: datetime | None = None,
    status: str = "in_progress",
    sequence: int = 1,
    name: str = "Build",
    cost_center_id: uuid.UUID | None = None,
) -> PhaseRow:
    """A phase row of `record` as the phases capability stores it."""
    return PhaseRow(
        id=uuid.uuid4(),
        tenant_id=record.tenant_id,
        record_id=record.id,
        cost_center_id=cost_center_id,
        name=name,
        currency=record.currency,
        phase_budget=Decimal(budget),
        actual_cost=Decimal(actual),
        planned_start=start,
        planned_end=end,
        actual_start=actual_start,
        actual_end=None,
        progress_percent=Decimal(progress),
        sequence=sequence,
        status=status,
        created_at=NOW,
        updated_at=NOW,
    )


def milestone_row(
    record: Owner,
    amount: str,
    status: str = "pending",
    *,
    name: str = "Go-live",
    completion_percent: str = "0",
    completed_at: datetime | None = None,
) -> MilestoneRow:
    """A milestone row of `record` as the milestones capability stores it (never billed)."""
    return MilestoneRow(
        id=uuid.uuid4(),
        tenant_id=record.tenant_id,
        record_id=record.id,
        name=name,
        description=None,
        amount=Decimal(amount),
        currency=record.currency,
        due_date=None,
        sequence=1,
        status=status,
        completion_percent=Decimal(completion_percent),
        completed_at=completed_at,
        billed_at=None,
        invoice_id=None,
        invoice_number=None,
        created_at=NOW,
        updated_at=NOW,
    )


def phase_work(
    record_id: uuid.UUID,
    budget: str,
    actual: str,
    progress: str,
    *,
    start: datetime,
    end: datetime,
    status: str = "in_progress",
) -> PhaseWork:
    """A phase's work as the capabilities over phases read it (no cost center)."""
    return PhaseWork(
        record_id=record_id,
        status=status,
        phase_budget=Decimal(budget),
        actual_cost=Decimal(actual),
        progress_percent=Decimal(progress),
        planned_start=start,
        planned_end=end,
        cost_center_id=None,
    )
