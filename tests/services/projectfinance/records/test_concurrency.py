"""Records under concurrent calls on PostgreSQL (what a thread-pool server does): a
project gets one record however many creates race for it, and a child created while its
parent is being deleted waits for the delete and is refused naming parent_id (the parent
is held FOR UPDATE), never a foreign-key failure.

Threads start together on a barrier, each with its own unit of work (its own connection
and transaction), so the database settles every race."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from db.scoping import delete_owned
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.records import usecases
from services.projectfinance.records.tables import ProjectFinanceRow
from services.projectfinance.records.usecases import RecordFigures
from services.runtime.errors import AlreadyExists, InvalidArgument
from tests.services.projectfinance.records.support import TOKEN, MainProjects, draft
from tests.services.projectfinance.support import NOW
from tests.support import races
from tests.support.races import together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def test_one_record_however_many_creates_race_for_a_project(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    main = MainProjects()
    project_id = main.add()

    def create(index: int) -> RecordFigures:
        return usecases.create_record(
            uow(), tenant, actor, draft(project_id), projects=main, token=TOKEN
        )

    outcomes = together(create)
    created = [o for o in outcomes if isinstance(o, RecordFigures)]
    assert len(created) == 1
    assert all(isinstance(o, AlreadyExists) for o in outcomes if o not in created), outcomes
    with uow() as unit:
        assert unit.repos.records.listing(tenant, limit=100, offset=0)[1] == 1
        entries = unit.repos.audit.between(
            tenant, NOW - timedelta(days=1), NOW + timedelta(days=3650)
        )
    assert len(entries) == 1


def test_a_child_created_while_its_parent_is_being_deleted_is_refused(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    main = MainProjects()
    parent = usecases.create_record(
        uow(), tenant, actor, draft(main.add()), projects=main, token=TOKEN
    ).record
    child = draft(main.add(), parent_id=str(parent.id))
    outcome: list[object] = []

    def create_child() -> None:
        try:
            outcome.append(
                usecases.create_record(uow(), tenant, actor, child, projects=main, token=TOKEN)
            )
        except Exception as error:  # the outcome under test
            outcome.append(error)

    with Session(engine) as deleting, deleting.begin():
        # The parent's delete has run but not committed when the child's create starts.
        deleting.execute(delete_owned(ProjectFinanceRow, tenant, ProjectFinanceRow.id == parent.id))
        creating = threading.Thread(target=create_child)
        creating.start()
        creating.join(timeout=0.5)
        assert creating.is_alive()  # waiting for the parent's row
    creating.join(timeout=10)
    # Refused naming parent_id, not a foreign-key failure (500) once the delete commits.
    (refused,) = outcome
    assert isinstance(refused, InvalidArgument), refused
    assert [v.field for v in refused.violations] == ["parent_id"]
    assert usecases.list_records(uow(), tenant, limit=100, offset=0).total == 0
