"""Every status an operation can answer is in the document, each in the owning service's
error body (and the gateway's where the gateway's own middleware may answer first)."""

from __future__ import annotations

from typing import Any

from tests.edge.openapi.test_document import resolve

Doc = dict[str, Any]
EVERYWHERE = {"403", "429", "500", "503", "504"}
BODY = {"400", "408", "413", "415", "422"}


def statuses(document: Doc, path: str, method: str) -> set[str]:
    return set(document["paths"][path][method]["responses"])


def test_every_operation_lists_what_any_request_can_get(document: Doc) -> None:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            listed = set(operation["responses"])
            assert listed >= EVERYWHERE, (method, path)
            if "requestBody" in operation:
                assert listed >= BODY, (method, path)
            if "{" in path or method != "get":
                assert {"404", "409"} <= listed, (method, path)
            if operation["security"]:
                assert {"401", "403"} <= listed, (method, path)


def test_statuses_follow_the_operation_shape(document: Doc) -> None:
    # No input at all: nothing to be invalid, nothing named to be missing.
    assert statuses(document, "/api/sessions", "get") == {"200", "401", *EVERYWHERE}
    assert statuses(document, "/.well-known/jwks.json", "get") == {"200", *EVERYWHERE}
    # A query parameter: 400; a public read that checks no credential: no 401.
    assert statuses(document, "/api/auth/verify-email", "get") == {"200", "400", *EVERYWHERE}
    assert statuses(document, "/expense/v1/expenses/{id}", "delete") == {
        "204", "400", "401", "404", "409", *EVERYWHERE,
    }  # fmt: skip
    # A read whose query values can break a rule together (HttpRules.query_rules): 422.
    assert statuses(document, "/api/cashflow/predictions", "get") == {
        "200", "400", "401", "422", *EVERYWHERE,
    }  # fmt: skip


def test_an_idempotent_create_lists_201_and_200_for_a_repeat(document: Doc) -> None:
    # HttpRules.created_field: a repeat answers 200 with the same body and Location.
    responses = document["paths"]["/api/v1/accounting/ledger/entries"]["post"]["responses"]
    created, repeat = responses["201"], responses["200"]
    assert repeat["content"] == created["content"]
    assert "Location" in repeat["headers"] and "repeat" in repeat["description"]
    # an ordinary create has no 200
    assert "200" not in document["paths"]["/api/v1/accounting/ledger/accounts"]["post"]["responses"]


def test_error_bodies_are_the_services(document: Doc) -> None:
    for status in ("400", "401", "404", "409", "415", "422", "500", "503", "504"):
        response = resolve(document, document["components"]["responses"][f"ExpenseError.{status}"])
        assert response["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ExpenseError"
        }, status
    # Address blocking, the body guard and the edge's limiter answer in the gateway body
    # before a service is chosen.
    for status in ("403", "408", "413", "429"):
        response = document["components"]["responses"][f"ExpenseError.{status}"]
        assert response["content"]["application/json"]["schema"]["anyOf"] == [
            {"$ref": "#/components/schemas/ExpenseError"},
            {"$ref": "#/components/schemas/GatewayError"},
        ], status


def test_error_headers(document: Doc) -> None:
    responses = document["components"]["responses"]
    assert "WWW-Authenticate" in responses["GatewayError.401"]["headers"]
    assert "Retry-After" in responses["GatewayError.429"]["headers"]
    assert "Retry-After" in responses["GatewayError.503"]["headers"]
    for response in responses.values():
        assert {"X-Request-ID", "X-RateLimit-Limit"} <= set(response["headers"])


DOWNLOAD = "/api/project-finance/exports/{export_id}/download"


def test_gone_is_listed_only_where_declared(document: Doc) -> None:
    # HttpRules.gone: a signed download link can be past its expiry.
    assert statuses(document, DOWNLOAD, "get") == {
        "200", "400", "404", "409", "410", *EVERYWHERE,
    }  # fmt: skip
    answer = resolve(document, document["paths"][DOWNLOAD]["get"]["responses"]["410"])
    schema = answer["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/ProjectFinanceError"}
    elsewhere = [
        (method, path)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if "410" in operation["responses"] and path != DOWNLOAD
    ]
    assert elsewhere == []


def test_files_list_their_media_types_and_name_header(document: Doc) -> None:
    success = document["paths"][DOWNLOAD]["get"]["responses"]["200"]
    assert set(success["content"]) == {
        "text/csv",
        "application/json",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
    content = success["content"]
    assert content["text/csv"]["schema"]["format"] == "binary"
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert content[xlsx]["schema"]["format"] == "binary"
    # A JSON file is a JSON document, not a string of bytes to a client that parses it.
    assert content["application/json"]["schema"] == {}
    assert "filename*=UTF-8''" in success["headers"]["Content-Disposition"]["description"]
    assert "streamed" not in success["description"]  # one message, with a length
    export = document["paths"]["/api/v1/accounting/reports/export"]["post"]["responses"]["200"]
    assert "Content-Disposition" in export["headers"] and "streamed" in export["description"]
