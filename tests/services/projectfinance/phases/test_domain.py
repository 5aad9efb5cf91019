"""Phases' rules without storage: every move of the state machine (allowed or 409), the
effects of each move, the field checks of a create and an update (400 naming the
field), and the percent a progress report carries."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from services.projectfinance.kernel.money import Money
from services.projectfinance.phases.domain import moves
from services.projectfinance.phases.domain.phase import (
    Phase,
    PhaseDraft,
    SentMoney,
    new_phase,
    parse_percent,
)
from services.projectfinance.phases.domain.update import PhasePatch, updated
from services.runtime.errors import FailedPrecondition, InvalidArgument

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)
NOW = datetime(2026, 5, 2, 10, 30, tzinfo=UTC)


def phase(status: str = moves.PLANNED, **fields: object) -> Phase:
    base = Phase(
        id=uuid.uuid4(),
        tenant_id=uuid.uuid4(),
        record_id=uuid.uuid4(),
        name="Design",
        phase_budget=Money(Decimal("1000.00"), "EUR"),
        actual_cost=Money(Decimal(0), "EUR"),
        planned_start=T0,
        planned_end=T0 + timedelta(days=30),
        actual_start=None,
        actual_end=None,
        progress_percent=Decimal(0),
        sequence=1,
        status=status,
        cost_center_id=None,
        created_at=T0,
        updated_at=T0,
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def fields_of(error: InvalidArgument) -> set[str]:
    return {v.field for v in error.violations}


# -- the state machine -------------------------------------------------------------------

ALLOWED = {
    (moves.PLANNED, moves.IN_PROGRESS),
    (moves.PLANNED, moves.CANCELLED),
    (moves.IN_PROGRESS, moves.COMPLETED),
    (moves.IN_PROGRESS, moves.CANCELLED),
}
EVERY_MOVE = [
    (source, target) for source in moves.STATUSES for target in moves.STATUSES if source != target
]


@pytest.mark.parametrize(("source", "target"), EVERY_MOVE)
def test_every_move_is_allowed_or_refused_with_409(source: str, target: str) -> None:
    before = phase(source)
    if (source, target) in ALLOWED:
        assert moves.moved(before, target, NOW).status == target
    else:
        with pytest.raises(FailedPrecondition, match=f"is {source}"):
            moves.moved(before, target, NOW)


def test_completed_and_cancelled_are_final() -> None:
    assert moves.MOVES[moves.COMPLETED] == moves.MOVES[moves.CANCELLED] == frozenset()


def test_starting_records_the_actual_start_unless_known() -> None:
    assert moves.started(phase(), NOW).actual_start == NOW
    earlier = NOW - timedelta(days=3)
    assert moves.started(phase(actual_start=earlier), NOW).actual_start == earlier


def test_completing_sets_progress_100_and_the_actual_end() -> None:
    done = moves.completed(phase(moves.IN_PROGRESS, progress_percent=Decimal(40)), NOW)
    assert (done.status, done.progress_percent, done.actual_end) == (
        moves.COMPLETED,
        Decimal(100),
        NOW,
    )


@pytest.mark.parametrize("status", [moves.PLANNED, moves.COMPLETED, moves.CANCELLED])
def test_progress_is_recorded_only_in_progress(status: str) -> None:
    with pytest.raises(FailedPrecondition, match="only while in_progress"):
        moves.progressed(phase(status), Decimal(10))
    assert moves.progressed(phase(moves.IN_PROGRESS), Decimal("12.5")).progress_percent == Decimal(
        "12.5"
    )


# -- the percent -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("100", 100), ("42.25", "42.25")])
def test_a_percent_from_0_to_100_with_two_places(text: str, value: object) -> None:
    assert parse_percent(text) == Decimal(str(value))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "is required"),
        ("101", "between 0 and 100"),
        ("-1", "between 0 and 100"),
        ("12.345", "more than 2 decimal places"),
        ("NaN", "not a decimal number"),
        ("1e1000", "between 0 and 100"),
    ],
)
def test_a_bad_percent_is_400_naming_percent(text: str, why: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        parse_percent(text)
    (violation,) = caught.value.violations
    assert violation.field == "percent" and why in violation.description


# -- create ------------------------------------------------------------------------------


def draft(**fields: object) -> PhaseDraft:
    base = PhaseDraft(
        name=" Build ",
        phase_budget=SentMoney("2500.50", "EUR"),
        planned_start=T0,
        planned_end=T0 + timedelta(days=10),
        sequence=2,
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def test_a_new_phase_is_checked_and_trimmed() -> None:
    cost_center = uuid.uuid4()
    new = new_phase(draft(cost_center_id=str(cost_center)), "EUR")
    assert (new.name, new.phase_budget, new.sequence, new.cost_center_id) == (
        "Build",
        Money(Decimal("2500.50"), "EUR"),
        2,
        cost_center,
    )


def test_every_missing_field_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        new_phase(
            PhaseDraft(
                name="  ", phase_budget=None, planned_start=None, planned_end=None, sequence=None
            ),
            "EUR",
        )
    assert fields_of(caught.value) == {
        "name",
        "phase_budget",
        "planned_start",
        "planned_end",
        "sequence",
    }


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"phase_budget": SentMoney("10", "USD")}, "phase_budget.currency"),
        ({"phase_budget": SentMoney("10", "XYZ")}, "phase_budget.currency"),
        ({"phase_budget": SentMoney("-1", "EUR")}, "phase_budget.amount"),
        ({"phase_budget": SentMoney("1.001", "EUR")}, "phase_budget.amount"),
        ({"sequence": 0}, "sequence"),
        ({"sequence": 10001}, "sequence"),
        ({"name": "x" * 201}, "name"),
        ({"name": "a\u202eb"}, "name"),
        ({"cost_center_id": "nope"}, "cost_center_id"),
        ({"planned_end": T0 - timedelta(seconds=1)}, "planned_end"),
    ],
)
def test_a_bad_field_is_400_naming_it(fields: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        new_phase(draft(**fields), "EUR")
    assert fields_of(caught.value) == {field}


def test_a_phase_may_start_and_end_the_same_moment() -> None:
    assert new_phase(draft(planned_end=T0), "EUR").planned_end == T0


# -- update ------------------------------------------------------------------------------


def test_an_update_changes_only_what_is_sent() -> None:
    before = phase(moves.IN_PROGRESS, actual_start=T0)
    after = updated(
        before,
        PhasePatch(actual_cost=SentMoney("99.90", "EUR"), name="Design 2"),
        "EUR",
        NOW,
    )
    assert after == replace(before, actual_cost=Money(Decimal("99.90"), "EUR"), name="Design 2")


def test_an_update_may_move_the_status_with_the_moves_effects() -> None:
    before = phase(moves.IN_PROGRESS, actual_start=T0)
    done = updated(before, PhasePatch(status=moves.COMPLETED), "EUR", NOW)
    assert (done.status, done.progress_percent, done.actual_end) == (
        moves.COMPLETED,
        Decimal(100),
        NOW,
    )
    ended = NOW - timedelta(days=1)
    told = updated(before, PhasePatch(status=moves.COMPLETED, actual_end=ended), "EUR", NOW)
    assert told.actual_end == ended
    assert updated(before, PhasePatch(status=moves.IN_PROGRESS), "EUR", NOW) == before


@pytest.mark.parametrize(
    ("source", "target"), [(s, t) for s, t in EVERY_MOVE if (s, t) not in ALLOWED]
)
def test_an_update_refuses_a_move_not_allowed(source: str, target: str) -> None:
    with pytest.raises(FailedPrecondition):
        updated(phase(source), PhasePatch(status=target), "EUR", NOW)


def test_the_dates_are_checked_together_sent_or_stored() -> None:
    with pytest.raises(InvalidArgument) as caught:
        updated(phase(), PhasePatch(planned_start=T0 + timedelta(days=31)), "EUR", NOW)
    assert fields_of(caught.value) == {"planned_end"}
    started = phase(moves.IN_PROGRESS, actual_start=T0)
    with pytest.raises(InvalidArgument) as caught:
        updated(started, PhasePatch(actual_end=T0 - timedelta(hours=1)), "EUR", NOW)
    assert fields_of(caught.value) == {"actual_end"}


def test_an_update_checks_its_fields_before_the_move() -> None:
    with pytest.raises(InvalidArgument) as caught:
        updated(
            phase(moves.COMPLETED),
            PhasePatch(
                status=moves.PLANNED,
                actual_cost=SentMoney("1", "USD"),
                phase_budget=SentMoney("1", "JPY"),
                name="",
            ),
            "EUR",
            NOW,
        )
    assert fields_of(caught.value) == {"actual_cost.currency", "phase_budget.currency", "name"}


def test_an_unknown_status_is_400() -> None:
    with pytest.raises(InvalidArgument) as caught:
        updated(phase(), PhasePatch(status="#9"), "EUR", NOW)
    assert fields_of(caught.value) == {"status"}


def test_the_cost_center_is_named_or_detached() -> None:
    cost_center = uuid.uuid4()
    charged = updated(phase(), PhasePatch(cost_center_id=str(cost_center)), "EUR", NOW)
    assert charged.cost_center_id == cost_center
    assert updated(charged, PhasePatch(cost_center_id=""), "EUR", NOW).cost_center_id is None
