"""Connection limits and the request-header deadline, in uvicorn's HTTP protocol.

uvicorn has no header-read timeout: a client that opens a connection and sends its
headers a byte at a time (slowloris) holds the connection forever. These checks must run
before there is a request, so they live in a subclass of uvicorn's httptools protocol
(`uvicorn.Config(http=...)` takes the class) rather than in an ASGI middleware:

- headers not complete `edge_header_timeout_seconds` after the connection opened (or,
  on a kept-alive connection, after the next request's first byte): 408
  `request_timeout`, connection closed.
- more than `edge_max_connections_per_ip` connections from one TCP peer (trusted proxies
  exempt: every client behind them shares their address) or `edge_max_connections` in
  all: the excess connection is answered 503 `service_unavailable` with Retry-After once
  its request headers arrive, then closed. Answering rather than resetting tells a
  well-behaved client to back off; the header deadline still bounds how long a
  misbehaving one holds the socket.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from edge import errors
from edge.observability.metrics import GatewayMetrics
from edge.security.headers import Headers, security_headers
from edge.security.networks import Network, contains, parse_address, parse_networks
from edge.security.replies import count, raw_response
from edge.security.settings import SecuritySettings

REQUEST_TIMEOUT = errors.EdgeError(
    408, "REQUEST_TIMEOUT", "request headers were not received in time"
)


class ConnectionGuard:
    """Open-connection counts of one server process, in total and per client IP."""

    def __init__(
        self,
        max_total: int,
        max_per_ip: int,
        exempt: tuple[Network, ...] = (),
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.max_total = max_total
        self.max_per_ip = max_per_ip
        self.exempt = exempt
        self.metrics = metrics
        self.total = 0
        self.per_ip: Counter[str] = Counter()

    def admit(self, ip: str) -> errors.EdgeError | None:
        """Count the connection in (None), or the refusal to answer it with."""
        if self.total >= self.max_total:
            return self._refuse("the gateway is at its connection limit; retry shortly")
        per_ip = not contains(self.exempt, parse_address(ip))
        if per_ip and self.per_ip[ip] >= self.max_per_ip:
            return self._refuse(
                f"too many open connections from this address (limit {self.max_per_ip})"
            )
        self.total += 1
        self.per_ip[ip] += 1
        return None

    def release(self, ip: str) -> None:
        self.total -= 1
        self.per_ip[ip] -= 1
        if self.per_ip[ip] <= 0:
            del self.per_ip[ip]

    def _refuse(self, message: str) -> errors.EdgeError:
        error = errors.EdgeError(503, "SERVICE_UNAVAILABLE", message)
        count(self.metrics, error)
        return error

    def timed_out(self) -> None:
        count(self.metrics, REQUEST_TIMEOUT)


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol plus the guard; configured by `guarded_http_protocol`."""

    guard: ClassVar[ConnectionGuard]
    header_timeout: ClassVar[float]
    refusal_headers: ClassVar[Headers] = []

    _header_timer: asyncio.TimerHandle | None = None
    _counted_ip: str | None = None
    _refusal: errors.EdgeError | None = None
    _done = False  # answered by the guard: nothing more is parsed or run

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        ip = self.client[0] if self.client else ""
        self._refusal = self.guard.admit(ip)
        if self._refusal is None:
            self._counted_ip = ip
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        if self._counted_ip is not None:
            self.guard.release(self._counted_ip)
            self._counted_ip = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._done:
            super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_timer is None:
            self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._cancel_header_timer()
        if self._done:
            return
        if self._refusal is not None:
            self._answer_and_close(self._refusal, [(b"retry-after", b"1")])
            return
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self._done:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if not self._done:
            super().on_message_complete()

    def _arm_header_timer(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_overdue)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_overdue(self) -> None:
        self._header_timer = None
        if self._done or self.transport.is_closing():
            return
        self.guard.timed_out()
        if self.cycle is not None and not self.cycle.response_complete:
            # A response to an earlier (pipelined) request is still being written: let it
            # finish, then close instead of reading the late request.
            self.cycle.keep_alive = False
            self._done = True
            return
        self._answer_and_close(REQUEST_TIMEOUT)

    def _answer_and_close(
        self, error: errors.EdgeError, extra: Sequence[tuple[bytes, bytes]] = ()
    ) -> None:
        self._done = True
        self.transport.write(raw_response(error, [*extra, *self.refusal_headers]))
        self.transport.close()


def guarded_http_protocol(
    settings: SecuritySettings,
    trusted_proxies: Sequence[str] = (),
    metrics: GatewayMetrics | None = None,
) -> type[GuardedHttpToolsProtocol]:
    """The protocol class for `uvicorn.Config(http=...)`, with one guard per server."""
    configured_guard = ConnectionGuard(
        settings.edge_max_connections,
        settings.edge_max_connections_per_ip,
        parse_networks(trusted_proxies),
        metrics,
    )

    class EdgeHttpProtocol(GuardedHttpToolsProtocol):
        guard = configured_guard
        header_timeout = settings.edge_header_timeout_seconds
        refusal_headers = security_headers(settings.edge_hsts, settings.edge_csp_default)

    return EdgeHttpProtocol
