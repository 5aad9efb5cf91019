"""The one generic REST → gRPC handler (a raw ASGI app: no per-request framework work).

Per request: match → credential presence → read body → bind → unary gRPC call (through
the backend's pool: balancing, breakers, retries, one deadline) → render. A streamed
upload route (a client-streaming RPC with a multipart part) reads its body as it
arrives instead and streams it into the call (edge/uploads/); its answer is rendered
the same way. A streamed download route (a server-streaming RPC answering
google.api.HttpBody) relays the call's messages as a chunked response
(edge/downloads/); until its first message it is answered as a unary call. Everything
route-specific (codecs, binder, renderer, error style, upstream method) is compiled at
start-up into a `CompiledRoute`. A path no route matches is answered 404 or 405 in the
error body of the service owning its path family (edge/owners.py).
"""

from __future__ import annotations

import logging
import math
import uuid
from collections.abc import Awaitable, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any

import grpc

from edge import errors
from edge.asgi import (
    BACKEND_SCOPE_KEY,
    MATCH_SCOPE_KEY,
    REQUEST_ID_SCOPE_KEY,
    ROUTE_SCOPE_KEY,
    Message,
    Receive,
    Scope,
    Send,
)
from edge.auth import EdgeAuth, needs_token
from edge.balancing.upstream import (
    NoInstanceAvailable,
    Upstream,
    UpstreamMethod,
    is_idempotent,
)
from edge.binding import BadBody, NotJson, RequestBinder
from edge.codec import DecodeFailed
from edge.descriptors import RouteSpec
from edge.downloads.declaration import is_streamed_download
from edge.downloads.stream import DownloadRoute, FirstByteTimeout, OpenedDownload, StreamTimeouts
from edge.families import FamilyTable
from edge.owners import Owners
from edge.rendering import ResponseRenderer, cookie_paths
from edge.routing import Match, Router, parse_template
from edge.security.body_guard import BodyRefused
from edge.security.content import ContentInspector
from edge.uploads.declaration import is_streamed_upload
from edge.uploads.limits import UploadLimits
from edge.uploads.route import UploadRequest, UploadRoute
from services.runtime.errors import DomainError
from services.runtime.origin import CLIENT_USER_AGENT, FORWARDED_FOR
from services.runtime.policy import MethodPolicy, policy_for
from services.runtime.status import parse_status

log = logging.getLogger("edge.transcoder")

# Response metadata surfaced as HTTP headers (rate limiting), on success and on error.
RELAYED_METADATA = frozenset(
    {"x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"}
)
# Request headers forwarded as metadata. Nothing else is: identity headers a client might
# send (x-user-id, x-tenant-id, x-principal-*) must never reach a backend.
FORWARDED_HEADERS = frozenset({b"authorization", b"x-request-id", b"traceparent", b"tracestate"})
JSON = b"application/json"
DEFAULT_BODY_BYTES = 10 * 1024 * 1024


@dataclass(slots=True)
class CompiledRoute:
    spec: RouteSpec
    binder: RequestBinder
    renderer: ResponseRenderer
    style: int
    policy: MethodPolicy
    needs_credential: bool
    verify_token: bool
    upstream: UpstreamMethod
    upload: UploadRoute | None  # a streamed upload route
    download: DownloadRoute | None  # a streamed download route


def call_deadline(declared: float, default: float) -> float:
    """A unary call's deadline: the edge's own, or the method's declared one
    (HttpRules.timeout_seconds) when that is longer — a whole-history recomputation may
    outlast what an ordinary read is given, an operator's longer setting still wins."""
    return max(default, declared) if math.isfinite(declared) else default


