"""A project: its fields and their checks, its statuses and the moves between them.

planned → active | on_hold; active → on_hold | completed; on_hold → active | completed;
completed → active (reopened). Archiving is a move of its own from any of these: an
archived project is read-only and remembers the status it had, which unarchiving
restores. Any other move is 409 (`invalid_transition`), as GAPS says of every
status in the platform.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Final

from services.main.kernel.money import check_currency, parse_amount
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    NotFound,
    Unprocessable,
    raise_if_any,
)
from services.runtime.text_fields import checked_text, too_long

PLANNED: Final = "planned"
ACTIVE: Final = "active"
ON_HOLD: Final = "on_hold"
COMPLETED: Final = "completed"
ARCHIVED: Final = "archived"
STATUSES: Final = (PLANNED, ACTIVE, ON_HOLD, COMPLETED, ARCHIVED)
# The statuses a project is created in or moved to by an update (archiving has its own
# operation, so that "read-only" is always one explicit act).
WORKING: Final = (PLANNED, ACTIVE, ON_HOLD, COMPLETED)
MOVES: Final[Mapping[str, frozenset[str]]] = {
    PLANNED: frozenset({ACTIVE, ON_HOLD}),
    ACTIVE: frozenset({ON_HOLD, COMPLETED}),
    ON_HOLD: frozenset({ACTIVE, COMPLETED}),
    COMPLETED: frozenset({ACTIVE}),
    ARCHIVED: frozenset(),
}

MAX_NAME: Final = 200
MAX_CODE: Final = 20
MAX_DESCRIPTION: Final = 2000
MAX_CLIENT: Final = 200
MAX_QUERY: Final = 100
_CODE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
BAD_CODE: Final = (
    "must be letters, digits, dots, dashes or underscores, starting with a letter or digit"
)


@dataclass(frozen=True)
class Project:
    id: uuid.UUID
    code: str | None
    name: str
    description: str
    status: str
    client_name: str | None
    start_date: date | None
    end_date: date | None
    budget: Decimal | None
    currency: str | None
    member_count: int
    created_at: datetime
    updated_at: datetime
    archived_at: datetime | None
    # The status to restore on unarchiving; None unless archived.
    archived_from: str | None


@dataclass(frozen=True)
class ProjectDraft:
    """A project as sent to be created: text, checked by `new_project`."""

    name: str
    code: str = ""
    description: str = ""
    status: str | None = None
    client_name: str = ""
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    budget: str = ""
    currency: str = ""


@dataclass(frozen=True)
class NewProject:
    """A checked project to store."""

    name: str
    code: str | None
    description: str
    status: str
    client_name: str | None
    start_date: date | None
    end_date: date | None
    budget: Decimal | None
    currency: str | None


@dataclass(frozen=True)
class ProjectPatch:
    """What an update sends; None leaves a field as it is ("" removes code and client)."""

    name: str | None = None
    code: str | None = None
    description: str | None = None
    status: str | None = None
    client_name: str | None = None
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    budget: str | None = None
    currency: str | None = None


@dataclass(frozen=True)
class ProjectFilters:
    """What a list of projects is narrowed to; None: no condition."""

    status: str | None = None
    text: str | None = None


# -- field checks ------------------------------------------------------------------------


def _name(value: str, problems: list[FieldViolation]) -> str:
    return checked_text(value, "name", MAX_NAME, problems, required=True)


def _description(value: str, problems: list[FieldViolation]) -> str:
    return checked_text(value, "description", MAX_DESCRIPTION, problems, visible=False)


def _code(value: str, problems: list[FieldViolation]) -> str | None:
    if not value:
        return None
    if len(value) > MAX_CODE:
        problems.append(too_long("code", MAX_CODE))
    elif not _CODE.match(value):
        problems.append(FieldViolation("code", BAD_CODE))
    return value


def _status(value: str | None, problems: list[FieldViolation]) -> str | None:
    if value is not None and value not in WORKING:
        hint = " (archive with POST …/archive)" if value == ARCHIVED else ""
        problems.append(FieldViolation("status", f"must be one of {', '.join(WORKING)}{hint}"))
        return None
    return value


def _budget(value: str, problems: list[FieldViolation]) -> Decimal | None:
    return None if not value else parse_amount(value, "budget", problems)


def check_dates(start: date | None, end: date | None) -> None:
    """422: the project would end before it starts (across fields, or against the
    stored one)."""
    if start is not None and end is not None and end < start:
        raise Unprocessable.for_field(
            "end_date", f"must not be before start_date ({start.isoformat()})"
        )


def check_budget(budget: Decimal | None, currency: str | None) -> None:
    """A budget needs its currency and a currency its budget (the result, sent or
    stored): 400 naming the one missing."""
    if budget is not None and currency is None:
        raise_if_any([FieldViolation("currency", "is required with budget")])
    if currency is not None and budget is None:
        raise_if_any([FieldViolation("budget", "is required with currency")])


def new_project(draft: ProjectDraft) -> NewProject:
    """A checked project to create; every field problem at once (400 naming each),
    then the rules across fields."""
    problems: list[FieldViolation] = []
    name = _name(draft.name, problems)
    code = _code(draft.code, problems)
    description = _description(draft.description, problems)
    status = _status(draft.status, problems)
    client = checked_text(draft.client_name, "client_name", MAX_CLIENT, problems)
    start = checked_date(draft.start_date, "start_date", problems)
    end = checked_date(draft.end_date, "end_date", problems)
    budget = _budget(draft.budget, problems)
    currency = check_currency(draft.currency, "currency", problems) if draft.currency else None
    raise_if_any(problems)
    check_budget(budget, currency)
    check_dates(start, end)
    return NewProject(
        name=name,
        code=code,
        description=description,
        status=status or PLANNED,
        client_name=client or None,
        start_date=start,
        end_date=end,
        budget=budget,
        currency=currency,
    )


# -- transitions -------------------------------------------------------------------------


def project_not_found(project_id: uuid.UUID) -> NotFound:
    # Another tenant's project gets this very answer: its existence is not told.
    return NotFound(f"project {project_id} not found")


def check_writable(project: Project) -> None:
    """409: an archived project (and its members) is read-only."""
    if project.status == ARCHIVED:
        raise FailedPrecondition(f"project {project.id} is archived: unarchive it to change it")


def check_move(project: Project, status: str) -> None:
    if status != project.status and status not in MOVES[project.status]:
        allowed = ", ".join(sorted(MOVES[project.status])) or "none"
        raise FailedPrecondition(
            f"project {project.id} is {project.status}: it can move to {allowed}, not {status}"
        )


def updated(project: Project, patch: ProjectPatch) -> Project:
    """`project` with `patch` applied: field problems at once (400), then the status
    move (409), then the rules across fields against the result (400 budget, 422 dates).
    The caller has checked that the project is writable."""
    problems: list[FieldViolation] = []
    name = project.name if patch.name is None else _name(patch.name, problems)
    code = project.code if patch.code is None else _code(patch.code, problems)
    description = (
        project.description
        if patch.description is None
        else _description(patch.description, problems)
    )
    status = _status(patch.status, problems) or project.status
    client = (
        project.client_name
        if patch.client_name is None
        else checked_text(patch.client_name, "client_name", MAX_CLIENT, problems) or None
    )
    start = checked_date(patch.start_date, "start_date", problems) or project.start_date
    end = checked_date(patch.end_date, "end_date", problems) or project.end_date
    budget = project.budget if patch.budget is None else _budget(patch.budget, problems)
    currency = (
        project.currency
        if patch.currency is None
        else check_currency(patch.currency, "currency", problems)
    )
    raise_if_any(problems)
    check_move(project, status)
    check_budget(budget, currency)
    check_dates(start, end)
    return replace(
        project,
        name=name,
        code=code,
        description=description,
        status=status,
        client_name=client,
        start_date=start,
        end_date=end,
        budget=budget,
        currency=currency,
    )


def check_archivable(project: Project) -> None:
    if project.status == ARCHIVED:
        raise FailedPrecondition(f"project {project.id} is archived already")


def check_unarchivable(project: Project) -> None:
    if project.status != ARCHIVED:
        raise FailedPrecondition(f"project {project.id} is {project.status}, not archived")


def restored_status(project: Project) -> str:
    """The status an archived project goes back to (planned if unknown)."""
    return project.archived_from if project.archived_from in WORKING else PLANNED


@dataclass(frozen=True)
class StatusMove:
    """A project's status after an archive or an unarchive, with what the archive
    remembers: the status it left (to go back to) and when."""

    status: str
    archived_from: str | None
    archived_at: datetime | None


def archival(project: Project, now: datetime) -> StatusMove:
    check_archivable(project)
    return StatusMove(ARCHIVED, archived_from=project.status, archived_at=now)


def unarchival(project: Project, now: datetime) -> StatusMove:
    check_unarchivable(project)
    return StatusMove(restored_status(project), archived_from=None, archived_at=None)


def list_filters(status: str | None, text: str) -> ProjectFilters:
    problems: list[FieldViolation] = []
    if status is not None and status not in STATUSES:
        problems.append(FieldViolation("status", f"must be one of {', '.join(STATUSES)}"))
    query = checked_text(text, "q", MAX_QUERY, problems)
    raise_if_any(problems)
    return ProjectFilters(status, query or None)
