"""The circuit breaker's state machine on an injected clock."""

from __future__ import annotations

from edge.balancing.breaker import BreakerPolicy, BreakerState, CircuitBreaker, Outcome

POLICY = BreakerPolicy(
    failures=3, error_rate=0.5, window=10, min_calls=6, cooldown=30.0, half_open_calls=2
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def breaker() -> tuple[CircuitBreaker, Clock, list[BreakerState]]:
    clock = Clock()
    changes: list[BreakerState] = []
    return CircuitBreaker(POLICY, clock=clock, on_change=changes.append), clock, changes


def state(b: CircuitBreaker) -> BreakerState:
    """Read afresh each time (the state moves with the clock; mypy would pin a literal)."""
    return b.state


def call(b: CircuitBreaker, outcome: Outcome) -> None:
    ticket = b.acquire()
    assert ticket is not None
    b.record(ticket, outcome)


def test_consecutive_failures_open_it() -> None:
    b, _, changes = breaker()
    call(b, Outcome.FAILURE)
    call(b, Outcome.FAILURE)
    call(b, Outcome.SUCCESS)  # breaks the streak
    call(b, Outcome.FAILURE)
    call(b, Outcome.FAILURE)
    assert state(b) is BreakerState.CLOSED
    call(b, Outcome.FAILURE)
    assert state(b) is BreakerState.OPEN
    assert changes == [BreakerState.OPEN]
    assert b.acquire() is None and not b.available()


def test_error_rate_over_the_window_opens_it() -> None:
    b, _, _ = breaker()
    for outcome in [Outcome.FAILURE, Outcome.FAILURE, Outcome.SUCCESS] * 2:
        assert state(b) is BreakerState.CLOSED  # under min_calls until the 6th call
        call(b, outcome)
    assert state(b) is BreakerState.OPEN  # 4 of 6 failed > 50 %


def test_rate_at_the_threshold_keeps_it_closed() -> None:
    b, _, _ = breaker()
    for outcome in [Outcome.SUCCESS, Outcome.FAILURE] * 5:
        call(b, outcome)
    assert state(b) is BreakerState.CLOSED  # 50 % is not above 50 %


def open_breaker() -> tuple[CircuitBreaker, Clock, list[BreakerState]]:
    b, clock, changes = breaker()
    for _ in range(3):
        call(b, Outcome.FAILURE)
    return b, clock, changes


def test_cooldown_then_half_open_trials_close_it() -> None:
    b, clock, changes = open_breaker()
    clock.now += 29.9
    assert state(b) is BreakerState.OPEN
    clock.now += 0.1
    assert state(b) is BreakerState.HALF_OPEN
    first, second = b.acquire(), b.acquire()
    assert first is not None and second is not None
    assert b.acquire() is None  # only two trials
    b.record(first, Outcome.SUCCESS)
    assert state(b) is BreakerState.HALF_OPEN
    b.record(second, Outcome.SUCCESS)
    assert state(b) is BreakerState.CLOSED
    assert changes == [BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED]


def test_a_failed_trial_reopens_for_a_new_cooldown() -> None:
    b, clock, _ = open_breaker()
    clock.now += 30
    ticket = b.acquire()
    assert ticket is not None
    b.record(ticket, Outcome.FAILURE)
    assert state(b) is BreakerState.OPEN
    clock.now += 29
    assert state(b) is BreakerState.OPEN
    clock.now += 1
    assert state(b) is BreakerState.HALF_OPEN


def test_an_abandoned_trial_gives_its_slot_back() -> None:
    b, clock, _ = open_breaker()
    clock.now += 30
    tickets = [b.acquire(), b.acquire()]
    assert None not in tickets and b.acquire() is None
    b.record(tickets[0] or 0, Outcome.ABANDONED)
    assert b.acquire() is not None


def test_a_late_result_from_before_a_transition_is_ignored() -> None:
    b, clock, _ = breaker()
    stale = b.acquire()
    assert stale is not None
    for _ in range(3):
        call(b, Outcome.FAILURE)
    clock.now += 30
    assert state(b) is BreakerState.HALF_OPEN
    b.record(stale, Outcome.FAILURE)  # admitted while closed: says nothing about now
    assert state(b) is BreakerState.HALF_OPEN


def test_domain_answers_are_successes_and_abandoned_calls_count_nothing() -> None:
    b, _, _ = breaker()
    for _ in range(10):
        call(b, Outcome.ABANDONED)
    call(b, Outcome.FAILURE)
    call(b, Outcome.FAILURE)
    assert state(b) is BreakerState.CLOSED
