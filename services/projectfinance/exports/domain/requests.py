"""What an export request asks for, and its checks: a format (csv, json, xlsx), the
three include switches (each must be sent: a missing one is a 400, never false), and
optional filters on the records' creation time and on main's project."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.runtime.errors import FieldViolation, raise_if_any
from services.runtime.text_fields import REQUIRED

CSV: Final = "csv"
JSON: Final = "json"
XLSX: Final = "xlsx"
FORMATS: Final = (CSV, JSON, XLSX)


@dataclass(frozen=True)
class ExportDraft:
    """An export request as sent (None: not sent); checked by `export_request`."""

    format: str
    include_phases: bool | None
    include_scopes: bool | None
    include_team: bool | None
    start_date: datetime | None = None
    end_date: datetime | None = None
    project_id: str | None = None


@dataclass(frozen=True)
class Include:
    """Which of a record's parts go into the file beside the record itself."""

    phases: bool
    scopes: bool
    team: bool


@dataclass(frozen=True)
class ExportRequest:
    format: str
    include: Include
    # Records created in [start_date, end_date]; None: unbounded on that side.
    start_date: datetime | None
    end_date: datetime | None
    # Main's project whose record alone is exported; None: every record.
    project_id: uuid.UUID | None


def _switch(value: bool | None, field: str, problems: list[FieldViolation]) -> bool:
    if value is None:
        problems.append(FieldViolation(field, REQUIRED))
        return False
    return value


def export_request(draft: ExportDraft) -> ExportRequest:
    """The checked request; InvalidArgument naming every bad field."""
    problems: list[FieldViolation] = []
    if not draft.format:
        problems.append(FieldViolation("format", REQUIRED))
    elif draft.format not in FORMATS:
        problems.append(
            FieldViolation("format", f"{draft.format!r} must be one of: " + ", ".join(FORMATS))
        )
    include = Include(
        phases=_switch(draft.include_phases, "include_phases", problems),
        scopes=_switch(draft.include_scopes, "include_scopes", problems),
        team=_switch(draft.include_team, "include_team", problems),
    )
    project_id: uuid.UUID | None = None
    if draft.project_id is not None:
        try:
            project_id = uuid.UUID(draft.project_id)
        except ValueError:
            problems.append(FieldViolation("project_id", f"{draft.project_id!r} is not a UUID"))
    start, end = draft.start_date, draft.end_date
    if start is not None and end is not None and end < start:
        problems.append(
            FieldViolation("end_date", f"must not be before start_date ({start.isoformat()})")
        )
    raise_if_any(problems)
    return ExportRequest(draft.format, include, start, end, project_id)
