"""The generated document of the real protos: valid OpenAPI 3.1, and what spec 1 (auth
table) and spec 2 (expense service) say about paths, parameters, statuses, bodies and
security."""

from __future__ import annotations

from typing import Any

import orjson
from openapi_spec_validator import OpenAPIV31SpecValidator

from edge.descriptors import discover_routes
from edge.openapi import api_document, build_api_document
from edge.openapi.schemas import UUID_PATTERN

Doc = dict[str, Any]


def resolve(document: Doc, node: Doc) -> Doc:
    while "$ref" in node:
        _, *parts = node["$ref"].split("/")
        found: Any = document
        for part in parts:
            found = found[part]
        node = found
    return node


def params(operation: Doc) -> dict[str, Doc]:
    return {p["name"]: p for p in operation.get("parameters", [])}


def test_the_document_is_valid_openapi_3_1(document: Doc) -> None:
    OpenAPIV31SpecValidator(document).validate()
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "finplat API"


def test_output_is_deterministic(document: Doc, descriptor_set: Any) -> None:
    again = api_document(discover_routes(), descriptor_set)
    assert orjson.dumps(again) == orjson.dumps(document)
    assert list(document["paths"]) == sorted(document["paths"])
    assert list(document["components"]["schemas"]) == sorted(document["components"]["schemas"])


def test_expense_paths_operations_and_statuses(document: Doc) -> None:
    expenses = document["paths"]["/expense/v1/expenses"]
    one = document["paths"]["/expense/v1/expenses/{id}"]
    assert set(expenses) == {"get", "post"} and set(one) == {"get", "put", "delete"}
    assert "/expense/v1/categories" in document["paths"]
    assert expenses["post"]["operationId"] == "ExpenseService_CreateExpense"
    assert expenses["post"]["tags"] == ["ExpenseService"]
    created = expenses["post"]["responses"]["201"]
    assert created["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/finplat.expense.v1.Expense"
    }
    assert "Location" in created["headers"]
    deleted = one["delete"]["responses"]["204"]
    assert "content" not in deleted
    assert "200" in one["get"]["responses"] and "404" in one["get"]["responses"]


def test_expense_list_parameters(document: Doc) -> None:
    listed = params(document["paths"]["/expense/v1/expenses"]["get"])
    assert list(listed) == ["limit", "offset", "category", "start_date", "end_date"]
    assert all(p["in"] == "query" for p in listed.values())
    assert listed["limit"]["schema"] == {
        "type": "integer",
        "format": "int32",
        "minimum": 1,
        "maximum": 100,
    }
    assert listed["start_date"]["schema"] == {"type": "string", "format": "date"}
    # The binder drops blank query values: `?start_date=` is the same as leaving it out.
    assert all(p["allowEmptyValue"] is True for p in listed.values())
    assert "1-100" in listed["limit"]["description"]  # from the proto comment
    path_id = params(document["paths"]["/expense/v1/expenses/{id}"]["get"])["id"]
    assert path_id["in"] == "path" and path_id["required"] is True
    assert path_id["schema"] == {"type": "string", "format": "uuid", "pattern": UUID_PATTERN}


def test_expense_bodies_follow_the_json_mapping(document: Doc) -> None:
    schemas = document["components"]["schemas"]
    expense = schemas["finplat.expense.v1.Expense"]["properties"]
    assert expense["amount"]["type"] == "number"  # decimal_number
    assert expense["date"]["format"] == "date"
    assert expense["created_at"] == {
        "type": "string",
        "format": "date-time",
        "description": "When the expense was recorded.",
        "readOnly": True,
    }
    assert set(schemas["finplat.expense.v1.ExpenseInput"]["required"]) == {
        "amount",
        "description",
        "category",
        "date",
    }
    page = schemas["finplat.expense.v1.ListExpensesResponse"]["properties"]
    assert page["data"]["items"] == {"$ref": "#/components/schemas/finplat.expense.v1.Expense"}
    total = schemas["finplat.expense.v1.Pagination"]["properties"]["total"]
    assert total["type"] == "integer" and total["format"] == "int64"  # int64 as a number


def test_expense_errors_use_the_expense_body(document: Doc) -> None:
    operation = document["paths"]["/expense/v1/expenses"]["post"]
    for status in ("400", "401", "403", "429", "503"):
        assert status in operation["responses"]
    bad = resolve(document, operation["responses"]["400"])
    schema = resolve(document, bad["content"]["application/json"]["schema"])
    inner = schema["properties"]["error"]
    assert set(inner["properties"]) == {"code", "message", "details", "request_id"}
    assert set(inner["properties"]["details"]["properties"]) == {"field", "reason"}
    limited = resolve(document, operation["responses"]["429"])
    assert "Retry-After" in limited["headers"] and "X-RateLimit-Limit" in limited["headers"]
    either = limited["content"]["application/json"]["schema"]["anyOf"]
    assert {"$ref": "#/components/schemas/GatewayError"} in either


def test_expense_operations_need_an_api_key(document: Doc) -> None:
    for item in (
        document["paths"]["/expense/v1/expenses"],
        document["paths"]["/expense/v1/categories"],
    ):
        for operation in item.values():
            assert operation["security"] == [{"apiKey": []}]
    scheme = document["components"]["securitySchemes"]["apiKey"]
    assert scheme["type"] == "http" and scheme["scheme"] == "bearer"


