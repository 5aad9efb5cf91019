"""The saga under concurrency on PostgreSQL: many calls (users repeating POST …/invoice,
replicas' runners) at once on one saga bill it once — one holds the lease, the others
answer what is stored; runners of several replicas claiming due sagas together share
them without overlap (FOR UPDATE SKIP LOCKED: nobody waits for a row another holds).

Each thread has its own unit of work, started together on a barrier."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

from sqlalchemy import Engine

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.milestones import saga, usecases
from services.projectfinance.milestones.failpoints import Failpoints
from tests.services.projectfinance.milestones.saga_support import (
    TOKEN,
    MainInvoices,
    MovingClock,
    completed_milestone,
)
from tests.services.projectfinance.support import NOW, insert_record
from tests.support import races
from tests.support.races import THREADS, together

database_url = races.postgres_only
engine = races.pooled_engine
LEASE = timedelta(seconds=30)


class LockedMain(MainInvoices):
    """Main's invoices serialised as main's database would serialise one key."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()

    def create(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        with self._lock:
            return super().create(*args, **kwargs)

    def issue(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        with self._lock:
            return super().issue(*args, **kwargs)


def test_concurrent_calls_on_one_saga_bill_it_once(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    record = insert_record(engine, tenant)
    milestone = completed_milestone(uow, record, actor)
    started = usecases.invoice_milestone(uow(), tenant, actor, milestone.id).saga
    main = LockedMain()
    runs = saga.SagaRunning(uow, main, Failpoints(), MovingClock())
    outcomes = together(lambda _: saga.run(runs, tenant, started.id, token=TOKEN, actor=actor))
    assert all(isinstance(outcome, bool) for outcome in outcomes), outcomes
    done = usecases.get_invoice_saga(uow(), tenant, milestone.id)
    assert done.status == "completed"
    assert main.issued_count == 1 and len(main.invoices) == 1
    with uow() as unit:
        entries = unit.repos.audit.between(
            tenant,
            NOW - timedelta(days=3650),
            NOW + timedelta(days=3650),
            entity_ids=[milestone.id],
        )
    assert [e.action for e in entries].count("bill") == 1


def test_replicas_claiming_together_share_the_due_sagas_without_overlap(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    sagas = []
    for _ in range(THREADS * 2):
        record = insert_record(engine, tenant)
        milestone = completed_milestone(uow, record, actor)
        sagas.append(usecases.invoice_milestone(uow(), tenant, actor, milestone.id).saga.id)
    later = NOW + timedelta(days=3650)

    def claim(index: int) -> list[uuid.UUID]:
        with uow() as unit:
            claimed = unit.repos.milestones.claim_due(f"replica-{index}", later, later + LEASE, 4)
            return [s.id for s in claimed]

    outcomes = together(claim)
    claimed = [saga_id for outcome in outcomes if isinstance(outcome, list) for saga_id in outcome]
    assert all(isinstance(outcome, list) for outcome in outcomes), outcomes
    # Every claimed saga by one replica only; the rows other tests left are not ours.
    ours = [saga_id for saga_id in claimed if saga_id in set(sagas)]
    assert len(ours) == len(set(ours))
    assert len(ours) >= 4
