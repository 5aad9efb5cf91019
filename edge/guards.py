"""Role checks and gateway-shaped errors for the edge's own FastAPI endpoints
(management, observability, service discovery).

Proxied routes take their policy from the protos; the edge's own endpoints declare it
here with `require_roles(...)`, and every refusal is rendered in the gateway error body
`{error, message, request_id}` by the one exception handler `install_error_handlers`
registers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from finplat.api.v1 import annotations_pb2
from starlette.exceptions import HTTPException as StarletteHTTPException

from edge import errors
from edge.asgi import REQUEST_ID_SCOPE_KEY
from edge.auth import EdgeAuth
from services.runtime.errors import DomainError
from services.runtime.policy import MethodPolicy
from services.runtime.principal import Principal

GATEWAY = annotations_pb2.ERROR_STYLE_GATEWAY


class GatewayError(Exception):
    """Raised by an edge endpoint; answered as the gateway error body."""

    def __init__(
        self, status: int, reason: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.error = errors.EdgeError(status, reason, message)
        self.headers = headers or {}


def request_id(request: Request) -> str:
    return str(request.scope.get(REQUEST_ID_SCOPE_KEY, ""))


def gateway_response(
    request: Request, error: errors.EdgeError, headers: dict[str, str] | None = None
) -> Response:
    return Response(
        errors.render(GATEWAY, error, request_id(request)),
        status_code=error.status,
        media_type="application/json",
        headers=headers,
    )


def _policy(roles: frozenset[str]) -> MethodPolicy:
    return MethodPolicy(
        full_method="/finplat.edge/management",
        service_name="finplat.edge",
        method_name="management",
        public=False,
        api_key=False,
        roles=roles,
        scopes=frozenset(),
        quota=None,
        backend="edge",
    )


def require_roles(*roles: str) -> Callable[[Request], Awaitable[Principal]]:
    """A FastAPI dependency admitting a caller holding any one of `roles` (401/403 otherwise).

    Usage: `principal: Principal = Depends(require_roles("service", "admin"))`. The token
    is verified by the shared verifier with a role-free policy; the any-of check is ours
    (a proto policy's roles are all required, which is not what these endpoints mean).
    """
    wanted = frozenset(roles)
    verify_only = _policy(frozenset())

    async def admitted(request: Request) -> Principal:
        auth: EdgeAuth | None = getattr(request.app.state, "edge_auth", None)
        authorization = request.headers.get("authorization", "")
        if not authorization:
            raise GatewayError(
                401,
                "UNAUTHORIZED",
                "Authorization header is required",
                {"www-authenticate": "Bearer"},
            )
        if auth is None:
            # No identity provider configured (no main backend, no JWKS URL): nobody can
            # prove a role, so the endpoint is closed rather than open.
            raise GatewayError(503, "SERVICE_UNAVAILABLE", "token verification is not configured")
        try:
            principal = await auth.admit(verify_only, authorization)
        except DomainError as exc:
            refused = errors.from_domain(exc)
            headers = (
                {"www-authenticate": 'Bearer error="invalid_token"'}
                if refused.status == 401
                else {}
            )
            raise GatewayError(refused.status, refused.reason, refused.message, headers) from exc
        if wanted and not wanted & principal.roles:
            needed = " or ".join(sorted(wanted))
            raise GatewayError(403, "FORBIDDEN", f"requires the {needed} role")
        return principal

    return admitted


def install_error_handlers(app: FastAPI) -> None:
    """Every error an edge endpoint raises leaves in the gateway body with request_id."""

    async def on_gateway_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, GatewayError)
        return gateway_response(request, exc.error, exc.headers)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        reason = {
            400: "BAD_REQUEST",
            401: "UNAUTHORIZED",
            403: "FORBIDDEN",
            404: "NOT_FOUND",
            405: "METHOD_NOT_ALLOWED",
            413: "PAYLOAD_TOO_LARGE",
            415: "UNSUPPORTED_MEDIA_TYPE",
        }.get(exc.status_code, "INTERNAL_ERROR" if exc.status_code >= 500 else "BAD_REQUEST")
        return gateway_response(
            request,
            errors.EdgeError(exc.status_code, reason, str(exc.detail)),
            dict(exc.headers or {}),
        )

    async def on_validation_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where} {first.get('msg', 'is invalid')}".strip()
        return gateway_response(request, errors.EdgeError(400, "VALIDATION_ERROR", message))

    app.add_exception_handler(GatewayError, on_gateway_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
