"""Per-caller quotas declared in the protos (`ServiceRules.quota`), counted with `limits`.

A fixed window per (service, caller), in Redis when `FINPLAT_REDIS_URL` is set so every
replica shares one count, else in process. Losing Redis must not take the API down: the
enforcer falls back to in-process counting (per replica, so briefly more lenient) and
tries Redis again after a short back-off.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

import redis
from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import FixedWindowRateLimiter

from services.runtime.errors import RateLimited
from services.runtime.policy import MethodPolicy
from services.runtime.redis_outage import Outage, fail_fast_pool
from services.runtime.settings import RuntimeSettings

_log = logging.getLogger("finplat.runtime.quota")

_NAMESPACE = "finplat-quota"


@dataclass(frozen=True)
class QuotaDecision:
    allowed: bool
    limit: int
    remaining: int
    reset_at: int  # Unix seconds when the window restarts
    retry_after_seconds: int

    def metadata(self) -> list[tuple[str, str]]:
        """The x-ratelimit-* response metadata (plus retry-after once exhausted)."""
        pairs = [
            ("x-ratelimit-limit", str(self.limit)),
            ("x-ratelimit-remaining", str(self.remaining)),
            ("x-ratelimit-reset", str(self.reset_at)),
        ]
        if not self.allowed:
            pairs.append(("retry-after", str(self.retry_after_seconds)))
        return pairs

    def error(self) -> RateLimited:
        return RateLimited(
            f"rate limit of {self.limit} requests exceeded; retry in {self.retry_after_seconds}s",
            retry_after_seconds=self.retry_after_seconds,
        )


class QuotaEnforcer:
    """Counts calls per caller and decides whether one more is allowed."""

    def __init__(self, settings: RuntimeSettings, *, redis_retry_seconds: float = 5.0) -> None:
        self._settings = settings
        self._redis_retry_seconds = redis_retry_seconds
        self._memory = FixedWindowRateLimiter(MemoryStorage())
        self._redis: FixedWindowRateLimiter | None = None
        if settings.redis_url:
            self._redis = FixedWindowRateLimiter(
                RedisStorage(
                    settings.redis_url,
                    connection_pool=fail_fast_pool(settings.redis_url),
                    wrap_exceptions=True,
                )
            )
        self._outage = Outage("quota storage", redis_retry_seconds, _log)
        self._items: dict[tuple[int, int], RateLimitItem] = {}

    def limit_for(self, policy: MethodPolicy) -> int | None:
        rule = policy.quota
        if rule is None:
            return None
        if rule.limit_setting:
            return int(getattr(self._settings, rule.limit_setting, rule.limit))
        return rule.limit

    def hit(self, policy: MethodPolicy, subject: str) -> QuotaDecision | None:
        """Count one call of `subject`; None when the method's service has no quota."""
        limit = self.limit_for(policy)
        if policy.quota is None or limit is None:
            return None
        item = self._item(limit, policy.quota.window_seconds)
        key = f"{policy.service_name}:{subject}"
        limiter = self._redis if self._redis is not None and self._outage.usable() else None
        if limiter is not None:
            try:
                return _decide(limiter, item, key)
            except (StorageError, redis.RedisError, OSError) as exc:
                self._outage.failed(exc)
        return _decide(self._memory, item, key)

    def _item(self, limit: int, window_seconds: int) -> RateLimitItem:
        item = self._items.get((limit, window_seconds))
        if item is None:
            item = RateLimitItemPerSecond(limit, window_seconds, namespace=_NAMESPACE)
            self._items[(limit, window_seconds)] = item
        return item


def _decide(limiter: FixedWindowRateLimiter, item: RateLimitItem, key: str) -> QuotaDecision:
    allowed = limiter.hit(item, key)
    stats = limiter.get_window_stats(item, key)
    now = time.time()
    reset_at = math.ceil(stats.reset_time)
    return QuotaDecision(
        allowed=allowed,
        limit=item.amount,
        remaining=stats.remaining,
        reset_at=reset_at,
        retry_after_seconds=max(1, math.ceil(stats.reset_time - now)),
    )
