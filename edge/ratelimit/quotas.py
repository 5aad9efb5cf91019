"""The per-caller quota headers of requests the edge answers before the backend.

A service may declare a per-caller quota (`ServiceRules.quota`: the expense service
allows each API key 1000 requests per calendar hour). Its backend counts it
(services/runtime/quota.py) and the transcoder relays its X-RateLimit-* headers. When
the edge refuses a request itself (bad JSON, 404, 405, 413, 415…) the backend never
counted it, yet the quota is still what that client lives under: the answer carries the
quota's headers, not the edge's 5000-per-minute ones, and they must be true.

Where the numbers come from:
- the last X-RateLimit-* the backend returned for the same caller, while their window
  lasts: a request the edge refused was not counted, so they still hold — exactly while
  the caller's traffic goes through this edge, otherwise as of its last call here;
- in a later window, or for a caller not seen yet: the whole limit (the declared limit,
  or the setting its `limit_setting` names when this process has it; every process
  reads the same FINPLAT_* environment), remaining in full, resetting at the end of the
  calendar window (`now // window`, the backend's own windows).
Callers are told apart by a digest of their credential; the credential itself is never
kept. The backend's shared counter in Redis is keyed by the caller's subject (an API
key's id), which the edge does not learn, so it cannot be read from here.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from pydantic import create_model
from pydantic_settings import BaseSettings, SettingsConfigDict

from edge.asgi import Scope
from edge.owners import Owners, ServiceQuota

Headers = list[tuple[bytes, bytes]]
_LIMIT, _REMAINING, _RESET = b"x-ratelimit-limit", b"x-ratelimit-remaining", b"x-ratelimit-reset"
# Callers remembered per edge; the oldest are forgotten first.
MAX_CALLERS = 10_000


class _FinplatSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")


def limit_settings(names: Iterable[str]) -> dict[str, int]:
    """The values of the settings quotas name in `limit_setting` (e.g. expense_rate_limit,
    FINPLAT_EXPENSE_RATE_LIMIT) that are set: typed settings whose fields the protos name."""
    fields: dict[str, object] = {name: (int | None, None) for name in set(names)}
    model = create_model("QuotaLimitSettings", __base__=_FinplatSettings, **fields)  # type: ignore[call-overload]
    values: dict[str, int | None] = model().model_dump()
    return {name: value for name, value in values.items() if value is not None}


@dataclass(frozen=True, slots=True)
class _Seen:
    limit: int
    remaining: int
    reset: int


class QuotaHeaders:
    def __init__(
        self,
        owners: Owners,
        limits: Mapping[str, int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.owners = owners
        self._limits = dict(limits or {})
        self._clock = clock
        self._seen: dict[tuple[str, bytes], _Seen] = {}

    @classmethod
    def from_environment(cls, owners: Owners) -> QuotaHeaders:
        names = [q.rule.limit_setting for q in owners.quotas() if q.rule.limit_setting]
        return cls(owners, limit_settings(names))

    def caller(self, scope: Scope) -> QuotaCaller | None:
        """The quota a request's caller is under, or None (no quota, or no credential:
        an anonymous request is the edge's limits' business only)."""
        quota = self.owners.of(scope.get("path", "")).quota
        if quota is None:
            return None
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                return QuotaCaller(self, quota, hashlib.sha256(value).digest()) if value else None
        return None

    def observe(self, caller: QuotaCaller, headers: Iterable[tuple[bytes, bytes]]) -> None:
        """Remember the quota headers the backend returned for this caller."""
        found: dict[bytes, int] = {}
        for name, value in headers:
            lower = name.lower()
            if lower in (_LIMIT, _REMAINING, _RESET) and value.isdigit():
                found[lower] = int(value)
        if len(found) == 3:
            key = (caller.quota.service, caller.digest)
            self._seen.pop(key, None)  # re-inserted last: the dict is in recency order
            self._seen[key] = _Seen(found[_LIMIT], found[_REMAINING], found[_RESET])
            if len(self._seen) > MAX_CALLERS:
                del self._seen[next(iter(self._seen))]

    def headers(self, caller: QuotaCaller) -> Headers:
        """X-RateLimit-* for a request of this caller that the backend did not count."""
        rule = caller.quota.rule
        now = self._clock()
        reset = (int(now // rule.window_seconds) + 1) * rule.window_seconds
        seen = self._seen.get((caller.quota.service, caller.digest))
        if seen is not None and seen.reset == reset:
            limit, remaining = seen.limit, seen.remaining
        else:
            limit = seen.limit if seen is not None else self.limit(caller.quota)
            remaining = limit
        return [
            (_LIMIT, str(limit).encode()),
            (_REMAINING, str(remaining).encode()),
            (_RESET, str(reset).encode()),
        ]

    def limit(self, quota: ServiceQuota) -> int:
        setting = quota.rule.limit_setting
        return self._limits.get(setting, quota.rule.limit) if setting else quota.rule.limit


@dataclass(frozen=True, slots=True)
class QuotaCaller:
    """One request's caller under one service's quota."""

    view: QuotaHeaders
    quota: ServiceQuota
    digest: bytes

    def observe(self, headers: Iterable[tuple[bytes, bytes]]) -> None:
        self.view.observe(self, headers)

    def headers(self) -> Headers:
        return self.view.headers(self)
