"""What a servicer reads from the gRPC call itself (servicers only: with `projects`, the
kernel modules that know grpc): the actor the audit log records, and the caller's bearer
token, which calls to main carry so main applies the caller's own tenant and scopes."""

from __future__ import annotations

import uuid

import grpc

from services.projectfinance.kernel.actor import Actor
from services.runtime.errors import Unauthenticated
from services.runtime.interceptors.base import metadata_value
from services.runtime.origin import origin_of
from services.runtime.principal import current_user_id

REQUEST_ID = "x-request-id"


def actor_of(context: grpc.ServicerContext) -> Actor:
    """The authenticated user, the origin the edge forwarded and the request id (a
    fresh one for a direct gRPC caller that sent none, or sent an unusable one)."""
    origin = origin_of(context)
    request_id = (metadata_value(context, REQUEST_ID) or "").strip()
    if not request_id or len(request_id) > 64 or not request_id.isprintable():
        request_id = str(uuid.uuid4())
    return Actor(
        user_id=current_user_id(),
        ip_address=origin.ip,
        user_agent=origin.user_agent,
        correlation_id=request_id,
    )


def bearer_token(context: grpc.ServicerContext) -> str:
    """The access token the call was authenticated with (the auth interceptor has
    verified it already)."""
    header = metadata_value(context, "authorization") or ""
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Unauthenticated("authentication required")
    return token.strip()