def compile_route(
    spec: RouteSpec,
    cookies: dict[str, str] | None = None,
    uploads: UploadLimits | None = None,
    upload_timeout: float = 600.0,
    streams: StreamTimeouts | None = None,
) -> CompiledRoute:
    """`streams`: the idle and total deadlines of streamed downloads (first_byte is the
    route's own unary deadline, filled in here)."""
    naming = spec.service_rules.json_naming
    template = parse_template(spec.template)
    binder = RequestBinder(
        spec.method.input_type, naming, spec.body, tuple(v.field_path for v in template.variables)
    )
    renderer = ResponseRenderer(
        spec.method.output_type,
        naming,
        spec.response_body,
        spec.http_rules.success_status,
        spec.http_rules.location,
        tuple(spec.http_rules.clear_cookies),
        cookies,
        spec.http_rules.cache_control,
        spec.http_rules.created_field,
        tuple(v.field_path for v in template.variables),
        spec.http_rules.filename_field,
    )
    policy = policy_for(spec.full_method)
    upstream = UpstreamMethod(
        spec.backend,
        spec.full_method,
        spec.request_class.SerializeToString,
        spec.response_class.FromString,
        is_idempotent(spec.http_method, spec.method),
    )
    upload = None
    if is_streamed_upload(spec.method):
        limits = uploads or UploadLimits(default=DEFAULT_BODY_BYTES)
        upload = UploadRoute(binder, naming, upstream, limits, upload_timeout)
    download = None
    if is_streamed_download(spec.method, spec.response_body):
        given = streams or StreamTimeouts(first_byte=10.0, idle=30.0, total=6 * 3600.0)
        first_byte = call_deadline(spec.http_rules.timeout_seconds, given.first_byte)
        timeouts = StreamTimeouts(first_byte, given.idle, max(given.total, first_byte))
        download = DownloadRoute(renderer, upstream, timeouts)
    return CompiledRoute(
        spec=spec,
        binder=binder,
        renderer=renderer,
        style=spec.service_rules.error_style,
        policy=policy,
        needs_credential=not policy.public,
        verify_token=needs_token(policy),
        upstream=upstream,
        upload=upload,
        download=download,
    )


