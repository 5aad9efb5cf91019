"""Writers racing in one tenant on PostgreSQL (what a thread-pool server does): the
chain head's lock makes them extend the chain one after the other, so it never forks —
every number once, every entry linked to the one before."""

from __future__ import annotations

import uuid

from services.projectfinance.audit.chain import verify
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.dependencies import UowFactory
from tests.services.projectfinance.support import NOW, new_actor
from tests.support import races
from tests.support.races import THREADS, together

database_url = races.postgres_only
engine = races.pooled_engine


def test_racing_writers_of_one_tenant_do_not_fork_the_chain(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    def write(i: int) -> None:
        with uow() as unit:
            for action in ("create", "update"):
                record_change(
                    unit,
                    tenant,
                    new_actor(),
                    NOW,
                    action=action,
                    entity_type="phase",
                    entity_id=uuid.uuid4(),
                    project_id=None,
                    after={"i": i},
                )

    assert all(outcome is None for outcome in together(write))
    with uow() as unit:
        chain = unit.repos.audit.chain(tenant)
        head = unit.repos.audit.head(tenant)
    assert [c.link.seq for c in chain] == list(range(1, 2 * THREADS + 1))
    assert verify(chain, head).verified
