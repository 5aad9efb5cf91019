"""Cost centers' use cases on each supported database: create and list under a record,
get, update, delete, budget allocation out of the record's unallocated budget, the audit
entry of every change, and tenant isolation."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from services.projectfinance.cost_centers import usecases
from services.projectfinance.cost_centers.domain import CostCenterDraft, CostCenterPatch, Costed
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import CostCenterWork, RecordRef
from services.projectfinance.phases.tables import PhaseRow
from services.runtime.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound
from tests.services.projectfinance.support import NOW, insert_record

LATER = NOW + timedelta(hours=1)


def create(
    uow: UowFactory, actor: Actor, record: RecordRef, code: str = "DEV", **fields: str
) -> Costed:
    draft = CostCenterDraft(code=code, name=fields.pop("name", f"Center {code}"), **fields)
    return usecases.create_cost_center(
        uow(), record.tenant_id, actor, record.id, draft, lambda: NOW
    )


def allocate(
    uow: UowFactory, actor: Actor, costed: Costed, amount: str, currency: str = "EUR"
) -> Costed:
    center = costed.center
    return usecases.allocate_budget(
        uow(), center.tenant_id, actor, center.id, amount=amount, currency=currency
    )


@pytest.fixture
def record(engine: Engine, uow: UowFactory, tenant: uuid.UUID) -> RecordRef:
    return insert_record(engine, tenant, total_budget=Decimal("1000.00"))


def test_a_created_cost_center_is_active_with_nothing_allocated(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    costed = create(uow, actor, record, "DEV", name="Development", description="Build")
    center = costed.center
    assert (center.code, center.name, center.description) == ("DEV", "Development", "Build")
    assert (center.currency, center.allocated_budget, center.is_active) == ("EUR", Decimal(0), True)
    assert (center.record_id, center.tenant_id, center.created_at) == (
        record.id,
        record.tenant_id,
        NOW,
    )
    assert costed.actual_cost == 0
    got = usecases.get_cost_center(uow(), record.tenant_id, center.id)
    assert got == costed


def test_a_record_lists_its_cost_centers_by_code(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    for code in ("QA", "DEV", "OPS"):
        create(uow, actor, record, code)
    other = insert_record(engine, record.tenant_id)
    create(uow, actor, other, "ZZ")
    listed = usecases.list_cost_centers(uow(), record.tenant_id, record.id)
    assert [c.center.code for c in listed] == ["DEV", "OPS", "QA"]
    assert (
        usecases.list_cost_centers(
            uow(), record.tenant_id, insert_record(engine, record.tenant_id).id
        )
        == []
    )


def test_a_code_is_unique_within_its_record_only(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    create(uow, actor, record, "DEV")
    with pytest.raises(AlreadyExists, match="DEV"):
        create(uow, actor, record, "DEV")
    create(uow, actor, insert_record(engine, record.tenant_id), "DEV")


def test_another_currency_than_the_records_is_refused(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        create(uow, actor, record, "DEV", currency="USD")
    assert [v.field for v in caught.value.violations] == ["currency"]


def test_an_unknown_record_is_not_found(uow: UowFactory, actor: Actor, tenant: uuid.UUID) -> None:
    missing = uuid.uuid4()
    with pytest.raises(NotFound):
        usecases.list_cost_centers(uow(), tenant, missing)
    with pytest.raises(NotFound):
        usecases.create_cost_center(
            uow(), tenant, actor, missing, CostCenterDraft(code="A", name="A")
        )


def test_an_update_changes_only_what_is_sent(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    center = create(uow, actor, record, "DEV", description="Build").center
    changed = usecases.update_cost_center(
        uow(), record.tenant_id, actor, center.id, CostCenterPatch(is_active=False), lambda: LATER
    )
    assert (changed.center.name, changed.center.description) == (center.name, "Build")
    assert (changed.center.is_active, changed.center.updated_at) == (False, LATER)
    again = usecases.update_cost_center(
        uow(), record.tenant_id, actor, center.id, CostCenterPatch(name="Dev", description="")
    )
    assert (again.center.name, again.center.description, again.center.is_active) == (
        "Dev",
        "",
        False,
    )
    assert usecases.get_cost_center(uow(), record.tenant_id, center.id) == again


def test_allocations_add_up_to_the_last_cent_and_no_further(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    dev, ops = create(uow, actor, record, "DEV"), create(uow, actor, record, "OPS")
    assert allocate(uow, actor, dev, "600.00").center.allocated_budget == Decimal("600.00")
    assert allocate(uow, actor, dev, "0.01").center.allocated_budget == Decimal("600.01")
    with pytest.raises(InvalidArgument) as caught:
        allocate(uow, actor, ops, "400.00")
    (violation,) = caught.value.violations
    assert violation.field == "amount.amount"
    assert "unallocated budget of 399.99 EUR" in violation.description
    assert allocate(uow, actor, ops, "399.99").center.allocated_budget == Decimal("399.99")
    with pytest.raises(InvalidArgument):
        allocate(uow, actor, dev, "0.01")


def test_a_deleted_cost_centers_allocation_returns_to_the_record(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    dev, ops = create(uow, actor, record, "DEV"), create(uow, actor, record, "OPS")
    allocate(uow, actor, dev, "1000.00")
    usecases.delete_cost_center(uow(), record.tenant_id, actor, dev.center.id)
    with pytest.raises(NotFound):
        usecases.get_cost_center(uow(), record.tenant_id, dev.center.id)
    with pytest.raises(NotFound):
        usecases.delete_cost_center(uow(), record.tenant_id, actor, dev.center.id)
    assert allocate(uow, actor, ops, "1000.00").center.allocated_budget == Decimal("1000.00")


def test_an_inactive_cost_center_takes_no_allocation(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    dev = create(uow, actor, record, "DEV")
    patch = CostCenterPatch(is_active=False)
    usecases.update_cost_center(uow(), record.tenant_id, actor, dev.center.id, patch)
    with pytest.raises(FailedPrecondition):
        allocate(uow, actor, dev, "1.00")


def test_an_allocation_in_another_currency_is_refused(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    dev = create(uow, actor, record, "DEV")
    with pytest.raises(InvalidArgument) as caught:
        allocate(uow, actor, dev, "1.00", "USD")
    assert [v.field for v in caught.value.violations] == ["amount.currency"]


def test_another_tenants_cost_center_is_not_found(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    center = create(uow, actor, record, "DEV").center
    stranger = uuid.uuid4()
    calls: list[Callable[[], object]] = [
        lambda: usecases.get_cost_center(uow(), stranger, center.id),
        lambda: usecases.update_cost_center(
            uow(), stranger, actor, center.id, CostCenterPatch(name="x")
        ),
        lambda: usecases.delete_cost_center(uow(), stranger, actor, center.id),
        lambda: usecases.allocate_budget(
            uow(), stranger, actor, center.id, amount="1", currency="EUR"
        ),
        lambda: usecases.list_cost_centers(uow(), stranger, record.id),
        lambda: usecases.create_cost_center(
            uow(), stranger, actor, record.id, CostCenterDraft(code="X", name="X")
        ),
    ]
    for call in calls:
        with pytest.raises(NotFound):
            call()
    assert usecases.get_cost_center(uow(), record.tenant_id, center.id).center == center


def test_the_records_other_capabilities_read_its_cost_centers(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    dev = create(uow, actor, record, "DEV")
    allocate(uow, actor, dev, "12.50")
    other = insert_record(engine, record.tenant_id)
    qa = create(uow, actor, other, "QA")
    with uow() as unit:
        repo = unit.repos.cost_centers
        assert repo.record_of(record.tenant_id, dev.center.id) == record.id
        assert repo.record_of(uuid.uuid4(), dev.center.id) is None
        assert repo.record_of(record.tenant_id, uuid.uuid4()) is None
        assert repo.work(record.tenant_id, [record.id]) == [
            CostCenterWork(dev.center.id, record.id, Decimal("12.50"), True)
        ]
        assert {w.id for w in repo.work(record.tenant_id, [record.id, other.id])} == {
            dev.center.id,
            qa.center.id,
        }
        assert repo.work(uuid.uuid4(), [record.id]) == []
        assert repo.work(record.tenant_id, []) == []


def test_every_change_writes_its_audit_entry(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    tenant = record.tenant_id
    # One second apart, so the log's order is the changes' order.
    ticks = iter(NOW + timedelta(seconds=s) for s in range(10))

    def clock() -> datetime:
        return next(ticks)

    draft = CostCenterDraft(code="DEV", name="Center DEV")
    center = usecases.create_cost_center(uow(), tenant, actor, record.id, draft, clock).center
    usecases.update_cost_center(uow(), tenant, actor, center.id, CostCenterPatch(name="Dev"), clock)
    usecases.allocate_budget(
        uow(), tenant, actor, center.id, amount="10.00", currency="EUR", clock=clock
    )
    usecases.delete_cost_center(uow(), tenant, actor, center.id, clock)
    with pytest.raises(InvalidArgument):  # a refused change leaves no entry
        usecases.create_cost_center(
            uow(), tenant, actor, record.id, CostCenterDraft(code="x", name="x"), clock
        )
    with uow() as unit:
        entries = unit.repos.audit.between(tenant, NOW, NOW + timedelta(minutes=1))
    assert [e.action for e in entries] == ["create", "update", "allocate_budget", "delete"]
    assert all(
        (e.entity_type, e.entity_id, e.project_id, e.actor)
        == ("cost_center", center.id, record.project_id, actor)
        for e in entries
    )
    create_entry, update_entry, allocation, delete_entry = entries
    assert create_entry.before is None and create_entry.after is not None
    assert create_entry.after["code"] == "DEV"
    assert update_entry.before is not None and update_entry.after is not None
    assert (update_entry.before["name"], update_entry.after["name"]) == ("Center DEV", "Dev")
    assert allocation.before is not None and allocation.after is not None
    assert Decimal(allocation.before["allocated_budget"]) == 0
    assert Decimal(allocation.after["allocated_budget"]) == Decimal("10.00")
    assert delete_entry.after is None and delete_entry.before is not None


def charge(engine: Engine, costed: Costed, actual_cost: str, status: str) -> None:
    """A phase charged to the cost center, as the phases capability stores it."""
    center = costed.center
    with Session(engine, expire_on_commit=False) as session, session.begin():
        session.add(
            PhaseRow(
                id=uuid.uuid4(),
                tenant_id=center.tenant_id,
                record_id=center.record_id,
                cost_center_id=center.id,
                name="Phase",
                currency=center.currency,
                phase_budget=Decimal("100.00"),
                actual_cost=Decimal(actual_cost),
                planned_start=NOW,
                planned_end=NOW + timedelta(days=30),
                actual_start=None,
                actual_end=None,
                progress_percent=Decimal(0),
                sequence=1,
                status=status,
                created_at=NOW,
                updated_at=NOW,
            )
        )


def test_the_actual_cost_sums_the_phases_charged_to_the_cost_center(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    dev, ops = create(uow, actor, record, "DEV"), create(uow, actor, record, "OPS")
    charge(engine, dev, "120.50", "completed")
    charge(engine, dev, "30.25", "in_progress")
    charge(engine, dev, "999.00", "cancelled")  # a cancelled phase costs nothing
    tenant = record.tenant_id
    assert usecases.get_cost_center(uow(), tenant, dev.center.id).actual_cost == Decimal("150.75")
    listed = usecases.list_cost_centers(uow(), tenant, record.id)
    assert [c.actual_cost for c in listed] == [Decimal("150.75"), 0]
    assert allocate(uow, actor, ops, "5.00").actual_cost == 0
    usecases.delete_cost_center(uow(), tenant, actor, dev.center.id)
    (left,) = usecases.list_cost_centers(uow(), tenant, record.id)
    assert left.center.id == ops.center.id
