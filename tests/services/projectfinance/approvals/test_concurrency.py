"""Approvals under concurrent calls on PostgreSQL (what a thread-pool server does): of
approvers racing on one request exactly one wins and the others are told it is decided
already; of requests racing for one entity exactly one is pending.

Threads start together on a barrier, each with its own unit of work (its own connection
and transaction), so the database settles every race."""

from __future__ import annotations

import uuid
from datetime import timedelta

from sqlalchemy import Engine

from services.projectfinance.approvals import usecases
from services.projectfinance.approvals.domain.requests import APPROVED, REJECTED, Approval
from services.projectfinance.kernel.dependencies import UowFactory
from services.runtime.errors import AlreadyExists, FailedPrecondition
from tests.services.projectfinance.approvals.support import draft
from tests.services.projectfinance.support import NOW, insert_record, new_actor
from tests.support import races
from tests.support.races import together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def test_two_approvers_decide_a_request_once(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant)
    approval = usecases.request_approval(uow(), tenant, new_actor(), draft(record.id))
    approvers = [new_actor(), new_actor()]

    def decide(i: int) -> Approval:
        if i == 0:
            return usecases.approve(uow(), tenant, approvers[i], approval.id, "yes")
        return usecases.reject(uow(), tenant, approvers[i], approval.id, "no")

    outcomes = together(decide, count=2)
    won = [o for o in outcomes if isinstance(o, Approval)]
    assert len(won) == 1, outcomes
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if o not in won), outcomes
    stored = usecases.get_approval(uow(), tenant, approval.id)
    assert stored == won[0] and stored.status in (APPROVED, REJECTED)
    with uow() as unit:
        moves = unit.repos.audit.between(
            tenant, NOW - timedelta(days=1), NOW + timedelta(days=3650), entity_ids=[approval.id]
        )
    assert [e.action for e in moves][1:] == ["approve" if stored.status == APPROVED else "reject"]


def test_many_approvals_of_one_request_one_wins(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant)
    approval = usecases.request_approval(uow(), tenant, new_actor(), draft(record.id))
    outcomes = together(lambda i: usecases.approve(uow(), tenant, new_actor(), approval.id, f"{i}"))
    assert sum(isinstance(o, Approval) for o in outcomes) == 1
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if not isinstance(o, Approval))


def test_an_entity_gets_one_pending_request(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = insert_record(engine, tenant)
    outcomes = together(
        lambda i: usecases.request_approval(uow(), tenant, new_actor(), draft(record.id))
    )
    assert sum(isinstance(o, Approval) for o in outcomes) == 1
    assert all(isinstance(o, AlreadyExists) for o in outcomes if not isinstance(o, Approval))
    assert len(usecases.pending_approvals(uow(), tenant)) == 1
