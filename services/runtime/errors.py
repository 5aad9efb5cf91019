"""The single domain-error hierarchy and its google.rpc.Status form.

Backends raise these; the error interceptor turns them into a gRPC status whose
details carry an `ErrorInfo` (stable UPPER_SNAKE `reason`, AIP-193) and, for bad input,
a `BadRequest` with one violation per field (proto field paths, e.g. "expense.amount").
The edge reads the same details back (`parse_status`) to render each service's documented
REST error body. Both directions live here so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import grpc
from google.protobuf import duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

DOMAIN_SUFFIX = "finplat.dev"


@dataclass(frozen=True)
class FieldViolation:
    """One bad field: its proto path (dots between levels) and what is wrong with it."""

    field: str
    description: str


class DomainError(Exception):
    """Base of every error a backend raises on purpose. Anything else is INTERNAL."""

    code: grpc.StatusCode = grpc.StatusCode.INTERNAL
    reason: str = "INTERNAL_ERROR"

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        violations: Sequence[FieldViolation] = (),
        metadata: Mapping[str, str] | None = None,
        retry_after_seconds: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.violations = tuple(violations)
        self.metadata = dict(metadata or {})
        self.retry_after_seconds = retry_after_seconds


class InvalidArgument(DomainError):
    code = grpc.StatusCode.INVALID_ARGUMENT
    reason = "VALIDATION_ERROR"

    @classmethod
    def for_field(cls, field_path: str, description: str) -> InvalidArgument:
        return cls(
            f"{field_path}: {description}", violations=[FieldViolation(field_path, description)]
        )


class Unauthenticated(DomainError):
    code = grpc.StatusCode.UNAUTHENTICATED
    reason = "UNAUTHORIZED"


class PermissionDenied(DomainError):
    code = grpc.StatusCode.PERMISSION_DENIED
    reason = "FORBIDDEN"


class NotFound(DomainError):
    code = grpc.StatusCode.NOT_FOUND
    reason = "NOT_FOUND"


class AlreadyExists(DomainError):
    code = grpc.StatusCode.ALREADY_EXISTS
    reason = "ALREADY_EXISTS"


class FailedPrecondition(DomainError):
    """A state-machine move that is not allowed (REST 409)."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    reason = "INVALID_TRANSITION"


class RateLimited(DomainError):
    code = grpc.StatusCode.RESOURCE_EXHAUSTED
    reason = "RATE_LIMITED"


class Unavailable(DomainError):
    code = grpc.StatusCode.UNAVAILABLE
    reason = "SERVICE_UNAVAILABLE"


def to_status(error: DomainError, *, domain: str) -> grpc.Status:
    """Build the rich gRPC status (for `context.abort_with_status`) of a domain error."""
    info = error_details_pb2.ErrorInfo(
        reason=error.reason, domain=f"{domain}.{DOMAIN_SUFFIX}", metadata=error.metadata
    )
    status = status_pb2.Status(code=error.code.value[0], message=error.message)
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


_CODES_BY_NUMBER = {c.value[0]: c for c in grpc.StatusCode}


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
