"""Projects under concurrent calls on PostgreSQL (what a thread-pool server does): a code
is taken once however many creates race for it, a user is added to a project once, and
an archive never interleaves with a change: whatever lands after it is refused.

Threads start together on a barrier, each with its own unit of work (its own connection
and transaction), so the database settles every race."""

from __future__ import annotations

import uuid

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from services.main.auth.tables import MembershipRow
from services.main.kernel.dependencies import UowFactory
from services.main.projects import usecases
from services.main.projects.domain.members import Member
from services.main.projects.domain.projects import ProjectDraft, ProjectPatch
from services.runtime.errors import AlreadyExists, FailedPrecondition
from tests.services.main.support import NOW, add_user
from tests.support import races
from tests.support.races import THREADS, together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def members_of(engine: Engine, tenant: uuid.UUID, count: int) -> list[uuid.UUID]:
    users = [add_user(sessionmaker(engine), f"u{uuid.uuid4().hex[:12]}") for _ in range(count)]
    with Session(engine) as session, session.begin():
        session.add_all(
            MembershipRow(
                tenant_id=tenant, user_id=u, tenant_role="member", created_at=NOW, updated_at=NOW
            )
            for u in users
        )
    return users


def test_a_code_is_taken_once(uow: UowFactory, tenant: uuid.UUID) -> None:
    outcomes = together(
        lambda i: usecases.create_project(uow(), tenant, ProjectDraft(name=f"P{i}", code="RACE"))
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert all(isinstance(o, AlreadyExists) for o in outcomes if isinstance(o, Exception))


def test_a_user_joins_a_project_once(uow: UowFactory, tenant: uuid.UUID, engine: Engine) -> None:
    project = usecases.create_project(uow(), tenant, ProjectDraft(name="P"))
    (user,) = members_of(engine, tenant, 1)
    outcomes = together(
        lambda i: usecases.add_member(
            uow(), tenant, project.id, user_id=str(user), role="", allocation_percent=str(i + 1)
        )
    )
    assert sum(isinstance(o, Member) for o in outcomes) == 1
    assert all(isinstance(o, AlreadyExists) for o in outcomes if not isinstance(o, Member))


def test_nothing_changes_an_archived_project(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    project = usecases.create_project(uow(), tenant, ProjectDraft(name="P"))
    users = members_of(engine, tenant, THREADS)

    def call(i: int) -> object:
        if i % 4 == 0:
            return usecases.archive_project(uow(), tenant, project.id)
        if i % 4 == 1:
            return usecases.update_project(uow(), tenant, project.id, ProjectPatch(name=f"N{i}"))
        return usecases.add_member(
            uow(), tenant, project.id, user_id=str(users[i]), role="", allocation_percent="10"
        )

    outcomes = together(call)
    archives = [o for i, o in enumerate(outcomes) if i % 4 == 0]
    assert sum(not isinstance(o, Exception) for o in archives) == 1
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if isinstance(o, Exception)), (
        outcomes
    )
    added = {o.user_id for o in outcomes if isinstance(o, Member)}
    listed = usecases.list_members(uow(), tenant, project.id, limit=None, offset=0)
    assert {m.user_id for m in listed.items} == added
    assert usecases.get_project(uow(), tenant, project.id).status == "archived"
