"""The `Authenticator` for access tokens: plugs the verifier into the auth gatekeeper."""

from __future__ import annotations

import re

from services.runtime.principal import Principal
from services.runtime.tokens.verifier import TokenVerifier

# JWS compact serialisation of a JSON header: `{"` base64url-encodes to `eyJ`. The
# signature may be empty so that an unsigned (`alg: none`) token still reaches the
# verifier and is rejected as an invalid access token, not as an unknown credential.
_COMPACT_JWT = re.compile(r"eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*")


class JwtAuthenticator:
    """Accepts credentials shaped like a JWT and verifies them as access tokens."""

    def __init__(self, verifier: TokenVerifier) -> None:
        self._verifier = verifier

    def accepts(self, credential: str) -> bool:
        return _COMPACT_JWT.fullmatch(credential) is not None

    def authenticate(self, credential: str) -> Principal:
        return self._verifier.verify(credential)
