"""A circuit breaker per backend instance: closed → open → half-open → closed.

Closed: every call passes; the breaker opens after `failures` consecutive transport
failures, or when the failure share of the last `window` calls exceeds `error_rate`
(once `min_calls` are in the window). Open: no call passes until `cooldown` has elapsed,
then half-open. Half-open: `half_open_calls` trial calls pass; all succeeding closes
the breaker, any failing reopens it.

Calls admitted in an earlier state may finish after a transition; each admission carries
the state's generation, so a late result never decides the new state's fate.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class BreakerState(StrEnum):
    CLOSED = "closed"
    HALF_OPEN = "half_open"
    OPEN = "open"


class Outcome(StrEnum):
    SUCCESS = "success"  # the instance answered (domain errors included)
    FAILURE = "failure"  # transport-level failure
    ABANDONED = "abandoned"  # our side gave up (client went away): says nothing


@dataclass(frozen=True, slots=True)
class BreakerPolicy:
    failures: int = 5
    error_rate: float = 0.5
    window: int = 20
    min_calls: int = 10
    cooldown: float = 10.0
    half_open_calls: int = 3


class CircuitBreaker:
    def __init__(
        self,
        policy: BreakerPolicy,
        *,
        clock: Callable[[], float] = time.monotonic,
        on_change: Callable[[BreakerState], None] | None = None,
    ) -> None:
        self.policy = policy
        self._clock = clock
        self._on_change = on_change
        self._state = BreakerState.CLOSED
        self._generation = 0
        self._opened_at = 0.0
        self._consecutive = 0
        self._window: deque[bool] = deque(maxlen=policy.window)  # True = failure
        self._trials_admitted = 0
        self._trials_passed = 0

    @property
    def state(self) -> BreakerState:
        if self._state is BreakerState.OPEN and self._clock() - self._opened_at >= (
            self.policy.cooldown
        ):
            self._move(BreakerState.HALF_OPEN)
        return self._state

    def available(self) -> bool:
        """Would `acquire` admit a call now? (No side effect beyond the cool-down check.)"""
        state = self.state
        if state is BreakerState.CLOSED:
            return True
        return state is BreakerState.HALF_OPEN and (
            self._trials_admitted < self.policy.half_open_calls
        )

    def acquire(self) -> int | None:
        """Admit one call: its ticket for `record`, or None when the breaker refuses."""
        if not self.available():
            return None
        if self._state is BreakerState.HALF_OPEN:
            self._trials_admitted += 1
        return self._generation

    def record(self, ticket: int, outcome: Outcome) -> None:
        if ticket != self._generation:
            return  # admitted before the last transition: not evidence about this state
        if self._state is BreakerState.HALF_OPEN:
            self._record_trial(outcome)
        elif self._state is BreakerState.CLOSED and outcome is not Outcome.ABANDONED:
            self._record_closed(outcome is Outcome.FAILURE)

    def _record_trial(self, outcome: Outcome) -> None:
        if outcome is Outcome.FAILURE:
            self._open()
        elif outcome is Outcome.ABANDONED:
            self._trials_admitted -= 1  # give the trial slot back
        else:
            self._trials_passed += 1
            if self._trials_passed >= self.policy.half_open_calls:
                self._move(BreakerState.CLOSED)

    def _record_closed(self, failed: bool) -> None:
        self._window.append(failed)
        self._consecutive = self._consecutive + 1 if failed else 0
        p = self.policy
        calls = len(self._window)
        rate_exceeded = calls >= p.min_calls and sum(self._window) / calls > p.error_rate
        if self._consecutive >= p.failures or rate_exceeded:
            self._open()

    def _open(self) -> None:
        self._opened_at = self._clock()
        self._move(BreakerState.OPEN)

    def _move(self, state: BreakerState) -> None:
        self._state = state
        self._generation += 1
        self._consecutive = 0
        self._window.clear()
        self._trials_admitted = self._trials_passed = 0
        if self._on_change is not None:
            self._on_change(state)
