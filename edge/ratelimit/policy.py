"""Which counters a request is charged to: its route family's level and the ceilings.

Levels, most specific first:
  family  per user (the Bearer token's `sub`) or, anonymous, per client IP. The family
          is the tier the request's RPC declares (`HttpRules.rate_limit_tier`: the auth
          tier, always per IP: its callers are signing in, not yet users), else the
          longest configured path prefix (FINPLAT_EDGE_RATE_LIMIT_FAMILIES), else default.
  ip      per client IP over every route, token or not (optional).
  global  the whole gateway (optional).

The `sub` is read WITHOUT verifying the token: verification is the transcoder's job,
later on the path, and costs a signature check this hot path must not pay twice. A
forged `sub` buys nothing lasting: the request is refused with a 401 that the security
layer's auto-block counts, and the `ip` level bounds an address that rotates them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from edge.claims import bearer_token, claimed_subject
from edge.ratelimit.settings import RateLimitSettings
from edge.ratelimit.tiers import AUTH, DeclaredTiers, declared_tiers
from services.runtime.windows import Rule

_MAX_SUB = 128


@dataclass(frozen=True, slots=True)
class Family:
    name: str  # the policy name in RateLimit-Policy / RateLimit
    prefix: str  # a configured path prefix; "" for the default and the declared tiers
    limit: int
    per_ip: bool  # keyed by client IP even when a token is present


@dataclass(frozen=True, slots=True)
class Level:
    level: str  # "user" | "ip" | "global": the metrics label
    policy: str  # the policy name clients see
    key: str
    rule: Rule


def token_subject(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The `sub` of a Bearer JWT, unverified; None for no, another or an undecodable token,
    and for a subject too long or unprintable to be a counter key."""
    for name, value in headers:
        if name != b"authorization":
            continue
        token = bearer_token(value)
        sub = claimed_subject(token) if token is not None else None
        if sub is not None and len(sub) <= _MAX_SUB and sub.isprintable():
            return sub
        return None
    return None


def client_ip(scope: Mapping[str, Any]) -> str:
    # uvicorn has already replaced the peer by X-Forwarded-For from trusted proxies.
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RateLimitPolicy:
    def __init__(
        self,
        *,
        window: int = 60,
        default: int = 5000,
        auth: int = 50,
        ip: int = 0,
        global_: int = 0,
        families: Mapping[str, int] | None = None,
        tiers: DeclaredTiers | None = None,
    ) -> None:
        self.window = window
        # Which RPCs declare a tier: by default, those of every proto the edge routes.
        self._tiers = tiers if tiers is not None else declared_tiers()
        self._by_tier: dict[int, Family] = {AUTH: Family("auth", "", auth, True)}
        extra = [Family(prefix, prefix, limit, False) for prefix, limit in (families or {}).items()]
        # Longest prefix first, so the most specific family wins; "" (default) is last.
        self._families = sorted(
            [*extra, Family("default", "", default, False)],
            key=lambda family: len(family.prefix),
            reverse=True,
        )
        self._ip = Rule(ip, window) if ip > 0 else None
        self._global = Rule(global_, window) if global_ > 0 else None

    def describe(self) -> dict[str, Any]:
        """Window, families (tier or prefix, and limit) and the per-IP/global levels."""
        return {
            "window_seconds": self.window,
            "families": [
                {
                    "name": f.name,
                    "prefix": f.prefix or None,
                    "declared_tier": f in self._by_tier.values(),
                    "limit": f.limit,
                    "per_ip": f.per_ip,
                }
                for f in (*self._by_tier.values(), *self._families)
            ],
            "per_ip_limit": self._ip.limit if self._ip else None,
            "global_limit": self._global.limit if self._global else None,
        }

    @classmethod
    def from_settings(cls, settings: RateLimitSettings) -> RateLimitPolicy:
        return cls(
            window=settings.edge_rate_limit_window_seconds,
            default=settings.edge_rate_limit_default,
            auth=settings.edge_rate_limit_auth,
            ip=settings.edge_rate_limit_ip,
            global_=settings.edge_rate_limit_global,
            families=settings.edge_rate_limit_families,
        )

    def family(self, method: str, path: str) -> Family:
        """The declared tier's family of the route, else the longest configured prefix's."""
        declared = self._by_tier.get(self._tiers.tier_of(method, path))
        if declared is not None:
            return declared
        return next(f for f in self._families if path.startswith(f.prefix))

    def levels(self, scope: Mapping[str, Any]) -> tuple[Family, list[Level]]:
        family = self.family(scope.get("method", "GET"), scope.get("path", ""))
        ip = client_ip(scope)
        sub = None if family.per_ip else token_subject(scope.get("headers", ()))
        rule = Rule(family.limit, self.window)
        if sub is not None:
            levels = [Level("user", family.name, f"{family.name}:user:{sub}", rule)]
        else:
            levels = [Level("ip", family.name, f"{family.name}:ip:{ip}", rule)]
        if self._ip is not None:
            levels.append(Level("ip", "ip", f"all:ip:{ip}", self._ip))
        if self._global is not None:
            levels.append(Level("global", "global", "all:global", self._global))
        return family, levels
