"""What the project-finance backend's tests share: units of work on the migrated schema
(each supported database), a tenant, an actor, and a record and a cost center inserted as
stored (so the capabilities under them can be tested without going through their use
cases)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.records.tables import ProjectFinanceRow
from services.projectfinance.repositories import repositories

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)


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
