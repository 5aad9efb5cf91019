"""Per-caller quotas declared in the protos (`ServiceRules.quota`).

A fixed window per (service, caller), counted with the windows the edge's rate limiter
uses (services/runtime/windows.py): in Redis when `FINPLAT_REDIS_URL` is set, so every
replica shares one count, else in process. Losing Redis must not take the API down: the
enforcer falls back to in-process counting (per replica, so briefly more lenient) and
tries Redis again after a short back-off.

Windows are calendar windows (`now // window_seconds`): every replica, and Redis, agree
on when a window restarts, whichever saw the first call.

Why not `limits` any more: its MemoryStorage expires keys with a `threading.Timer`, a
thread started on the request path (thread churn in a loaded backend), and its Redis
strategy takes two round trips per decision (hit, then window stats) where
`WINDOW_SCRIPT` takes one. `LocalWindow` takes no lock (the edge calls it on its event
loop); gRPC's sync server calls `hit` from many threads, so the quota holds a lock
around it.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis
from redis.commands.core import Script

from services.runtime.errors import RateLimited
from services.runtime.policy import MethodPolicy
from services.runtime.redis_outage import Outage, fail_fast_pool
from services.runtime.settings import RuntimeSettings
from services.runtime.windows import WINDOW_SCRIPT, Decision, Grant, LocalWindow, Rule, script_call

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
    """Counts calls per caller and decides whether one more is allowed (thread-safe)."""

    def __init__(
        self,
        settings: RuntimeSettings,
        *,
        redis_retry_seconds: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._settings = settings
        self._redis_retry_seconds = redis_retry_seconds
        self._clock = clock
        self._memory = LocalWindow("fixed_window", clock)
        self._memory_lock = threading.Lock()
        self._script: Script | None = None
        if settings.redis_url:
            client = redis.Redis(connection_pool=fail_fast_pool(settings.redis_url))
            self._script = client.register_script(WINDOW_SCRIPT)
        self._outage = Outage("quota storage", redis_retry_seconds, _log)

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
        rule = Rule(limit, policy.quota.window_seconds)
        key = f"{policy.service_name}:{subject}"
        if self._script is not None and self._outage.usable():
            try:
                return self._hit_redis(self._script, key, rule)
            except (redis.RedisError, OSError) as exc:
                self._outage.failed(exc)
        with self._memory_lock:
            decision = self._memory.hit(key, rule)
            now = self._clock()
        return _quota_decision(decision, now)

    def _hit_redis(self, script: Script, key: str, rule: Rule) -> QuotaDecision:
        """One round trip: `WINDOW_SCRIPT` reads, decides and counts (fixed window)."""
        now = self._clock()
        call = script_call(_NAMESPACE, key, rule, now, sliding=False)
        grant = Grant.from_reply(script(keys=call.keys, args=call.args), now)
        return _quota_decision(grant.decision(False, rule), now)


def _quota_decision(decision: Decision, now: float) -> QuotaDecision:
    return QuotaDecision(
        allowed=decision.allowed,
        limit=decision.limit,
        remaining=decision.remaining,
        reset_at=decision.reset,
        # `Decision` says 0 while allowed; the quota reports the wait until the reset.
        retry_after_seconds=decision.retry_after or max(1, math.ceil(decision.reset - now)),
    )
