"""gRPC servicer of JwksService: the published signing keys as an RFC 7517 JWK Set."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import keys_pb2, keys_pb2_grpc

from services.main.identity.signing import SigningKeys
from services.runtime.tokens.keys import jwk_from_public_key


class JwksServicer(keys_pb2_grpc.JwksServiceServicer):
    def __init__(self, keys: SigningKeys) -> None:
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
