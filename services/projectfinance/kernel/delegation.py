"""Main's TokenExchangeService over gRPC with this backend's own service token
(kernel.delegation_port). Main checks that the caller is a service account and that a
grant is presented by the account it was made for, so a leaked grant is useless without
this backend's client secret."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Final

import grpc
from finplat.identity.v1 import token_exchange_pb2, token_exchange_pb2_grpc

from services.projectfinance.kernel.delegation_port import (
    INVOICING_SCOPE,
    DelegationRefused,
    Grant,
)
from services.projectfinance.kernel.invoice_port import MainUnavailable
from services.projectfinance.kernel.invoicing import CHANNEL_OPTIONS, PASSING
from services.runtime.service_token import ClientCredentials, ServiceTokenUnavailable

ACCESS_TOKEN_TYPE: Final = "urn:ietf:params:oauth:token-type:access_token"
DELEGATION_GRANT_TYPE: Final = "urn:finplat:params:oauth:token-type:delegation_grant"
# Long enough for an approval to be decided over a weekend's end; a saga waiting longer
# waits for a user's call as before. Main caps it at the user's session.
GRANT_LIFETIME: Final = timedelta(days=3)


class MainDelegations:
    """The Delegations of production."""

    def __init__(
        self, target: str, credentials: ClientCredentials, *, timeout: float = 3.0
    ) -> None:
        self._channel = grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
        self._stub = token_exchange_pb2_grpc.TokenExchangeServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._credentials = credentials
        self._timeout = timeout

    def _call(self, method: Callable[..., Any], what: str, request: Any) -> Any:
        """Call with the service token; a refused service token (revoked and reissued,
        or expired in flight) is fetched anew once before the answer counts."""
        for attempt in (1, 2):
            try:
                token = self._credentials()
            except ServiceTokenUnavailable as exc:
                raise MainUnavailable(str(exc)) from None
            try:
                return method(
                    request,
                    metadata=(("authorization", f"Bearer {token}"),),
                    timeout=self._timeout,
                )
            except grpc.RpcError as exc:
                code: grpc.StatusCode = exc.code()  # type: ignore[attr-defined]
                message = f"main's TokenExchangeService.{what}: {code.name} {exc.details() or ''}"  # type: ignore[attr-defined]
                if code in PASSING:
                    raise MainUnavailable(message.strip()) from None
                if code == grpc.StatusCode.UNAUTHENTICATED and attempt == 1:
                    self._credentials.invalidate()
                    continue
                raise DelegationRefused(message.strip()) from None
        raise AssertionError("unreachable")

    def grant(self, user_token: str, purpose: str, now: datetime) -> Grant:
        request = token_exchange_pb2.ExchangeTokenRequest(
            subject_token=user_token,
            subject_token_type=ACCESS_TOKEN_TYPE,
            scope=INVOICING_SCOPE,
            purpose=purpose,
            lifetime_seconds=int(GRANT_LIFETIME.total_seconds()),
        )
        reply = self._call(self._stub.ExchangeToken, "ExchangeToken", request)
        return Grant(reply.access_token, now + timedelta(seconds=reply.expires_in))

    def token(self, grant: str) -> str:
        request = token_exchange_pb2.ExchangeTokenRequest(
            subject_token=grant,
            subject_token_type=DELEGATION_GRANT_TYPE,
            scope=INVOICING_SCOPE,
        )
        reply = self._call(self._stub.ExchangeToken, "ExchangeToken", request)
        token: str = reply.access_token
        return token

    def revoke(self, grant: str) -> None:
        request = token_exchange_pb2.RevokeDelegationRequest(delegation_grant=grant)
        self._call(self._stub.RevokeDelegation, "RevokeDelegation", request)

    def close(self) -> None:
        self._channel.close()
        self._credentials.close()
