"""The projects' pure rules: a project's checked fields, the status moves, an update
applied to a project, archive and unarchive, and a member's role and allocation."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from services.main.projects.domain import members as staffing
from services.main.projects.domain import projects as rules
from services.main.projects.domain.projects import Project, ProjectDraft, ProjectPatch
from services.runtime.errors import FailedPrecondition, InvalidArgument, Unprocessable

NOW = datetime(2026, 3, 15, 12, tzinfo=UTC)


def project(status: str = rules.PLANNED, **fields: object) -> Project:
    base = Project(
        id=uuid.uuid4(),
        code=None,
        name="Website",
        description="",
        status=status,
        client_name=None,
        start_date=None,
        end_date=None,
        budget=None,
        currency=None,
        member_count=0,
        created_at=NOW,
        updated_at=NOW,
        archived_at=None,
        archived_from=None,
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def test_a_new_project_is_trimmed_defaulted_and_checked_all_at_once() -> None:
    new = rules.new_project(
        ProjectDraft(name="  Relaunch ", client_name="  ", budget="0", currency="JPY")
    )
    assert (new.name, new.status, new.client_name, new.code) == ("Relaunch", "planned", None, None)
    assert (new.budget, new.currency) == (Decimal(0), "JPY")
    with pytest.raises(InvalidArgument) as bad:
        rules.new_project(
            ProjectDraft(
                name="\u202eevil",
                code="x" * 21,
                description="d" * 2001,
                client_name="c\x00",
                start_date=(2026, 13, 1),
                budget="1,5",
            )
        )
    fields = {v.field for v in bad.value.violations}
    assert fields == {"name", "code", "description", "client_name", "start_date", "budget"}
    with pytest.raises(InvalidArgument, match="budget: is required with currency"):
        rules.new_project(ProjectDraft(name="P", currency="EUR"))


@pytest.mark.parametrize(
    ("start", "to", "allowed"),
    [
        (rules.PLANNED, rules.ACTIVE, True),
        (rules.PLANNED, rules.ON_HOLD, True),
        (rules.PLANNED, rules.COMPLETED, False),
        (rules.ACTIVE, rules.ON_HOLD, True),
        (rules.ACTIVE, rules.COMPLETED, True),
        (rules.ACTIVE, rules.PLANNED, False),
        (rules.ON_HOLD, rules.ACTIVE, True),
        (rules.ON_HOLD, rules.COMPLETED, True),
        (rules.COMPLETED, rules.ACTIVE, True),
        (rules.COMPLETED, rules.PLANNED, False),
        (rules.COMPLETED, rules.COMPLETED, True),  # no move at all
    ],
)
def test_status_moves(start: str, to: str, allowed: bool) -> None:
    if allowed:
        assert rules.updated(project(start), ProjectPatch(status=to)).status == to
    else:
        with pytest.raises(FailedPrecondition, match=f"is {start}: it can move to"):
            rules.updated(project(start), ProjectPatch(status=to))


def test_an_update_is_checked_against_what_is_stored() -> None:
    stored = project(start_date=date(2026, 4, 1), budget=Decimal(10), currency="EUR", code="A")
    with pytest.raises(Unprocessable, match="end_date: must not be before start_date"):
        rules.updated(stored, ProjectPatch(end_date=(2026, 3, 31)))
    moved = rules.updated(stored, ProjectPatch(start_date=(2026, 3, 1), end_date=(2026, 3, 31)))
    assert (moved.start_date, moved.end_date) == (date(2026, 3, 1), date(2026, 3, 31))
    assert rules.updated(stored, ProjectPatch(code="")).code is None
    assert rules.updated(stored, ProjectPatch(currency="USD")).budget == Decimal(10)
    with pytest.raises(InvalidArgument, match="currency"):
        rules.updated(project(), ProjectPatch(budget="5"))
    with pytest.raises(InvalidArgument, match="archive with POST"):
        rules.updated(stored, ProjectPatch(status=rules.ARCHIVED))
    with pytest.raises(InvalidArgument, match="name: is required"):
        rules.updated(stored, ProjectPatch(name="   "))


def test_archived_projects_are_read_only_and_restore_their_status() -> None:
    archived = project(rules.ARCHIVED, archived_from=rules.ON_HOLD, archived_at=NOW)
    with pytest.raises(FailedPrecondition, match="unarchive it"):
        rules.check_writable(archived)
    with pytest.raises(FailedPrecondition, match="archived already"):
        rules.check_archivable(archived)
    assert rules.restored_status(archived) == rules.ON_HOLD
    assert rules.restored_status(replace(archived, archived_from=None)) == rules.PLANNED
    with pytest.raises(FailedPrecondition, match="not archived"):
        rules.check_unarchivable(project(rules.ACTIVE))


def test_list_filters() -> None:
    assert rules.list_filters(None, "  web ") == rules.ProjectFilters(None, "web")
    assert rules.list_filters(rules.ARCHIVED, "") == rules.ProjectFilters(rules.ARCHIVED, None)
    with pytest.raises(InvalidArgument, match="status"):
        rules.list_filters("done", "")
    with pytest.raises(InvalidArgument, match="q"):
        rules.list_filters(None, "x" * 101)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("100", True),
        ("0.01", True),
        ("12.50", True),
        ("1E+1", True),
        ("0", False),
        ("-1", False),
        ("100.01", False),
        ("0.001", False),
        ("NaN", False),
        ("", False),
    ],
)
def test_allocation_bounds(text: str, ok: bool) -> None:
    user = str(uuid.uuid4())
    if ok:
        member = staffing.new_member(user_id=user, role="", allocation_percent=text)
        assert (member.role, member.allocation_percent) == ("member", Decimal(text))
    else:
        with pytest.raises(InvalidArgument, match="allocation_percent"):
            staffing.new_member(user_id=user, role="", allocation_percent=text)


def test_member_fields() -> None:
    with pytest.raises(InvalidArgument) as bad:
        staffing.new_member(user_id="nope", role="r" * 51, allocation_percent="5")
    assert {v.field for v in bad.value.violations} == {"user_id", "role"}
    assert staffing.member_changes(role=" lead ", allocation_percent=None).role == "lead"
    with pytest.raises(InvalidArgument, match="role: must not be blank"):
        staffing.member_changes(role=" ", allocation_percent=None)
    over = staffing.Allocation(uuid.uuid4(), Decimal("100.01"), 2)
    assert over.overallocated and not replace(over, total_percent=Decimal(100)).overallocated
