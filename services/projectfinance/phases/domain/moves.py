"""A phase's statuses and the moves between them (GAPS, spec 3 "States and
transitions"): planned → in_progress (start) → completed (complete, progress 100); a
planned or in-progress phase may be cancelled; completed and cancelled are final. Any
other move is 409 `invalid_transition`.

Each move has its effects, whichever operation makes it (the dedicated POST or a PUT of
`status`): starting records the actual start (unless one is recorded already),
completing sets the progress to 100 and the actual end to the moment it happens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Final

from services.projectfinance.phases.domain.phase import Phase
from services.runtime.errors import FailedPrecondition

PLANNED: Final = "planned"
IN_PROGRESS: Final = "in_progress"
COMPLETED: Final = "completed"
CANCELLED: Final = "cancelled"
STATUSES: Final = (PLANNED, IN_PROGRESS, COMPLETED, CANCELLED)
MOVES: Final[Mapping[str, frozenset[str]]] = {
    PLANNED: frozenset({IN_PROGRESS, CANCELLED}),
    IN_PROGRESS: frozenset({COMPLETED, CANCELLED}),
    COMPLETED: frozenset(),
    CANCELLED: frozenset(),
}
# Whose actual cost counts (a cost center's actual cost, a record's figures).
COUNTED: Final = frozenset({PLANNED, IN_PROGRESS, COMPLETED})
FULL: Final = Decimal(100)


def check_move(phase: Phase, status: str) -> None:
    """409 unless `phase` may move to `status`."""
    if status not in MOVES[phase.status]:
        allowed = ", ".join(sorted(MOVES[phase.status])) or f"none ({phase.status} is final)"
        raise FailedPrecondition(
            f"phase {phase.id} is {phase.status}: it can move to {allowed}, not {status}"
        )


def moved(phase: Phase, status: str, now: datetime) -> Phase:
    """`phase` in `status` with the move's effects; 409 when the move is not allowed."""
    check_move(phase, status)
    if status == IN_PROGRESS:
        return replace(phase, status=status, actual_start=phase.actual_start or now)
    if status == COMPLETED:
        return replace(phase, status=status, progress_percent=FULL, actual_end=now)
    return replace(phase, status=status)


def started(phase: Phase, now: datetime) -> Phase:
    return moved(phase, IN_PROGRESS, now)


def completed(phase: Phase, now: datetime) -> Phase:
    return moved(phase, COMPLETED, now)


def progressed(phase: Phase, percent: Decimal) -> Phase:
    """`phase` at `percent` (checked already); only an in-progress phase has progress
    to record (409 otherwise)."""
    if phase.status != IN_PROGRESS:
        hint = " (start it first)" if phase.status == PLANNED else ""
        raise FailedPrecondition(
            f"phase {phase.id} is {phase.status}: progress is recorded only while "
            f"{IN_PROGRESS}{hint}"
        )
    return replace(phase, progress_percent=percent)
