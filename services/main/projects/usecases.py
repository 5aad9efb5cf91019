"""The projects' operations, one function each, over the caller's tenant; each takes a
fresh unit of work and enters it (one transaction per call).

Every change locks the project first (`repository.lock`) and then reads it, so the
checks (archived? which move?) see what the last change committed.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.main.kernel.dependencies import Uow
from services.main.projects.domain import members as staffing
from services.main.projects.domain import projects as rules
from services.main.projects.domain.members import Allocation, Member
from services.main.projects.domain.projects import Project, ProjectDraft, ProjectPatch
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import FieldViolation, raise_if_any
from services.runtime.paging import MAX_LIMIT, Page, checked_page

DEFAULT_PROJECTS_PAGE: Final = 20
DEFAULT_MEMBERS_PAGE: Final = 100
DEFAULT_ALLOCATIONS_PAGE: Final = 100


@dataclass(frozen=True)
class Batch:
    """Projects found by id, in the order asked, and the ids that found none."""

    projects: list[Project]
    missing: list[uuid.UUID]


# -- projects ----------------------------------------------------------------------------


def create_project(
    uow: Uow, tenant_id: uuid.UUID, draft: ProjectDraft, clock: Clock = utcnow
) -> Project:
    new = rules.new_project(draft)
    now = clock()
    with uow:
        return uow.repos.projects.add(tenant_id, new, now)


def list_projects(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    status: str | None,
    text: str,
    limit: int | None,
    offset: int,
) -> Page[Project]:
    size, skip = checked_page(limit, offset, DEFAULT_PROJECTS_PAGE)
    filters = rules.list_filters(status, text)
    with uow:
        found, total = uow.repos.projects.listing(tenant_id, filters, limit=size, offset=skip)
        return Page(found, total, size, skip)


def get_project(uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Project:
    with uow:
        project = uow.repos.projects.project(tenant_id, project_id)
        if project is None:
            raise rules.project_not_found(project_id)
        return project


def batch_get_projects(uow: Uow, tenant_id: uuid.UUID, ids: Sequence[str]) -> Batch:
    """The tenant's projects among `ids` (1-100 UUIDs; repeats answered once)."""
    problems: list[FieldViolation] = []
    if not ids:
        problems.append(FieldViolation("ids", "is required"))
    elif len(ids) > MAX_LIMIT:
        problems.append(FieldViolation("ids", f"must hold at most {MAX_LIMIT} ids"))
    wanted: dict[uuid.UUID, None] = {}
    for index, text in enumerate(ids):
        try:
            wanted[uuid.UUID(text)] = None
        except ValueError:
            problems.append(FieldViolation(f"ids[{index}]", "must be a UUID"))
    raise_if_any(problems)
    with uow:
        found = uow.repos.projects.projects_by_id(tenant_id, list(wanted))
    return Batch([found[i] for i in wanted if i in found], [i for i in wanted if i not in found])


def _locked(uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Project:
    """The project, locked until the transaction ends (404 when the tenant has none)."""
    if not uow.repos.projects.lock(tenant_id, project_id):
        raise rules.project_not_found(project_id)
    project = uow.repos.projects.project(tenant_id, project_id)
    assert project is not None  # locked just now
    return project


def _writable(uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Project:
    project = _locked(uow, tenant_id, project_id)
    rules.check_writable(project)
    return project


def _reread(uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID) -> Project:
    project = uow.repos.projects.project(tenant_id, project_id)
    assert project is not None  # locked by this transaction
    return project


def update_project(
    uow: Uow,
    tenant_id: uuid.UUID,
    project_id: uuid.UUID,
    patch: ProjectPatch,
    clock: Clock = utcnow,
) -> Project:
    now = clock()
    with uow:
        project = _writable(uow, tenant_id, project_id)
        changed = rules.updated(project, patch)
        uow.repos.projects.save(tenant_id, changed, now)
        return _reread(uow, tenant_id, project_id)


def _set_status(
    uow: Uow,
    tenant_id: uuid.UUID,
    project_id: uuid.UUID,
    clock: Clock,
    move: Callable[[Project, datetime], rules.StatusMove],
) -> Project:
    now = clock()
    with uow:
        to = move(_locked(uow, tenant_id, project_id), now)
        uow.repos.projects.set_status(
            tenant_id,
            project_id,
            to.status,
            archived_from=to.archived_from,
            archived_at=to.archived_at,
            now=now,
        )
        return _reread(uow, tenant_id, project_id)


def archive_project(
    uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, clock: Clock = utcnow
) -> Project:
    return _set_status(uow, tenant_id, project_id, clock, rules.archival)


def unarchive_project(
    uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, clock: Clock = utcnow
) -> Project:
    return _set_status(uow, tenant_id, project_id, clock, rules.unarchival)


# -- members -----------------------------------------------------------------------------


def list_members(
    uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, *, limit: int | None, offset: int
) -> Page[Member]:
    size, skip = checked_page(limit, offset, DEFAULT_MEMBERS_PAGE)
    with uow:
        if uow.repos.projects.project(tenant_id, project_id) is None:
            raise rules.project_not_found(project_id)
        found, total = uow.repos.projects.members(tenant_id, project_id, limit=size, offset=skip)
        return Page(found, total, size, skip)


def add_member(
    uow: Uow,
    tenant_id: uuid.UUID,
    project_id: uuid.UUID,
    *,
    user_id: str,
    role: str,
    allocation_percent: str,
    clock: Clock = utcnow,
) -> Member:
    new = staffing.new_member(user_id=user_id, role=role, allocation_percent=allocation_percent)
    now = clock()
    with uow:
        _writable(uow, tenant_id, project_id)
        member = uow.repos.projects.add_member(tenant_id, project_id, new, now)
        if member is None:
            raise staffing.already_member(project_id, new.user_id)
        return member


def get_member(uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, user_id: uuid.UUID) -> Member:
    with uow:
        member = uow.repos.projects.member(tenant_id, project_id, user_id)
        if member is None:
            if uow.repos.projects.project(tenant_id, project_id) is None:
                raise rules.project_not_found(project_id)
            raise staffing.member_not_found(project_id, user_id)
        return member


def update_member(
    uow: Uow,
    tenant_id: uuid.UUID,
    project_id: uuid.UUID,
    user_id: uuid.UUID,
    *,
    role: str | None,
    allocation_percent: str | None,
    clock: Clock = utcnow,
) -> Member:
    changes = staffing.member_changes(role=role, allocation_percent=allocation_percent)
    now = clock()
    with uow:
        _writable(uow, tenant_id, project_id)
        member = uow.repos.projects.update_member(tenant_id, project_id, user_id, changes, now)
        if member is None:
            raise staffing.member_not_found(project_id, user_id)
        return member


def remove_member(
    uow: Uow, tenant_id: uuid.UUID, project_id: uuid.UUID, user_id: uuid.UUID
) -> None:
    with uow:
        _writable(uow, tenant_id, project_id)
        if not uow.repos.projects.remove_member(tenant_id, project_id, user_id):
            raise staffing.member_not_found(project_id, user_id)


def list_allocations(
    uow: Uow, tenant_id: uuid.UUID, *, user_id: uuid.UUID | None, limit: int | None, offset: int
) -> Page[Allocation]:
    size, skip = checked_page(limit, offset, DEFAULT_ALLOCATIONS_PAGE)
    with uow:
        found, total = uow.repos.projects.allocations(tenant_id, user_id, limit=size, offset=skip)
        return Page(found, total, size, skip)
