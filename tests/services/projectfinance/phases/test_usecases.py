"""Phases' use cases on each supported database: create and list under a record, get,
update (fields, status moves, dates, cost center), start, progress, complete, delete;
the audit entry of every change; what other capabilities read (work, actual cost by
cost center); tenant isolation (404, as for a missing id). The table against its
migration: tests/services/projectfinance/test_capabilities.py."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine, text

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.work import PhaseWork, RecordRef
from services.projectfinance.phases import usecases
from services.projectfinance.phases.domain.phase import Phase, PhaseDraft, SentMoney
from services.projectfinance.phases.domain.update import PhasePatch
from services.runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.services.projectfinance.support import NOW, insert_cost_center, insert_record
from tests.support.races import together

START = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)
LATER = NOW + timedelta(hours=2)


def draft(**fields: object) -> PhaseDraft:
    values: dict[str, object] = {
        "name": "Design",
        "phase_budget": SentMoney("1500.00", "EUR"),
        "planned_start": START,
        "planned_end": START + timedelta(days=30),
        "sequence": 1,
    }
    values.update(fields)
    return PhaseDraft(**values)  # type: ignore[arg-type]


def create(uow: UowFactory, actor: Actor, record: RecordRef, **fields: object) -> Phase:
    return usecases.create_phase(
        uow(), record.tenant_id, actor, record.id, draft(**fields), clock=lambda: NOW
    )


@pytest.fixture
def record(engine: Engine, uow: UowFactory, tenant: uuid.UUID) -> RecordRef:
    return insert_record(engine, tenant)


def test_a_created_phase_is_planned_with_nothing_spent(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    phase = create(uow, actor, record, name=" Design ", sequence=3)
    assert (phase.name, phase.status, phase.sequence, phase.progress_percent) == (
        "Design",
        "planned",
        3,
        Decimal(0),
    )
    assert (phase.phase_budget, phase.actual_cost) == (
        Money(Decimal("1500.00"), "EUR"),
        Money(Decimal(0), "EUR"),
    )
    assert (phase.record_id, phase.tenant_id, phase.created_at, phase.updated_at) == (
        record.id,
        record.tenant_id,
        NOW,
        NOW,
    )
    assert (phase.actual_start, phase.actual_end, phase.cost_center_id) == (None, None, None)
    assert usecases.get_phase(uow(), record.tenant_id, phase.id) == phase


def test_a_phase_is_in_its_records_currency(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        create(uow, actor, record, phase_budget=SentMoney("10", "USD"))
    assert [v.field for v in caught.value.violations] == ["phase_budget.currency"]


def test_a_record_lists_its_phases_by_sequence_then_creation(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    second = create(uow, actor, record, name="Build", sequence=2)
    first = create(uow, actor, record, name="Design", sequence=1)
    also_second = usecases.create_phase(
        uow(), record.tenant_id, actor, record.id, draft(sequence=2), clock=lambda: LATER
    )
    other = insert_record(engine, record.tenant_id)
    create(uow, actor, other)
    listed = usecases.list_phases(uow(), record.tenant_id, record.id)
    assert [p.id for p in listed] == [first.id, second.id, also_second.id]
    assert (
        usecases.list_phases(uow(), record.tenant_id, insert_record(engine, record.tenant_id).id)
        == []
    )


def test_another_tenants_record_and_phase_are_not_found(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    phase = create(uow, actor, record)
    stranger = uuid.uuid4()
    with pytest.raises(NotFound):
        usecases.create_phase(uow(), stranger, actor, record.id, draft())
    with pytest.raises(NotFound):
        usecases.list_phases(uow(), stranger, record.id)
    with pytest.raises(NotFound):
        usecases.create_phase(uow(), record.tenant_id, actor, uuid.uuid4(), draft())
    for call in (
        lambda: usecases.get_phase(uow(), stranger, phase.id),
        lambda: usecases.update_phase(uow(), stranger, actor, phase.id, PhasePatch(name="x")),
        lambda: usecases.start_phase(uow(), stranger, actor, phase.id),
        lambda: usecases.record_progress(uow(), stranger, actor, phase.id, "10"),
        lambda: usecases.complete_phase(uow(), stranger, actor, phase.id),
        lambda: usecases.delete_phase(uow(), stranger, actor, phase.id),
        lambda: usecases.get_phase(uow(), record.tenant_id, uuid.uuid4()),
    ):
        with pytest.raises(NotFound):
            call()
    assert usecases.get_phase(uow(), record.tenant_id, phase.id) == phase


def test_a_phase_runs_start_progress_complete(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    phase = create(uow, actor, record)
    tenant = record.tenant_id
    with pytest.raises(FailedPrecondition):
        usecases.record_progress(uow(), tenant, actor, phase.id, "10")
    with pytest.raises(FailedPrecondition):
        usecases.complete_phase(uow(), tenant, actor, phase.id)
    started = usecases.start_phase(uow(), tenant, actor, phase.id, clock=lambda: LATER)
    assert (started.status, started.actual_start, started.updated_at) == (
        "in_progress",
        LATER,
        LATER,
    )
    with pytest.raises(FailedPrecondition):
        usecases.start_phase(uow(), tenant, actor, phase.id)
    with pytest.raises(InvalidArgument):
        usecases.record_progress(uow(), tenant, actor, phase.id, "101")
    assert usecases.record_progress(uow(), tenant, actor, phase.id, "42.5").progress_percent == (
        Decimal("42.50")
    )
    done = usecases.complete_phase(uow(), tenant, actor, phase.id, clock=lambda: LATER)
    assert (done.status, done.progress_percent, done.actual_end) == (
        "completed",
        Decimal(100),
        LATER,
    )
    for move in (usecases.start_phase, usecases.complete_phase):
        with pytest.raises(FailedPrecondition):
            move(uow(), tenant, actor, phase.id)
    with pytest.raises(FailedPrecondition):
        usecases.update_phase(uow(), tenant, actor, phase.id, PhasePatch(status="cancelled"))


def test_an_update_changes_fields_and_may_cancel(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    phase = create(uow, actor, record)
    tenant = record.tenant_id
    changed = usecases.update_phase(
        uow(),
        tenant,
        actor,
        phase.id,
        PhasePatch(
            name="Design II",
            actual_cost=SentMoney("99.95", "EUR"),
            planned_end=START + timedelta(days=40),
        ),
        clock=lambda: LATER,
    )
    assert (changed.name, changed.actual_cost, changed.planned_end, changed.updated_at) == (
        "Design II",
        Money(Decimal("99.95"), "EUR"),
        START + timedelta(days=40),
        LATER,
    )
    with pytest.raises(InvalidArgument) as caught:
        usecases.update_phase(
            uow(), tenant, actor, phase.id, PhasePatch(planned_start=START + timedelta(days=41))
        )
    assert [v.field for v in caught.value.violations] == ["planned_end"]
    cancelled = usecases.update_phase(
        uow(), tenant, actor, phase.id, PhasePatch(status="cancelled")
    )
    assert cancelled.status == "cancelled"
    with pytest.raises(FailedPrecondition):
        usecases.start_phase(uow(), tenant, actor, phase.id)
    assert usecases.get_phase(uow(), tenant, phase.id) == cancelled


def test_a_phase_is_charged_only_to_a_cost_center_of_its_record(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    mine = insert_cost_center(engine, record)
    elsewhere = insert_cost_center(engine, insert_record(engine, record.tenant_id))
    stranger = insert_cost_center(engine, insert_record(engine, uuid.uuid4()))
    for cost_center in (elsewhere, stranger, uuid.uuid4()):
        with pytest.raises(InvalidArgument) as caught:
            create(uow, actor, record, cost_center_id=str(cost_center))
        assert [v.field for v in caught.value.violations] == ["cost_center_id"]
    phase = create(uow, actor, record, cost_center_id=str(mine))
    assert phase.cost_center_id == mine
    tenant = record.tenant_id
    with pytest.raises(InvalidArgument):
        usecases.update_phase(
            uow(), tenant, actor, phase.id, PhasePatch(cost_center_id=str(elsewhere))
        )
    detached = usecases.update_phase(uow(), tenant, actor, phase.id, PhasePatch(cost_center_id=""))
    assert detached.cost_center_id is None


def test_deleting_a_cost_center_leaves_its_phases_charged_to_none(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    cost_center = insert_cost_center(engine, record)
    phase = create(uow, actor, record, cost_center_id=str(cost_center))
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM cost_centers"))
    assert usecases.get_phase(uow(), record.tenant_id, phase.id).cost_center_id is None


def test_a_deleted_phase_is_gone(uow: UowFactory, actor: Actor, record: RecordRef) -> None:
    phase = create(uow, actor, record)
    usecases.delete_phase(uow(), record.tenant_id, actor, phase.id)
    with pytest.raises(NotFound):
        usecases.get_phase(uow(), record.tenant_id, phase.id)
    with pytest.raises(NotFound):
        usecases.delete_phase(uow(), record.tenant_id, actor, phase.id)


def test_every_change_writes_its_audit_entry(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    tenant = record.tenant_id
    phase = create(uow, actor, record)
    # One second apart: the log reads entries back in the order they happened.
    steps = iter(NOW + timedelta(seconds=n) for n in range(1, 6))
    usecases.start_phase(uow(), tenant, actor, phase.id, clock=lambda: next(steps))
    usecases.record_progress(uow(), tenant, actor, phase.id, "50", clock=lambda: next(steps))
    usecases.update_phase(
        uow(), tenant, actor, phase.id, PhasePatch(name="Renamed"), clock=lambda: next(steps)
    )
    usecases.complete_phase(uow(), tenant, actor, phase.id, clock=lambda: next(steps))
    usecases.delete_phase(uow(), tenant, actor, phase.id, clock=lambda: next(steps))
    with uow() as unit:
        entries = unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=6))
    assert [e.action for e in entries] == [
        "create",
        "start",
        "progress",
        "update",
        "complete",
        "delete",
    ]
    assert {(e.entity_type, e.entity_id, e.project_id, e.actor) for e in entries} == {
        ("phase", phase.id, record.project_id, actor)
    }
    create_entry, start_entry = entries[0], entries[1]
    assert create_entry.before is None and create_entry.after is not None
    assert create_entry.after["phase_budget"] == {"amount": "1500.00", "currency": "EUR"}
    assert start_entry.before is not None and start_entry.after is not None
    assert (start_entry.before["status"], start_entry.after["status"]) == ("planned", "in_progress")
    assert entries[-1].after is None and entries[-1].before is not None


def test_a_refused_change_writes_no_entry(uow: UowFactory, actor: Actor, record: RecordRef) -> None:
    phase = create(uow, actor, record)
    with pytest.raises(FailedPrecondition):
        usecases.complete_phase(uow(), record.tenant_id, actor, phase.id, clock=lambda: LATER)
    with uow() as unit:
        assert unit.repos.audit.between(record.tenant_id, LATER, LATER + timedelta(seconds=1)) == []


def test_other_capabilities_read_the_phases_work_and_cost_center_costs(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    tenant = record.tenant_id
    center, idle = (
        insert_cost_center(engine, record, "DEV"),
        insert_cost_center(engine, record, "OPS"),
    )
    charged = [
        create(uow, actor, record, cost_center_id=str(center), sequence=n) for n in (1, 2, 3)
    ]
    for phase, cost in zip(charged, ("100.25", "200.50", "1000"), strict=True):
        usecases.update_phase(
            uow(), tenant, actor, phase.id, PhasePatch(actual_cost=SentMoney(cost, "EUR"))
        )
    usecases.update_phase(uow(), tenant, actor, charged[2].id, PhasePatch(status="cancelled"))
    uncharged = create(uow, actor, record, sequence=4)
    unknown = uuid.uuid4()
    with uow() as unit:
        costs = unit.repos.phases.actual_cost_by_cost_center(tenant, [center, idle, unknown])
        assert unit.repos.phases.actual_cost_by_cost_center(uuid.uuid4(), [center]) == {center: 0}
        work = unit.repos.phases.work(tenant, [record.id])
        assert unit.repos.phases.work(uuid.uuid4(), [record.id]) == []
        assert unit.repos.phases.work(tenant, []) == []
    assert costs == {center: Decimal("300.75"), idle: 0, unknown: 0}
    assert [w.status for w in work] == ["planned", "planned", "cancelled", "planned"]
    assert work[0] == PhaseWork(
        record_id=record.id,
        status="planned",
        phase_budget=Decimal("1500.00"),
        actual_cost=Decimal("100.25"),
        progress_percent=Decimal(0),
        planned_start=START,
        planned_end=START + timedelta(days=30),
        cost_center_id=center,
    )
    assert work[3].cost_center_id is None and uncharged.sequence == 4


def test_a_deleted_record_takes_its_phases(
    uow: UowFactory, actor: Actor, record: RecordRef, engine: Engine
) -> None:
    phase = create(uow, actor, record)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM project_finances"))
    with pytest.raises(NotFound):
        usecases.get_phase(uow(), record.tenant_id, phase.id)


def test_racing_moves_of_one_phase_settle_one_at_a_time(
    uow: UowFactory, actor: Actor, record: RecordRef
) -> None:
    phase = create(uow, actor, record)
    tenant = record.tenant_id
    outcomes = together(lambda _: usecases.start_phase(uow(), tenant, actor, phase.id), 4)
    assert sum(isinstance(o, Phase) for o in outcomes) == 1, outcomes
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if not isinstance(o, Phase))
    # Completing and cancelling race: whichever lands first wins, the other is refused
    # (a repeat of the winner's status is no move, so it succeeds unchanged).
    outcomes = together(
        lambda i: usecases.update_phase(
            uow(),
            tenant,
            actor,
            phase.id,
            PhasePatch(status="completed" if i % 2 else "cancelled"),
        ),
        4,
    )
    final = usecases.get_phase(uow(), tenant, phase.id).status
    assert {o.status for o in outcomes if isinstance(o, Phase)} == {final}, outcomes
    assert sum(isinstance(o, FailedPrecondition) for o in outcomes) == 2, outcomes
