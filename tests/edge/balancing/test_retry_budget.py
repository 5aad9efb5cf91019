"""The retry budget on an injected clock."""

from __future__ import annotations

from edge.balancing.retry_budget import RetryBudget


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def spend(budget: RetryBudget) -> int:
    allowed = 0
    while budget.try_withdraw():
        allowed += 1
        assert allowed < 10_000
    return allowed


def test_the_floor_allows_retries_without_traffic() -> None:
    budget = RetryBudget(0.2, 1.0, ttl=10, clock=Clock())
    assert spend(budget) == 10  # 1 per second over 10 s


def test_retries_are_a_share_of_recent_requests() -> None:
    budget = RetryBudget(0.2, 0.0, clock=Clock())
    for _ in range(100):
        budget.record_request()
    assert spend(budget) == 20
    budget.record_request()
    budget.record_request()
    budget.record_request()
    budget.record_request()
    budget.record_request()
    assert spend(budget) == 1  # 0.2 * 105 = 21


def test_the_window_slides() -> None:
    clock = Clock()
    budget = RetryBudget(0.5, 0.0, ttl=10, clock=clock)
    for _ in range(10):
        budget.record_request()
    assert spend(budget) == 5
    clock.now += 5
    assert spend(budget) == 0  # still inside the window
    clock.now += 5
    assert spend(budget) == 0  # requests and retries expired together
    for _ in range(4):
        budget.record_request()
    assert spend(budget) == 2


def test_no_budget_no_retries() -> None:
    budget = RetryBudget(0.0, 0.0, clock=Clock())
    budget.record_request()
    assert not budget.try_withdraw()
