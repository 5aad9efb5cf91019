"""gRPC servicer of ServiceTokenService (public: the client secret is the credential)."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import service_accounts_pb2, service_accounts_pb2_grpc

from services.main.identity import service_accounts
from services.main.identity.context import IdentityContext


class ServiceTokenServicer(service_accounts_pb2_grpc.ServiceTokenServiceServicer):
    def __init__(self, ctx: IdentityContext) -> None:
        self._ctx = ctx

    def IssueToken(
        self, request: service_accounts_pb2.IssueTokenRequest, context: grpc.ServicerContext
    ) -> service_accounts_pb2.IssueTokenResponse:
        # The client id names the session's "device", so operators can tell which
        # service account a session or security event belongs to.
        client = self._ctx.client(context, device=request.client_id)
        token = service_accounts.issue_token(
            self._ctx, request.client_id, request.client_secret, client
        )
        return service_accounts_pb2.IssueTokenResponse(
            access_token=token.access_token,
            token_type="Bearer",
            expires_in=token.expires_in,
            session_id=str(token.session_id),
        )
