"""Access-token verification shared by the edge and every backend's auth interceptor.

Build one `TokenVerifier` per process (`verifier_from_settings`) and register a
`JwtAuthenticator` around it with the gatekeeper.
"""

from services.runtime.tokens.authenticator import JwtAuthenticator
from services.runtime.tokens.cache import (
    MemoryTtlCache,
    RedisTtlCache,
    TieredTtlCache,
    TtlCache,
    make_cache,
)
from services.runtime.tokens.keys import (
    JwksDocumentSource,
    KeySource,
    http_jwks_source,
    jwk_from_public_key,
    jwks_document,
)
from services.runtime.tokens.sessions import CachedSessionChecker, SessionChecker
from services.runtime.tokens.verifier import (
    ACCESS_TOKEN_TYPE,
    TokenVerifier,
    VerifierConfig,
    config_from_settings,
    make_token_cache,
    principal_from_claims,
    verifier_from_settings,
)

__all__ = [
    "ACCESS_TOKEN_TYPE",
    "CachedSessionChecker",
    "JwksDocumentSource",
    "JwtAuthenticator",
    "KeySource",
    "MemoryTtlCache",
    "RedisTtlCache",
    "SessionChecker",
    "TieredTtlCache",
    "TokenVerifier",
    "TtlCache",
    "VerifierConfig",
    "config_from_settings",
    "http_jwks_source",
    "jwk_from_public_key",
    "jwks_document",
    "make_cache",
    "make_token_cache",
    "principal_from_claims",
    "verifier_from_settings",
]
