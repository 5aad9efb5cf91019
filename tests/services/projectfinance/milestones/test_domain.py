"""The milestone's rules without storage: every move from every status (GAPS: pending →
in_progress → completed → billed, cancel from pending or in_progress, other moves 409),
the field checks and the saga's start."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.milestones.domain import milestones as rules
from services.projectfinance.milestones.domain import sagas
from services.projectfinance.milestones.domain.milestones import (
    BILLED,
    CANCELLED,
    COMPLETED,
    IN_PROGRESS,
    PENDING,
    STATUSES,
    Milestone,
    MilestoneDraft,
    MilestonePatch,
)
from services.runtime.errors import FailedPrecondition, InvalidArgument

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
LATER = datetime(2026, 3, 16, 12, 0, tzinfo=UTC)
RECORD = RecordRef(
    id=uuid.uuid4(),
    tenant_id=uuid.uuid4(),
    project_id=uuid.uuid4(),
    currency="EUR",
    total_budget=Decimal("10000"),
)


def draft(**changes: object) -> MilestoneDraft:
    base = MilestoneDraft(name="Design", amount="1500.00", currency="EUR", sequence=1)
    return replace(base, **changes)  # type: ignore[arg-type]


def milestone(status: str = PENDING, percent: str = "0") -> Milestone:
    created = rules.new_milestone(draft(), RECORD, uuid.uuid4(), NOW)
    return replace(created, status=status, completion_percent=Decimal(percent))


def fields_of(error: InvalidArgument) -> set[str]:
    return {violation.field for violation in error.violations}


# -- creation and field checks -------------------------------------------------------------


def test_a_new_milestone_is_pending_at_zero_with_nothing_billed() -> None:
    created = rules.new_milestone(
        draft(description="  Blueprints  ", due_date=LATER), RECORD, uuid.uuid4(), NOW
    )
    assert created.status == PENDING and created.completion_percent == 0
    assert created.amount == Money(Decimal("1500.00"), "EUR")
    assert created.description == "Blueprints" and created.due_date == LATER
    assert created.record_id == RECORD.id and created.tenant_id == RECORD.tenant_id
    assert (created.billed_at, created.invoice_id, created.invoice_number) == (None, None, None)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "  "}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"name": "bad\u202ename"}, "name"),
        ({"description": "x" * 2001}, "description"),
        ({"amount": "0"}, "amount.amount"),
        ({"amount": "-5"}, "amount.amount"),
        ({"amount": ""}, "amount.amount"),
        ({"amount": "10.001"}, "amount.amount"),
        ({"currency": "XYZ"}, "amount.currency"),
        ({"currency": "USD"}, "amount.currency"),
        ({"sequence": None}, "sequence"),
        ({"sequence": 0}, "sequence"),
        ({"sequence": 10001}, "sequence"),
    ],
)
def test_bad_fields_are_refused_naming_the_field(changes: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidArgument) as raised:
        rules.new_milestone(draft(**changes), RECORD, uuid.uuid4(), NOW)
    assert fields_of(raised.value) == {field}


def test_every_bad_field_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as raised:
        rules.new_milestone(draft(name="", amount="0", sequence=None), RECORD, uuid.uuid4(), NOW)
    assert fields_of(raised.value) == {"name", "amount.amount", "sequence"}


@pytest.mark.parametrize("text", ["", "101", "-1", "50.123", "abc", "NaN"])
def test_a_bad_or_missing_percent_is_refused(text: str) -> None:
    with pytest.raises(InvalidArgument) as raised:
        rules.progressed(milestone(), text, NOW)
    assert fields_of(raised.value) == {"completion_percent"}


# -- the moves -----------------------------------------------------------------------------

MOVES = {
    "progress": lambda m: rules.progressed(m, "40", LATER),
    "complete": lambda m: rules.completed(m, LATER),
    "cancel": lambda m: rules.cancelled(m, LATER),
    "update": lambda m: rules.updated(m, MilestonePatch(name="Renamed"), LATER),
}
# (operation, from) → resulting status; every pair not listed is 409.
ALLOWED = {
    ("progress", PENDING): IN_PROGRESS,
    ("progress", IN_PROGRESS): IN_PROGRESS,
    ("complete", IN_PROGRESS): COMPLETED,
    ("cancel", PENDING): CANCELLED,
    ("cancel", IN_PROGRESS): CANCELLED,
    ("update", PENDING): PENDING,
    ("update", IN_PROGRESS): IN_PROGRESS,
    ("update", COMPLETED): COMPLETED,
}


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("operation", sorted(MOVES))
def test_every_move_from_every_status(operation: str, status: str) -> None:
    before = milestone(status)
    expected = ALLOWED.get((operation, status))
    if expected is None:
        with pytest.raises(FailedPrecondition, match=status):
            MOVES[operation](before)
        return
    after = MOVES[operation](before)
    assert after.status == expected and after.updated_at == LATER


@pytest.mark.parametrize("status", STATUSES)
def test_only_a_completed_milestone_starts_an_invoice_saga(status: str) -> None:
    before = milestone(status)
    if status != COMPLETED:
        with pytest.raises(FailedPrecondition):
            sagas.started(before, "req-1", NOW, saga_id=uuid.uuid4(), request_id=uuid.uuid4())
        return
    saga = sagas.started(before, "req-1", NOW, saga_id=uuid.uuid4(), request_id=uuid.uuid4())
    assert (saga.saga_type, saga.status, saga.correlation_id) == (
        "milestone_invoice",
        "started",
        "req-1",
    )
    assert saga.amount == before.amount and saga.milestone_id == before.id


@pytest.mark.parametrize("status", STATUSES)
def test_deleting_refuses_billed_and_invoicing_milestones(status: str) -> None:
    if status == BILLED:
        with pytest.raises(FailedPrecondition):
            rules.check_deletable(milestone(status), invoicing=False)
    else:
        rules.check_deletable(milestone(status), invoicing=False)
    with pytest.raises(FailedPrecondition, match="billed" if status == BILLED else "saga"):
        rules.check_deletable(milestone(status), invoicing=True)


def test_progress_at_zero_leaves_a_pending_milestone_pending() -> None:
    assert rules.progressed(milestone(PENDING), "0", LATER).status == PENDING
    assert rules.progressed(milestone(IN_PROGRESS, "30"), "0", LATER).status == IN_PROGRESS
    moved = rules.progressed(milestone(PENDING), "12.5", LATER)
    assert moved.status == IN_PROGRESS and moved.completion_percent == Decimal("12.5")


def test_completing_sets_100_percent_and_the_moment() -> None:
    done = rules.completed(milestone(IN_PROGRESS, "70"), LATER)
    assert done.completion_percent == 100 and done.completed_at == LATER
    assert done.billed_at is None


def test_an_update_changes_only_what_is_sent_and_an_empty_description_removes_it() -> None:
    before = replace(milestone(), description="Old", due_date=NOW)
    after = rules.updated(before, MilestonePatch(description=""), LATER)
    assert after.description is None and after.name == before.name and after.due_date == NOW
    moved = rules.updated(before, MilestonePatch(due_date=LATER, name=" New "), LATER)
    assert (moved.name, moved.due_date, moved.description) == ("New", LATER, "Old")
    with pytest.raises(InvalidArgument):
        rules.updated(before, MilestonePatch(name=" "), LATER)
