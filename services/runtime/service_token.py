"""A backend's own access token: the OAuth2 client-credentials grant against main.

`ClientCredentials` is a `Callable[[], str]` handing out a valid `service` token. It asks
main's ServiceTokenService once, reuses the token, and asks again `REFRESH_MARGIN` before
it expires, so a caller never presents a token about to lapse mid-request. Thread-safe:
the registrar's thread and anything else may call it; concurrent callers share one
fetch. `invalidate()` forgets the token (after a 401: it was revoked).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import grpc
from finplat.identity.v1 import service_accounts_pb2, service_accounts_pb2_grpc

from services.runtime.settings import RuntimeSettings

# Refresh this long before expiry: covers clock skew and the time a request takes.
REFRESH_MARGIN_SECONDS = 60.0
CALL_TIMEOUT_SECONDS = 5.0


class ServiceTokenUnavailable(RuntimeError):
    """Main refused the credentials or could not be reached; the message says which."""


class ClientCredentials:
    def __init__(
        self,
        main_target: str,
        client_id: str,
        client_secret: str,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._channel = grpc.insecure_channel(main_target)
        self._stub = service_accounts_pb2_grpc.ServiceTokenServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._request = service_accounts_pb2.IssueTokenRequest(
            client_id=client_id, client_secret=client_secret
        )
        self._clock = clock
        self._lock = threading.Lock()
        self._token: str | None = None
        self._refresh_at = 0.0

    @classmethod
    def from_settings(cls, settings: RuntimeSettings) -> ClientCredentials | None:
        """The backend's own credentials (FINPLAT_SERVICE_CLIENT_ID / _SECRET) against
        its main; None when they are not configured."""
        if not (settings.service_client_id and settings.service_client_secret):
            return None
        return cls(
            settings.main_grpc_target, settings.service_client_id, settings.service_client_secret
        )

    def __call__(self) -> str:
        with self._lock:
            if self._token is None or self._clock() >= self._refresh_at:
                self._fetch()
            assert self._token is not None
            return self._token

    def invalidate(self) -> None:
        with self._lock:
            self._token = None

    def close(self) -> None:
        self._channel.close()

    def _fetch(self) -> None:
        asked_at = self._clock()
        try:
            reply: service_accounts_pb2.IssueTokenResponse = self._stub.IssueToken(
                self._request, timeout=CALL_TIMEOUT_SECONDS
            )
        except grpc.RpcError as exc:
            raise ServiceTokenUnavailable(
                f"main refused a service token: {exc.code().name} {exc.details()}"
            ) from None
        self._token = reply.access_token
        # Timed from the request, not the answer: the token's clock started at main.
        self._refresh_at = asked_at + max(0.0, reply.expires_in - REFRESH_MARGIN_SECONDS)
