"""Whether the session behind a valid access token is still active (logout, refresh reuse).

A signature proves a token was issued, not that its session survives: the main backend
knows. Asking it on every call would make main a bottleneck, so answers are cached per
session for a few seconds: revocation takes effect everywhere within that delay.
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
# A revoked session never becomes active again, so "no" can be remembered far longer
# than "yes"; an hour outlives every access token issued for it (15 minutes).
REVOKED_TTL_SECONDS = 3600.0


class SessionChecker(Protocol):
    def is_active(self, principal: Principal, token: str) -> bool:
        """Whether `principal.session_id` is still active; may raise when it cannot tell."""
        ...


class CachedSessionChecker:
    """Caches another checker's answer per session id; fails closed when it cannot answer."""

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
        cached = self._cache.get(session_id)
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
            self._cache.set(session_id, _ACTIVE, self._ttl_seconds)
        else:
            self._cache.set(session_id, _REVOKED, self._revoked_ttl_seconds)
        return active
