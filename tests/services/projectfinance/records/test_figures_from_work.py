"""A record read with the work under it (rows of the phases', milestones' and cost
centers' own tables, inserted as stored), on SQLite and PostgreSQL: its figures come
from that work, a page of records costs the same few queries whatever its size, a
record with billing is not deleted (409), and a deleted record takes its work along."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import Engine, event, func, select
from sqlalchemy.orm import Session

from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.milestones.tables import InvoiceSagaRow, MilestoneRow
from services.projectfinance.phases.tables import PhaseRow
from services.projectfinance.records import usecases
from services.projectfinance.records.domain.records import Record
from services.runtime.errors import FailedPrecondition
from tests.services.projectfinance.records.support import MainProjects, create
from tests.services.projectfinance.support import NOW, add_rows, milestone_row, phase_row

MARCH_1 = datetime(2026, 3, 1, tzinfo=UTC)
MARCH_21 = datetime(2026, 3, 21, tzinfo=UTC)
STAMPS = {"created_at": NOW, "updated_at": NOW}


def phase(record: Record, budget: str, actual: str, progress: str, status: str) -> PhaseRow:
    return phase_row(record, budget, actual, progress, start=MARCH_1, end=MARCH_21, status=status)


def milestone(record: Record, amount: str, status: str) -> MilestoneRow:
    return milestone_row(record, amount, status, name="Delivery")


def cost_center(record: Record, allocated: str) -> CostCenterRow:
    return CostCenterRow(
        id=uuid.uuid4(),
        tenant_id=record.tenant_id,
        record_id=record.id,
        code=f"CC-{uuid.uuid4().hex[:6]}",
        name="Engineering",
        description="",
        currency=record.currency,
        allocated_budget=Decimal(allocated),
        is_active=True,
        **STAMPS,
    )


def test_figures_come_from_the_records_own_work(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    record = create(uow, tenant, actor, main).record  # BAC 10000.00, fixed_price
    other = create(uow, tenant, actor, main).record
    add_rows(
        engine,
        phase(record, "4000", "3000", "50", "in_progress"),  # PV at NOW: 4000 * 0.725
        phase(record, "1000", "900", "100", "cancelled"),
        milestone(record, "400", "billed"),
        milestone(record, "300", "completed"),
        milestone(record, "999", "cancelled"),
        cost_center(record, "2500.50"),
        phase(other, "10", "10", "100", "completed"),
    )
    f = usecases.get_record(uow(), tenant, record.id, clock=lambda: NOW).figures
    assert (f.actual_cost, f.committed_budget, f.allocated_budget) == (
        Decimal(3000),
        Decimal(4000),
        Decimal("2500.50"),
    )
    assert (f.earned_value, f.planned_value) == (Decimal(2000), Decimal(2900))
    assert (f.cost_performance_index, f.schedule_performance_index) == (
        Decimal("0.6667"),
        Decimal("0.6897"),
    )
    assert f.total_revenue == Decimal(700)
    assert f.recognized_revenue == Decimal(140)  # fixed price: 700 * EV 2000 / BAC 10000
    page = usecases.list_records(uow(), tenant, limit=None, offset=0, clock=lambda: NOW)
    by_id = {shown.record.id: shown.figures for shown in page.items}
    assert by_id[record.id] == f
    assert (by_id[other.id].actual_cost, by_id[other.id].cost_performance_index) == (
        Decimal(10),
        Decimal(1),
    )


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(*args: Any) -> None:
        seen.append(args[2])

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def test_a_page_costs_the_same_queries_whatever_its_size(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    first = create(uow, tenant, actor, main).record
    add_rows(engine, phase(first, "1", "1", "1", "in_progress"))
    with statements(engine) as one:
        usecases.list_records(uow(), tenant, limit=None, offset=0)
    for _ in range(4):
        record = create(uow, tenant, actor, main).record
        add_rows(
            engine, phase(record, "1", "1", "1", "in_progress"), milestone(record, "1", "billed")
        )
    with statements(engine) as five:
        assert len(usecases.list_records(uow(), tenant, limit=None, offset=0).items) == 5
    assert len(five) == len(one)


def test_a_record_with_billing_keeps_its_books(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    billed = create(uow, tenant, actor, main).record
    add_rows(engine, milestone(billed, "400", "billed"))
    invoicing = create(uow, tenant, actor, main).record
    under_way = milestone(invoicing, "300", "completed")
    saga = InvoiceSagaRow(
        id=uuid.uuid4(),
        tenant_id=tenant,
        milestone_id=under_way.id,
        record_id=invoicing.id,
        saga_type="milestone_invoice",
        status="started",
        correlation_id="c-1",
        request_id=uuid.uuid4(),
        amount=Decimal(300),
        currency="EUR",
        **STAMPS,
    )
    add_rows(engine, under_way)
    add_rows(engine, saga)
    for record in (billed, invoicing):
        with pytest.raises(FailedPrecondition, match="billed milestones or an invoice"):
            usecases.delete_record(uow(), tenant, actor, record.id)
        assert usecases.get_record(uow(), tenant, record.id).record == record


def test_a_deleted_record_takes_its_work_along(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    record = create(uow, tenant, actor, main).record
    kept = create(uow, tenant, actor, main).record
    center = cost_center(record, "10")
    add_rows(engine, center, cost_center(kept, "10"))
    charged = phase(record, "5", "5", "5", "in_progress")
    charged.cost_center_id = center.id
    add_rows(
        engine,
        charged,
        milestone(record, "1", "pending"),
        milestone(record, "2", "cancelled"),
        phase(kept, "5", "5", "5", "planned"),
        milestone(kept, "3", "pending"),
    )
    usecases.delete_record(uow(), tenant, actor, record.id)
    with Session(engine) as session:
        for table in (PhaseRow, MilestoneRow, CostCenterRow):
            left = session.scalars(select(table.record_id).where(table.tenant_id == tenant))
            assert set(left) == {kept.id}, table.__tablename__
        total = session.scalar(select(func.count()).select_from(PhaseRow))
        assert total == 1
