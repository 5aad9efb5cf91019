"""Which rate-limit tier a request's RPC declares (`HttpRules.rate_limit_tier`).

The authentication routes' lower limit is a property of those RPCs in their protos (login,
registration, resets… carry `rate_limit_tier: RATE_LIMIT_TIER_AUTH`), not of a path
prefix: a new sign-in RPC gets it by declaring it, wherever its path is. Only the routes
of RPCs that declare a tier are kept, and a path that does not begin with the leading
literal segments (at most two) of one of their templates is answered without a match:
most requests, and this runs on every one. HEAD counts as GET, as the transcoder routes
it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from finplat.api.v1 import annotations_pb2

from edge.descriptors import RouteSpec, discover_routes
from edge.routing import DOUBLE_STAR, STAR, Match, Router, parse_template

UNSPECIFIED = annotations_pb2.RATE_LIMIT_TIER_UNSPECIFIED
AUTH = annotations_pb2.RATE_LIMIT_TIER_AUTH


class DeclaredTiers:
    def __init__(self, routes: Iterable[RouteSpec]) -> None:
        self._router: Router[int] = Router()
        # The leading literal segments of the declaring templates, by count (1 or 2); a
        # template starting with a variable could match any path: no shortcut then.
        self._heads: dict[int, set[tuple[str, ...]]] | None = {1: set(), 2: set()}
        for spec in routes:
            tier = spec.http_rules.rate_limit_tier
            if tier != UNSPECIFIED:
                template = parse_template(spec.template)
                self._router.add(spec.http_method, template, tier)
                literal = []
                for segment in template.segments[:2]:
                    if segment in (STAR, DOUBLE_STAR):
                        break
                    literal.append(segment)
                if not literal:
                    self._heads = None
                elif self._heads is not None:
                    self._heads[len(literal)].add(tuple(literal))

    def tier_of(self, method: str, path: str) -> int:
        """The tier of the route `method path` is for; UNSPECIFIED when it declares none."""
        if self._heads is not None:
            segments = tuple(path[1:].split("/", 2)[:2])
            if segments not in self._heads[2] and segments[:1] not in self._heads[1]:
                return UNSPECIFIED
        found = self._router.match("GET" if method == "HEAD" else method, path)
        return found.target if isinstance(found, Match) else UNSPECIFIED


@lru_cache(maxsize=1)
def declared_tiers() -> DeclaredTiers:
    """The tiers every proto under `finplat` declares (the edge's own route set)."""
    return DeclaredTiers(discover_routes())
