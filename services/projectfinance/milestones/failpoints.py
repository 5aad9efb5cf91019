"""Fault injection for the invoice saga's tests: named points in the saga's steps where
a configured fault fires (setting FINPLAT_PROJECTFINANCE_SAGA_FAILPOINTS, e.g.
"before_create:crash,after_create:crash,after_issue:error"). Production leaves it
empty, and then every point is a no-op.

Actions: `crash` kills the process on the spot (SIGKILL: nothing drained, no
transaction committed — a replica dying mid-saga); `error` raises `InjectedFailure`,
which the saga treats as main's final refusal of that step (it compensates).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Mapping
from typing import Final

# Before CreateInvoice is sent; after main answered it, before the saga stores the
# invoice; after IssueInvoice answered, before the number is stored; before the
# milestone is marked billed.
BEFORE_CREATE: Final = "before_create"
AFTER_CREATE: Final = "after_create"
AFTER_ISSUE: Final = "after_issue"
BEFORE_RECORD: Final = "before_record"
POINTS: Final = (BEFORE_CREATE, AFTER_CREATE, AFTER_ISSUE, BEFORE_RECORD)
CRASH: Final = "crash"
ERROR: Final = "error"
ACTIONS: Final = (CRASH, ERROR)


class InjectedFailure(Exception):
    """The `error` action of a failpoint."""


def parse(text: str) -> dict[str, str]:
    """ "point:action,…" → {point: action}; an unknown point or action is a ValueError
    (the backend refuses to start with a misspelt failpoint rather than ignore it)."""
    found: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        point, _, action = item.partition(":")
        point, action = point.strip(), action.strip()
        if point not in POINTS:
            raise ValueError(f"unknown saga failpoint {point!r} (known: {', '.join(POINTS)})")
        if action not in ACTIONS:
            raise ValueError(f"unknown failpoint action {action!r} (known: {', '.join(ACTIONS)})")
        found[point] = action
    return found


class Failpoints:
    def __init__(self, actions: Mapping[str, str] | None = None) -> None:
        self._actions = dict(actions or {})

    @classmethod
    def from_setting(cls, text: str) -> Failpoints:
        return cls(parse(text))

    def hit(self, point: str) -> None:
        action = self._actions.get(point)
        if action == CRASH:
            os.kill(os.getpid(), signal.SIGKILL)
        elif action == ERROR:
            raise InjectedFailure(f"failpoint {point}: injected error")


NONE: Final = Failpoints()
