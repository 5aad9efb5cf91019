"""Enforces the method's proto-declared auth policy and quota, then binds the principal.

Runs outside the error-mapping interceptor, so its rejections go through the same
`abort_with_error` conversion.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import grpc

from services.runtime import errors
from services.runtime.abort import abort_with_error
from services.runtime.auth import Authenticator, Gatekeeper
from services.runtime.call import RpcCall, call_scope
from services.runtime.interceptors.base import Continuation, Handler, Interceptor, wrap_unary
from services.runtime.policy import MethodPolicy, policy_for
from services.runtime.principal import Principal, bind_principal, reset_principal
from services.runtime.quota import QuotaEnforcer


class AuthInterceptor(Interceptor):
    def __init__(
        self, authenticators: Sequence[Authenticator], quota: QuotaEnforcer | None = None
    ) -> None:
        self._gate = Gatekeeper(authenticators)
        self._quota = quota

    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        policy = policy_for(handler_call_details.method)
        if handler.unary_unary is not None:
            return wrap_unary(handler, self._guarded(policy, handler.unary_unary))
        if policy.public:
            return handler  # health checks, reflection
        return self._guard_streaming(policy, handler)

    def _admit(self, policy: MethodPolicy, context: grpc.ServicerContext) -> Principal | None:
        """The admitted caller, or abort the RPC with the rejection's rich status."""
        with call_scope(policy.full_method, context) as call:
            return self._admit_into(call, policy, context)

    def _admit_into(
        self, call: RpcCall, policy: MethodPolicy, context: grpc.ServicerContext
    ) -> Principal | None:
        try:
            principal = self._gate.admit(policy, context.invocation_metadata())
            call.principal = principal
            # Quota after authentication: unauthenticated calls are rejected before
            # doing any work, and counting them would let anyone with a guessed key
            # id drain a real caller's quota. Anonymous calls of public methods have
            # no caller to count; limiting those by IP is the edge's job.
            if principal is not None and self._quota is not None:
                decision = self._quota.hit(policy, principal.subject)
                if decision is not None:
                    call.trailers.extend(decision.metadata())
                    if not decision.allowed:
                        raise decision.error()
        except errors.DomainError as err:
            abort_with_error(context, err, backend=policy.backend)
        return principal

    def _guarded(self, policy: MethodPolicy, inner: Any) -> Any:
        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            with call_scope(policy.full_method, context) as call:
                token = bind_principal(self._admit_into(call, policy, context))
                try:
                    return inner(request, context)
                finally:
                    reset_principal(token)

        return behavior

    def _guard_streaming(self, policy: MethodPolicy, handler: Handler) -> Handler:
        # finplat's RPCs are unary; a streaming one is still checked before it runs
        # (fail closed), with the principal bound while its response stream is produced.
        def stream_behavior(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            principal = self._admit(policy, context)
            token = bind_principal(principal)
            try:
                inner = handler.unary_stream or handler.stream_stream
                assert inner is not None
                yield from inner(request, context)
            finally:
                reset_principal(token)

        def unary_response(request: Any, context: grpc.ServicerContext) -> Any:
            principal = self._admit(policy, context)
            token = bind_principal(principal)
            try:
                assert handler.stream_unary is not None
                return handler.stream_unary(request, context)
            finally:
                reset_principal(token)

        options = {
            "request_deserializer": handler.request_deserializer,
            "response_serializer": handler.response_serializer,
        }
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(stream_behavior, **options)
        if handler.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(stream_behavior, **options)
        return grpc.stream_unary_rpc_method_handler(unary_response, **options)
