"""gRPC servicer of ServiceTokenService (public: the client secret is the credential)."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import service_accounts_pb2

from services.main.kernel.client import ClientOf
from services.main.kernel.dependencies import Kernel
from services.main.service_accounts import usecases


class ServiceTokenServicer:
    def __init__(self, kernel: Kernel, client_of: ClientOf) -> None:
        self._kernel = kernel
        self._client_of = client_of

    def IssueToken(
        self, request: service_accounts_pb2.IssueTokenRequest, context: grpc.ServicerContext
    ) -> service_accounts_pb2.IssueTokenResponse:
        # The client id names the session's "device", so operators can tell which
        # service account a session or security event belongs to.
        client = self._client_of(context, device=request.client_id)
        token = usecases.issue_token(self._kernel, request.client_id, request.client_secret, client)
        return service_accounts_pb2.IssueTokenResponse(
            access_token=token.access_token,
            token_type="Bearer",
            expires_in=token.expires_in,
            session_id=str(token.session_id),
        )
