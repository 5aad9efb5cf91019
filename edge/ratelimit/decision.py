"""What every algorithm answers: one `Decision` per counted request and level."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """`limit` requests per `window` seconds."""

    limit: int
    window: int


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    limit: int
    remaining: int
    reset: int  # Unix seconds when the quota is replenished (the window restarts)
    retry_after: int  # seconds to wait before retrying; 0 when allowed

    @classmethod
    def of(
        cls,
        allowed: bool,
        limit: int,
        remaining: float,
        reset_at: float,
        now: float,
        retry_at: float | None = None,
    ) -> Decision:
        """From an algorithm's raw figures (Unix times as floats). `retry_at` is when one
        more request fits, if earlier than `reset_at` (a token bucket refills gradually)."""
        # Whole seconds for the headers; a refused caller always waits at least 1 s so
        # that "Retry-After: 0" never invites an immediate retry storm.
        retry = reset_at if retry_at is None else retry_at
        return cls(
            allowed=allowed,
            limit=limit,
            remaining=max(0, min(limit, math.floor(remaining))),
            reset=math.ceil(reset_at),
            retry_after=0 if allowed else max(1, math.ceil(retry - now)),
        )
