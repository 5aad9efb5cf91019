"""The constraints the protos declare, as JSON Schema keywords of the real document: the
same compiled declarations the edge enforces (tests/edge/test_constraints.py), so a value
the document forbids is one the edge refuses, and the other way round."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import orjson
import pytest
from finplat.api.v1 import annotations_pb2
from finplat.expense.v1 import expense_pb2
from finplat.identity.v1 import auth_pb2, sessions_pb2

from edge.binding import RequestBinder
from edge.codec import DecodeFailed
from edge.openapi.schemas import NUL_FREE_PATTERN
from tests.edge.openapi.test_document import resolve

Doc = dict[str, Any]
SNAKE = annotations_pb2.JSON_NAMING_SNAKE_CASE


def schema_of(document: Doc, name: str) -> Doc:
    found: Doc = document["components"]["schemas"][name]
    return found


def test_expense_input(document: Doc) -> None:
    props = schema_of(document, "finplat.expense.v1.ExpenseInput")["properties"]
    amount = props["amount"]
    assert (amount["exclusiveMinimum"], amount["exclusiveMaximum"]) == (0, 10**12)
    assert amount["multipleOf"] == 0.01  # at most 2 decimal places
    description = props["description"]
    assert (description["minLength"], description["maxLength"]) == (1, 500)
    assert "\\u0000" in description["pattern"]  # no NUL, not blank
    assert props["category"]["enum"][:2] == ["food", "transport"]
    assert len(props["category"]["enum"]) == 10


def test_registration(document: Doc) -> None:
    props = schema_of(document, "finplat.identity.v1.RegisterRequest")["properties"]
    username = props["username"]
    assert (username["minLength"], username["maxLength"]) == (3, 32)
    assert username["pattern"] == "^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$"
    # The string type's own rule (no NUL, which the edge refuses) still holds beside the
    # declared pattern instead of being replaced by it.
    assert username["allOf"] == [{"pattern": NUL_FREE_PATTERN}]
    assert props["email"]["format"] == "email"
    assert "special-use domains" in props["email"]["description"]
    # The format already excludes NUL: no pattern beside it for generators to satisfy.
    assert "pattern" not in props["email"] and "allOf" not in props["email"]
    assert (props["password"]["minLength"], props["password"]["maxLength"]) == (8, 128)
    full_name = props["full_name"]
    assert full_name["maxLength"] == 100
    # Not blank, and no control or invisible formatting characters: two patterns.
    assert full_name["allOf"][0] == {"pattern": "\\S"}
    assert "\\u202e" in full_name["allOf"][1]["pattern"]
    assert "invisible formatting" in full_name["description"]


def test_query_ranges_and_values(document: Doc) -> None:
    def query(path: str) -> dict[str, Doc]:
        operation = document["paths"][path]["get"]
        return {p["name"]: p["schema"] for p in operation["parameters"]}

    assert query("/api/security/dashboard/overview")["days"] == {
        "type": "integer",
        "format": "int32",
        "minimum": 1,
        "maximum": 365,
    }
    # A plain string at "" counts as not sent: the document admits it.
    assert query("/api/security/dashboard/anomalies")["sensitivity"]["enum"] == [
        "",
        "low",
        "medium",
        "high",
    ]


def test_required_strings_must_not_be_empty(document: Doc) -> None:
    verify = document["paths"]["/api/auth/verify-email"]["get"]["parameters"][0]
    assert verify["required"] is True and verify["schema"]["minLength"] == 1
    # A UUID's format already excludes "": no redundant minLength.
    revoke = schema_of(document, "finplat.identity.v1.RevokeSessionRequest")["properties"]
    assert "minLength" not in revoke["session_id"]


def test_optional_fields_keep_their_constraints(document: Doc) -> None:
    props = schema_of(document, "finplat.identity.v1.UpdateProfileRequest")["properties"]
    assert props["name"]["minLength"] == 1  # checked when sent
    device = schema_of(document, "finplat.identity.v1.RegisterTrustedDeviceRequest")
    assert device["properties"]["trusted_days"]["maximum"] == 90
    assert device["required"] == ["fingerprint_hash"]


def _patterns(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            yield node["pattern"]
        for value in node.values():
            yield from _patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from _patterns(value)


def test_every_pattern_is_read_alike_by_both_regex_dialects(document: Doc) -> None:
    patterns = set(_patterns(document))
    assert len(patterns) >= 5
    for pattern in patterns:
        re.compile(pattern)  # Python (the edge, schemathesis' generators)
        jsonschema_rs.validator_for({"type": "string", "pattern": pattern})  # ECMA-262 readers


# The document and the edge on the same values: accepted by one iff by the other.
CASES = [
    ("ExpenseInput", expense_pb2.CreateExpenseRequest, "expense", "amount", [0, 0.01, 12.345]),
    ("ExpenseInput", expense_pb2.CreateExpenseRequest, "expense", "description", ["", " ", "a"]),
    ("ExpenseInput", expense_pb2.CreateExpenseRequest, "expense", "category", ["food", "pizza"]),
    ("RegisterRequest", auth_pb2.RegisterRequest, "*", "username", ["ab", "a.b", "a.", "ab\n"]),
    (
        "RegisterRequest",
        auth_pb2.RegisterRequest,
        "*",
        "full_name",
        ["Ada", " ", "A\u2028", "a\u200db", "a\u200d", "a\u00adb", "a\U000e0041"],
    ),
    ("RegisterRequest", auth_pb2.RegisterRequest, "*", "password", ["x" * 7, "x" * 8]),
    (
        "RegisterTrustedDeviceRequest",
        sessions_pb2.RegisterTrustedDeviceRequest,
        "*",
        "nickname",
        ["phone", "ph\u202eone", "a\x7f", "", " ", "\U0001f469\u200d\U0001f4bb"],
    ),
]


@pytest.mark.parametrize(("message", "request_type", "body", "field", "values"), CASES)
def test_document_and_edge_agree(
    document: Doc, message: str, request_type: Any, body: str, field: str, values: list[Any]
) -> None:
    package = request_type.DESCRIPTOR.file.package
    schema = resolve(document, schema_of(document, f"{package}.{message}"))
    validator = jsonschema_rs.validator_for(schema["properties"][field])
    binder = RequestBinder(request_type.DESCRIPTOR, SNAKE, body, ())
    for value in values:
        try:
            binder.bind({}, b"", orjson.dumps({field: value}), "application/json")
            refused = False
        except DecodeFailed as exc:
            refused = any(e.field == field for e in exc.errors)
        assert refused is not validator.is_valid(value), (field, value)
