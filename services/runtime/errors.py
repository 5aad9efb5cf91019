"""The single domain-error hierarchy.

Backends raise these; the error interceptor turns them into a gRPC status
(services.runtime.status) whose details carry an `ErrorInfo` (stable UPPER_SNAKE
`reason`, AIP-193) and, for bad input, a `BadRequest` with one violation per field.
Pure Python on purpose: domain modules raise these, and the layering contract keeps
grpc and SQLAlchemy out of the domain.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class Code(enum.Enum):
    """The canonical status codes an error can carry (google.rpc.Code's numbers; the
    names are grpc.StatusCode's, which services.runtime.status maps them to)."""

    INVALID_ARGUMENT = 3
    DEADLINE_EXCEEDED = 4
    NOT_FOUND = 5
    ALREADY_EXISTS = 6
    PERMISSION_DENIED = 7
    RESOURCE_EXHAUSTED = 8
    FAILED_PRECONDITION = 9
    ABORTED = 10
    OUT_OF_RANGE = 11
    UNIMPLEMENTED = 12
    INTERNAL = 13
    UNAVAILABLE = 14
    UNAUTHENTICATED = 16


@dataclass(frozen=True)
class FieldViolation:
    """One bad field: its proto path (dots between levels) and what is wrong with it."""

    field: str
    description: str


class DomainError(Exception):
    """Base of every error a backend raises on purpose. Anything else is INTERNAL."""

    code: Code = Code.INTERNAL
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
    code = Code.INVALID_ARGUMENT
    reason = "VALIDATION_ERROR"

    @classmethod
    def for_field(cls, field_path: str, description: str) -> InvalidArgument:
        return cls(
            f"{field_path}: {description}", violations=[FieldViolation(field_path, description)]
        )


class Unprocessable(DomainError):
    """Input that is well formed field by field but breaks a rule across fields or
    against stored data (allocations above the budget's total, an end before the start):
    REST 422 naming the field. INVALID_ARGUMENT to gRPC callers, which have no such
    distinction; the reason tells the edge (edge.errors.REASON_STATUS)."""

    code = Code.INVALID_ARGUMENT
    reason = "UNPROCESSABLE"

    @classmethod
    def for_field(cls, field_path: str, description: str) -> Unprocessable:
        return cls(
            f"{field_path}: {description}", violations=[FieldViolation(field_path, description)]
        )


class Unauthenticated(DomainError):
    code = Code.UNAUTHENTICATED
    reason = "UNAUTHORIZED"


class PermissionDenied(DomainError):
    code = Code.PERMISSION_DENIED
    reason = "FORBIDDEN"


class NotFound(DomainError):
    code = Code.NOT_FOUND
    reason = "NOT_FOUND"


class AlreadyExists(DomainError):
    code = Code.ALREADY_EXISTS
    reason = "ALREADY_EXISTS"


class FailedPrecondition(DomainError):
    """A state-machine move that is not allowed (REST 409)."""

    code = Code.FAILED_PRECONDITION
    reason = "INVALID_TRANSITION"


class RateLimited(DomainError):
    code = Code.RESOURCE_EXHAUSTED
    reason = "RATE_LIMITED"


class Unavailable(DomainError):
    code = Code.UNAVAILABLE
    reason = "SERVICE_UNAVAILABLE"


def raise_if_any(violations: Sequence[FieldViolation]) -> None:
    """One InvalidArgument carrying every violation found, if there is any: callers
    validate a whole input and report all of its problems at once."""
    if violations:
        summary = "; ".join(f"{v.field}: {v.description}" for v in violations)
        raise InvalidArgument(f"invalid request: {summary}", violations=violations)
