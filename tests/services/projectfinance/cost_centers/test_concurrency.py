"""Budget allocation under concurrent calls on PostgreSQL (what a thread-pool server
does): however many allocations race under one record, the record is never allocated
beyond its budget, and a code is taken once however many creates race for it.

Threads start together on a barrier, each with its own unit of work (its own connection
and transaction), so the database settles every race: an allocation locks the record's
row (SELECT … FOR UPDATE) before reading what its cost centers hold."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import Engine

from services.projectfinance.cost_centers import usecases
from services.projectfinance.cost_centers.domain import CostCenterDraft, Costed
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.runtime.errors import AlreadyExists, InvalidArgument
from tests.services.projectfinance.support import insert_record
from tests.support import races
from tests.support.races import THREADS, together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def test_racing_allocations_never_exceed_the_records_budget(
    uow: UowFactory, engine: Engine, actor: Actor
) -> None:
    record = insert_record(engine, actor.user_id, total_budget=Decimal("1000.00"))
    centers = [
        usecases.create_cost_center(
            uow(), record.tenant_id, actor, record.id, CostCenterDraft(code=f"C{i}", name="C")
        ).center
        for i in range(THREADS)
    ]

    # Half the threads allocate to one shared cost center, half to their own.
    def allocate(i: int) -> Costed:
        target = centers[0] if i % 2 else centers[i]
        return usecases.allocate_budget(
            uow(), record.tenant_id, actor, target.id, amount="300.00", currency="EUR"
        )

    outcomes = together(allocate)
    assert sum(isinstance(o, Costed) for o in outcomes) == 3, outcomes
    assert all(isinstance(o, InvalidArgument) for o in outcomes if not isinstance(o, Costed))
    with uow() as unit:
        held = unit.repos.cost_centers.work(record.tenant_id, [record.id])
    assert sum(c.allocated_budget for c in held) == Decimal("900.00")


def test_a_code_is_taken_once(uow: UowFactory, engine: Engine, actor: Actor) -> None:
    record = insert_record(engine, actor.user_id)
    outcomes = together(
        lambda i: usecases.create_cost_center(
            uow(), record.tenant_id, actor, record.id, CostCenterDraft(code="RACE", name=f"{i}")
        )
    )
    assert sum(isinstance(o, Costed) for o in outcomes) == 1, outcomes
    assert all(isinstance(o, AlreadyExists) for o in outcomes if not isinstance(o, Costed))
