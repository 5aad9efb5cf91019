"""Milestones under concurrent calls on PostgreSQL (what a thread-pool server does): a
milestone invoiced by many calls at once starts one saga, the others answer it; moves
racing on one milestone each see what the other left (one complete wins, the cancel
that loses is 409).

Each thread has its own unit of work (its own connection and transaction), started
together on a barrier, so the database, not the test, settles every race."""

from __future__ import annotations

import uuid

from sqlalchemy import Engine

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.milestones import usecases
from services.projectfinance.milestones.domain.milestones import MilestoneDraft
from services.projectfinance.milestones.usecases import Invoicing
from services.runtime.errors import FailedPrecondition
from tests.services.projectfinance.support import insert_record, new_actor
from tests.support import races
from tests.support.races import THREADS, together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def in_progress(uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor) -> uuid.UUID:
    record = insert_record(engine, tenant)
    draft = MilestoneDraft(name="Roof", amount="900", currency="EUR", sequence=1)
    milestone = usecases.create_milestone(uow(), tenant, actor, record.id, draft)
    usecases.record_progress(uow(), tenant, actor, milestone.id, "50")
    return milestone.id


def test_concurrent_invoicing_starts_one_saga(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    milestone_id = in_progress(uow, engine, tenant, actor)
    usecases.complete_milestone(uow(), tenant, actor, milestone_id)
    outcomes = together(
        lambda _: usecases.invoice_milestone(uow(), tenant, new_actor(), milestone_id)
    )
    assert all(isinstance(outcome, Invoicing) for outcome in outcomes), outcomes
    invoicings = [o for o in outcomes if isinstance(o, Invoicing)]
    assert sum(o.created for o in invoicings) == 1
    assert len({o.saga.id for o in invoicings}) == 1


def test_a_complete_and_a_cancel_racing_settle_on_one(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    milestone_id = in_progress(uow, engine, tenant, actor)
    moves = (usecases.complete_milestone, usecases.cancel_milestone)
    outcomes = together(lambda i: moves[i % 2](uow(), tenant, actor, milestone_id))
    refused = [o for o in outcomes if isinstance(o, FailedPrecondition)]
    assert len(refused) == THREADS - 1, outcomes
    final = usecases.get_milestone(uow(), tenant, milestone_id).status
    assert final in ("completed", "cancelled")
