"""Where a call comes from: the client IP and User-Agent the edge forwards as metadata
(`x-forwarded-for`, `x-client-user-agent`), else the gRPC peer and the caller's own
user-agent for direct gRPC callers.

Internal gRPC callers are trusted to forward the end user's origin; the edge builds the
metadata itself and never relays a client's own `x-forwarded-for`.
"""

from __future__ import annotations

from dataclasses import dataclass

import grpc

FORWARDED_FOR = "x-forwarded-for"
CLIENT_USER_AGENT = "x-client-user-agent"


@dataclass(frozen=True)
class Origin:
    ip: str
    user_agent: str


def _peer_ip(peer: str) -> str:
    # "ipv4:127.0.0.1:5555", "ipv6:[::1]:5555", "unix:/path"
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        return rest.rpartition(":")[0]
    if kind == "ipv6":
        return rest.rpartition(":")[0].strip("[]")
    return ""


def origin_of(context: grpc.ServicerContext) -> Origin:
    metadata = {k: v for k, v in context.invocation_metadata() or () if isinstance(v, str)}
    forwarded = metadata.get(FORWARDED_FOR, "")
    # The first hop of X-Forwarded-For is the client (the edge writes exactly one).
    ip = forwarded.split(",")[0].strip() if forwarded else _peer_ip(context.peer() or "")
    user_agent = metadata.get(CLIENT_USER_AGENT) or metadata.get("user-agent", "")
    return Origin(ip=ip[:64], user_agent=user_agent[:512])
