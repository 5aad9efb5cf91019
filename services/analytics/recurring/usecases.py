"""Recurring-pattern operations, one function per operation, each in one unit of work.

Patterns are derived data: detected from the whole history, stored, and detected again
only when the user's transactions changed since (derived_state: `recurring_version`
behind `version`). Reads therefore cost one SELECT of a few rows, and detection runs at
most once per change, whichever read comes first.
"""

from __future__ import annotations

import uuid
from datetime import date
from typing import TYPE_CHECKING

from services.analytics.recurring import domain
from services.analytics.recurring.detector import detect
from services.analytics.recurring.domain import (
    PatternQuery,
    StoredPattern,
    UpcomingWindow,
)
from services.runtime.clock import Clock, utcnow
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def detect_patterns(uow: Uow, user_id: uuid.UUID, today: date, clock: Clock = utcnow) -> int:
    """Detect the user's patterns from their whole history now, replacing the stored
    ones; returns how many there are."""
    with uow:
        return len(_detect(uow.repos, user_id, today, clock))


def current_patterns(
    uow: Uow,
    user_id: uuid.UUID,
    today: date,
    clock: Clock = utcnow,
    *,
    with_transactions: bool = True,
    min_confidence: float | None = None,
) -> list[StoredPattern]:
    """The user's patterns, detected again first if their transactions changed since.
    Callers that never look at a pattern's transactions pass `with_transactions=False`
    (a faster read; `transaction_ids` may then be empty); callers that use only the
    confident ones say how confident (`min_confidence`)."""
    with uow:
        return patterns_in(
            uow.repos,
            user_id,
            today,
            clock,
            with_transactions=with_transactions,
            min_confidence=min_confidence,
        )


def patterns_in(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    today: date,
    clock: Clock = utcnow,
    *,
    with_transactions: bool = True,
    min_confidence: float | None = None,
) -> list[StoredPattern]:
    """`current_patterns` for a caller already inside a unit of work (suggestions)."""
    if patterns_stale(repos, user_id):
        found = _detect(repos, user_id, today, clock)
        if min_confidence is None:
            return found
        return [p for p in found if p.confidence >= min_confidence]
    return repos.recurring.all_of(
        user_id, with_transactions=with_transactions, min_confidence=min_confidence
    )


def patterns_stale(repos: AnalyticsRepositories, user_id: uuid.UUID) -> bool:
    """Whether the user's transactions changed since their patterns were last detected
    (`patterns_in` then detects them again)."""
    rollups = repos.rollups
    return rollups.recurring_version(user_id) < rollups.version(user_id)


def list_patterns(
    uow: Uow, user_id: uuid.UUID, query: PatternQuery, today: date, clock: Clock = utcnow
) -> Page[StoredPattern]:
    patterns = current_patterns(uow, user_id, today, clock, with_transactions=False)
    return domain.page_of(patterns, query)


def upcoming_transactions(
    uow: Uow, user_id: uuid.UUID, days: int, today: date, clock: Clock = utcnow
) -> UpcomingWindow:
    patterns = current_patterns(
        uow,
        user_id,
        today,
        clock,
        with_transactions=False,
        min_confidence=domain.UPCOMING_CONFIDENCE,
    )
    return domain.upcoming(patterns, today, days)


def _detect(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, clock: Clock
) -> list[StoredPattern]:
    # The version first: a transaction written while detection runs bumps it past the
    # one recorded here, and the next read detects again.
    version = repos.rollups.version(user_id)
    history = repos.recurring.history(user_id)
    found = detect(domain.occurrences_of(history), today=today)
    patterns = domain.stored_patterns(user_id, found, history, clock())
    repos.recurring.replace(user_id, patterns)
    repos.rollups.set_recurring_version(user_id, version)
    return patterns
