"""What token verifiers outside the main backend ask main: its JWK Set and whether a
token's session is still active. Used by the edge and by backends that accept users'
access tokens; main itself reads its own keys and sessions.

Sync gRPC: verifiers are sync (the backends' thread pools; the edge runs them in a
worker thread).
"""

from __future__ import annotations

from typing import Any

import grpc
from finplat.identity.v1 import keys_pb2, keys_pb2_grpc, sessions_pb2, sessions_pb2_grpc

from services.runtime.principal import Principal


class MainIdentityClient:
    """A `SessionChecker` and a JWKS fetcher backed by main's gRPC API."""

    def __init__(self, target: str, *, timeout: float = 2.0) -> None:
        self._channel = grpc.insecure_channel(target)
        self._jwks = keys_pb2_grpc.JwksServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._sessions = sessions_pb2_grpc.SessionServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._timeout = timeout

    def fetch_jwks(self) -> dict[str, Any]:
        reply: keys_pb2.GetJwksResponse = self._jwks.GetJwks(
            keys_pb2.GetJwksRequest(), timeout=self._timeout
        )
        return {
            "keys": [
                {"kty": k.kty, "use": k.use, "alg": k.alg, "kid": k.kid, "n": k.n, "e": k.e}
                for k in reply.keys
            ]
        }

    def is_active(self, principal: Principal, token: str) -> bool:
        """Main answers with the token itself as the credential: its verifier checks the
        session in its database, so UNAUTHENTICATED means revoked (or expired)."""
        try:
            self._sessions.CheckSession(
                sessions_pb2.CheckSessionRequest(),
                metadata=(("authorization", f"Bearer {token}"),),
                timeout=self._timeout,
            )
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.UNAUTHENTICATED:  # type: ignore[attr-defined]
                return False
            raise
        return True

    def close(self) -> None:
        self._channel.close()
