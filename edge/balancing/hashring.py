"""A consistent-hash ring with virtual nodes (Karger et al.; as in Envoy's ring_hash).

Each node is placed `replicas` times on a 64-bit ring; a key belongs to the first node
clockwise from its hash. When a node leaves, only its keys move; `walk` yields the
following distinct nodes, the fallbacks when the owner is unavailable.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Iterable, Iterator

DEFAULT_REPLICAS = 160


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class HashRing:
    def __init__(self, nodes: Iterable[str] = (), replicas: int = DEFAULT_REPLICAS) -> None:
        self.replicas = replicas
        self._nodes: set[str] = set()
        self._points: list[int] = []
        self._owners: list[str] = []
        for node in nodes:
            self._nodes.add(node)
        self._rebuild()

    @property
    def nodes(self) -> frozenset[str]:
        return frozenset(self._nodes)

    def add(self, node: str) -> None:
        if node not in self._nodes:
            self._nodes.add(node)
            self._rebuild()

    def remove(self, node: str) -> None:
        if node in self._nodes:
            self._nodes.discard(node)
            self._rebuild()

    def _rebuild(self) -> None:
        points = sorted(
            (_hash(f"{node}#{i}"), node) for node in self._nodes for i in range(self.replicas)
        )
        self._points = [p for p, _ in points]
        self._owners = [n for _, n in points]

    def walk(self, key: str) -> Iterator[str]:
        """The key's owner, then each other node in ring order (each node once)."""
        if not self._points:
            return
        start = bisect.bisect(self._points, _hash(key))
        seen: set[str] = set()
        count = len(self._points)
        for step in range(count):
            node = self._owners[(start + step) % count]
            if node not in seen:
                seen.add(node)
                yield node
                if len(seen) == len(self._nodes):
                    return

    def owner(self, key: str) -> str | None:
        return next(self.walk(key), None)
