"""What the cash-flow tests share: a fixed clock, patterns and planned expenses built in
memory, hand-made flows, and the generated history stored for a user."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from services.analytics.cashflow.flows import DiscretionaryMonth, Flow, Flows
from services.analytics.recurring.domain import StoredPattern
from services.runtime.clock import Clock
from tests.services.analytics.recurring.support import a_pattern as recurring_pattern

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
BOB = uuid.UUID("00000000-0000-4000-8000-000000000b0b")
# The generated history ends on 2026-10-31: its series are running today.
NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
TODAY = NOW.date()


def at(moment: datetime) -> Clock:
    return lambda: moment


clock = at(NOW)


def ticking(start: datetime = NOW) -> Clock:
    """A clock a millisecond later at each call (the same day): records taken one after
    the other are told apart by time, as they are in production."""
    moments = itertools.count()
    return lambda: start + timedelta(milliseconds=next(moments))


def a_pattern(**changes: Any) -> StoredPattern:
    """A confident, active monthly debit (Netflix on the 8th, always 11.99), with
    `changes`."""
    return recurring_pattern(**{"max_amount": Decimal("-11.99"), "detected_at": NOW, **changes})


def flow(day: date, amount: str, source: Any = "recurring", confidence: float = 1.0) -> Flow:
    return Flow(day, Decimal(amount), source, confidence)


def month(
    first: date, mean: str, lower: str | None = None, upper: str | None = None
) -> DiscretionaryMonth:
    return DiscretionaryMonth(first, Decimal(mean), Decimal(lower or mean), Decimal(upper or mean))


def flows_of(
    today: date, until: date, *items: Flow, months: tuple[DiscretionaryMonth, ...] = ()
) -> Flows:
    return Flows(today, until, tuple(sorted(items, key=lambda f: f.day)), months)
