"""The projects' use cases on SQLite and PostgreSQL: create, list (pages, status filter,
text search, archived put away), get and batch get, update with the status moves and the
date and budget rules, archive and unarchive (read-only in between), members (only the
tenant's users, once each, leaving with the tenant membership), allocations over active
projects, and tenant isolation."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine, delete
from sqlalchemy.orm import Session, sessionmaker

from services.main.auth.tables import MembershipRow
from services.main.kernel.dependencies import UowFactory
from services.main.projects import usecases
from services.main.projects.domain.projects import Project, ProjectDraft, ProjectPatch
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unprocessable,
)
from tests.services.main.support import NOW, add_user, new_tenant
from tests.services.main.support import fixed_clock as clock


def join(engine: Engine, tenant_id: uuid.UUID, user_id: uuid.UUID) -> None:
    with Session(engine) as session, session.begin():
        session.add(
            MembershipRow(
                tenant_id=tenant_id,
                user_id=user_id,
                tenant_role="member",
                created_at=NOW,
                updated_at=NOW,
            )
        )


def new_user(uow: UowFactory, engine: Engine, tenant_id: uuid.UUID, name: str) -> uuid.UUID:
    """A user (registered into a tenant of its own) who joined `tenant_id` too."""
    user_id = add_user(sessionmaker(engine), f"{name}-{uuid.uuid4().hex[:8]}")
    join(engine, tenant_id, user_id)
    return user_id


def create(uow: UowFactory, tenant: uuid.UUID, name: str = "Website", **fields: object) -> Project:
    draft = ProjectDraft(name=name, **fields)  # type: ignore[arg-type]
    return usecases.create_project(uow(), tenant, draft, clock=clock)


def test_a_project_is_created_with_its_fields_and_read_back(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    project = create(
        uow,
        tenant,
        " Website relaunch ",
        code="WEB-26",
        description="New site\nwith a shop",
        client_name="Globex",
        start_date=(2026, 4, 1),
        end_date=(2026, 9, 30),
        budget="48000.5",
        currency="EUR",
    )
    assert (project.name, project.code, project.status) == ("Website relaunch", "WEB-26", "planned")
    assert (project.start_date, project.end_date) == (date(2026, 4, 1), date(2026, 9, 30))
    assert (project.budget, project.currency) == (Decimal("48000.5"), "EUR")
    assert (project.client_name, project.member_count, project.archived_at) == ("Globex", 0, None)
    assert usecases.get_project(uow(), tenant, project.id) == project
    bare = create(uow, tenant, "Internal")
    assert (bare.code, bare.client_name, bare.budget, bare.currency) == (None, None, None, None)


def test_create_refuses_bad_fields_clashing_codes_and_an_end_before_the_start(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    create(uow, tenant, code="WEB")
    with pytest.raises(AlreadyExists, match="code"):
        create(uow, tenant, "Other", code="WEB")
    with pytest.raises(Unprocessable) as late:
        create(uow, tenant, start_date=(2026, 5, 2), end_date=(2026, 5, 1))
    assert late.value.violations[0].field == "end_date"
    with pytest.raises(InvalidArgument) as bad:
        create(uow, tenant, "", code="-x", status="archived", budget="1.23456", currency="eur")
    assert {v.field for v in bad.value.violations} == {
        "name",
        "code",
        "status",
        "budget",
        "currency",
    }
    with pytest.raises(InvalidArgument, match="currency: is required with budget"):
        create(uow, tenant, budget="10")
    with pytest.raises(InvalidArgument, match="start_date"):
        create(uow, tenant, start_date=(2026, 2, 30))


def test_lists_page_filter_search_and_put_archived_projects_away(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    made = []
    for n in range(5):
        made.append(
            usecases.create_project(
                uow(),
                tenant,
                ProjectDraft(name=f"Project {n}", status="active" if n % 2 else None),
                clock=lambda n=n: NOW + timedelta(minutes=n),  # type: ignore[misc]
            )
        )
    create(uow, tenant, "Shop for Initech", client_name="Initech 100%_")
    page = usecases.list_projects(uow(), tenant, status=None, text="", limit=2, offset=1)
    assert (page.total, len(page.items), page.has_more) == (6, 2, True)
    active = usecases.list_projects(uow(), tenant, status="active", text="", limit=None, offset=0)
    assert [p.name for p in active.items] == ["Project 3", "Project 1"]  # newest first
    found = usecases.list_projects(uow(), tenant, status=None, text="initech", limit=None, offset=0)
    assert [p.name for p in found.items] == ["Shop for Initech"]
    literal = usecases.list_projects(uow(), tenant, status=None, text="0%_", limit=None, offset=0)
    assert [p.name for p in literal.items] == ["Shop for Initech"]  # % and _ are not wildcards
    usecases.archive_project(uow(), tenant, made[0].id, clock=clock)
    assert (
        usecases.list_projects(uow(), tenant, status=None, text="", limit=None, offset=0).total == 5
    )
    archived = usecases.list_projects(
        uow(), tenant, status="archived", text="", limit=None, offset=0
    )
    assert [p.id for p in archived.items] == [made[0].id]
    with pytest.raises(InvalidArgument, match="status"):
        usecases.list_projects(uow(), tenant, status="#9", text="", limit=None, offset=0)
    with pytest.raises(InvalidArgument, match="limit"):
        usecases.list_projects(uow(), tenant, status=None, text="", limit=101, offset=0)


def test_updates_change_only_what_is_sent_and_follow_the_status_moves(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    project = create(uow, tenant, code="A", start_date=(2026, 4, 1), budget="100", currency="EUR")
    taken = create(uow, tenant, "B", code="B")
    later = datetime(2026, 3, 16, tzinfo=UTC)

    def update(**fields: object) -> Project:
        patch = ProjectPatch(**fields)  # type: ignore[arg-type]
        return usecases.update_project(uow(), tenant, project.id, patch, clock=lambda: later)

    changed = update(name="Renamed", client_name="Globex", budget="250.00", status="active")
    assert (changed.name, changed.client_name, changed.budget, changed.status) == (
        "Renamed",
        "Globex",
        Decimal("250.00"),
        "active",
    )
    assert (changed.code, changed.start_date, changed.updated_at) == ("A", date(2026, 4, 1), later)
    assert update(code="", client_name="").code is None
    assert update(client_name="").client_name is None
    with pytest.raises(AlreadyExists):
        update(code=taken.code)
    with pytest.raises(Unprocessable, match="end_date"):
        update(end_date=(2026, 3, 31))  # before the stored start
    with pytest.raises(InvalidArgument, match="archive"):
        update(status="archived")
    assert update(status="completed").status == "completed"
    with pytest.raises(FailedPrecondition, match="completed: it can move to active"):
        update(status="on_hold")
    assert update(status="active").status == "active"  # reopened
    with pytest.raises(NotFound):
        usecases.update_project(uow(), tenant, uuid.uuid4(), ProjectPatch(name="x"))


def test_archive_makes_a_project_read_only_until_unarchived(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    project = create(uow, tenant, status="on_hold")
    archived = usecases.archive_project(uow(), tenant, project.id, clock=clock)
    assert (archived.status, archived.archived_at) == ("archived", NOW)
    with pytest.raises(FailedPrecondition, match="archived"):
        usecases.archive_project(uow(), tenant, project.id)
    with pytest.raises(FailedPrecondition, match="unarchive"):
        usecases.update_project(uow(), tenant, project.id, ProjectPatch(name="x"))
    user = new_user(uow, engine, tenant, "ann")
    with pytest.raises(FailedPrecondition):
        usecases.add_member(
            uow(), tenant, project.id, user_id=str(user), role="", allocation_percent="10"
        )
    restored = usecases.unarchive_project(uow(), tenant, project.id, clock=clock)
    assert (restored.status, restored.archived_at) == ("on_hold", None)
    with pytest.raises(FailedPrecondition, match="not archived"):
        usecases.unarchive_project(uow(), tenant, project.id)


def test_members_are_the_tenants_users_once_each_with_a_role_and_an_allocation(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    project = create(uow, tenant)
    ann, bob = new_user(uow, engine, tenant, "ann"), new_user(uow, engine, tenant, "bob")
    outsider = new_user(uow, engine, new_tenant(engine), "eve")

    def add(user: uuid.UUID, allocation: str = "50", role: str = "") -> object:
        return usecases.add_member(
            uow(),
            tenant,
            project.id,
            user_id=str(user),
            role=role,
            allocation_percent=allocation,
            clock=clock,
        )

    first = add(ann, "50", "lead")
    assert (first.role, first.allocation_percent) == ("lead", Decimal("50"))  # type: ignore[attr-defined]
    assert add(bob, "12.5").role == "member"  # type: ignore[attr-defined]
    with pytest.raises(AlreadyExists):
        add(ann)
    with pytest.raises(Unprocessable) as outside:
        add(outsider)
    assert outside.value.violations[0].field == "user_id"
    with pytest.raises(Unprocessable):
        add(uuid.uuid4())
    for bad in ("0", "100.01", "-5", "33.333", "x"):
        with pytest.raises(InvalidArgument, match="allocation_percent"):
            add(bob, bad)
    members = usecases.list_members(uow(), tenant, project.id, limit=None, offset=0)
    assert [m.user_id for m in members.items] == sorted([ann, bob])  # added at one instant
    assert usecases.get_project(uow(), tenant, project.id).member_count == 2
    changed = usecases.update_member(
        uow(), tenant, project.id, bob, role="designer", allocation_percent="100", clock=clock
    )
    assert (changed.role, changed.allocation_percent) == ("designer", Decimal("100"))
    usecases.remove_member(uow(), tenant, project.id, bob)
    with pytest.raises(NotFound):
        usecases.remove_member(uow(), tenant, project.id, bob)
    with pytest.raises(NotFound):
        usecases.get_member(uow(), tenant, project.id, bob)

    # Leaving the tenant is leaving its projects.
    with Session(engine) as session, session.begin():
        session.execute(
            delete(MembershipRow).where(
                MembershipRow.tenant_id == tenant, MembershipRow.user_id == ann
            )
        )
    assert usecases.list_members(uow(), tenant, project.id, limit=None, offset=0).total == 0


def test_allocations_sum_each_members_active_projects(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    ann, bob = new_user(uow, engine, tenant, "ann"), new_user(uow, engine, tenant, "bob")
    one, two = create(uow, tenant, status="active"), create(uow, tenant, status="active")
    planned = create(uow, tenant)
    for project, user, allocation in (
        (one, ann, "60"),
        (two, ann, "50.5"),
        (planned, ann, "40"),
        (one, bob, "33.33"),
    ):
        usecases.add_member(
            uow(), tenant, project.id, user_id=str(user), role="", allocation_percent=allocation
        )
    page = usecases.list_allocations(uow(), tenant, user_id=None, limit=None, offset=0)
    totals = {a.user_id: (a.total_percent, a.active_projects, a.overallocated) for a in page.items}
    assert totals == {ann: (Decimal("110.50"), 2, True), bob: (Decimal("33.33"), 1, False)}
    only_bob = usecases.list_allocations(uow(), tenant, user_id=bob, limit=None, offset=0)
    assert (only_bob.total, [a.user_id for a in only_bob.items]) == (1, [bob])


def test_batch_get_answers_the_found_in_order_and_names_the_missing(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    a, b = create(uow, tenant, "A"), create(uow, tenant, "B")
    foreign = create(uow, new_tenant(engine), "Theirs")
    missing = uuid.uuid4()
    batch = usecases.batch_get_projects(
        uow(), tenant, [str(b.id), str(foreign.id), str(a.id), str(b.id), str(missing)]
    )
    assert [p.id for p in batch.projects] == [b.id, a.id]
    assert batch.missing == [foreign.id, missing]
    with pytest.raises(InvalidArgument, match=r"ids\[0\]"):
        usecases.batch_get_projects(uow(), tenant, ["nope"])
    with pytest.raises(InvalidArgument, match="ids"):
        usecases.batch_get_projects(uow(), tenant, [])
    with pytest.raises(InvalidArgument, match="at most 100"):
        usecases.batch_get_projects(uow(), tenant, [str(uuid.uuid4()) for _ in range(101)])


def test_another_tenants_projects_are_missing(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    project = create(uow, tenant, code="SAME")
    other = new_tenant(engine)
    assert create(uow, other, code="SAME").code == "SAME"  # codes are per tenant
    user = new_user(uow, engine, other, "olga")
    for call in (
        lambda: usecases.get_project(uow(), other, project.id),
        lambda: usecases.update_project(uow(), other, project.id, ProjectPatch(name="x")),
        lambda: usecases.archive_project(uow(), other, project.id),
        lambda: usecases.list_members(uow(), other, project.id, limit=None, offset=0),
        lambda: usecases.add_member(
            uow(), other, project.id, user_id=str(user), role="", allocation_percent="5"
        ),
    ):
        with pytest.raises(NotFound, match="project"):
            call()
    listed = usecases.list_projects(uow(), other, status=None, text="", limit=None, offset=0)
    assert [p.code for p in listed.items] == ["SAME"] and listed.items[0].id != project.id
