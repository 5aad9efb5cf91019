"""How a pool picks one instance among the candidates (already health- and
breaker-filtered): round robin, least connections, smooth weighted round robin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class Candidate(Protocol):
    @property
    def address(self) -> str: ...
    @property
    def weight(self) -> int: ...
    @property
    def in_flight(self) -> int: ...


C = TypeVar("C", bound=Candidate)


class Strategy(Protocol):
    def pick(self, candidates: Sequence[C]) -> C:
        """One of `candidates` (never empty)."""
        ...


class RoundRobin:
    def __init__(self) -> None:
        self._turn = 0

    def pick(self, candidates: Sequence[C]) -> C:
        self._turn += 1
        return candidates[self._turn % len(candidates)]


class LeastConnections:
    """Fewest calls in flight; ties are broken in turn so idle pools still rotate."""

    def __init__(self) -> None:
        self._turn = 0

    def pick(self, candidates: Sequence[C]) -> C:
        self._turn += 1
        n = len(candidates)
        rotated = [candidates[(self._turn + i) % n] for i in range(n)]
        return min(rotated, key=lambda c: c.in_flight)


class SmoothWeighted:
    """nginx's smooth weighted round robin: weights 5,1,1 give a,a,b,a,c,a,a — spread out,
    not in bursts. Each pick adds every candidate's weight to its running score, takes the
    highest and subtracts the total from it."""

    def __init__(self) -> None:
        self._score: dict[str, int] = {}

    def pick(self, candidates: Sequence[C]) -> C:
        total = 0
        best: C | None = None
        best_score = 0
        for c in candidates:
            weight = max(c.weight, 1)
            score = self._score.get(c.address, 0) + weight
            self._score[c.address] = score
            total += weight
            if best is None or score > best_score:
                best, best_score = c, score
        assert best is not None, "pick() needs at least one candidate"
        self._score[best.address] = best_score - total
        if len(self._score) > 2 * len(candidates):  # forget instances gone from the pool
            present = {c.address for c in candidates}
            self._score = {a: s for a, s in self._score.items() if a in present}
        return best


def make_strategy(name: str) -> Strategy:
    if name == "least_connections":
        return LeastConnections()
    if name == "weighted":
        return SmoothWeighted()
    return RoundRobin()
