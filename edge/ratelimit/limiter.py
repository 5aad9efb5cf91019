"""One decision per request over all its levels, and the headers that report it."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from edge.observability.metrics import GatewayMetrics
from edge.ratelimit.policy import RateLimitPolicy
from edge.ratelimit.settings import RateLimitSettings
from edge.ratelimit.store import Counter
from services.runtime.windows import Decision


@dataclass(frozen=True, slots=True)
class Verdict:
    family: str
    policy: str  # the reported level's policy name
    window: int
    decision: Decision

    @property
    def allowed(self) -> bool:
        return self.decision.allowed

    def headers(self) -> list[tuple[bytes, bytes]]:
        """X-RateLimit-* (the spec) and the IETF RateLimit-Policy / RateLimit fields
        (draft-ietf-httpapi-ratelimit-headers), plus Retry-After when refused."""
        d = self.decision
        name = self.policy.replace("\\", "\\\\").replace('"', '\\"')  # sf-string
        now_to_reset = max(0, d.reset - int(time.time()))
        headers = [
            (b"x-ratelimit-limit", str(d.limit).encode()),
            (b"x-ratelimit-remaining", str(d.remaining).encode()),
            (b"x-ratelimit-reset", str(d.reset).encode()),
            (b"ratelimit-policy", f'"{name}";q={d.limit};w={self.window}'.encode()),
            (b"ratelimit", f'"{name}";r={d.remaining};t={now_to_reset}'.encode()),
        ]
        if not d.allowed:
            headers.append((b"retry-after", str(d.retry_after).encode()))
        return headers


class RateLimiter:
    """Charges a request to each of its levels, most specific first, and stops at the
    first refusal: a user already over their own limit does not eat the global ceiling."""

    def __init__(
        self, policy: RateLimitPolicy, counter: Counter, metrics: GatewayMetrics | None = None
    ) -> None:
        self.policy = policy
        self.counter = counter
        self._metrics = metrics

    @classmethod
    def from_settings(
        cls,
        settings: RateLimitSettings,
        redis_url: str | None,
        *,
        retry_seconds: float = 5.0,
        metrics: GatewayMetrics | None = None,
    ) -> RateLimiter:
        counter = Counter(
            settings.edge_rate_limit_algorithm,
            redis_url,
            retry_seconds=retry_seconds,
            lease_max=settings.edge_rate_limit_lease_max,
            metrics=metrics,
        )
        return cls(RateLimitPolicy.from_settings(settings), counter, metrics)

    async def check(self, scope: Mapping[str, Any]) -> Verdict:
        family, levels = self.policy.levels(scope)
        reported: Verdict | None = None
        for level in levels:
            decision = await self.counter.hit(level.key, level.rule)
            if self._metrics is not None:
                self._metrics.rate_limit_decision(family.name, level.level, decision.allowed)
            # Report the tightest level: the refusal, else the fewest requests left.
            tighter = reported is None or decision.remaining < reported.decision.remaining
            if tighter or not decision.allowed:
                reported = Verdict(family.name, level.policy, level.rule.window, decision)
            if not decision.allowed:
                break
        assert reported is not None  # every request has its family's level
        return reported

    def snapshot(self) -> dict[str, Any]:
        """Configuration and store state, for /observability/dashboard."""
        return {
            "algorithm": self.counter.algorithm,
            "store": "redis" if self.counter.shared else "memory",
            **self.policy.describe(),
        }

    async def aclose(self) -> None:
        await self.counter.aclose()
