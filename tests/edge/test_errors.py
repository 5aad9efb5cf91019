"""The gRPC→HTTP table, the four error body styles and backend violation translation."""

from __future__ import annotations

import grpc
import orjson
import pytest
from finplat.api.v1 import annotations_pb2 as a

from edge import errors
from edge.codec import FieldError
from services.runtime.errors import FieldViolation, Unprocessable
from services.runtime.status import ParsedStatus

C = grpc.StatusCode


@pytest.mark.parametrize(
    ("code", "status"),
    [
        (C.OK, 200), (C.CANCELLED, 499), (C.UNKNOWN, 500), (C.INVALID_ARGUMENT, 400),
        (C.DEADLINE_EXCEEDED, 504), (C.NOT_FOUND, 404), (C.ALREADY_EXISTS, 409),
        (C.PERMISSION_DENIED, 403), (C.UNAUTHENTICATED, 401), (C.RESOURCE_EXHAUSTED, 429),
        (C.FAILED_PRECONDITION, 409), (C.ABORTED, 409), (C.OUT_OF_RANGE, 400),
        (C.UNIMPLEMENTED, 501), (C.INTERNAL, 500), (C.UNAVAILABLE, 503), (C.DATA_LOSS, 500),
    ],
)  # fmt: skip
def test_status_table(code: grpc.StatusCode, status: int) -> None:
    assert errors.HTTP_STATUS[code] == status


def test_every_error_code_has_a_default_reason() -> None:
    assert set(errors.DEFAULT_REASON) == set(C) - {C.OK}
    error = errors.from_status(ParsedStatus(C.NOT_FOUND, "no such expense"), str)
    assert (error.status, error.reason, error.message) == (404, "NOT_FOUND", "no such expense")


def test_backend_reason_and_translated_violations() -> None:
    parsed = ParsedStatus(
        C.INVALID_ARGUMENT,
        "expense.amount: must be greater than zero",
        reason="VALIDATION_ERROR",
        violations=(FieldViolation("expense.amount", "must be greater than zero"),),
    )
    error = errors.from_status(parsed, lambda p: p.removeprefix("expense."))
    assert error.violations == (FieldError("amount", "must be greater than zero"),)
    assert error.reason == "VALIDATION_ERROR"
    # The text names the field as the client wrote it too.
    assert error.message == "amount: must be greater than zero"


def test_a_rule_broken_across_fields_is_422_naming_the_field() -> None:
    # runtime.errors.Unprocessable: INVALID_ARGUMENT to gRPC, 422 to REST by its reason.
    problem = Unprocessable.for_field("budget.categories", "must not exceed totalAmount")
    parsed = ParsedStatus(
        C.INVALID_ARGUMENT, problem.message, reason=problem.reason, violations=problem.violations
    )
    error = errors.from_status(parsed, lambda p: p.removeprefix("budget."))
    assert (error.status, error.reason) == (422, "UNPROCESSABLE")
    assert error.violations == (FieldError("categories", "must not exceed totalAmount"),)
    # The same reason on another code keeps that code's status.
    assert (
        errors.from_status(ParsedStatus(C.NOT_FOUND, "x", reason="UNPROCESSABLE"), str).status
        == 404
    )
    assert errors.from_domain(problem).status == 422


def test_something_no_longer_served_is_410_gone() -> None:
    # An expired signed download URL (project-finance exports): FAILED_PRECONDITION to
    # gRPC, 410 to REST by its reason; the reason alone on another code changes nothing.
    parsed = ParsedStatus(C.FAILED_PRECONDITION, "the download URL has expired", reason="GONE")
    error = errors.from_status(parsed, str)
    assert (error.status, error.reason) == (410, "GONE")
    body = orjson.loads(errors.render(a.ERROR_STYLE_PROJECT_FINANCE, error, "rid"))
    assert body["code"] == "gone"
    assert errors.from_status(ParsedStatus(C.NOT_FOUND, "x", reason="GONE"), str).status == 404
    assert (
        errors.from_status(
            ParsedStatus(C.FAILED_PRECONDITION, "x", reason="INVALID_TRANSITION"), str
        ).status
        == 409
    )


