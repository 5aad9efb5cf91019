"""Access-token checks at the edge, before any backend is called.

The same `TokenVerifier` as the backends (services/runtime/tokens): keys from main's
JWK Set (over gRPC, or `FINPLAT_JWKS_URL` when set), the session check asked of main
and cached for `session_check_seconds`, verified tokens cached (Redis when
configured). Roles and scopes come from the method's proto-declared policy. The
backend checks everything again (zero trust): the edge's check spares it the work of
refusing, and answers in the gateway's shape.
"""

from __future__ import annotations

import asyncio

from services.runtime.auth import Gatekeeper, bearer_credential
from services.runtime.errors import Unauthenticated
from services.runtime.identity_client import MainIdentityClient
from services.runtime.policy import MethodPolicy
from services.runtime.principal import Principal
from services.runtime.settings import RuntimeSettings
from services.runtime.tokens import JwtAuthenticator, TokenVerifier
from services.runtime.user_tokens import user_token_verifier


def needs_token(policy: MethodPolicy) -> bool:
    """Methods the edge verifies itself: user (JWT) methods. API keys are only known to
    the backend that issued them, so API-key methods are checked there."""
    return not policy.public and not policy.api_key


class EdgeAuth:
    def __init__(self, verifier: TokenVerifier) -> None:
        self._gate = Gatekeeper([JwtAuthenticator(verifier)])

    async def admit(self, policy: MethodPolicy, authorization: str) -> Principal:
        """The caller, authorized for `policy`; raises Unauthenticated / PermissionDenied."""
        credential = bearer_credential([("authorization", authorization)])
        if credential is None:  # the transcoder checks presence first; kept for safety
            raise Unauthenticated("Authorization header is required")
        # Signature checks are CPU work and cache misses do network I/O (JWKS, Redis,
        # main): off the event loop.
        principal = await asyncio.to_thread(self._gate.authenticate, credential)
        self._gate.authorize(policy, principal)
        return principal


def build_edge_auth(
    settings: RuntimeSettings, main_target: str | None
) -> tuple[EdgeAuth | None, MainIdentityClient | None]:
    """The edge's verifier: keys and session checks from main at `main_target`. None
    when there is neither main nor a JWKS URL (a stack without the main backend: its
    user routes answer 503 from the missing backend anyway)."""
    if not main_target and not settings.jwks_url:
        return None, None
    verifier, client = user_token_verifier(settings, main_target)
    return EdgeAuth(verifier), client
