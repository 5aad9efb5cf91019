"""A retry budget (Finagle's RetryBudget, Envoy's retry_budget): retries may add at most
`ratio` of the requests seen over the last `ttl` seconds, plus `min_per_second` so a
quiet pool can still retry. When a backend is down, retries cannot multiply its load.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

TTL_SECONDS = 10


class RetryBudget:
    def __init__(
        self,
        ratio: float,
        min_per_second: float,
        *,
        ttl: int = TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ratio = ratio
        self.reserve = min_per_second * ttl
        self.ttl = ttl
        self._clock = clock
        # One bucket per second of the window: [second, requests, retries].
        self._buckets = [[-1, 0, 0] for _ in range(ttl)]

    def _bucket(self) -> list[int]:
        second = math.floor(self._clock())
        bucket = self._buckets[second % self.ttl]
        if bucket[0] != second:
            bucket[:] = [second, 0, 0]
        return bucket

    def _totals(self) -> tuple[int, int]:
        oldest = math.floor(self._clock()) - self.ttl
        live = [b for b in self._buckets if b[0] > oldest]
        return sum(b[1] for b in live), sum(b[2] for b in live)

    def record_request(self) -> None:
        self._bucket()[1] += 1

    def try_withdraw(self) -> bool:
        """Spend one retry if the budget allows it."""
        requests, retries = self._totals()
        if retries + 1 > self.reserve + self.ratio * requests:
            return False
        self._bucket()[2] += 1
        return True
