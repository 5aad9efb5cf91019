"""Each strategy's choice over real (never dialled) instances."""

from __future__ import annotations

from collections import Counter

from edge.balancing.breaker import BreakerPolicy
from edge.balancing.instance import Instance
from edge.balancing.strategies import LeastConnections, RoundRobin, SmoothWeighted, make_strategy


def instances(*weights: int) -> list[Instance]:
    return [Instance(f"10.0.0.{n}:50054", w, BreakerPolicy()) for n, w in enumerate(weights, 1)]


def test_round_robin_visits_each_in_turn() -> None:
    pool = instances(1, 1, 1)
    strategy = RoundRobin()
    picks = [strategy.pick(pool).address for _ in range(9)]
    assert Counter(picks) == {i.address: 3 for i in pool}
    assert picks[:3] == picks[3:6] == picks[6:]  # a fixed rotation


def test_least_connections_prefers_the_idlest() -> None:
    pool = instances(1, 1, 1)
    pool[0].in_flight, pool[1].in_flight, pool[2].in_flight = 4, 1, 3
    strategy = LeastConnections()
    assert {strategy.pick(pool).address for _ in range(5)} == {pool[1].address}


def test_least_connections_rotates_among_ties() -> None:
    pool = instances(1, 1, 1)
    strategy = LeastConnections()
    assert {strategy.pick(pool).address for _ in range(3)} == {i.address for i in pool}


def test_smooth_weighted_matches_nginx_sequence() -> None:
    a, b, c = instances(5, 1, 1)
    strategy = SmoothWeighted()
    picks = [strategy.pick([a, b, c]) for _ in range(7)]
    assert picks == [a, a, b, a, c, a, a]


def test_smooth_weighted_shares_follow_weights() -> None:
    pool = instances(3, 2, 1)
    strategy = SmoothWeighted()
    counts = Counter(strategy.pick(pool).address for _ in range(600))
    assert [counts[i.address] for i in pool] == [300, 200, 100]


def test_smooth_weighted_adapts_when_an_instance_leaves() -> None:
    a, b, c = instances(1, 1, 2)
    strategy = SmoothWeighted()
    for _ in range(5):
        strategy.pick([a, b, c])
    counts = Counter(strategy.pick([a, c]).address for _ in range(300))
    assert abs(counts[a.address] - 100) <= 1 and abs(counts[c.address] - 200) <= 1


def test_strategy_names() -> None:
    assert isinstance(make_strategy("round_robin"), RoundRobin)
    assert isinstance(make_strategy("least_connections"), LeastConnections)
    assert isinstance(make_strategy("weighted"), SmoothWeighted)
