"""The consistent-hash ring behind sticky sessions."""

from __future__ import annotations

from collections import Counter

from edge.balancing.hashring import HashRing

NODES = [f"10.0.0.{n}:50054" for n in range(1, 6)]
KEYS = [f"sub:user-{n}" for n in range(5000)]


def test_mapping_is_stable_and_independent_of_insertion_order() -> None:
    first = HashRing(NODES)
    second = HashRing(reversed(NODES))
    assert [first.owner(k) for k in KEYS] == [second.owner(k) for k in KEYS]


def test_keys_spread_over_every_node() -> None:
    ring = HashRing(NODES)
    counts = Counter(ring.owner(k) for k in KEYS)
    assert set(counts) == set(NODES)
    assert min(counts.values()) > len(KEYS) / len(NODES) / 2  # virtual nodes even it out


def test_only_the_leaving_nodes_keys_move() -> None:
    ring = HashRing(NODES)
    before = {k: ring.owner(k) for k in KEYS}
    ring.remove(NODES[2])
    after = {k: ring.owner(k) for k in KEYS}
    moved = {k for k in KEYS if before[k] != after[k]}
    assert moved == {k for k in KEYS if before[k] == NODES[2]}
    ring.add(NODES[2])
    assert {k: ring.owner(k) for k in KEYS} == before  # and they come back


def test_walk_yields_each_node_once_owner_first() -> None:
    ring = HashRing(NODES)
    walk = list(ring.walk("sub:alice"))
    assert walk[0] == ring.owner("sub:alice")
    assert sorted(walk) == sorted(NODES)


def test_the_fallback_is_the_next_owner_after_removal() -> None:
    ring = HashRing(NODES)
    owner, fallback = list(ring.walk("sub:bob"))[:2]
    ring.remove(owner)
    assert ring.owner("sub:bob") == fallback


def test_empty_ring() -> None:
    assert HashRing().owner("x") is None
    assert list(HashRing().walk("x")) == []
