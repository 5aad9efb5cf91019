"""gRPC servicer of JwksService: the published signing keys as an RFC 7517 JWK Set."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import keys_pb2

from services.main.kernel.tokens import KeyRing
from services.runtime.tokens.keys import jwk_from_public_key


class JwksServicer:
    def __init__(self, keys: KeyRing) -> None:
        self._keys = keys

    def GetJwks(
        self, request: keys_pb2.GetJwksRequest, context: grpc.ServicerContext
    ) -> keys_pb2.GetJwksResponse:
        return keys_pb2.GetJwksResponse(
            keys=[
                keys_pb2.Jwk(**jwk_from_public_key(key.public_key, key.kid))
                for key in self._keys.published()
            ]
        )