def test_only_whole_field_paths_are_renamed_in_the_message() -> None:
    parsed = ParsedStatus(
        C.INVALID_ARGUMENT,
        "invalid request: expense.date: is required; expense.dates[0]: x; my_expense.date",
        violations=(FieldViolation("expense.date", "is required"),),
    )
    error = errors.from_status(parsed, lambda p: p.removeprefix("expense."))
    assert error.message == (
        "invalid request: date: is required; expense.dates[0]: x; my_expense.date"
    )


@pytest.mark.parametrize("code", [C.INTERNAL, C.UNKNOWN, C.DATA_LOSS])
def test_internal_messages_are_never_shown(code: grpc.StatusCode) -> None:
    error = errors.from_status(ParsedStatus(code, "psycopg: relation missing", reason="X"), str)
    assert (error.status, error.reason, error.message) == (
        500,
        "INTERNAL_ERROR",
        "internal server error",
    )


def test_unavailable_is_service_unavailable() -> None:
    error = errors.from_status(
        ParsedStatus(C.UNAVAILABLE, "failed to connect to all addresses"), str
    )
    assert (error.status, error.reason) == (503, "SERVICE_UNAVAILABLE")
    assert "connect" not in error.message


ERROR = errors.EdgeError(
    400, "VALIDATION_ERROR", "amount must be a number",
    (FieldError("amount", "must be a number"), FieldError("date", "bad")),
)  # fmt: skip


def body(style: int, error: errors.EdgeError = ERROR) -> dict[str, object]:
    out: dict[str, object] = orjson.loads(errors.render(style, error, "rid-1"))
    return out


def test_gateway_style() -> None:
    assert body(a.ERROR_STYLE_GATEWAY) == {
        "error": "validation_error", "message": "amount must be a number", "request_id": "rid-1",
    }  # fmt: skip
    assert body(a.ERROR_STYLE_UNSPECIFIED)["error"] == "validation_error"
    internal = errors.EdgeError(500, "INTERNAL_ERROR", "internal server error")
    assert body(a.ERROR_STYLE_GATEWAY, internal)["error"] == "internal"


def test_analytics_style() -> None:
    out = body(a.ERROR_STYLE_ANALYTICS)
    timestamp = out.pop("timestamp")
    assert isinstance(timestamp, str) and timestamp.endswith("Z")
    assert out == {
        "error": "amount must be a number",
        "code": "validation_error",
        "details": {"amount": "must be a number", "date": "bad"},
        "request_id": "rid-1",
    }


def test_expense_style() -> None:
    assert body(a.ERROR_STYLE_EXPENSE) == {
        "error": {
            "code": "VALIDATION_ERROR",
            "message": "amount must be a number",
            "details": {"field": "amount", "reason": "must be a number"},
            "request_id": "rid-1",
        }
    }
    for status, reason, code in [
        (400, "BAD_REQUEST", "VALIDATION_ERROR"),
        (401, "UNAUTHORIZED", "UNAUTHORIZED"),
        (403, "PERMISSION_X", "FORBIDDEN"),
        (404, "NOT_FOUND", "NOT_FOUND"),
        (429, "RATE_LIMITED", "RATE_LIMITED"),
        (500, "INTERNAL_ERROR", "INTERNAL_ERROR"),
        (503, "SERVICE_UNAVAILABLE", "SERVICE_UNAVAILABLE"),
        (413, "PAYLOAD_TOO_LARGE", "PAYLOAD_TOO_LARGE"),
    ]:
        out = body(a.ERROR_STYLE_EXPENSE, errors.EdgeError(status, reason, "m"))
        assert out["error"] == {"code": code, "message": "m", "details": {}, "request_id": "rid-1"}


def test_project_finance_style() -> None:
    assert body(a.ERROR_STYLE_PROJECT_FINANCE) == {
        "code": "validation_error",
        "message": "amount must be a number",
        "details": {"amount": "must be a number", "date": "bad"},
        "request_id": "rid-1",
    }


def test_invalid_input_message_names_the_field() -> None:
    error = errors.invalid_input([FieldError("items[2].name", "must be a string")])
    assert (error.status, error.message) == (400, "items[2].name must be a string")
    assert "(and 1 more)" in errors.invalid_input(ERROR.violations).message
