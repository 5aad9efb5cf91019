"""In-process windows (services/runtime/windows.py, used by the edge's limiter and the
backends' quotas) on a controlled clock."""

from __future__ import annotations

from services.runtime.windows import SWEEP_EVERY, LocalWindow, Rule


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_fixed_window_counts_then_restarts_at_the_calendar_boundary() -> None:
    clock = Clock(1000.0)  # window 10: [1000, 1010)
    window = LocalWindow("fixed_window", clock)
    rule = Rule(3, 10)
    decisions = [window.hit("k", rule) for _ in range(4)]
    assert [d.allowed for d in decisions] == [True, True, True, False]
    assert [d.remaining for d in decisions] == [2, 1, 0, 0]
    assert decisions[-1].reset == 1010 and decisions[-1].retry_after == 10
    clock.now = 1010.0
    assert window.hit("k", rule).remaining == 2


def test_sliding_window_weighs_the_previous_window_by_its_overlap() -> None:
    clock = Clock(1000.0)
    window = LocalWindow("sliding_window", clock)
    rule = Rule(10, 10)
    assert all(window.hit("k", rule).allowed for _ in range(10))
    clock.now = 1012.5  # 75% of the previous window still overlaps: 7.5 count
    allowed = [window.hit("k", rule).allowed for _ in range(4)]
    assert allowed == [True, True, True, False]  # floor(7.5 + n) + 1 <= 10, as in limits
    refused = window.hit("k", rule)
    # One more fits once 0.5 of the previous window's weight (1 of its 10) has decayed.
    assert refused.remaining == 0 and 1013 <= refused.reset <= 1014
    clock.now = 1030.0  # both windows gone
    assert window.hit("k", rule).remaining == 9


def test_keys_and_window_lengths_are_counted_apart() -> None:
    window = LocalWindow("fixed_window", Clock(1000.0))
    assert window.hit("a", Rule(2, 10)).remaining == 1
    assert window.hit("b", Rule(2, 10)).remaining == 1
    assert window.hit("a", Rule(5, 60)).remaining == 4


def test_idle_keys_are_swept() -> None:
    clock = Clock(1000.0)
    window = LocalWindow("sliding_window", clock)
    rule = Rule(100, 10)
    for n in range(50):
        window.hit(f"old-{n}", rule)
    clock.now = 1030.0  # two windows later: the old keys can no longer weigh anything
    for n in range(SWEEP_EVERY):
        window.hit(f"new-{n % 10}", rule)
    assert len(window) == 10
