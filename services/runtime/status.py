"""Domain errors as google.rpc.Status on the wire, and back.

The error interceptor builds the rich status of a `DomainError` (`to_status`); the edge
and gRPC clients decode it (`parse_status`) to render each service's documented error
body. Both directions live here so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import grpc
from google.protobuf import duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from services.runtime.errors import Code, DomainError, FieldViolation

DOMAIN_SUFFIX = "finplat.dev"

_CODES_BY_NUMBER = {c.value[0]: c for c in grpc.StatusCode}


def grpc_code(code: Code) -> grpc.StatusCode:
    return _CODES_BY_NUMBER[code.value]


def to_status(error: DomainError, *, domain: str) -> grpc.Status:
    """Build the rich gRPC status (for `context.abort_with_status`) of a domain error."""
    info = error_details_pb2.ErrorInfo(
        reason=error.reason, domain=f"{domain}.{DOMAIN_SUFFIX}", metadata=error.metadata
    )
    status = status_pb2.Status(code=error.code.value, message=error.message)
    status.details.add().Pack(info)
    if error.violations:
        bad = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(
                    field=v.field, description=v.description
                )
                for v in error.violations
            ]
        )
        status.details.add().Pack(bad)
    if error.retry_after_seconds is not None:
        retry = error_details_pb2.RetryInfo(
            retry_delay=duration_pb2.Duration(seconds=error.retry_after_seconds)
        )
        status.details.add().Pack(retry)
    return rpc_status.to_status(status)


def internal_status(message: str = "internal error") -> grpc.Status:
    """The status of an unexpected exception: no internals leak to the caller."""
    status = status_pb2.Status(code=code_pb2.INTERNAL, message=message)
    status.details.add().Pack(
        error_details_pb2.ErrorInfo(reason="INTERNAL_ERROR", domain=DOMAIN_SUFFIX)
    )
    return rpc_status.to_status(status)


@dataclass(frozen=True)
class ParsedStatus:
    """A gRPC error as a client sees it, details decoded."""

    code: grpc.StatusCode
    message: str
    reason: str | None = None
    violations: tuple[FieldViolation, ...] = ()
    metadata: Mapping[str, str] = field(default_factory=dict)
    retry_after_seconds: int | None = None


def parse_status(
    code: grpc.StatusCode, message: str, trailing_metadata: Iterable[tuple[str, str | bytes]] | None
) -> ParsedStatus:
    """Decode the google.rpc.Status details a backend attached to an error, if any."""
    raw = next((v for k, v in trailing_metadata or () if k == "grpc-status-details-bin"), None)
    if not isinstance(raw, bytes):
        return ParsedStatus(code=code, message=message)
    status = status_pb2.Status.FromString(raw)
    reason: str | None = None
    meta: dict[str, str] = {}
    violations: list[FieldViolation] = []
    retry: int | None = None
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reason, meta = info.reason, dict(info.metadata)
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            violations.extend(FieldViolation(v.field, v.description) for v in bad.field_violations)
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            info_retry = error_details_pb2.RetryInfo()
            detail.Unpack(info_retry)
            retry = int(info_retry.retry_delay.seconds)
    return ParsedStatus(
        code=_CODES_BY_NUMBER.get(status.code, code),
        message=status.message or message,
        reason=reason,
        violations=tuple(violations),
        metadata=meta,
        retry_after_seconds=retry,
    )