class Transcoder:
    """ASGI app answering every proxied path from the compiled routes."""

    def __init__(
        self,
        specs: Sequence[RouteSpec],
        upstream: Upstream,
        *,
        call_timeout: float,
        max_body_bytes: int,
        auth: EdgeAuth | None = None,
        inspector: ContentInspector | None = None,
        families: FamilyTable | None = None,
        upload_limits: UploadLimits | None = None,
        upload_timeout: float = 600.0,
        stream_idle_timeout: float = 30.0,
        stream_max_seconds: float = 6 * 3600.0,
    ) -> None:
        self.upstream = upstream
        # Who answers for paths no route matches (their family's service, else the gateway).
        self.owners = Owners(families or FamilyTable(), specs)
        self.auth = auth
        # MIME sniffing and malware scanning of request bodies (edge/security/content.py).
        self.inspector = inspector
        # Streamed uploads always check their declared media types (no clamd: no scan).
        self.upload_inspector = inspector or ContentInspector(None)
        self.upload_timeout = upload_timeout
        self.call_timeout = call_timeout
        self.max_body_bytes = max_body_bytes
        self.router: Router[CompiledRoute] = Router()
        self.routes: list[CompiledRoute] = []
        cookies = cookie_paths(
            [m for spec in specs for m in (spec.method.input_type, spec.method.output_type)]
        )
        uploads = upload_limits or UploadLimits(default=max_body_bytes)
        streams = StreamTimeouts(call_timeout, stream_idle_timeout, stream_max_seconds)
        for spec in specs:
            compiled = compile_route(spec, cookies, uploads, upload_timeout, streams)
            self.router.add(spec.http_method, spec.template, compiled)
            self.routes.append(compiled)
        self._upload_methods = frozenset(r.spec.http_method for r in self.routes if r.upload)
        named = {r.upload.part.rules.max_bytes_setting for r in self.routes if r.upload}
        unknown = sorted(set(uploads.overrides) - named)
        if unknown:  # a typo would leave the proto's limit in force without a word
            log.warning("FINPLAT_EDGE_UPLOAD_LIMITS names no upload: %s", ", ".join(unknown))

    def upload_body_timeout(self, scope: Scope) -> float | None:
        """For the body guard: the time a streamed upload route's body may take (its size
        is that route's own limit), or None when the request is not for one."""
        if scope.get("method") not in self._upload_methods:
            return None
        found = scope[MATCH_SCOPE_KEY] = self.router.match(scope["method"], _request_path(scope))
        if isinstance(found, Match) and found.target.upload is not None:
            return self.upload_timeout
        return None

    def start(self) -> None:
        """Start the upstream's health checks (in the app's lifespan)."""
        self.upstream.start()

    @property
    def routed_backends(self) -> list[str]:
        """Every backend some route calls, configured or not (discovery may add it)."""
        return sorted({r.spec.backend for r in self.routes})

    def backend_names(self) -> list[str]:
        """Backends that serve routes and have instances now (readiness checks these; a
        route whose backend has none answers 503 on its own). A method: discovery changes
        the pools while the edge runs."""
        return sorted({r.spec.backend for r in self.routes} & self.upstream.pools.configured())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        request_id = scope.get(REQUEST_ID_SCOPE_KEY) or str(uuid.uuid4())
        method: str = scope["method"]
        if method == "HEAD":
            # HEAD is GET without a body (RFC 9110 §9.3.2): same route, same headers.
            method, send = "GET", _headers_only(send)
        found = scope.pop(MATCH_SCOPE_KEY, None) or self.router.match(method, _request_path(scope))
        if not isinstance(found, Match):
            style = self.owners.of(scope["path"]).style
            await _reply_unmatched(send, style, found.allowed, request_id)
            return
        route = found.target
        style = route.style
        scope[ROUTE_SCOPE_KEY] = route.spec.template
        scope[BACKEND_SCOPE_KEY] = route.spec.backend

        authorization = content_type = cookie = ""
        metadata: list[tuple[str, str]] = []
        content_length = -1
        for name, value in scope["headers"]:
            if name in FORWARDED_HEADERS:
                text = value.decode("latin-1")
                if name == b"authorization":
                    authorization = text
                elif name == b"x-request-id":
                    continue  # ours (validated by the middleware) is sent below
                metadata.append((name.decode("latin-1"), text))
            elif name == b"content-type":
                content_type = value.decode("latin-1")
            elif name == b"content-length":
                content_length = int(value) if value.isdigit() else -1
            elif name == b"cookie":
                cookie = value.decode("latin-1")
            elif name == b"user-agent":
                # gRPC reserves user-agent for its own client string.
                metadata.append((CLIENT_USER_AGENT, value.decode("latin-1")[:512]))

        if route.needs_credential and not authorization:
            error = errors.EdgeError(401, "UNAUTHORIZED", "Authorization header is required")
            await _reply_error(send, style, error, request_id, [(b"www-authenticate", b"Bearer")])
            return
        if route.verify_token and self.auth is not None:
            try:
                await self.auth.admit(route.policy, authorization)
            except DomainError as exc:
                refused = errors.from_domain(exc)
                challenge = (
                    [(b"www-authenticate", b'Bearer error="invalid_token"')]
                    if refused.status == 401
                    else []
                )
                await _reply_error(send, style, refused, request_id, challenge)
                return

        metadata.append(("x-request-id", request_id))
        client = scope.get("client")
        if client:
            metadata.append((FORWARDED_FOR, str(client[0])))
        sticky, set_cookie = self.upstream.affinity.key(authorization, cookie)
        headers: list[tuple[bytes, bytes]] = []
        if set_cookie is not None:
            headers.append((b"set-cookie", set_cookie))

        if route.upload is not None:
            upload = UploadRequest(
                found.params, content_type, content_length, cookie, metadata, sticky, scope
            )
            called = route.upload.call(self.upstream, self.upload_inspector, receive, upload)
            await self._respond(send, route, request_id, headers, called, found.params)
            return

        body = b""
        if route.binder.has_body:
            if content_length > self.max_body_bytes:
                await _reply_error(send, style, errors.too_large(self.max_body_bytes), request_id)
                return
            read = await _read_body(receive, self.max_body_bytes)
            if read is None:
                await _reply_error(send, style, errors.too_large(self.max_body_bytes), request_id)
                return
            body = read
            if body and self.inspector is not None:
                # Bodies are sniffed and scanned before anything decodes them (streamed
                # uploads check their file part as it flows: edge/uploads/).
                unwanted = await self.inspector.inspect_body(content_type, body, None)
                if unwanted is not None:
                    await _reply_error(send, style, unwanted, request_id)
                    return

        try:
            request = route.binder.bind(
                found.params, scope.get("query_string", b""), body, content_type, cookie
            )
        except DecodeFailed as exc:
            await _reply_error(send, style, errors.invalid_input(exc.errors), request_id)
            return
        except BadBody as exc:
            await _reply_error(
                send, style, errors.EdgeError(400, "BAD_REQUEST", str(exc)), request_id
            )
            return
        except NotJson:
            error = errors.EdgeError(
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                "the request body must be JSON: send Content-Type: application/json",
            )
            await _reply_error(send, style, error, request_id)
            return

        if route.download is not None:
            async with AsyncExitStack() as stack:
                opened = route.download.open(
                    stack, self.upstream, request, metadata=metadata, affinity=sticky, scope=scope
                )
                await self._respond(send, route, request_id, headers, opened, found.params, receive)
            return

        called_unary = self.upstream.call(
            route.upstream,
            request,
            metadata=metadata,
            timeout=call_deadline(route.spec.http_rules.timeout_seconds, self.call_timeout),
            affinity=sticky,
            scope=scope,
        )
        await self._respond(send, route, request_id, headers, called_unary, found.params)

    async def _respond(
        self,
        send: Send,
        route: CompiledRoute,
        request_id: str,
        headers: list[tuple[bytes, bytes]],
        called: Awaitable[tuple[Any, Any]],
        params: Mapping[str, str],
        receive: Receive | None = None,
    ) -> None:
        """Await the backend call, then answer its response or its error. `params`: the
        path variables (a Location may name one). A streamed download's call answers
        its first message: the rest is relayed from there (`receive` sees the client
        leave)."""
        style = route.style
        try:
            response, call = await called
        except errors.Refusal as exc:
            await _reply_error(send, style, exc.error, request_id, headers)
            return
        except DecodeFailed as exc:
            await _reply_error(send, style, errors.invalid_input(exc.errors), request_id, headers)
            return
        except NoInstanceAvailable:
            error = errors.EdgeError(
                503, "SERVICE_UNAVAILABLE", "the service is temporarily unavailable"
            )
            await _reply_error(send, style, error, request_id, headers)
            return
        except FirstByteTimeout:
            error = errors.EdgeError(504, "GATEWAY_TIMEOUT", "the service did not answer in time")
            await _reply_error(send, style, error, request_id, headers)
            return
        except grpc.aio.AioRpcError as exc:
            await self._reply_rpc_error(send, route, exc, request_id, headers)
            return
        except BodyRefused:
            raise  # the body guard has answered
        except Exception:
            log.exception(
                "call %s failed", route.spec.full_method, extra={"request_id": request_id}
            )
            error = errors.EdgeError(500, "INTERNAL_ERROR", "internal server error")
            await _reply_error(send, style, error, request_id, headers)
            return
        if isinstance(response, OpenedDownload) and route.download is not None and receive:
            _relay(headers, await call.initial_metadata())
            await route.download.relay(response, headers, params, send, receive, request_id)
            return
        rendered = route.renderer.render(response, params)
        headers = rendered.headers + headers
        _relay(headers, await call.initial_metadata())
        _relay(headers, await call.trailing_metadata())
        await _send(send, rendered.status, headers, rendered.body)

    async def _reply_rpc_error(
        self,
        send: Send,
        route: CompiledRoute,
        exc: grpc.aio.AioRpcError,
        request_id: str,
        headers: list[tuple[bytes, bytes]],
    ) -> None:
        trailing: Any = exc.trailing_metadata() or ()
        parsed = parse_status(exc.code(), exc.details() or "", list(trailing))
        error = errors.from_status(parsed, route.binder.client_path)
        if error.status >= 500:
            log.warning(
                "backend error %s on %s: %s",
                exc.code().name,
                route.spec.full_method,
                exc.details(),
                extra={"request_id": request_id},
            )
        _relay(headers, exc.initial_metadata() or ())
        _relay(headers, trailing)
        retry_after = parsed.retry_after_seconds
        if retry_after is not None and all(k != b"retry-after" for k, _ in headers):
            headers.append((b"retry-after", str(retry_after).encode()))
        await _reply_error(send, route.style, error, request_id, headers)


