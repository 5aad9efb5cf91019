"""An export request's checks: every bad field named at once; a missing include switch
is required (never false); an end before the start and a bad project id are 400."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from services.projectfinance.exports.domain.requests import ExportDraft, export_request
from services.runtime.errors import InvalidArgument

JAN = datetime(2026, 1, 1, tzinfo=UTC)
FEB = datetime(2026, 2, 1, tzinfo=UTC)


def draft(**changes: object) -> ExportDraft:
    fields: dict[str, object] = {
        "format": "csv",
        "include_phases": True,
        "include_scopes": False,
        "include_team": False,
    }
    fields.update(changes)
    return ExportDraft(**fields)  # type: ignore[arg-type]


def problems(sent: ExportDraft) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as raised:
        export_request(sent)
    return {v.field: v.description for v in raised.value.violations}


def test_a_full_request_is_checked() -> None:
    project = uuid.uuid4()
    checked = export_request(
        draft(format="xlsx", start_date=JAN, end_date=FEB, project_id=str(project))
    )
    assert checked.format == "xlsx"
    assert (checked.include.phases, checked.include.scopes, checked.include.team) == (
        True,
        False,
        False,
    )
    assert (checked.start_date, checked.end_date, checked.project_id) == (JAN, FEB, project)


@pytest.mark.parametrize("fmt", ["csv", "json", "xlsx"])
def test_each_format_is_accepted(fmt: str) -> None:
    assert export_request(draft(format=fmt)).format == fmt


def test_every_problem_is_named() -> None:
    found = problems(
        draft(
            format="pdf",
            include_phases=None,
            include_scopes=None,
            include_team=None,
            project_id="nope",
        )
    )
    assert set(found) == {
        "format",
        "include_phases",
        "include_scopes",
        "include_team",
        "project_id",
    }
    assert found["include_team"] == "is required"
    assert "csv, json, xlsx" in found["format"]


def test_a_missing_format_is_required() -> None:
    assert problems(draft(format="")) == {"format": "is required"}


def test_an_end_before_the_start_is_refused() -> None:
    found = problems(draft(start_date=FEB, end_date=JAN))
    assert list(found) == ["end_date"]
    assert "start_date" in found["end_date"]


def test_one_sided_ranges_are_fine() -> None:
    assert export_request(draft(start_date=FEB)).end_date is None
    assert export_request(draft(end_date=JAN)).start_date is None
