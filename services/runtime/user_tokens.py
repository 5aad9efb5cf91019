"""Verifying users' access tokens outside the main backend (the edge and every other
backend that serves users): keys from FINPLAT_JWKS_URL, else main's JWKS over gRPC, and
each token's session checked with main (cached for `session_check_seconds`)."""

from __future__ import annotations

from services.runtime.identity_client import MainIdentityClient
from services.runtime.settings import RuntimeSettings
from services.runtime.tokens import JwksDocumentSource, KeySource, TokenVerifier
from services.runtime.tokens.verifier import verifier_from_settings


def user_token_verifier(
    settings: RuntimeSettings, main_target: str | None
) -> tuple[TokenVerifier, MainIdentityClient | None]:
    """The verifier, and the client to main it uses (close it with the process)."""
    client = MainIdentityClient(main_target) if main_target else None
    keys: KeySource | None = None
    if not settings.jwks_url and client is not None:
        keys = JwksDocumentSource(
            client.fetch_jwks,
            cache_seconds=settings.jwks_cache_seconds,
            min_refetch_seconds=settings.jwks_min_refetch_seconds,
        )
    return verifier_from_settings(settings, keys=keys, session_checker=client), client
