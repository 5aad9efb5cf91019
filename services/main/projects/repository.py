"""Persistence of projects and their members, every statement scoped by tenant through
db.scoping: another tenant's project is indistinguishable from a missing one, and lists
and allocations see only the tenant's rows.

Races are settled by the database, on SQLite and PostgreSQL alike: a project's code is a
UNIQUE key (INSERT … ON CONFLICT DO NOTHING; a clashing UPDATE is caught in a
savepoint), a member's (project, user) is the primary key, the tenant membership a
member needs is a foreign key, and every change to a project or its members first
takes the project's row lock (`lock`), so an archive and a change never interleave.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import type_coerce

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from db.tenant_repository import FRESH, TenantRepository
from db.types import Percent
from services.main.projects.domain.members import (
    Allocation,
    Member,
    MemberChanges,
    NewMember,
    not_in_tenant,
)
from services.main.projects.domain.projects import (
    ACTIVE,
    ARCHIVED,
    NewProject,
    Project,
    ProjectFilters,
)
from services.main.projects.tables import ProjectMemberRow, ProjectRow
from services.runtime.errors import AlreadyExists


def code_taken(code: str | None) -> AlreadyExists:
    return AlreadyExists(f"code: a project with code {code} exists already")


def _project(row: ProjectRow, member_count: int) -> Project:
    return Project(
        id=row.id,
        code=row.code,
        name=row.name,
        description=row.description,
        status=row.status,
        client_name=row.client_name,
        start_date=row.start_date,
        end_date=row.end_date,
        budget=row.budget,
        currency=row.currency,
        member_count=member_count,
        created_at=row.created_at,
        updated_at=row.updated_at,
        archived_at=row.archived_at,
        archived_from=row.archived_from,
    )


def _editable(project: NewProject | Project) -> dict[str, Any]:
    """The columns a create sets and an update may change (the status included)."""
    return {
        "code": project.code,
        "name": project.name,
        "description": project.description,
        "status": project.status,
        "client_name": project.client_name,
        "start_date": project.start_date,
        "end_date": project.end_date,
        "budget": project.budget,
        "currency": project.currency,
    }


def _member(row: ProjectMemberRow) -> Member:
    return Member(
        project_id=row.project_id,
        user_id=row.user_id,
        role=row.role,
        allocation_percent=row.allocation_percent,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class ProjectRepository(TenantRepository):
    # -- projects --------------------------------------------------------------------------

    def add(self, tenant_id: uuid.UUID, new: NewProject, now: datetime) -> Project:
        """The new project; AlreadyExists when the tenant has one with its code."""
        inserted = self._session.execute(
            self._insert(ProjectRow)
            .values(
                id=uuid.uuid4(),
                tenant_id=tenant_id,
                archived_from=None,
                created_at=now,
                updated_at=now,
                archived_at=None,
                **_editable(new),
            )
            .on_conflict_do_nothing(index_elements=[ProjectRow.tenant_id, ProjectRow.code])
            .returning(ProjectRow.id)
        ).first()
        if inserted is None:
            raise code_taken(new.code)
        project = self.project(tenant_id, inserted[0])
        assert project is not None
        return project

    def project(self, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Project | None:
        found = self.projects_by_id(tenant_id, [project_id])
        return found.get(project_id)

    def projects_by_id(
        self, tenant_id: uuid.UUID, ids: Collection[uuid.UUID]
    ) -> dict[uuid.UUID, Project]:
        rows = list(
            self._session.scalars(
                select_owned(ProjectRow, tenant_id, ProjectRow.id.in_(list(ids))),
                execution_options=FRESH,
            )
        )
        return {project.id: project for project in self._with_counts(tenant_id, rows)}

    def listing(
        self, tenant_id: uuid.UUID, filters: ProjectFilters, *, limit: int, offset: int
    ) -> tuple[list[Project], int]:
        where = self._filters(filters)
        rows, total = self._page(
            ProjectRow,
            tenant_id,
            where,
            order_by=[ProjectRow.created_at.desc(), ProjectRow.id],
            limit=limit,
            offset=offset,
        )
        return self._with_counts(tenant_id, rows), total

    def lock(self, tenant_id: uuid.UUID, project_id: uuid.UUID) -> bool:
        """Take the project's row lock until the transaction ends (an UPDATE that changes
        nothing); False when the tenant has no such project. Every change to a project or
        its members starts here, so it reads the project as the last change left it."""
        locked = self._session.execute(
            update_owned(ProjectRow, tenant_id, ProjectRow.id == project_id)
            .values(status=ProjectRow.status)
            .returning(ProjectRow.id)
        ).all()
        return len(locked) == 1

    def save(self, tenant_id: uuid.UUID, project: Project, now: datetime) -> None:
        """Store the editable fields and the status of `project` (locked by the caller);
        AlreadyExists when its new code is another project's."""
        statement = update_owned(ProjectRow, tenant_id, ProjectRow.id == project.id).values(
            updated_at=now, **_editable(project)
        )
        try:
            with self._session.begin_nested():
                self._session.execute(statement)
        except IntegrityError as exc:  # the unique (tenant_id, code)
            raise code_taken(project.code) from exc

    def set_status(
        self,
        tenant_id: uuid.UUID,
        project_id: uuid.UUID,
        status: str,
        *,
        archived_from: str | None,
        archived_at: datetime | None,
        now: datetime,
    ) -> None:
        """Archive (archived_from: the status it had) or unarchive (both None) a locked
        project."""
        self._session.execute(
            update_owned(ProjectRow, tenant_id, ProjectRow.id == project_id).values(
                status=status,
                archived_from=archived_from,
                archived_at=archived_at,
                updated_at=now,
            )
        )

    # -- members ---------------------------------------------------------------------------

    def add_member(
        self, tenant_id: uuid.UUID, project_id: uuid.UUID, new: NewMember, now: datetime
    ) -> Member | None:
        """The new member, or None when the user is on the project already;
        Unprocessable when the user is not a member of the tenant (the foreign key to
        tenant_memberships refuses the row)."""
        statement = (
            self._insert(ProjectMemberRow)
            .values(
                project_id=project_id,
                user_id=new.user_id,
                tenant_id=tenant_id,
                role=new.role,
                allocation_percent=new.allocation_percent,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_nothing(
                index_elements=[ProjectMemberRow.project_id, ProjectMemberRow.user_id]
            )
            .returning(ProjectMemberRow.user_id)
        )
        try:
            with self._session.begin_nested():
                inserted = self._session.execute(statement).all()
        except IntegrityError as exc:  # the project was locked: only the membership fails
            raise not_in_tenant(new.user_id) from exc
        return self.member(tenant_id, project_id, new.user_id) if inserted else None

    def member(
        self, tenant_id: uuid.UUID, project_id: uuid.UUID, user_id: uuid.UUID
    ) -> Member | None:
        row = self._session.scalar(
            select_owned(
                ProjectMemberRow,
                tenant_id,
                ProjectMemberRow.project_id == project_id,
                ProjectMemberRow.user_id == user_id,
            ),
            execution_options=FRESH,
        )
        return None if row is None else _member(row)

    def members(
        self, tenant_id: uuid.UUID, project_id: uuid.UUID, *, limit: int, offset: int
    ) -> tuple[list[Member], int]:
        rows, total = self._page(
            ProjectMemberRow,
            tenant_id,
            [ProjectMemberRow.project_id == project_id],
            order_by=[ProjectMemberRow.created_at, ProjectMemberRow.user_id],
            limit=limit,
            offset=offset,
        )
        return [_member(row) for row in rows], total

    def update_member(
        self,
        tenant_id: uuid.UUID,
        project_id: uuid.UUID,
        user_id: uuid.UUID,
        changes: MemberChanges,
        now: datetime,
    ) -> Member | None:
        values: dict[str, Any] = {"updated_at": now}
        if changes.role is not None:
            values["role"] = changes.role
        if changes.allocation_percent is not None:
            values["allocation_percent"] = changes.allocation_percent
        updated = self._session.execute(
            update_owned(
                ProjectMemberRow,
                tenant_id,
                ProjectMemberRow.project_id == project_id,
                ProjectMemberRow.user_id == user_id,
            )
            .values(**values)
            .returning(ProjectMemberRow.user_id)
        ).all()
        return self.member(tenant_id, project_id, user_id) if updated else None

    def remove_member(
        self, tenant_id: uuid.UUID, project_id: uuid.UUID, user_id: uuid.UUID
    ) -> bool:
        removed = self._session.execute(
            delete_owned(
                ProjectMemberRow,
                tenant_id,
                ProjectMemberRow.project_id == project_id,
                ProjectMemberRow.user_id == user_id,
            ).returning(ProjectMemberRow.user_id)
        ).all()
        return bool(removed)

    def allocations(
        self, tenant_id: uuid.UUID, user_id: uuid.UUID | None, *, limit: int, offset: int
    ) -> tuple[list[Allocation], int]:
        """Each user's allocations summed over the tenant's active projects, by user id."""
        member = ProjectMemberRow
        where: list[ColumnElement[bool]] = [
            owner_is(member, tenant_id),
            owner_is(ProjectRow, tenant_id),
            ProjectRow.status == ACTIVE,
        ]
        if user_id is not None:
            where.append(member.user_id == user_id)
        joined = select(member.user_id).join(ProjectRow, ProjectRow.id == member.project_id)
        users = joined.where(*where).distinct().subquery()
        total = self._session.scalar(scoped(select(func.count()).select_from(users)))
        sums = self._session.execute(
            scoped(
                select(
                    member.user_id,
                    type_coerce(func.sum(member.allocation_percent), Percent()),
                    func.count(member.project_id),
                )
                .join(ProjectRow, ProjectRow.id == member.project_id)
                .where(*where)
                .group_by(member.user_id)
                .order_by(member.user_id)
                .limit(limit)
                .offset(offset)
            )
        ).all()
        return [Allocation(row[0], row[1], int(row[2])) for row in sums], int(total or 0)

    # -- helpers ---------------------------------------------------------------------------

    def _filters(self, filters: ProjectFilters) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if filters.status is not None:
            where.append(ProjectRow.status == filters.status)
        else:
            # Archived projects are put away: listed only when asked for by status.
            where.append(ProjectRow.status != ARCHIVED)
        if filters.text is not None:
            where.append(
                or_(
                    ProjectRow.name.icontains(filters.text, autoescape=True),
                    ProjectRow.code.icontains(filters.text, autoescape=True),
                    ProjectRow.client_name.icontains(filters.text, autoescape=True),
                )
            )
        return where

    def _with_counts(self, tenant_id: uuid.UUID, rows: Iterable[ProjectRow]) -> list[Project]:
        rows = list(rows)
        if not rows:
            return []
        counts: dict[uuid.UUID, int] = {
            project_id: count
            for project_id, count in self._session.execute(
                scoped(
                    select(ProjectMemberRow.project_id, func.count())
                    .where(
                        owner_is(ProjectMemberRow, tenant_id),
                        ProjectMemberRow.project_id.in_([row.id for row in rows]),
                    )
                    .group_by(ProjectMemberRow.project_id)
                )
            )
        }
        return [_project(row, counts.get(row.id, 0)) for row in rows]