def _request_path(scope: Scope) -> str:
    """The path as sent (percent-encoded: an encoded '/' stays inside its segment)."""
    raw_path = scope.get("raw_path")
    path: str = raw_path.decode("latin-1") if raw_path else scope["path"]
    return path.partition("?")[0]


def _headers_only(send: Send) -> Send:
    async def send_headers(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return send_headers


def _relay(headers: list[tuple[bytes, bytes]], metadata: Any) -> None:
    for key, value in metadata or ():
        if key in RELAYED_METADATA and isinstance(value, str):
            headers.append((key.encode("latin-1"), value.encode("latin-1")))


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None once it exceeds `limit` (413; the rest is not read)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)  # disconnected: nothing useful will be sent anyway
        chunk: bytes = message.get("body", b"")
        if chunk:
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
        if not message.get("more_body", False):
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)


async def _send(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    if status != 204 and status != 304:
        headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _reply_error(
    send: Send,
    style: int,
    error: errors.EdgeError,
    request_id: str,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    out = headers if headers is not None else []
    out.append((b"content-type", JSON))
    await _send(send, error.status, out, errors.render(style, error, request_id))


async def _reply_unmatched(
    send: Send, style: int, allowed: tuple[str, ...], request_id: str
) -> None:
    """No route: 404, or 405 with Allow, in the body of the service owning the path."""
    if allowed:
        error = errors.EdgeError(405, "METHOD_NOT_ALLOWED", "method not allowed for this path")
        methods = {*allowed, "HEAD"} if "GET" in allowed else set(allowed)
        headers = [(b"allow", ", ".join(sorted(methods)).encode())]
    else:
        error = errors.EdgeError(404, "NOT_FOUND", "no route for this path")
        headers = []
    await _reply_error(send, style, error, request_id, headers)