SPEC_1_AUTH_TABLE = [
    ("post", "/api/auth/register", False),
    ("get", "/api/auth/verify-email", False),
    ("post", "/api/auth/resend-verification", False),
    ("post", "/api/auth/login", False),
    ("post", "/api/auth/login/mfa", False),
    ("post", "/api/auth/mfa/setup", True),
    ("post", "/api/auth/mfa/enable", True),
    ("post", "/api/auth/mfa/disable", True),
    ("post", "/api/auth/mfa/verify", True),
    ("post", "/api/auth/forgot-password", False),
    ("get", "/api/auth/verify-reset-token", False),
    ("post", "/api/auth/reset-password", False),
    ("post", "/api/auth/refresh", False),
    ("post", "/api/auth/logout", True),
    ("get", "/api/auth/profile", True),
    ("put", "/api/auth/profile", True),
    ("get", "/api/auth/trusted-devices", True),
    ("post", "/api/auth/trusted-devices", True),
    ("post", "/api/auth/trusted-devices/revoke", True),
    ("post", "/api/auth/trusted-devices/revoke-all", True),
    ("get", "/api/sessions", True),
    ("post", "/api/sessions/revoke", True),
    ("post", "/api/sessions/revoke-all", True),
    ("get", "/api/security/dashboard/overview", True),
    ("get", "/api/security/dashboard/timeline", True),
    ("get", "/api/security/dashboard/anomalies", True),
    ("get", "/api/security/location-history", True),
]


def test_auth_table_paths_and_security(document: Doc) -> None:
    for method, path, bearer in SPEC_1_AUTH_TABLE:
        operation = document["paths"][path][method]
        if bearer:
            assert operation["security"] == [{"bearerJwt": ["user"]}], path
            assert {"401", "403"} <= set(operation["responses"]), path
        else:
            assert operation["security"] == [], path
            # Public: 401 only where a credential is checked (a password or the refresh
            # cookie, by the operations that issue tokens).
            checks = path in {"/api/auth/login", "/api/auth/login/mfa", "/api/auth/refresh"}
            assert ("401" in operation["responses"]) is checks, path
    assert document["components"]["securitySchemes"]["bearerJwt"]["bearerFormat"] == "JWT"


def test_auth_bodies_and_query(document: Doc) -> None:
    register = document["paths"]["/api/auth/register"]["post"]
    body = resolve(document, register["requestBody"]["content"]["application/json"]["schema"])
    assert set(body["required"]) == {"full_name", "email", "username", "password"}
    assert "202" in register["responses"]
    verify = params(document["paths"]["/api/auth/verify-email"]["get"])
    assert verify["token"] == {**verify["token"], "in": "query", "required": True}
    login = document["paths"]["/api/auth/login"]["post"]["responses"]["200"]
    out = resolve(document, login["content"]["application/json"]["schema"])
    assert {"access_token", "mfa_required"} <= set(out["properties"])
    assert "refresh_token" not in out["properties"]  # a cookie, never JSON
    assert "refresh_token=" in login["headers"]["Set-Cookie"]["description"]
    logout = document["paths"]["/api/auth/logout"]["post"]["responses"]["204"]
    assert "Max-Age=0" in logout["headers"]["Set-Cookie"]["description"]


def test_refresh_takes_the_refresh_token_cookie(document: Doc) -> None:
    refresh = document["paths"]["/api/auth/refresh"]["post"]
    cookie = params(refresh)["refresh_token"]
    assert cookie["in"] == "cookie" and cookie["schema"] == {"type": "string"}
    body = resolve(document, refresh["requestBody"]["content"]["application/json"]["schema"])
    assert body["properties"] == {}
    assert "401" in refresh["responses"] and refresh["security"] == []
    gateway = resolve(document, refresh["responses"]["401"])
    assert gateway["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GatewayError"
    }


def test_descriptions_come_from_proto_comments(document: Doc) -> None:
    create = document["paths"]["/expense/v1/expenses"]["post"]
    assert create["summary"] == "Records an expense"
    assert create["description"].startswith("Records an expense. Answers 201")
    assert "API key" in create["description"]
    tags = {t["name"]: t for t in document["tags"]}
    assert "Bearer <API key>" in tags["ExpenseService"]["description"]


def test_without_comments_names_stand_in() -> None:
    bare = build_api_document(discover_routes())
    OpenAPIV31SpecValidator(bare).validate()
    assert bare["paths"]["/expense/v1/expenses"]["post"]["summary"] == "Create Expense"


def test_request_members_admit_null_unless_required(document: Doc) -> None:
    # The codec reads JSON null as "not set" for any field.
    schemas = document["components"]["schemas"]
    device = schemas["finplat.identity.v1.RegisterTrustedDeviceRequest"]["properties"]
    assert device["trusted_days"]["type"] == ["integer", "null"]
    assert device["fingerprint_hash"]["type"] == "string"  # required: null is refused
    # Responses print null only where a field is nullable.
    profile = schemas["finplat.identity.v1.Profile"]["properties"]
    assert profile["full_name"]["type"] == "string"
    # A formatted string keeps its own branch (generators read `format` loosely in a
    # type list and take "" for a date-time).
    assert profile["last_login_at"]["anyOf"] == [
        {"type": "string", "format": "date-time"},
        {"type": "null"},
    ]
