"""Whether the session behind a valid access token is still active (logout, refresh
reuse), and its user still a member of the token's tenant with the token's role.

A signature proves a token was issued, not that its session survives: the main backend
knows. Asking it on every call would make main a bottleneck, so answers are cached for a
few seconds: a revocation, a removal or a role change takes effect everywhere within
that delay.

Answers are cached per token — its session, tenant, tenant role and `jti` — not per
session: one session holds tokens for several tenants and roles over its life (switching
tenant, a role change then a refresh), and a refusal of one of them says nothing about
the others. Keyed by session alone, the cached refusal of the token of a removed member
would refuse, for an hour, the token the same session gets after being invited back.
"""

from __future__ import annotations

import logging
from typing import Protocol

from services.runtime.errors import Unavailable
from services.runtime.principal import Principal
from services.runtime.tokens.cache import TtlCache

_log = logging.getLogger("finplat.runtime.tokens")

_ACTIVE = b"1"
_REVOKED = b"0"
# A revoked session never becomes active again, and a token refused stays refused (its
# member was removed or given another role: a refresh mints the token that works), so
# "no" can be remembered far longer than "yes"; an hour outlives every access token
# (15 minutes).
REVOKED_TTL_SECONDS = 3600.0


class SessionChecker(Protocol):
    def is_active(self, principal: Principal, token: str) -> bool:
        """Whether `principal.session_id` is still active and its user still a member of
        `principal.tenant_id` in the token's role; may raise when it cannot tell."""
        ...


class CachedSessionChecker:
    """Caches another checker's answer per token (`_cache_key`); fails closed when it
    cannot answer."""

    def __init__(
        self,
        inner: SessionChecker,
        cache: TtlCache,
        ttl_seconds: float,
        *,
        revoked_ttl_seconds: float = REVOKED_TTL_SECONDS,
    ) -> None:
        self._inner = inner
        self._cache = cache
        self._ttl_seconds = ttl_seconds
        self._revoked_ttl_seconds = max(ttl_seconds, revoked_ttl_seconds)

    def is_active(self, principal: Principal, token: str) -> bool:
        session_id = principal.session_id
        if not session_id:
            return False
        key = _cache_key(principal, session_id)
        cached = self._cache.get(key)
        if cached is not None:
            return cached == _ACTIVE
        try:
            active = self._inner.is_active(principal, token)
        except Exception as exc:
            # Fail closed: a session that cannot be checked might be revoked, and a
            # retryable UNAVAILABLE is honest where a 401 would log the user out.
            _log.warning("session check failed for session %s: %s", session_id, exc)
            raise Unavailable("session check unavailable") from exc
        if active:
            self._cache.set(key, _ACTIVE, self._ttl_seconds)
        else:
            self._cache.set(key, _REVOKED, self._revoked_ttl_seconds)
        return active


def _cache_key(principal: Principal, session_id: str) -> str:
    """The token's grant: its session, tenant, tenant role and id (claims the verifier
    has checked; absent ones are empty)."""
    claims = principal.claims
    parts = (session_id, principal.tenant_id, claims.get("tenant_role"), claims.get("jti"))
    return "|".join("" if part is None else str(part) for part in parts)
