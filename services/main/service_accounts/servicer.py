"""gRPC servicers of ServiceTokenService (public: the client secret is the credential)
and TokenExchangeService (service accounts only)."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import service_accounts_pb2, token_exchange_pb2

from services.main.kernel.caller import current_caller
from services.main.kernel.client import ClientOf
from services.main.kernel.dependencies import Kernel
from services.main.service_accounts import usecases
from services.main.service_accounts.domain.delegation import ExchangeRequest
from services.main.service_accounts.usecases import delegation


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


class TokenExchangeServicer:
    def __init__(self, kernel: Kernel, client_of: ClientOf) -> None:
        self._kernel = kernel
        self._client_of = client_of

    def ExchangeToken(
        self, request: token_exchange_pb2.ExchangeTokenRequest, context: grpc.ServicerContext
    ) -> token_exchange_pb2.ExchangeTokenResponse:
        exchanged = delegation.exchange(
            self._kernel,
            current_caller().user_id,
            ExchangeRequest(
                subject_token=request.subject_token,
                subject_token_type=request.subject_token_type,
                scope=request.scope,
                purpose=request.purpose,
                lifetime_seconds=request.lifetime_seconds,
            ),
            self._client_of(context),
        )
        return token_exchange_pb2.ExchangeTokenResponse(
            access_token=exchanged.token,
            issued_token_type=exchanged.issued_token_type,
            token_type=exchanged.token_type,
            expires_in=exchanged.expires_in,
            scope=" ".join(exchanged.scopes),
            session_id=str(exchanged.session_id),
        )

    def RevokeDelegation(
        self, request: token_exchange_pb2.RevokeDelegationRequest, context: grpc.ServicerContext
    ) -> token_exchange_pb2.RevokeDelegationResponse:
        revoked = delegation.revoke(
            self._kernel,
            current_caller().user_id,
            request.delegation_grant,
            self._client_of(context),
        )
        return token_exchange_pb2.RevokeDelegationResponse(revoked=revoked)
